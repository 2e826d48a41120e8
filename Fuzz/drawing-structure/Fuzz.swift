// libFuzzer target, structure-aware: the input bytes are the choices of
// CostlyDrawingGenerator (SpecGenerators): small specs whose drawing is costly (loops of
// long thin dashed or dotted boxes, blurred shadows, gradients of many stops, transforms
// that cancel or compound, long words, clusters of many marks, long {name}s referred to
// many times), drawn to PNG, SVG or PDF with the CLI's limits, but budgets a sixteenth of
// the CLI's: a budget is calibrated on the release build (1 Gi painted pixels is a second
// or two), and under AddressSanitizer and coverage a full one takes past libFuzzer's
// -timeout (the first run's timeout: a blur within the full budget, 15 s here). The
// property: a picture or an error of the spec, the layout, a resource or the render (a
// limit or a budget); never a crash or a hang (libFuzzer's -timeout).
import LayoutRenderKit
import Rendering
import SpecGenerators

let fuzzRenderer = LayoutRenderer()
let fuzzRenderLimits: RenderLimits = {
    var limits = RenderLimits()
    limits.budget.maxPaintedPixels /= 16
    limits.budget.maxImagePixels /= 16
    limits.budget.maxTextCharacters /= 16
    limits.budget.maxVectorBytes /= 16
    return limits
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDrawingStructure(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var generator = CostlyDrawingGenerator(choices: ByteChoices(Array(UnsafeBufferPointer(start: data, count: size))))
    let (text, variables, format) = generator.spec()
    var options = RenderOptions(fileName: "fuzz.spec", renderLimits: fuzzRenderLimits)
    options.variables = variables
    do {
        let laidOut = try fuzzRenderer.layout(source: text, options: options)
        let settings = PictureSettings(format: format == "svg" ? .svg : format == "pdf" ? .pdf : .png)
        let picture = try fuzzRenderer.picture(laidOut, settings: settings, options: options)
        precondition(!picture.bytes.isEmpty)
    } catch {
        switch error {
        case .spec, .layout, .resource, .render: precondition(!error.diagnostic.message.isEmpty)
        default: preconditionFailure("unexpected error: \(error)\n\(text)")
        }
    }
    return 0
}
