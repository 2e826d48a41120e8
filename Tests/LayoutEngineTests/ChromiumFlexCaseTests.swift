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

    /// Cases the engine does not match yet, one per line: the case name, then why.
    static let knownFailuresFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Chromium/flex-known-failures.txt")

    /// Every case matches Chromium but the known failures, and every known failure still
    /// fails (the list can only shrink, honestly).
    func testEveryRecordedCaseMatchesChromium() throws {
        let cases = try JSONDecoder().decode([ChromiumFlexCase].self, from: Data(contentsOf: Self.casesFile))
        XCTAssertGreaterThan(cases.count, 100)
        let known = Set(try String(contentsOf: Self.knownFailuresFile, encoding: .utf8)
            .split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { !$0.hasPrefix("#") })
        var failures: [String] = []
        var failed: Set<String> = []
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
                    failed.insert(c.name)
                    if !known.contains(c.name) { failures.append("\(c.name): \(id) is \(a), Chromium gives \(e)") }
                    break
                }
            }
        }
        let fixed = known.subtracting(failed).filter { name in cases.contains { $0.name == name } }
        XCTAssert(failures.isEmpty, "\(failures.count) of \(cases.count) cases differ from Chromium:\n"
                  + failures.joined(separator: "\n"))
        XCTAssert(fixed.isEmpty, "known failures that now match Chromium (remove them from the list): "
                  + fixed.sorted().joined(separator: ", "))
        print("ChromiumFlexCaseTests: \(cases.count - failed.count) of \(cases.count) cases match Chromium, "
              + "\(failed.count) known failures")
    }
}
