// What each keyword of the language (`SpecLanguage.Keywords`) means to the engines: an
// exhaustive switch for a set the engine spells otherwise (the layout engine's enums have
// no spellings), so a keyword added to it is a compile error here until it means
// something; the engine's value of the same spelling for a set it spells alike
// (`KeywordMeaningTests` checks every case of those).

import LayoutEngine
import Rendering
import SpecLanguage
import TextEngine

extension KeywordSet {
    /// The engine's value spelled as this keyword is.
    func sameSpelling<Meaning: RawRepresentable<String>>(_ meaning: Meaning.Type = Meaning.self) -> Meaning {
        guard let value = Meaning(rawValue: rawValue) else {
            preconditionFailure("the keyword '\(rawValue)' has no \(Meaning.self) of its spelling")
        }
        return value
    }
}

extension Keywords.Align {
    /// The flex alignment, and whether it is CSS's `safe` form.
    var flex: (Align, safe: Bool) {
        switch self {
        case .start: (.start, false)
        case .center: (.center, false)
        case .end: (.end, false)
        case .stretch: (.stretch, false)
        case .baseline: (.baseline, false)
        case .safeCenter: (.center, true)
        case .safeEnd: (.end, true)
        }
    }
}

extension Keywords.Justify {
    /// The flex justification, and whether it is CSS's `safe` form.
    var flex: (Justify, safe: Bool) {
        switch self {
        case .start: (.start, false)
        case .center: (.center, false)
        case .end: (.end, false)
        case .spaceBetween: (.spaceBetween, false)
        case .spaceAround: (.spaceAround, false)
        case .spaceEvenly: (.spaceEvenly, false)
        case .safeCenter: (.center, true)
        case .safeEnd: (.end, true)
        }
    }
}

extension Keywords.AlignContent {
    /// The lines' alignment, and whether it is CSS's `safe` form.
    var flex: (AlignContent, safe: Bool) {
        switch self {
        case .normal: (.normal, false)
        case .start: (.start, false)
        case .center: (.center, false)
        case .end: (.end, false)
        case .stretch: (.stretch, false)
        case .spaceBetween: (.spaceBetween, false)
        case .spaceAround: (.spaceAround, false)
        case .spaceEvenly: (.spaceEvenly, false)
        case .safeCenter: (.center, true)
        case .safeEnd: (.end, true)
        }
    }
}

extension Keywords.GridContent {
    /// A grid's tracks' alignment.
    var grid: AlignContent {
        switch self {
        case .normal: .normal
        case .start: .start
        case .center: .center
        case .end: .end
        case .stretch: .stretch
        case .spaceBetween: .spaceBetween
        case .spaceAround: .spaceAround
        case .spaceEvenly: .spaceEvenly
        }
    }
}

extension Keywords.GridSelf {
    /// A grid item's alignment in its area; nil for `normal` (stretch unless the item has
    /// an aspect ratio).
    var grid: Align? {
        switch self {
        case .normal: nil
        case .start: .start
        case .center: .center
        case .end: .end
        case .stretch: .stretch
        }
    }
}

extension Keywords.GridAlign {
    /// A grid's alignment of its items down their areas: `GridSelf`'s, and `baseline`.
    var grid: Align? { self == .baseline ? .baseline : Keywords.GridSelf(rawValue: rawValue)?.grid }
}

extension Keywords.Region {
    var border: BorderRegion {
        switch self {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .center: .center
        }
    }
}

extension Keywords.Direction {
    var layout: Direction {
        switch self {
        case .ltr: .ltr
        case .rtl: .rtl
        case .inherit: .inherit
        }
    }
}

extension Keywords.Position {
    var layout: Position {
        switch self {
        case .relative: .relative
        case .absolute: .absolute
        }
    }
}

extension Keywords.TextAlign {
    var text: TextAlignment { sameSpelling() }
}

extension Keywords.TextWrap {
    var text: TextEngine.TextWrap { sameSpelling() }
}

extension Keywords.Truncate {
    var text: TextTruncation { sameSpelling() }
}

extension Keywords.BorderStyle {
    var drawing: Rendering.BorderStyle { sameSpelling() }
}

extension Keywords.Blend {
    var drawing: BlendMode { sameSpelling() }
}

extension Keywords.FillRule {
    var drawing: PathStyle.FillRule { sameSpelling() }
}

extension Keywords.LineJoin {
    var drawing: PathStyle.LineJoin { sameSpelling() }
}

extension Keywords.LineCap {
    var drawing: PathStyle.LineCap { sameSpelling() }
}

extension Keywords.VerticalAlign {
    var text: InlineObject.Alignment { sameSpelling() }
}
