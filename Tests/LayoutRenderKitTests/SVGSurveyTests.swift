import Foundation
@testable import Rendering
import XCTest

/// What an SVG's drawing costs, read before librsvg parses it (issue 37): elements with every
/// `<use>` expanded, filter primitives, images inside checked from their headers.
final class SVGSurveyTests: XCTestCase {
    private let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"100\" height=\"100\">"

    private func survey(_ body: String) throws -> SVGSurvey { try SVGSurvey(Array((open + body + "</svg>").utf8)) }

    private func refusal(_ body: String) -> String? {
        do { _ = try survey(body); return nil } catch { return (error as? RenderError)?.description ?? "\(error)" }
    }

    func testElementsAndUsesAreCountedExpanded() throws {
        XCTAssertEqual(try survey("<rect/><g><rect/><rect/></g>").drawnElements, 1 + 1 + 1 + 2)
        // svg, defs, rect, then each use and the rect it draws again.
        XCTAssertEqual(try survey("<defs><rect id=\"r\"/></defs><use href=\"#r\"/><use xlink:href=\"#r\"/><use href=\"#r\"/>").drawnElements,
                       3 + 3 * (1 + 1))
        // A group of 2 uses of a group of 2 rects: g(1 + 2) + h(1 + 2 × (1 + 3)).
        XCTAssertEqual(try survey("<g id=\"g\"><rect/><rect/></g><g id=\"h\"><use href=\"#g\"/><use href=\"#g\"/></g>").drawnElements,
                       1 + 3 + 1 + 2 * (1 + 3))
    }

    func testUsesOfUsesMultiplyAndAreRefused() {
        var body = "<defs><rect id=\"l0\"/>"
        for level in 1...6 { body += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>" }
        body += "</defs><use href=\"#l6\"/>"
        XCTAssertEqual(refusal(body), "SVG: it draws more than 100000 elements, every <use> and reference expanded (the limit)")
    }

    /// The image: 10 × 10 × 10 × 10 uses of a blurred rect in about a kilobyte.
    func testTenThousandBlursAreRefused() {
        var body = "<defs><filter id=\"b\"><feGaussianBlur stdDeviation=\"20\"/></filter>"
            + "<rect id=\"r\" width=\"400\" height=\"400\" filter=\"url(#b)\"/>"
        for (name, inner) in [("a", "r"), ("c", "a"), ("d", "c")] {
            body += "<g id=\"\(name)\">" + String(repeating: "<use xlink:href=\"#\(inner)\"/>", count: 10) + "</g>"
        }
        body += "</defs>" + String(repeating: "<use xlink:href=\"#d\"/>", count: 10)
        XCTAssertEqual(refusal(body), "SVG: its filters, every <use> and reference expanded, run more than 1000 filter primitives (the limit)")
    }

    func testFiltersAreCountedEachTimeTheyAreUsed() throws {
        let filter = "<filter id=\"f\"><feOffset/><feGaussianBlur/><feMerge><feMergeNode/></feMerge></filter>"
        // The filter's own four parts once, then four for each element that uses it.
        XCTAssertEqual(try survey(filter + "<rect filter=\"url(#f)\"/><circle style=\"filter: url('#f')\"/>").filterPrimitives, 4 + 2 * 4)
        // A style sheet is taken to apply everywhere: the svg, the style, the filter where it
        // stands and the 2 rects each run the filter's 4 (its own parts are inside it, where
        // referring to it again is a cycle and counts nothing more).
        let sheet = "<style>rect { filter: url(#f) }</style>"
        XCTAssertEqual(try survey(sheet + filter + "<rect/><rect/>").filterPrimitives, 5 * 4)
    }

    func testReferenceCyclesEnd() throws {
        XCTAssertEqual(try survey("<g id=\"a\"><use href=\"#a\"/></g>").drawnElements, 1 + 2)
        XCTAssertEqual(try survey("<pattern id=\"p\"><rect fill=\"url(#p)\"/></pattern>").drawnElements, 1 + 2)
    }

    func testDeepNestingIsRefused() {
        let body = String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
        XCTAssertEqual(refusal(body), "SVG: its elements nest more than 256 deep (the limit)")
    }

    /// Entities are refused: markup in one would expand past the survey, and libxml2 leaks
    /// the text of every declaration (the `svg-structure` fuzz target's first finding).
    func testEntityDeclarationsAreRefused() throws {
        for value in ["<rect/><rect/>", "http://ns.adobe.com/x"] {
            let svg = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"\(value)\">]>" + open + "&a;</svg>"
            XCTAssertThrowsError(try SVGSurvey(Array(svg.utf8))) { error in
                XCTAssertEqual((error as? RenderError)?.description, "SVG: it declares an entity (<!ENTITY>); entities are not accepted")
            }
        }
        // A DOCTYPE without entities is fine, and so is "<!ENTITY" inside a quoted value.
        let plain = "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">" + open + "</svg>"
        XCTAssertEqual(try SVGSurvey(Array(plain.utf8)).drawnElements, 1)
    }

    // MARK: - Images inside

    private func png(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for v in [width, height] { bytes += [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return bytes + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    private func image(_ bytes: [UInt8], type: String = "image/png") -> String {
        "<image width=\"10\" height=\"10\" xlink:href=\"data:\(type);base64,\(Data(bytes).base64EncodedString())\"/>"
    }

    /// A PNG of 16,000 × 16,000 inside an SVG: 1 GB once decoded; refused from its header.
    func testAnImageInsideOverTheLimitsIsRefusedFromItsHeader() throws {
        XCTAssertEqual(refusal(image(png(width: 16_000, height: 16_000))),
                       "SVG: an image inside it (a data: URL) is a PNG of 16000x16000 pixels; images are limited to 16384 pixels a side and 67108864 pixels")
        XCTAssertEqual(refusal(image(png(width: 20_000, height: 1))),
                       "SVG: an image inside it (a data: URL) is a PNG of 20000x1 pixels; images are limited to 16384 pixels a side and 67108864 pixels")
        XCTAssertEqual(try survey(image(png(width: 300, height: 200))).embeddedPixels, 300 * 200)
        // Whatever the type says: the bytes are what a loader sniffs.
        XCTAssertNotNil(refusal(image(png(width: 16_000, height: 16_000), type: "text/plain")))
        // Together, too: five of 4,096 × 4,096 are 80 Mi pixels.
        XCTAssertEqual(refusal(String(repeating: image(png(width: 4096, height: 4096)), count: 5)),
                       "SVG: the images inside it (data: URLs) have more than 67108864 pixels together (the limit)")
    }

    func testHeadersOfEveryLoadableFormatAreRead() {
        // A JPEG's SOF0 after an APP0: height 300, width 500.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0x01, 0x2C, 0x01, 0xF4, 3, 0, 0, 0]
        XCTAssertEqual(EmbeddedImageSize.kind(of: jpeg), .bitmap(width: 500, height: 300, format: "JPEG"))
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x27, 0x20, 0x4E]
        XCTAssertEqual(EmbeddedImageSize.kind(of: gif), .bitmap(width: 10_000, height: 20_000, format: "GIF"))
        var bmp = [UInt8](repeating: 0, count: 26)
        bmp[0] = 0x42; bmp[1] = 0x4D; bmp[18] = 0x20; bmp[19] = 0x4E; bmp[22...25] = [0xE0, 0xB1, 0xFF, 0xFF]  // -20,000
        XCTAssertEqual(EmbeddedImageSize.kind(of: bmp), .bitmap(width: 20_000, height: 20_000, format: "BMP"))
        var webp = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [UInt8](repeating: 0, count: 18)
        webp[24...26] = [0x3F, 0x9C, 0]; webp[27...29] = [0x0F, 0, 0]  // 39,999 + 1 by 15 + 1
        XCTAssertEqual(EmbeddedImageSize.kind(of: webp), .bitmap(width: 40_000, height: 16, format: "WebP"))
        // A TIFF's size is not read: refused rather than left to gdk-pixbuf.
        XCTAssertNotNil(refusal(image([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0], type: "image/tiff")))
    }

    /// An SVG inside an SVG is surveyed in turn: its elements count where it is drawn.
    func testAnSVGInsideIsSurveyed() throws {
        let inner = Array((open + "<rect/><rect/></svg>").utf8)
        XCTAssertEqual(try survey(image(inner, type: "image/svg+xml")).drawnElements, 1 + 1 + 3)
        let tooMany = Array((open + String(repeating: "<rect/>", count: 200_000) + "</svg>").utf8)
        XCTAssertNotNil(refusal(image(tooMany, type: "image/svg+xml")))
    }

    // MARK: - The document

    func testSizesPastTheValueRangeAreRefusedWithWhatWasWritten() {
        func message(_ svg: String) -> String? {
            do { _ = try SVGDocument(data: Array(svg.utf8)); return nil } catch { return (error as? RenderError)?.description ?? "\(error)" }
        }
        XCTAssertEqual(message("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1e39\" height=\"10\"/>"),
                       "SVG: the root <svg>'s width=\"1e39\" and height=\"10\" are not both lengths from 0 to 1000000 pixels, and it has no viewBox")
        XCTAssertEqual(message("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"3.4e38\" height=\"10\"/>")?
                        .hasSuffix("pixels; an SVG's size is limited to 1000000 pixels a side, the range of lengths in a spec"), true)
        XCTAssertEqual(message("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 2e6 10\"/>"),
                       "SVG: the image is 2000000x10 pixels; an SVG's size is limited to 1000000 pixels a side, the range of lengths in a spec")
        XCTAssertNil(message("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000000\" height=\"1\"/>"))
    }

    /// Drawing is charged the destination's pixels, each element, and each primitive per pixel.
    func testTheDrawingIsChargedWhatTheSurveyCounted() throws {
        let svg = open + "<filter id=\"f\"><feGaussianBlur/></filter><rect filter=\"url(#f)\"/></svg>"
        let document = try SVGDocument(data: Array(svg.utf8))
        // The svg, the filter and its blur, the rect and the filter again where it refers to it.
        XCTAssertEqual(document.drawnElements, 1 + 2 + (1 + 2))
        XCTAssertEqual(document.filterPrimitives, 2)
        XCTAssertEqual(document.paintCost(over: 10_000), 10_000 * (1 + 2 * 16) + 6 * 1_024)
    }
}
