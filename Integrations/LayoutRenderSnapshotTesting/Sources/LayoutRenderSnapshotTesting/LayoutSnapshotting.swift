import Foundation
import LayoutRenderKit
import SnapshotTesting
import XCTest

/// The renderer the strategies share across tests (its fonts and image cache).
let sharedRenderer = LayoutRenderer()

extension Snapshotting where Value == Layout, Format == Data {
    /// A typed layout as a PNG image: `assertSnapshot(of: card, as: .png)`.
    public static var png: Snapshotting { png() }

    /// A typed layout as a PNG image, compared with the given tolerances.
    public static func png(threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
                           maxDiffRatio: Double? = nil, options: RenderOptions = LayoutRenderer.typedOptions()) -> Snapshotting {
        Snapshotting<String, Data>.png(threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels,
                                       maxDiffRatio: maxDiffRatio, options: options)
            .pullback { layout in (try? layout.specText(limits: options.parseLimits)) ?? "" }
    }
}

extension Snapshotting where Value == Layout, Format == String {
    /// A typed layout's frames as text, one node a line (`  label #title 88,34 334x19`),
    /// for file or inline snapshots.
    public static var frames: Snapshotting { frames() }

    public static func frames(options: RenderOptions = LayoutRenderer.typedOptions()) -> Snapshotting {
        Snapshotting<String, String>.frames(options: options)
            .pullback { layout in (try? layout.specText(limits: options.parseLimits)) ?? "" }
    }
}

extension Snapshotting where Value == String, Format == Data {
    /// The text of a spec as a PNG image: `assertSnapshot(of: "canvas width=80 …", as: .png)`.
    public static var png: Snapshotting { png() }

    public static func png(threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
                           maxDiffRatio: Double? = nil, options: RenderOptions = RenderOptions(fileName: "<snapshot spec>"))
        -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .layoutRenderPNG(threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels,
                                               maxDiffRatio: maxDiffRatio)) { spec in
            do {
                return Data(try sharedRenderer.picture(try sharedRenderer.layout(source: spec, options: options),
                                                       settings: PictureSettings(format: .png), options: options).bytes)
            } catch {
                XCTFail("render failed: \(error)")
                return Data("render failed: \(error)".utf8)
            }
        }
    }
}

extension Snapshotting where Value == String, Format == String {
    /// The frames of a spec's text, one node a line.
    public static var frames: Snapshotting { frames() }

    public static func frames(options: RenderOptions = RenderOptions(fileName: "<snapshot spec>")) -> Snapshotting {
        Snapshotting<String, String>.lines.pullback { spec in
            do {
                return FrameText.lines(of: try sharedRenderer.layout(source: spec, options: options).frames)
            } catch {
                return "render failed: \(error)\n"
            }
        }
    }
}
