// libFuzzer target: arbitrary Unicode laid out at arbitrary widths with every option, in
// the fixed-metric default font and in a proportional one (shaped with HarfBuzz), whole or
// cut into runs (a label's spans) of both fonts at sizes from a hundred-thousandth of a
// point to 4,096; with Noto Sans CJK as the fallback font (fullwidth punctuation collapsing)
// and letter spacing when the bytes say so.
import TextEngine

let fuzzFont = try! FontLibrary().font(family: FontLibrary.defaultFamily, style: .regular)
let fuzzShapedFont = try! FontLibrary().font(path: FontLibrary.systemDejaVuDirectory + "/DejaVuSans.ttf")
let fuzzEngine = TextLayoutEngine()
/// Nil when the font is not installed (scripts/setup installs it).
let fuzzFallbackFont = try? FontLibrary().font(family: "Noto Sans CJK SC", weight: 400, italic: false)

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
    if bytes[3] & 0x40 != 0, let fuzzFallbackFont { attributes.fallbackFonts = [fuzzFallbackFont] }
    if bytes[3] & 0x20 != 0 { attributes.letterSpacing = bytes[2] & 0x40 == 0 ? 2.5 : -4 }
    let text = String(decoding: bytes.dropFirst(4), as: UTF8.self)
    if bytes[0] & 0x80 != 0 {
        // Runs: cut where the text's own bytes say, each in a font and size they choose.
        let characters = Array(text)
        var start = 0
        var index = 0
        while start < characters.count {
            let seed = bytes[4 + index % (size - 4)]
            let end = min(characters.count, start + 1 + Int(seed % 7))
            let sizes: [Double] = [0.00001, 1, 13, 28, 4096]
            var run = TextRun(text: String(characters[start..<end]), font: seed & 1 == 0 ? fuzzFont : fuzzShapedFont,
                              size: sizes[Int(seed >> 1) % sizes.count])
            run.letterSpacing = seed & 0x80 == 0 ? 0 : -3
            attributes.runs.append(run)
            start = end
            index += 1
        }
        attributes.lineHeight = [.multiple(1), .normal, .points(20)][Int(bytes[1] % 3)]
    }
    let layout = fuzzEngine.layout(text, attributes: attributes, width: width)
    precondition(layout.width.isFinite && layout.height.isFinite && layout.width >= 0 && layout.height >= 0)
    let measured = fuzzEngine.measure(text, attributes: attributes, width: width)
    precondition(measured.height == layout.height && measured.width == layout.width, "measure and layout disagree")
    precondition(layout.lines.allSatisfy { $0.baseline.isFinite && $0.segments.allSatisfy { $0.x.isFinite && $0.width >= 0 } })
    _ = fuzzEngine.minContentWidth(text, attributes: attributes)
    _ = fuzzEngine.maxContentWidth(text, attributes: attributes)
    return 0
}
