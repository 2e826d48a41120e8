import Foundation
import LayoutEngine
import PNGCodec

/// Every node's absolute frame in points, in tree order, with its id, kind and spec line:
/// what `--frames` writes, and what `layout-render test` compares to name the nodes that moved.
public struct FrameDump: Codable, Hashable, Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        public var id: String?
        public var kind: String
        public var line: Int
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// The parent's index in `nodes` (nil for the root). Known for a render, not kept
        /// in the JSON: a frame dump read back has none.
        public var parent: Int?
        /// The node's `diff-threshold`/`diff-ignore`/`mask`, likewise known only for a render.
        public var tolerance: Tolerance?

        enum CodingKeys: String, CodingKey { case id, kind, line, x, y, width, height }
    }
    /// A connector's route in points: its two ends and, between them, the elbows of an
    /// orthogonal route or the two control points of a curved one.
    public struct Connector: Codable, Hashable, Sendable {
        public var id: String?
        public var line: Int
        public var route: String
        public var points: [[Double]]
    }
    public var width: Double
    public var height: Double
    public var scale: Double
    public var nodes: [Entry]
    /// Nil (and left out of the JSON) when the spec has no connector.
    public var connectors: [Connector]?

    init(scene: Scene, layout: LayoutResult) {
        width = layout.size.width
        height = layout.size.height
        scale = scene.scale
        nodes = scene.nodes.indices.map { i in
            let f = layout.absoluteFrames[i]
            let n = scene.nodes[i]
            return Entry(id: n.id, kind: n.kind.rawValue, line: n.location.line,
                         x: f.x, y: f.y, width: f.width, height: f.height,
                         parent: scene.tree.parents[i], tolerance: n.tolerance)
        }
        if !scene.connectors.isEmpty {
            connectors = scene.connectors.map { c in
                Connector(id: c.id, line: c.location.line, route: c.route.rawValue,
                          points: c.points(from: layout.absoluteFrames[c.from], to: layout.absoluteFrames[c.to]).map { [$0.x, $0.y] })
            }
        }
    }

    /// Pretty JSON with keys in a fixed order, one node per line.
    public func json() -> String { String(decoding: jsonBytes(), as: UTF8.self) }

    /// The bytes of `json()` (see `writeJSON`).
    public func jsonBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(200 + nodes.count * 110)
        writeJSON { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes `json()` into `sink` as it is made, so a dump of any size streams out to its
    /// file (`OutputFile.write(to:writing:)`) without its text whole in memory.
    public func writeJSON(into sink: inout FileSink) {
        writeJSON { sink.write($0) }
    }

    /// `json()` handed to `emit` a piece at a time, each piece at most the larger of
    /// `chunkSize` and `DumpWriter.minimumChunk` bytes unless one id or kind alone is longer.
    /// Literals, ids and kinds are copied as UTF-8 and whole numbers written two digits at
    /// a time from a table (a `String` per value and an `append` per piece were most of the
    /// dump's instructions).
    func writeJSON(chunkSize: Int = 1 << 16, _ emit: (UnsafeRawBufferPointer) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(chunkSize, DumpWriter.minimumChunk)) { buffer in
            withoutActuallyEscaping(emit) { emit in
                writeJSON(using: DumpWriter(buffer: buffer, emit: emit))
            }
        }
    }

    private func writeJSON(using writer: DumpWriter) {
        var out = writer
        out.write("{\n  \"width\": "); out.write(number: width)
        out.write(", \"height\": "); out.write(number: height)
        out.write(", \"scale\": "); out.write(number: scale)
        out.write(",\n  \"nodes\": [\n")
        for (i, n) in nodes.enumerated() {
            // Room for the node's line but its id and kind (written with a check, and room
            // made again after each), then its pieces written without a check each (a check
            // and a copy call for each of its dozen pieces were most of the dump's instructions).
            out.reserve(DumpWriter.nodeLineRoom)
            out.put("    {\"id\": ")
            if let id = n.id { out.write(string: Self.jsonString(id)) } else { out.put("null") }
            out.reserve(DumpWriter.nodeLineRoom)
            out.put(", \"kind\": \""); out.write(string: n.kind)
            out.reserve(DumpWriter.nodeLineRoom)
            out.put("\", \"line\": "); out.put(integer: n.line)
            out.put(", \"x\": "); out.put(number: n.x)
            out.put(", \"y\": "); out.put(number: n.y)
            out.put(", \"width\": "); out.put(number: n.width)
            out.put(", \"height\": "); out.put(number: n.height)
            if i == nodes.count - 1 { out.put("}\n") } else { out.put("},\n") }
        }
        if let connectors, !connectors.isEmpty {
            out.write("  ],\n  \"connectors\": [\n")
            for (i, c) in connectors.enumerated() {
                out.write("    {\"id\": ")
                if let id = c.id { out.write(string: Self.jsonString(id)) } else { out.write("null") }
                out.write(", \"line\": "); out.write(number: Double(c.line))
                out.write(", \"route\": \""); out.write(string: c.route)
                out.write("\", \"points\": [")
                for (j, p) in c.points.enumerated() {
                    out.write(j == 0 ? "[" : ", [")
                    out.write(number: p.first ?? 0); out.write(", "); out.write(number: p.last ?? 0); out.write("]")
                }
                out.write(i == connectors.count - 1 ? "]}\n" : "]},\n")
            }
        }
        out.write("  ]\n}\n")
        out.flush()
    }

    /// `s` as a JSON string: quoted as it is when nothing in it needs escaping (the usual
    /// id), otherwise as `JSONEncoder` escapes it.
    static func jsonString(_ s: String) -> String {
        let plain = s.utf8.allSatisfy {
            $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/")
        }
        if plain { return "\"" + s + "\"" }
        guard let data = try? JSONEncoder().encode(s) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Fills a buffer with a frames dump's text and hands it on whenever the next piece would
/// not fit; a piece longer than the whole buffer (a very long id) is handed on as it is.
private struct DumpWriter {
    /// Room for a node's line but its id and kind, with margin.
    static let minimumChunk = nodeLineRoom + 64
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let emit: (UnsafeRawBufferPointer) -> Void
    var count = 0

    mutating func flush() {
        guard count > 0 else { return }
        emit(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[0..<count])))
        count = 0
    }

    mutating func write(_ literal: StaticString) {
        literal.withUTF8Buffer { write(bytes: $0) }
    }

    /// (Labelled, so that a literal picks the `StaticString` one: a literal made a `String`
    /// at every call.)
    mutating func write(string text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        if count + bytes.count > buffer.count { flush() }
        guard bytes.count <= buffer.count else {
            emit(UnsafeRawBufferPointer(bytes))
            return
        }
        if let base = bytes.baseAddress { (buffer.baseAddress! + count).update(from: base, count: bytes.count) }
        count += bytes.count
    }

    /// Whole numbers under 10^15 as integers, others in Swift's shortest form.
    mutating func write(number v: Double) {
        reserve(Self.numberRoom)
        put(number: v)
    }

    /// The most a number takes (24 bytes at most: Swift's shortest form of a `Double`, or an
    /// integer under 10^19 with its sign).
    static let numberRoom = 24
    /// Room for a node's line but its id and kind: its literals and five numbers.
    static let nodeLineRoom = 64 + 5 * numberRoom

    /// Flushes unless `bytes` more fit; `put` then writes them without a check.
    mutating func reserve(_ bytes: Int) {
        if count + bytes > buffer.count { flush() }
    }

    /// A literal, where `reserve` made room: inlined, its length is a constant and the copy
    /// a few moves, not a call.
    @inline(__always) mutating func put(_ literal: StaticString) {
        (buffer.baseAddress! + count).update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        count += literal.utf8CodeUnitCount
    }

    /// `write(number:)` where `reserve` made room.
    mutating func put(number v: Double) {
        if v == v.rounded() && abs(v) < 1e15 {
            put(integer: Int(v))
        } else {
            var text = String(v)
            text.withUTF8 { digits in
                (buffer.baseAddress! + count).update(from: digits.baseAddress!, count: digits.count)
                count += digits.count
            }
        }
    }

    /// An integer's digits, two at a time from a table, where `reserve` made room.
    mutating func put(integer v: Int) {
        let out = buffer.baseAddress! + count
        var length = 0
        if v < 0 { out[0] = UInt8(ascii: "-"); length = 1 }
        var rest = v.magnitude
        var digits = 1
        var scan = rest
        while scan >= 100 { scan /= 100; digits += 2 }
        if scan >= 10 { digits += 1 }
        length += digits
        var position = length
        let pairs = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(rest % 100) * 2
            rest /= 100
            position -= 2
            out[position] = pairs[pair]
            out[position + 1] = pairs[pair + 1]
        }
        if rest >= 10 {
            out[position - 2] = pairs[Int(rest) * 2]
            out[position - 1] = pairs[Int(rest) * 2 + 1]
        } else {
            out[position - 1] = UInt8(ascii: "0") + UInt8(rest)
        }
        count += length
    }

    /// "00" to "99", each pair of digits at twice its value.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
}
