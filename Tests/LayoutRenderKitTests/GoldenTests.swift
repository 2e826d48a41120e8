import Foundation
import LayoutRenderKit
import XCTest

/// Renders the README example and every documentation example and compares it with its golden PNG
/// and frame dump through the diff tester. Golden files are re-recorded only when
/// `LAYOUT_RENDER_UPDATE` is set (`missing`, `changed` or `all`; `1` means `changed`),
/// and never when `CI` is set.
final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    private func updateMode() throws -> FixtureRunner.UpdateMode {
        guard let value = ProcessInfo.processInfo.environment["LAYOUT_RENDER_UPDATE"], !value.isEmpty else { return .none }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("LAYOUT_RENDER_UPDATE is refused when CI is set: golden images are recorded on purpose, by a person")
            return .none
        }
        if value == "1" { return .changed }
        guard let mode = FixtureRunner.UpdateMode(rawValue: value) else {
            XCTFail("LAYOUT_RENDER_UPDATE must be missing, changed or all")
            return .none
        }
        return mode
    }

    private func check(specs: String, goldens: String? = nil) throws {
        var options = FixtureRunner.Options()
        options.update = try updateMode()
        options.artifactsDirectory = NSTemporaryDirectory() + "layout-render-golden-artifacts"
        let runner = FixtureRunner(options: options)
        let cases = try FixtureRunner.discover(in: Self.root + "/" + specs, goldenDirectory: goldens.map { Self.root + "/" + $0 })
        XCTAssertFalse(cases.isEmpty, "no specs in \(specs)")
        for testCase in cases {
            let outcome = runner.run(testCase)
            switch outcome.status {
            case .passed: break
            case .recorded: print("\(testCase.name): \(outcome.details.joined(separator: "; "))")
            case .failed:
                XCTFail("\(specs)/\(testCase.name).spec: " + outcome.details.joined(separator: "\n  ")
                        + (outcome.artifacts.isEmpty ? "" : "\n  artifacts: " + outcome.artifacts.joined(separator: ", ")))
            }
        }
    }

    // fixtures/ is checked by `layout-render test fixtures` in scripts/test, through the real binary.
    func testReadmeExample() throws { try check(specs: "examples", goldens: "docs/images") }
    func testDocumentationExamples() throws { try check(specs: "docs/examples", goldens: "docs/images") }

    /// docs/spec.md quotes examples/card.spec in full; the quote must stay the file.
    func testSpecReferenceQuotesTheReadmeExample() throws {
        let doc = try String(contentsOfFile: Self.root + "/docs/spec.md", encoding: .utf8)
        let card = try String(contentsOfFile: Self.root + "/examples/card.spec", encoding: .utf8)
        XCTAssertTrue(doc.contains("```\n" + card + "```\n"), "docs/spec.md no longer quotes examples/card.spec as it is")
    }
}
