import Foundation
import XCTest
import LayoutWorkloads
import TextEngine

/// Random paragraphs (DejaVu Sans and Serif, kerning pairs, ligatures, Hebrew and Arabic
/// with Latin, CJK) broken into lines by headless Chromium: the expected lines are
/// Chromium's, recorded as data by `scripts/conformance --text --record`. Every line must
/// break where Chromium breaks it and be as wide within 0.05 pt (issue 16).
final class ChromiumTextCaseTests: XCTestCase {
    static let casesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Chromium/text-cases.json")

    /// Cases the text module does not match yet, one per line: the case name, then why.
    static let knownFailuresFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Chromium/text-known-failures.txt")

    /// Every case matches Chromium but the known failures, and every known failure still
    /// fails (the list can only shrink, honestly).
    func testEveryRecordedCaseMatchesChromium() throws {
        let cases = try JSONDecoder().decode([ChromiumTextCase].self, from: Data(contentsOf: Self.casesFile))
        XCTAssertGreaterThan(cases.count, 100)
        let known = try knownFailures(Self.knownFailuresFile)
        let library = FontLibrary()
        let engine = TextLayoutEngine()
        let failed = try assertCasesMatchChromium(cases.map(\.name), known: known) { index in
            let c = cases[index]
            let expected = try XCTUnwrap(c.expected, c.name)
            let lines = try c.lines(library: library, engine: engine)
            if lines.map(\.text) != expected.map(\.text) {
                return "lines \(lines.map(\.text)), Chromium gives \(expected.map(\.text))"
            } else if let (ours, theirs) = zip(lines, expected).first(where: { abs($0.width - $1.width) > 0.05 }) {
                return "line \"\(ours.text)\" is \(ours.width) wide, Chromium gives \(theirs.width)"
            }
            return nil
        }
        print("ChromiumTextCaseTests: \(cases.count - failed) of \(cases.count) cases match Chromium, \(failed) known failures")
    }
}
