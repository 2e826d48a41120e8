import Foundation
import XCTest
@testable import LayoutRenderKit

/// The frames dump writes what a `String` per value and `JSONEncoder` for ids wrote:
/// whole numbers as integers, others in Swift's shortest form, ids escaped as JSON.
final class FrameDumpTests: XCTestCase {
    private func dump(ids: [String?], numbers: [Double]) throws -> FrameDump {
        let entries = ids.enumerated().map { index, id -> [String: Any] in
            let v = numbers[index % numbers.count]
            var entry: [String: Any] = ["kind": "box", "line": index - 2, "x": v, "y": -v, "width": v * 3, "height": 0.5]
            if let id { entry["id"] = id }
            return entry
        }
        let object: [String: Any] = ["width": 1920, "height": 1080.25, "scale": 2, "nodes": entries]
        return try JSONDecoder().decode(FrameDump.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// What the dump wrote before it wrote digits and buffers itself.
    private func expected(_ frames: FrameDump) throws -> String {
        func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        func string(_ s: String) throws -> String { String(decoding: try JSONEncoder().encode(s), as: UTF8.self) }
        var text = "{\n  \"width\": \(number(frames.width)), \"height\": \(number(frames.height)), \"scale\": \(number(frames.scale)),\n  \"nodes\": [\n"
        for (i, n) in frames.nodes.enumerated() {
            text += "    {\"id\": \(try n.id.map(string) ?? "null"), \"kind\": \"\(n.kind)\", \"line\": \(n.line)"
            text += ", \"x\": \(number(n.x)), \"y\": \(number(n.y)), \"width\": \(number(n.width)), \"height\": \(number(n.height))"
            text += i == frames.nodes.count - 1 ? "}\n" : "},\n"
        }
        return text + "  ]\n}\n"
    }

    func testNumbersAndIdsAreWrittenAsBefore() throws {
        let ids: [String?] = [nil, "a", "card-1", "caf\u{E9}", "with/slash", "quote\"d", "tab\there", "\u{7F}del",
                              "line\u{2028}sep", "emoji\u{1F600}", "back\\slash", "", "nl\n", "\u{1}"]
        let numbers: [Double] = [0, -0.0, 12.5, -3, 1e15, 999_999_999_999_999, 123_456_789_012, 0.1 + 0.2, 1e-7, -2.75, 8,
                                 9, 10, 11, 99, 100, 101, 999, 1_000, 10_001, 99_999, 100_000, 1e14, -1, -10, -99, -100, -1e14]
        let frames = try dump(ids: ids, numbers: numbers)
        XCTAssertEqual(String(decoding: frames.jsonBytes(), as: UTF8.self), try expected(frames))
        // And it reads back as the same frames.
        XCTAssertEqual(try JSONDecoder().decode(FrameDump.self, from: Data(frames.jsonBytes())), frames)
    }

    func testAnEmptyDump() throws {
        let frames = try dump(ids: [], numbers: [1])
        XCTAssertEqual(String(decoding: frames.jsonBytes(), as: UTF8.self), try expected(frames))
    }

    /// Streamed in pieces of any size, the dump is the same bytes; an id longer than a
    /// piece goes out whole.
    func testStreamedInPiecesItIsTheSameBytes() throws {
        let long = String(repeating: "x", count: 300)
        // Ids of every length near a piece's size, so each piece of a node line lands at
        // every place against a piece's end.
        let ids: [String?] = ["a", nil, long, "b/c", nil] + (1...300).map { String(repeating: "i", count: $0) }
        let frames = try dump(ids: ids, numbers: [1.5, 2, -7.25, 1e20, 123_456_789])
        let whole = frames.jsonBytes()
        for chunkSize in [1, 64, 65, 100, 255, 256, 257, 400, 1 << 16] {
            var pieces: [[UInt8]] = []
            frames.writeJSON(chunkSize: chunkSize) { pieces.append(Array($0)) }
            XCTAssertEqual(pieces.flatMap { $0 }, whole, "chunk \(chunkSize)")
            XCTAssertTrue(pieces.allSatisfy { !$0.isEmpty }, "chunk \(chunkSize)")
            XCTAssertTrue(pieces.allSatisfy { $0.count <= max(chunkSize, 256) || $0.count > 256 && $0.first == UInt8(ascii: "\"") },
                          "chunk \(chunkSize): \(pieces.map(\.count))")
        }
    }

    /// `OutputFile.write(to:writing:)` puts the streamed file in place whole, and leaves
    /// nothing behind when it cannot.
    func testStreamedToAFileAndRefusedWithoutLeftovers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("framedump-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try dump(ids: (0..<5_000).map { $0 % 3 == 0 ? "node\($0)" : nil }, numbers: [0.5, 3, 12.125])
        let path = folder.appendingPathComponent("f.json").path
        try OutputFile.write(to: path) { frames.writeJSON(into: &$0) }
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), frames.jsonBytes())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["f.json"])
        let missing = folder.appendingPathComponent("no/such/f.json").path
        XCTAssertThrowsError(try OutputFile.write(to: missing) { frames.writeJSON(into: &$0) }) { error in
            guard case .outputUnwritable(let named, _)? = error as? LayoutRenderError else { return XCTFail("\(error)") }
            XCTAssertEqual(named, missing)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["f.json"])
    }
}
