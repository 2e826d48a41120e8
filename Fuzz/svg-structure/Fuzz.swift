// libFuzzer target, structure-aware: the input bytes are the choices of SVGDocumentGenerator
// (SpecGenerators), so the fuzzer mutates the work an SVG asks for (uses of groups of uses,
// filters referred to from everywhere, data: images whose headers claim any size, SVGs in
// SVGs, sizes past the range) rather than its characters. Each document is surveyed and
// parsed (SVGDocument) and, when accepted, drawn by the Cairo renderer over a 400×400
// canvas with the CLI's paint budget. The property: a RenderError, or a drawing within the
// budget; never a crash, a hang (libFuzzer's -timeout) or a decode past the image limits
// (-rss_limit_mb).
import LayoutEngine
import Rendering
import SpecGenerators

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGStructure(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var generator = SVGDocumentGenerator(choices: ByteChoices(Array(UnsafeBufferPointer(start: data, count: size))))
    let bytes = generator.document()
    guard let document = try? SVGDocument(data: bytes) else { return 0 }
    precondition(document.width > 0 && document.height > 0 && document.width <= SVGDocument.maxSide
                 && document.height <= SVGDocument.maxSide)
    let list = DisplayList(size: Size(width: 400, height: 400), scale: 1, background: RGBAColor(red: 1, green: 1, blue: 1),
                           operations: [.vector(document, destination: Rect(x: 0, y: 0, width: 400, height: 400))])
    if let bitmap = try? CairoRenderer().render(list) {
        precondition(bitmap.pixels.count == 400 * 400 * 4)
    }
    return 0
}
