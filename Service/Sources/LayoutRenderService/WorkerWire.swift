import LayoutRenderKit
import Rendering
import SpecLanguage

/// The messages between the server and its render worker processes, and their byte form.
///
/// Every message is one frame: a 4-byte little-endian length, then that many bytes of
/// fields written by `WireWriter` (integers little-endian, strings and byte runs
/// length-prefixed). Both ends are this program, so the form has no version of its own;
/// a frame that does not read back is a broken worker, which the pool replaces.
struct WorkerRequest: Sendable, Equatable {
    var source: [UInt8]
    var format: SpecFormat
    var scale: Double?
    var width: Double?
    var height: Double?
    var variables: [String: DataValue] = [:]
    /// The frame dump as JSON instead of a picture.
    var frames = false
    /// The picture and its frame dump in one JSON object:
    /// `{"frames": {…}, "type": "image/png", "picture": "BASE64"}`.
    var framesWithPicture = false
    /// The spec's JSON form instead of a picture (nothing laid out or drawn).
    var jsonForm = false
    /// The picture's format and its settings (`format`, `quality`, `compression`).
    var picture = PictureSettings()
    /// Where the variables came from (the URL's query, the body's `data`), for how the
    /// message of a name that is missing says to give it.
    var names = NameSource.commandLine

    func encoded() -> [UInt8] {
        var w = WireWriter()
        w.bytes(source)
        w.string(format.rawValue)
        w.optionalDouble(scale)
        w.optionalDouble(width)
        w.optionalDouble(height)
        w.int(variables.count)
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            w.string(name)
            w.value(value)
        }
        w.bool(frames)
        w.bool(framesWithPicture)
        w.bool(jsonForm)
        w.string(picture.format.rawValue)
        w.bool(picture.quality != nil)
        if let quality = picture.quality { w.int(quality) }
        w.optionalString(picture.compression?.rawValue)
        switch names {
        case .commandLine: w.int(0)
        case .query(let prefix): w.int(1); w.string(prefix)
        case .bodyData: w.int(2)
        }
        return w.buffer
    }

    init(source: [UInt8], format: SpecFormat, scale: Double? = nil, width: Double? = nil, height: Double? = nil,
         variables: [String: DataValue] = [:], frames: Bool = false) {
        self.source = source; self.format = format; self.scale = scale; self.width = width
        self.height = height; self.variables = variables; self.frames = frames
    }

    init(decoding bytes: [UInt8]) throws(WireError) {
        var r = WireReader(bytes)
        source = try r.bytes()
        guard let format = SpecFormat(rawValue: try r.string()) else { throw .malformed }
        self.format = format
        scale = try r.optionalDouble()
        width = try r.optionalDouble()
        height = try r.optionalDouble()
        let count = try r.int()
        guard count >= 0 else { throw .malformed }
        for _ in 0..<count {
            let name = try r.string()
            variables[name] = try r.value(depth: 0)
        }
        frames = try r.bool()
        framesWithPicture = try r.bool()
        jsonForm = try r.bool()
        guard let format = OutputFormat(rawValue: try r.string()) else { throw .malformed }
        picture.format = format
        picture.quality = try r.bool() ? try r.int() : nil
        if let name = try r.optionalString() {
            guard let compression = PNGCompression(rawValue: name) else { throw .malformed }
            picture.compression = compression
        }
        switch try r.int() {
        case 0: names = .commandLine
        case 1: names = .query(prefix: try r.string())
        case 2: names = .bodyData
        default: throw .malformed
        }
        try r.end()
    }
}

/// A worker's answer: the body and its type, or the error with its place, and the warnings.
struct WorkerReply: Sendable, Equatable {
    enum Outcome: Sendable, Equatable {
        case body([UInt8], contentType: String)
        case failure(LayoutRenderError)
    }
    var outcome: Outcome
    var warnings: [Diagnostic] = []

    func encoded() -> [UInt8] {
        var w = WireWriter()
        switch outcome {
        case .body(let body, let contentType):
            w.int(0)
            w.bytes(body)
            w.string(contentType)
        case .failure(let error):
            switch error {
            case .spec(let d): w.int(1); w.diagnostic(d)
            case .layout(let d): w.int(2); w.diagnostic(d)
            case .resource(let d): w.int(3); w.diagnostic(d)
            case .render(let d): w.int(4); w.diagnostic(d)
            case .inputUnreadable(let path, let reason): w.int(5); w.string(path); w.string(reason)
            case .outputUnwritable(let path, let reason): w.int(6); w.string(path); w.string(reason)
            }
        }
        w.int(warnings.count)
        for warning in warnings { w.diagnostic(warning) }
        return w.buffer
    }

    init(_ outcome: Outcome, warnings: [Diagnostic] = []) {
        self.outcome = outcome; self.warnings = warnings
    }

    init(decoding bytes: [UInt8]) throws(WireError) {
        var r = WireReader(bytes)
        switch try r.int() {
        case 0:
            let body = try r.bytes()
            outcome = .body(body, contentType: try r.string())
        case 1: outcome = .failure(.spec(try r.diagnostic()))
        case 2: outcome = .failure(.layout(try r.diagnostic()))
        case 3: outcome = .failure(.resource(try r.diagnostic()))
        case 4: outcome = .failure(.render(try r.diagnostic()))
        case 5: outcome = .failure(.inputUnreadable(path: try r.string(), reason: try r.string()))
        case 6: outcome = .failure(.outputUnwritable(path: try r.string(), reason: try r.string()))
        default: throw .malformed
        }
        let count = try r.int()
        guard count >= 0 else { throw .malformed }
        for _ in 0..<count { warnings.append(try r.diagnostic()) }
        try r.end()
    }
}

enum WireError: Error, Equatable {
    /// A frame that does not read back as the message expected.
    case malformed
    /// The other end closed its pipe (between frames, or in the middle of one).
    case closed
    /// A read or write failed with this `errno`.
    case system(Int32)
}

struct WireWriter {
    private(set) var buffer: [UInt8] = []

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { buffer.append(contentsOf: $0) }
    }
    mutating func bool(_ value: Bool) { buffer.append(value ? 1 : 0) }
    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { buffer.append(contentsOf: $0) }
    }
    mutating func optionalDouble(_ value: Double?) {
        bool(value != nil)
        if let value { double(value) }
    }
    mutating func bytes(_ value: [UInt8]) {
        int(value.count)
        buffer.append(contentsOf: value)
    }
    mutating func string(_ value: String) { bytes(Array(value.utf8)) }
    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    /// Recursion is bounded by where data values come from: a request's JSON, whose reader
    /// nests at most `ParseLimits.maxJSONDepth` deep; the worker's reader checks
    /// `WireReader.maxValueDepth` again.
    mutating func value(_ value: DataValue) {
        switch value {
        case .null: buffer.append(0)
        case .bool(let b): buffer.append(1); bool(b)
        case .number(let n): buffer.append(2); double(n)
        case .string(let s): buffer.append(3); string(s)
        case .numeral(let s): buffer.append(6); string(s)
        case .array(let items):
            buffer.append(4); int(items.count)
            for item in items { self.value(item) }
        case .object(let members):
            buffer.append(5); int(members.count)
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                string(key)
                self.value(member)
            }
        }
    }

    mutating func diagnostic(_ d: Diagnostic) {
        bool(d.severity == .warning)
        optionalString(d.file)
        bool(d.location != nil)
        if let location = d.location {
            int(location.line)
            int(location.column)
            optionalString(location.path)
        }
        string(d.message)
        // The source line is not sent: the service answers with the line and column, and a
        // hostile line can be the whole body (240 KB copied, sent and validated again).
        optionalString(d.budget?.rawValue)
        bool(d.systemFailure)
    }
}

struct WireReader {
    /// Deeper than any data value a request can carry (its JSON nests at most
    /// `maxJSONDepth`), so a request the server took always reads back in the worker.
    static let maxValueDepth = ParseLimits.default.maxJSONDepth + 1
    private let data: [UInt8]
    private var offset = 0

    init(_ data: [UInt8]) { self.data = data }

    private mutating func take(_ count: Int) throws(WireError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= data.count - offset else { throw .malformed }
        defer { offset += count }
        return data[offset..<offset + count]
    }

    mutating func int() throws(WireError) -> Int {
        var value: UInt64 = 0
        for (shift, byte) in try take(8).enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return Int(Int64(bitPattern: value))
    }
    mutating func bool() throws(WireError) -> Bool {
        switch try take(1).first {
        case 0: return false
        case 1: return true
        default: throw .malformed
        }
    }
    mutating func double() throws(WireError) -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }
    mutating func optionalDouble() throws(WireError) -> Double? { try bool() ? try double() : nil }
    mutating func bytes() throws(WireError) -> [UInt8] { Array(try take(try int())) }
    mutating func string() throws(WireError) -> String {
        guard let s = String(validating: try take(try int()), as: UTF8.self) else { throw .malformed }
        return s
    }
    mutating func optionalString() throws(WireError) -> String? { try bool() ? try string() : nil }

    mutating func value(depth: Int) throws(WireError) -> DataValue {
        guard depth < Self.maxValueDepth else { throw .malformed }
        switch try take(1).first {
        case 0: return .null
        case 1: return .bool(try bool())
        case 2: return .number(try double())
        case 3: return .string(try string())
        case 6: return .numeral(try string())
        case 4:
            let count = try int()
            guard count >= 0, count <= data.count - offset else { throw .malformed }
            var items: [DataValue] = []
            for _ in 0..<count { items.append(try value(depth: depth + 1)) }
            return .array(items)
        case 5:
            let count = try int()
            guard count >= 0, count <= data.count - offset else { throw .malformed }
            var members: [String: DataValue] = [:]
            for _ in 0..<count {
                let key = try string()
                members[key] = try value(depth: depth + 1)
            }
            return .object(members)
        default: throw .malformed
        }
    }

    mutating func diagnostic() throws(WireError) -> Diagnostic {
        let severity: Diagnostic.Severity = try bool() ? .warning : .error
        let file = try optionalString()
        var location: SourceLocation?
        if try bool() {
            let line = try int(), column = try int()
            location = SourceLocation(line: line, column: column)
            location?.path = try optionalString()
        }
        let message = try string()
        var budget: RenderBudget.Resource?
        if let name = try optionalString() {
            guard let resource = RenderBudget.Resource(rawValue: name) else { throw .malformed }
            budget = resource
        }
        var diagnostic = Diagnostic(severity, file: file, location: location, message: message, budget: budget)
        diagnostic.systemFailure = try bool()
        return diagnostic
    }

    func end() throws(WireError) {
        guard offset == data.count else { throw .malformed }
    }
}
