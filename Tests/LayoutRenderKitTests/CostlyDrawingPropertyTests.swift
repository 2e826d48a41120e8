import Foundation
import LayoutEngine
import LayoutRenderKit
@testable import Rendering
import SpecGenerators
import XCTest

/// The generators of the `svg-structure` and `drawing-structure` fuzz targets, run from
/// seeds (issue 37): every SVG document and every costly drawing spec ends in a picture or
/// a clear error within the time its budgets allow; never a crash or a hang.
final class CostlyDrawingPropertyTests: XCTestCase {
    /// Generated SVGs, surveyed, parsed and drawn over 400 × 400 pixels with the CLI's budget.
    func testGeneratedSVGDocumentsAreRefusedOrDrawnWithinTheBudget() {
        var outcomes: [String: Int] = [:]
        var reasons: [String: Int] = [:]
        for seed in UInt64(0)..<300 {
            var generator = SVGDocumentGenerator(choices: SeededChoices(state: seed))
            let bytes = generator.document()
            do throws(RenderError) {
                let document = try SVGDocument(data: bytes)
                XCTAssertLessThanOrEqual(max(document.width, document.height), SVGDocument.maxSide, "seed \(seed)")
                let list = DisplayList(size: Size(width: 400, height: 400), scale: 1, background: RGBAColor(red: 1, green: 1, blue: 1),
                                       operations: [.vector(document, destination: Rect(x: 0, y: 0, width: 400, height: 400))])
                _ = try CairoRenderer().render(list)
                outcomes["drawn", default: 0] += 1
            } catch {
                if case .overBudget = error { outcomes["over budget", default: 0] += 1 } else { outcomes["refused", default: 0] += 1 }
                reasons[String(error.description.prefix(40)), default: 0] += 1
                XCTAssertTrue(error.description.hasPrefix("SVG: ") || error.description.contains("budget"), "seed \(seed): \(error)")
            }
        }
        XCTAssertGreaterThan(outcomes["drawn", default: 0], 20, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["refused", default: 0], 20, "\(outcomes)")
        print("generated SVGs: \(outcomes.sorted { $0.key < $1.key }); refused for \(reasons.sorted { $0.value > $1.value })")
    }

    /// Costly drawing specs, to PNG, SVG or PDF with the CLI's limits.
    func testGeneratedCostlyDrawingsAreDrawnOrRefusedWithinTheBudget() throws {
        let renderer = LayoutRenderer()
        var outcomes: [String: Int] = [:]
        for seed in UInt64(0)..<40 {
            var generator = CostlyDrawingGenerator(choices: SeededChoices(state: seed))
            let (text, variables, format) = generator.spec()
            var options = RenderOptions(fileName: "seed-\(seed).spec")
            options.variables = variables
            do throws(LayoutRenderError) {
                let laidOut = try renderer.layout(source: text, options: options)
                let settings = PictureSettings(format: format == "svg" ? .svg : format == "pdf" ? .pdf : .png)
                let bytes = try renderer.picture(laidOut, settings: settings, options: options).bytes
                XCTAssertFalse(bytes.isEmpty, "seed \(seed)")
                outcomes["drawn", default: 0] += 1
            } catch {
                switch error {
                case .spec, .layout, .resource, .render: outcomes[error.exceededBudget.map { "over \($0.rawValue)" } ?? "refused", default: 0] += 1
                default: XCTFail("seed \(seed): \(error)")
                }
                XCTAssertFalse(error.diagnostic.message.contains("cairo"), "seed \(seed): \(error.diagnostic.message)")
            }
        }
        XCTAssertGreaterThan(outcomes["drawn", default: 0], 5, "\(outcomes)")
        print("costly drawings: \(outcomes.sorted { $0.key < $1.key })")
    }
}
