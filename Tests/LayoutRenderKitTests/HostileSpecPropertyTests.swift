import LayoutEngine
import Rendering
@testable import LayoutRenderKit
import SpecGenerators
import SpecLanguage
import XCTest

/// The property the attacker's inputs broke (security issue 13), checked on specs from
/// `HostileSpecGenerator` over many seeds: parse, expand and layout (no drawing) end with
/// a spec or layout error, or with finite frames. A crash or a hang fails the run; the
/// seed is in every message, so a failure can be replayed.
final class HostileSpecPropertyTests: XCTestCase {
    let renderer = LayoutRenderer()

    func testHostileSpecsEndInAnErrorOrFiniteFrames() throws {
        var outcomes: [String: Int] = [:]
        for seed in UInt64(0)..<400 {
            var generator = HostileSpecGenerator(seed: seed)
            let (text, variables) = generator.spec()
            var options = RenderOptions(fileName: "seed-\(seed).spec")
            options.variables = variables
            do {
                let laidOut = try renderer.layout(source: text, options: options)
                for (i, frame) in laidOut.layout.absoluteFrames.enumerated() {
                    XCTAssertTrue(frame.isFinite && laidOut.layout.frames[i].isFinite, "seed \(seed): node \(i) has \(frame)")
                }
                outcomes["laid out", default: 0] += 1
                if text.contains("image \"docs/examples/assets/") { outcomes["laid out with images in text", default: 0] += 1 }
                // What parses must also write back out, in both forms, and read again.
                let document = try LayoutRenderer.parseTemplate(source: text, options: options)
                XCTAssertNoThrow(try SpecParser().parse(SpecWriter.specText(document)), "seed \(seed)")
                XCTAssertNoThrow(try JSONSpecReader().parse(Array(SpecWriter.json(document).utf8)), "seed \(seed)")
            } catch {
                switch error {
                case .spec: outcomes["spec error", default: 0] += 1
                case .layout: outcomes["layout error", default: 0] += 1
                case .resource: outcomes["resource error", default: 0] += 1
                default: XCTFail("seed \(seed): \(error)")
                }
                XCTAssertFalse(error.diagnostic.message.isEmpty, "seed \(seed)")
                if error.diagnostic.message.contains("in a label's text") { outcomes["images in text refused", default: 0] += 1 }
            }
        }
        // The generator must reach every outcome, or it tests less than it claims.
        XCTAssertGreaterThan(outcomes["laid out with images in text", default: 0], 0, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["images in text refused", default: 0], 0, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["laid out", default: 0], 20, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["spec error", default: 0], 20, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["layout error", default: 0], 0, "\(outcomes)")
        print("hostile specs: \(outcomes.sorted { $0.key < $1.key })")
    }

    /// Specs about drawing (gradients, shadows, radii, clips and opacity with extreme
    /// numbers), drawn with the `spec-structure` fuzz target's limits: an image or an
    /// error of the spec, layout, a resource or the drawing (a limit or the budget); never
    /// a crash or a hang. What parses writes back in both forms.
    func testHostileDrawingSpecsDrawOrEndInAnError() throws {
        var limits = RenderLimits()
        limits.maxSide = 1_024
        limits.maxPixels = 700 * 700
        var outcomes: [String: Int] = [:]
        for seed in UInt64(0)..<300 {
            var generator = HostileSpecGenerator(seed: seed)
            let text = generator.drawingSpec()
            let options = RenderOptions(fileName: "seed-\(seed).spec", renderLimits: limits)
            do {
                let image = try renderer.render(source: text, options: options)
                XCTAssertEqual(image.bitmap.pixels.count, image.bitmap.width * image.bitmap.height * 4, "seed \(seed)")
                outcomes["drawn", default: 0] += 1
            } catch {
                switch error {
                case .spec: outcomes["spec error", default: 0] += 1
                case .layout, .resource: outcomes["layout error", default: 0] += 1
                case .render:
                    outcomes["render error", default: 0] += 1
                    XCTAssertFalse(error.diagnostic.message.contains("cairo"), "seed \(seed): \(error.diagnostic.message)")
                default: XCTFail("seed \(seed): \(error)")
                }
                XCTAssertFalse(error.diagnostic.message.isEmpty, "seed \(seed)")
            }
            if let document = try? SpecParser().parse(text) {
                XCTAssertNoThrow(try SpecParser().parse(SpecWriter.specText(document)), "seed \(seed)")
                XCTAssertNoThrow(try JSONSpecReader().parse(Array(SpecWriter.json(document).utf8)), "seed \(seed)")
            }
        }
        XCTAssertGreaterThan(outcomes["drawn", default: 0], 100, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["spec error", default: 0], 10, "\(outcomes)")
        print("hostile drawings: \(outcomes.sorted { $0.key < $1.key })")
    }

    /// The same specs in the JSON form, through `JSONSpecReader`.
    func testHostileSpecsInTheJSONForm() throws {
        var read = 0
        for seed in UInt64(1_000)..<1_200 {
            var generator = HostileSpecGenerator(seed: seed)
            let (text, variables) = generator.spec()
            guard let document = try? SpecParser().parse(text) else { continue }
            var options = RenderOptions(fileName: "seed-\(seed).json")
            options.variables = variables
            do {
                let laidOut = try renderer.layout(source: SpecWriter.json(document), options: options)
                XCTAssertTrue(laidOut.layout.absoluteFrames.allSatisfy { $0.isFinite }, "seed \(seed)")
                read += 1
            } catch {
                switch error {
                case .spec, .layout, .resource: read += 1
                default: XCTFail("seed \(seed): \(error)")
                }
            }
        }
        XCTAssertGreaterThan(read, 20)
    }
}
