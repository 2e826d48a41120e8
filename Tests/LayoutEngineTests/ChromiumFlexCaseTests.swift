import Foundation
import XCTest
import LayoutEngine
import LayoutWorkloads

/// Random flex trees (every flexbox feature the engine has, boxes without text) laid
/// out by headless Chromium: the expected frames are Chromium's `getBoundingClientRect`,
/// recorded as data by `scripts/flex-cases` (Taffy's gentest is the model). The layout
/// must give every frame within 0.1 pt (Chromium keeps 1/64 px).
final class ChromiumFlexCaseTests: XCTestCase {
    static let casesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Chromium/flex-cases.json")

    func testEveryRecordedCaseMatchesChromium() throws {
        let cases = try JSONDecoder().decode([ChromiumFlexCase].self, from: Data(contentsOf: Self.casesFile))
        XCTAssertGreaterThan(cases.count, 100)
        var failures: [String] = []
        for c in cases {
            let frames: [String: Rect]
            do {
                frames = try c.layout()
            } catch {
                failures.append("\(c.name): layout failed: \(error)")
                continue
            }
            for (id, e) in (c.expected ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let f = frames[id] else { continue }
                let a = [f.x, f.y, f.width, f.height]
                if zip(a, e).contains(where: { abs($0 - $1) > 0.1 }) {
                    failures.append("\(c.name): \(id) is \(a), Chromium gives \(e)")
                    break
                }
            }
        }
        XCTAssert(failures.isEmpty, "\(failures.count) of \(cases.count) cases differ from Chromium:\n"
                  + failures.joined(separator: "\n"))
    }
}
