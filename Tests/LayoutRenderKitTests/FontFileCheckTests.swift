import Foundation
import LayoutEngine
@testable import LayoutRenderKit
@testable import Rendering
import TextEngine
import XCTest

/// A render checks each font file it drew with once, after drawing: a file rewritten in
/// place under a render is `RenderError.fontFile`, never a picture with glyphs missing or
/// drawn from other bytes (Cairo draws a glyph FreeType could not read as nothing).
final class FontFileCheckTests: XCTestCase {
    func testAFontRewrittenUnderARenderIsAnErrorNotMissingGlyphs() throws {
        let dejaVu = FontLibrary.systemDejaVuDirectory
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(getpid())-\(UUID().uuidString).ttf").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: try Data(contentsOf: URL(fileURLWithPath: dejaVu + "/DejaVuSans.ttf"))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let font = try Font(path: path)
        let glyphs = "Ab".unicodeScalars.enumerated().map { index, scalar in
            PlacedGlyph(glyph: font.glyph(for: scalar) ?? 0, x: 10 + 20 * Double(index), y: 30)
        }
        let list = DisplayList(size: Size(width: 60, height: 40), background: RGBAColor(red: 1, green: 1, blue: 1),
                               operations: [.glyphs(GlyphRun(font: FontSource(font), size: 24, color: RGBAColor(red: 0, green: 0, blue: 0),
                                                             glyphs: glyphs))])
        let drawn = try CairoRenderer().render(list)
        XCTAssertTrue(drawn.pixels.contains(0), "the glyphs are drawn")

        usleep(20_000)  // past the file system's time granularity
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))  // in place: the same inode
        try handle.truncate(atOffset: 0)  // (so the size changes too, whatever the clock's granularity)
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: dejaVu + "/DejaVuSans-Bold.ttf")))
        try handle.close()
        XCTAssertThrowsError(try CairoRenderer().render(list)) { error in
            guard case .fontFile(let failed, let reason)? = error as? RenderError else { return XCTFail("\(error)") }
            XCTAssertEqual(failed, path)
            XCTAssertTrue(reason.contains("the file changed while the text was drawn"), reason)
        }
        XCTAssertThrowsError(try CairoRenderer().renderVector(list, as: .svg))
    }
}
