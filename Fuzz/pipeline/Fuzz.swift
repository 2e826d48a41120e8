// libFuzzer target: arbitrary bytes as a spec, through the whole pipeline the CLI runs:
// parse, expand, scene (fonts found as the CLI finds them), layout, Cairo drawing into a
// bitmap in memory, PNG encoding in memory. Nothing is written to disk. Small limits keep
// each input fast: 200 nodes, 32 levels, a bitmap of at most 256×256 device pixels.
// Images resolve against fixtures/assets (scripts/fuzz runs from the repository root).
import Foundation
import LayoutRenderKit
import Rendering
import SpecLanguage

let fuzzRenderer = LayoutRenderer()
let fuzzOptions: RenderOptions = {
    var parse = ParseLimits()
    parse.maxNodes = 200
    parse.maxDepth = 32
    var render = RenderLimits()
    render.maxSide = 256
    render.maxPixels = 256 * 256
    return RenderOptions(fileName: "fuzz.spec", assetRoot: FileManager.default.currentDirectoryPath + "/fixtures/assets",
                         parseLimits: parse, renderLimits: render)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let image = try? fuzzRenderer.render(source: text, options: fuzzOptions) else { return 0 }
    precondition(image.bitmap.pixels.count == image.bitmap.width * image.bitmap.height * 4)
    for n in image.frames.nodes {
        precondition([n.x, n.y, n.width, n.height].allSatisfy(\.isFinite) && n.width >= 0 && n.height >= 0,
                     "bad frame \(n)")
    }
    _ = try? image.pngData()
    return 0
}
