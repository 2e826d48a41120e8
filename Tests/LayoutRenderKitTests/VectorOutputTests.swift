import Foundation
import LayoutRenderKit
import XCTest

/// SVG and PDF from the library: the same bytes for the same spec, render after render in
/// one process (as a service worker renders), not only in a fresh process.
final class VectorOutputTests: XCTestCase {
    func testRepeatedRendersInOneProcessGiveTheSameBytes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let renderer = LayoutRenderer()
        // The card, and the drawing that goes through images and groups in a vector
        // document: shadows, blend modes, gradients, transforms, text shadows.
        for name in ["examples/card.spec", "docs/examples/shadows.spec", "docs/examples/blend.spec",
                     "docs/examples/gradients.spec", "docs/examples/transform.spec", "docs/examples/text-shadow.spec"] {
        let path = root.appendingPathComponent(name).path
        let source = try LayoutRenderer.readSpec(path: path)
        let options = RenderOptions(fileName: path, assetRoot: (path as NSString).deletingLastPathComponent)
        for format in [OutputFormat.svg, .pdf] {
            var documents: [[UInt8]] = []
            for _ in 0..<3 {
                let laidOut = try renderer.layout(source: source, options: options)
                documents.append(try renderer.picture(laidOut, settings: PictureSettings(format: format), options: options).bytes)
            }
            XCTAssertEqual(documents[0], documents[1], "\(name) \(format)")
            XCTAssertEqual(documents[1], documents[2], "\(name) \(format)")
        }
        }
    }
}
