import Foundation
import XCTest
import LayoutWorkloads
import TextEngine

/// Random paragraphs with boxes in them (inline images) laid out by headless Chromium as
/// `display: inline-block` elements, recorded as data by `scripts/conformance --text
/// --inline --record`: every case must break its lines where Chromium breaks them and put
/// every box within 0.2 pt of Chromium's place, laid out at scale 8 (issue 39).
final class ChromiumInlineCaseTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Chromium")

    /// Every case matches Chromium but the known failures, and every known failure still
    /// fails (the list can only shrink).
    func testEveryRecordedInlineCaseMatchesChromium() throws {
        let cases = try JSONDecoder().decode([ChromiumInlineCase].self,
                                             from: Data(contentsOf: Self.folder.appendingPathComponent("inline-cases.json")))
        XCTAssertEqual(cases.count, 300)
        XCTAssertGreaterThan(cases.filter { $0.pieces.contains { $0.align == "middle" } }.count, 100)
        let known = try knownFailures(Self.folder.appendingPathComponent("inline-known-failures.txt"))
        let library = FontLibrary()
        let engine = TextLayoutEngine()
        try assertCasesMatchChromium(cases.map(\.name), known: known) { index in
            let c = cases[index]
            return ChromiumInlineCase.difference(try c.layout(library: library, engine: engine), try XCTUnwrap(c.expected, c.name))
        }
    }
}
