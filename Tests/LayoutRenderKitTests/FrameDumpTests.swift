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
        let numbers: [Double] = [0, -0.0, 12.5, -3, 1e15, 999_999_999_999_999, 123_456_789_012, 0.1 + 0.2, 1e-7, -2.75, 8]
        let frames = try dump(ids: ids, numbers: numbers)
        XCTAssertEqual(String(decoding: frames.jsonBytes(), as: UTF8.self), try expected(frames))
        // And it reads back as the same frames.
        XCTAssertEqual(try JSONDecoder().decode(FrameDump.self, from: Data(frames.jsonBytes())), frames)
    }

    func testAnEmptyDump() throws {
        let frames = try dump(ids: [], numbers: [1])
        XCTAssertEqual(String(decoding: frames.jsonBytes(), as: UTF8.self), try expected(frames))
    }
}
