// What each keyword of the language (`SpecLanguage.Keywords`) means to the engines: one
// exhaustive switch a set, so a keyword added to a set is a compile error here until it
// means something.

import LayoutEngine
import Rendering
import SpecLanguage
import TextEngine

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
    var text: TextAlignment {
        switch self {
        case .natural: .natural
        case .left: .left
        case .center: .center
        case .right: .right
        case .justify: .justify
        }
    }
}

extension Keywords.TextWrap {
    var text: TextEngine.TextWrap {
        switch self {
        case .word: .word
        case .char: .char
        }
    }
}

extension Keywords.Truncate {
    var text: TextTruncation {
        switch self {
        case .tail: .tail
        case .head: .head
        case .middle: .middle
        case .clip: .clip
        }
    }
}

extension Keywords.BorderStyle {
    var drawing: Rendering.BorderStyle {
        switch self {
        case .solid: .solid
        case .dashed: .dashed
        case .dotted: .dotted
        }
    }
}

extension Keywords.Blend {
    var drawing: BlendMode {
        switch self {
        case .normal: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        }
    }
}

extension Keywords.FillRule {
    var drawing: PathStyle.FillRule {
        switch self {
        case .nonzero: .nonzero
        case .evenodd: .evenodd
        }
    }
}

extension Keywords.LineJoin {
    var drawing: PathStyle.LineJoin {
        switch self {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}

extension Keywords.LineCap {
    var drawing: PathStyle.LineCap {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }
}

extension Keywords.VerticalAlign {
    var text: InlineObject.Alignment {
        switch self {
        case .baseline: .baseline
        case .middle: .middle
        }
    }
}
