import Foundation
import LayoutRenderKit
import SnapshotTesting
import XCTest

/// The renderer the strategies share across tests (its fonts and image cache).
let sharedRenderer = LayoutRenderer()

extension Snapshotting where Value == Layout, Format == Data {
    /// A typed layout as a PNG image: `assertSnapshot(of: card, as: .png)`.
    public static var png: Snapshotting { png() }

    /// A typed layout as a PNG image, compared with the given tolerances. A layout that
    /// does not render (a value the schema refuses, `<typed layout>:3:7: error: …`) fails
    /// the test with its message.
    public static func png(threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                           maxDiffRatio: Double? = nil, options: RenderOptions = LayoutRenderer.typedOptions()) -> Snapshotting {
        pngSnapshotting(threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio) {
            try sharedRenderer.picture($0, settings: PictureSettings(format: .png), options: options)
        }
    }
}

extension Snapshotting where Value == Layout, Format == String {
    /// A typed layout's frames as text, one node a line (`  label #title 88,34 334x19`),
    /// for file or inline snapshots; a layout that does not render is its message.
    public static var frames: Snapshotting { frames() }

    public static func frames(options: RenderOptions = LayoutRenderer.typedOptions()) -> Snapshotting {
        framesSnapshotting { try sharedRenderer.layout($0, options: options) }
    }
}

extension Snapshotting where Value == String, Format == Data {
    /// The text of a spec as a PNG image: `assertSnapshot(of: "canvas width=80 …", as: .png)`.
    public static var png: Snapshotting { png() }

    public static func png(threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                           maxDiffRatio: Double? = nil, options: RenderOptions = RenderOptions(fileName: "<snapshot spec>"))
        -> Snapshotting {
        pngSnapshotting(threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio) {
            try sharedRenderer.picture(try sharedRenderer.layout(source: $0, options: options),
                                       settings: PictureSettings(format: .png), options: options)
        }
    }
}

extension Snapshotting where Value == String, Format == String {
    /// The frames of a spec's text, one node a line.
    public static var frames: Snapshotting { frames() }

    public static func frames(options: RenderOptions = RenderOptions(fileName: "<snapshot spec>")) -> Snapshotting {
        framesSnapshotting { try sharedRenderer.layout(source: $0, options: options) }
    }
}

/// PNG snapshots of what `picture` makes of a value, compared through the pixel diff. A
/// render that fails is a test failure with its message, and the snapshot is the message's
/// text (so that a comparison with it says it too).
private func pngSnapshotting<Value>(threshold: Double, includeAA: Bool, maxDiffPixels: Int?, maxDiffRatio: Double?,
                                    picture: @escaping (Value) throws -> EncodedPicture)
    -> Snapshotting<Value, Data> {
    Snapshotting(pathExtension: "png",
                 diffing: .layoutRenderPNG(threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels,
                                           maxDiffRatio: maxDiffRatio)) { value in
        do {
            return Data(try picture(value).bytes)
        } catch {
            XCTFail("render failed: \(error)")
            return Data("render failed: \(error)".utf8)
        }
    }
}

/// Frames snapshots of what `layout` makes of a value, as text; a render that fails is
/// its message.
private func framesSnapshotting<Value>(_ layout: @escaping (Value) throws -> LaidOutSpec)
    -> Snapshotting<Value, String> {
    Snapshotting<String, String>.lines.pullback { value in
        do {
            return FrameText.lines(of: try layout(value).frames)
        } catch {
            return "render failed: \(error)\n"
        }
    }
}
