// libFuzzer target: arbitrary Unicode laid out at arbitrary widths with every option, in
// the fixed-metric default font and in a proportional one (shaped with HarfBuzz).
import TextEngine

let fuzzFont = try! FontLibrary().font(family: FontLibrary.defaultFamily, style: .regular)
let fuzzShapedFont = try! FontLibrary().font(path: FontLibrary.systemDejaVuDirectory + "/DejaVuSans.ttf")
let fuzzEngine = TextLayoutEngine()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 4 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var attributes = TextAttributes(font: bytes[0] & 0x40 == 0 ? fuzzFont : fuzzShapedFont, size: Double(bytes[0] % 40) + 1)
    attributes.lines = Int(bytes[1] % 5)
    attributes.truncation = [.tail, .head, .middle, .clip][Int(bytes[2] % 4)]
    attributes.alignment = [.natural, .left, .center, .right, .justify][Int(bytes[3] % 5)]
    attributes.wrap = bytes[2] & 0x80 == 0 ? .word : .char
    attributes.pixelScale = bytes[3] & 0x80 == 0 ? 1 : 2
    let width: Double? = bytes[1] & 0x80 == 0 ? Double(bytes[0]) * 3 : nil
    let text = String(decoding: bytes.dropFirst(4), as: UTF8.self)
    let layout = fuzzEngine.layout(text, attributes: attributes, width: width)
    precondition(layout.width.isFinite && layout.height.isFinite && layout.width >= 0 && layout.height >= 0)
    _ = fuzzEngine.minContentWidth(text, attributes: attributes)
    _ = fuzzEngine.maxContentWidth(text, attributes: attributes)
    return 0
}
