import LayoutEngine
import Synchronization
import TextEngine

/// A label's text, measured through the text module; the layout engine sees it only as a
/// `LeafMeasurer`. Layouts are kept by width, so the one drawn is the one measured.
final class LabelContent: LeafMeasurer, Sendable {
    let text: String
    let attributes: TextAttributes
    let engine: TextLayoutEngine
    private let layouts = Mutex<[Double: TextLayout]>([:])
    /// Key for "no width constraint" (max-content).
    private static let unconstrained = -1.0

    init(text: String, attributes: TextAttributes, engine: TextLayoutEngine) {
        self.text = text; self.attributes = attributes; self.engine = engine
    }

    /// The text laid out at `width` (nil: no wrapping), computed once per width.
    func layout(width: Double?) -> TextLayout {
        let key = width ?? Self.unconstrained
        if let cached = layouts.withLock({ $0[key] }) { return cached }
        let result = engine.layout(text, attributes: attributes, width: width)
        layouts.withLock { $0[key] = result }
        return result
    }

    func measure(knownWidth: Double?, knownHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size {
        let width: Double?
        if let knownWidth {
            width = knownWidth
        } else {
            switch availableWidth {
            case .definite(let w): width = w
            case .minContent: width = engine.minContentWidth(text, attributes: attributes)
            case .maxContent: width = nil
            }
        }
        let result = layout(width: width)
        return Size(width: knownWidth ?? result.width, height: knownHeight ?? result.height)
    }
}
