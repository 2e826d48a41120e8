// libFuzzer target, structure-aware: the input bytes are the choices of the hostile spec
// generator (SpecGenerators' HostileSpecGenerator, also used by the property tests), so the
// fuzzer mutates structure rather than characters: every construct nested deep, extreme
// finite numbers in every numeric attribute, huge counts in loops and lines. Each spec is
// parsed, expanded, laid out and drawn with the CLI's limits except two that keep an input
// fast under AddressSanitizer: 5,000 nodes (nested loops reach 100,000, the CLI's limit, in
// 4 s here) and a small bitmap. What parses must write back out in both forms and read again.
// The property: an error of the spec, the layout, a resource or a limit, or finite frames;
// never a crash, a hang (libFuzzer's -timeout) or another kind of error.
import Foundation
import LayoutRenderKit
import Rendering
import SpecGenerators
import SpecLanguage

let fuzzRenderer = LayoutRenderer()
let fuzzParseLimits: ParseLimits = {
    var parse = ParseLimits()
    parse.maxNodes = 5_000
    return parse
}()
let fuzzRenderLimits: RenderLimits = {
    var render = RenderLimits()
    render.maxSide = 1_024
    render.maxPixels = 700 * 700
    return render
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStructure(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var generator = HostileSpecGenerator(choices: ByteChoices(Array(UnsafeBufferPointer(start: data, count: size))))
    let (text, variables) = generator.spec()
    var options = RenderOptions(fileName: "fuzz.spec", parseLimits: fuzzParseLimits, renderLimits: fuzzRenderLimits)
    options.variables = variables
    do {
        let image = try fuzzRenderer.render(source: text, options: options)
        precondition(image.bitmap.pixels.count == image.bitmap.width * image.bitmap.height * 4)
        for n in image.frames.nodes {
            precondition([n.x, n.y, n.width, n.height].allSatisfy(\.isFinite) && n.width >= 0 && n.height >= 0,
                         "bad frame \(n)")
        }
    } catch {
        switch error {
        case .spec, .layout, .resource, .render: precondition(!error.diagnostic.message.isEmpty)
        default: preconditionFailure("unexpected error: \(error)\n\(text)")
        }
    }
    // What parses writes back out in both forms, and reads again.
    if let document = try? LayoutRenderer.parseTemplate(source: text, options: options) {
        do {
            _ = try SpecParser().parse(SpecWriter.specText(document))
            _ = try JSONSpecReader().parse(Array(SpecWriter.json(document).utf8))
        } catch {
            preconditionFailure("written back, the spec does not read again: \(error)\n\(text)")
        }
    }
    return 0
}
