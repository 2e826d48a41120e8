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
        /// The node's `diff-threshold`/`diff-ignore`, likewise known only for a render.
        public var tolerance: Tolerance?

        enum CodingKeys: String, CodingKey { case id, kind, line, x, y, width, height }
    }
    public var width: Double
    public var height: Double
    public var scale: Double
    public var nodes: [Entry]

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

    /// `json()` handed to `emit` a piece at a time, each piece at most `chunkSize` bytes
    /// unless one id or kind alone is longer. Literals, ids and kinds are copied as UTF-8
    /// and whole numbers written digit by digit (a `String` per value and an `append` per
    /// piece were most of the dump's instructions).
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
            out.write("    {\"id\": ")
            if let id = n.id { out.write(string: Self.jsonString(id)) } else { out.write("null") }
            out.write(", \"kind\": \""); out.write(string: n.kind)
            out.write("\", \"line\": "); out.write(integer: n.line)
            out.write(", \"x\": "); out.write(number: n.x)
            out.write(", \"y\": "); out.write(number: n.y)
            out.write(", \"width\": "); out.write(number: n.width)
            out.write(", \"height\": "); out.write(number: n.height)
            let end: StaticString = i == nodes.count - 1 ? "}\n" : "},\n"
            out.write(end)
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
    /// Room for any number (24 bytes at most: Swift's shortest form of a `Double`, or an
    /// integer under 10^19 with its sign) with margin.
    static let minimumChunk = 64
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
        if v == v.rounded() && abs(v) < 1e15 { write(integer: Int(v)) } else { write(string: String(v)) }
    }

    mutating func write(integer v: Int) {
        if count + 20 > buffer.count { flush() }
        if v < 0 { buffer[count] = UInt8(ascii: "-"); count += 1 }
        var rest = v.magnitude
        var digits = 1
        while rest >= 10 { rest /= 10; digits += 1 }
        rest = v.magnitude
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }
}
