import LayoutRenderKit
import SpecLanguage

/// `POST /render` with `Content-Type: application/json` and a body `{"spec": …}`: the spec
/// (its text as a string, or its JSON form as an object) with everything a render takes,
/// for programs that build requests as JSON:
///
///     {"spec": "canvas width=320\n…", "data": {"posts": [{"title": "A"}]},
///      "width": 320, "height": 200, "scale": 2, "format": "png"}
///
/// `data`'s keys become names, as `--data FILE.json`; `format` is `"png"` (the default),
/// `"jpeg"`, `"webp"`, `"svg"`, `"pdf"`, `"frames"` or `"json"` (the spec's JSON form), with `"quality"` (1-100, JPEG and
/// WebP) and `"compression"` (`"fast"`, `"balanced"`, `"smallest"`, `"fastest"`, PNG) as the CLI takes
/// them. A JSON body without a `spec` key is the spec's own JSON form, as before.
/// The body is read by the project's JSON reader: duplicate keys are errors, nesting is
/// bounded, and every error names its line, column and JSON path in the body.
struct RenderEnvelope {
    var request: WorkerRequest
    /// The spec came as a JSON object, written out again for the worker: its errors' JSON
    /// paths are then inside `$.spec`, and their lines and columns are not the body's.
    var specIsEmbeddedJSON = false

    /// Nil when the body is not an envelope (a JSON object without `spec`).
    init?(json bytes: [UInt8], maxDepth: Int) throws(ServiceError) {
        let top: JSONValue
        do {
            top = try JSONReader(maxDepth: maxDepth).read(bytes)
        } catch {
            throw .badJSON(message: error.message, location: error.location)
        }
        guard case .object(let members) = top.content, let spec = top["spec"] else { return nil }
        request = WorkerRequest(source: [], format: .spec)
        request.names = .bodyData
        switch spec.content {
        case .string(let text):
            request.source = Array(text.utf8)
        case .object:
            var writer = JSONTextWriter()
            writer.write(spec)
            request.source = writer.bytes
            request.format = .json
            specIsEmbeddedJSON = true
        default:
            throw Self.error("expected the spec's text (a string) or its JSON form (an object)", spec, "$.spec")
        }
        for member in members where member.key != "spec" {
            let value = member.value, path = "$." + member.key
            switch member.key {
            case "data":
                guard case .object(let names) = value.content else { throw Self.error("expected an object", value, path) }
                for name in names { request.variables[name.key] = name.value.dataValue }
            case "width": request.width = try Self.length(value, path)
            case "height": request.height = try Self.length(value, path)
            case "scale":
                guard case .number(let s) = value.content, RenderQuery.scaleRange.contains(s) else {
                    throw Self.error(RenderQuery.scaleExpectation, value, path)
                }
                request.scale = s
            case "format":
                switch value.content {
                case .string("frames"): request.frames = true
                case .string("json"): request.jsonForm = true
                case .string(let name) where OutputFormat(name: name) != nil:
                    request.frames = false
                    request.picture.format = OutputFormat(name: name)!
                default: throw Self.error("expected \"png\", \"jpeg\", \"webp\", \"svg\", \"pdf\", \"frames\" or \"json\"", value, path)
                }
            case "quality":
                guard case .number(let q) = value.content, q == q.rounded(), PictureSettings.qualities.contains(Int(exactly: q) ?? 0) else {
                    throw Self.error("expected a whole number from 1 to 100", value, path)
                }
                request.picture.quality = Int(q)
            case "compression":
                guard case .string(let name) = value.content, let compression = PNGCompression(rawValue: name) else {
                    throw Self.error("expected \"fast\", \"balanced\" or \"smallest\"", value, path)
                }
                request.picture.compression = compression
            default:
                throw Self.error("unknown key (expected spec, data, width, height, scale, format, quality or compression)", value, path)
            }
        }
        if request.height != nil && request.width == nil, let height = top["height"] {
            throw Self.error("a height needs a width", height, "$.height")
        }
        if let problem = request.picture.problem {
            let key = problem.hasPrefix("--compression") ? "compression" : "quality"
            throw Self.error(problem.replacingOccurrences(of: "--", with: ""), top[key] ?? top, "$." + key)
        }
        for reserved in ["width", "height", "scale", "index"] where request.variables[reserved] != nil {
            throw Self.error("set by the canvas, it cannot be a name of the data", top["data"]![reserved]!, "$.data." + reserved)
        }
    }

    private static func error(_ message: String, _ value: JSONValue, _ path: String) -> ServiceError {
        .badJSON(message: message, location: value.location(path))
    }

    private static func length(_ value: JSONValue, _ path: String) throws(ServiceError) -> Double {
        guard case .number(let n) = value.content, RenderQuery.lengthRange.contains(n) else {
            throw error(RenderQuery.lengthExpectation, value, path)
        }
        return n
    }
}

/// JSON text of a `JSONValue`, members in the order they were read.
struct JSONTextWriter {
    private(set) var bytes: [UInt8] = []

    /// Recursion is bounded by the reader's depth limit, which made the value.
    mutating func write(_ value: JSONValue) {
        switch value.content {
        case .null: bytes += Array("null".utf8)
        case .bool(let b): bytes += Array((b ? "true" : "false").utf8)
        case .number(let n):
            bytes += Array((n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)).utf8)
        case .string(let s): string(s)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                string(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": bytes += Array("\\\"".utf8)
            case "\\": bytes += Array("\\\\".utf8)
            case "\n": bytes += Array("\\n".utf8)
            case "\r": bytes += Array("\\r".utf8)
            case "\t": bytes += Array("\\t".utf8)
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    bytes += Array(String(scalar).utf8)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
