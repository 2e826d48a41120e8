// libFuzzer target: arbitrary bytes as an SVG image. Parsing must give a document or a
// RenderError; a document is drawn by the Cairo renderer into a 64×64 canvas, stretched
// into a rectangle inside it, as a spec's image would be.
import LayoutEngine
import Rendering

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? SVGDocument(data: bytes) else { return 0 }
    precondition(document.width > 0 && document.height > 0 && document.width.isFinite && document.height.isFinite)
    let list = DisplayList(size: Size(width: 64, height: 64), scale: 1, background: RGBAColor(red: 1, green: 1, blue: 1),
                           operations: [.beginGroup(opacity: 1, clip: Rect(x: 4, y: 4, width: 56, height: 56), clipRadius: .zero),
                                        .vector(document, destination: Rect(x: 4, y: 4, width: 56, height: 40)),
                                        .endGroup])
    if let bitmap = try? CairoRenderer().render(list) {
        precondition(bitmap.pixels.count == 64 * 64 * 4)
    }
    return 0
}
