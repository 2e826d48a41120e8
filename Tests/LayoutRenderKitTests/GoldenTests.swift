import Foundation
@testable import LayoutRenderGolden
import LayoutRenderKit
import XCTest

/// Renders the README example and every documentation example and compares it with its golden PNG
/// and frame dump through the diff tester. Golden files are re-recorded only when
/// `LAYOUT_RENDER_UPDATE` asks for it (`missing`, `changed` or `all`; `1` means `changed`),
/// and never when `CI` is true (GoldenUpdatePolicy).
final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Through the one policy `layout-render test` and `assertRender` use (GoldenUpdatePolicy).
    private func updateMode() throws -> FixtureRunner.UpdateMode {
        do {
            return try GoldenUpdatePolicy.mode(requested: nil)
        } catch {
            XCTFail(error.diagnostic.headline)
            return .none
        }
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
