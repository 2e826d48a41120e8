import CRsvg
@testable import Rendering
import XCTest

/// librsvg is opened on the first SVG, not linked: found, it parses; missing, SVG images
/// fail with an error that names it, and nothing else is affected.
final class LibRsvgTests: XCTestCase {
    func testTheSystemLibrsvgOpensWithEveryFunction() throws {
        let rsvg = try LibRsvg.shared.get()
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"/>"#.utf8)
        var error: UnsafeMutablePointer<GError>?
        let handle = try XCTUnwrap(svg.withUnsafeBufferPointer { rsvg.newFromData($0.baseAddress, $0.count, &error) })
        defer { rsvg.objectUnref(UnsafeMutableRawPointer(handle)) }
        var w = 0.0, h = 0.0
        XCTAssertEqual(rsvg.intrinsicSizeInPixels(handle, &w, &h), 1)
        XCTAssertEqual([w, h], [30, 20])
    }

    func testAMissingLibraryIsAnErrorThatNamesIt() {
        guard case .failure(let error) = LibRsvg.open("librsvg-missing-for-test.so.2") else {
            return XCTFail("a missing library opened")
        }
        XCTAssertTrue(error.description.hasPrefix("SVG: librsvg, which draws SVG images, cannot be opened (librsvg-missing-for-test.so.2"),
                      error.description)
    }

    func testALibraryWithoutTheFunctionsIsAnError() {
        // libz opens but has none of librsvg's functions.
        guard case .failure(let error) = LibRsvg.open("libz.so.1") else {
            return XCTFail("a library without librsvg's functions opened as librsvg")
        }
        XCTAssertTrue(error.description.contains("lacks a function"), error.description)
    }

    func testLibrsvgsErrorTextIsKept() {
        XCTAssertThrowsError(try SVGDocument(data: Array("<svg".utf8))) { error in
            guard case .svg(let text) = error as? RenderError else { return XCTFail("\(error)") }
            XCTAssertFalse(text.isEmpty)
            XCTAssertNotEqual(text, "librsvg error", "librsvg's own message")
        }
    }
}
