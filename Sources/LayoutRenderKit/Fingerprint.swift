import Rendering
import TextEngine

/// The versions of what decides the pixels, recorded in every PNG so a failing comparison
/// can tell a changed machine from a changed layout.
public struct Fingerprint: Hashable, Sendable {
    public var tool: String
    public var cairo: String

    public static let toolVersion = "0.1.0"

    public static var current: Fingerprint {
        Fingerprint(tool: toolVersion, cairo: CairoRenderer.cairoVersion)
    }

    public var text: String { "layout-render \(tool); cairo \(cairo)" }
}
