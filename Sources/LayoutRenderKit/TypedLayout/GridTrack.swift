/// A grid's track, as `columns`, `rows`, `auto-columns` and `auto-rows` list them (CSS
/// Grid's track sizes, line names and repetitions); an integer literal is points.
public indirect enum GridTrack: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case points(Double)
    case percent(Double)
    /// A flexible fraction of the space left (`1fr`).
    case fr(Double)
    case auto, minContent, maxContent
    case minmax(GridTrack, GridTrack)
    /// `fit-content(LIMIT)`: points or a percentage.
    case fitContent(Length)
    /// `[name …]`: names of the line here.
    case lineNames([String])
    /// `repeat(N, …)`.
    case repeating(Int, [GridTrack])
    /// `repeat(auto-fill, …)`: as many as fit.
    case autoFill([GridTrack])
    /// `repeat(auto-fit, …)`: as many as fit, the empty ones collapsed.
    case autoFit([GridTrack])
    /// `subgrid`: the parent grid's tracks; first in a list, followed by line names only
    /// (`.columns(.subgrid, .lineNames(["a"]))`).
    case subgrid

    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    /// The track as the language writes it.
    var text: String {
        switch self {
        case .points(let v): SpecWriter.number(v)
        case .percent(let v): SpecWriter.number(v) + "%"
        case .fr(let v): SpecWriter.number(v) + "fr"
        case .auto: "auto"
        case .minContent: "min-content"
        case .maxContent: "max-content"
        case .minmax(let low, let high): "minmax(\(low.text), \(high.text))"
        case .fitContent(let limit): "fit-content(\(SpecWriter.text(.length(limit))))"
        case .lineNames(let names): "[" + names.joined(separator: " ") + "]"
        case .repeating(let count, let tracks): "repeat(\(count), \(Self.text(tracks)))"
        case .autoFill(let tracks): "repeat(auto-fill, \(Self.text(tracks)))"
        case .autoFit(let tracks): "repeat(auto-fit, \(Self.text(tracks)))"
        case .subgrid: "subgrid"
        }
    }

    static func text(_ tracks: [GridTrack]) -> String { tracks.map(\.text).joined(separator: " ") }
}

extension GridLineValue: ExpressibleByIntegerLiteral {
    /// A line by number (from 1; negative counts from the end).
    public init(integerLiteral value: Int) { self = .line(value, name: nil) }

    /// The line as the language writes it: `2`, `side 2`, `side`, `span 2`, `span 2 side`.
    var text: String {
        switch self {
        case .auto: "auto"
        case .line(let n, let name?): "\(name) \(n)"
        case .line(let n, nil): String(n)
        case .ident(let name): name
        case .span(let n, let name?): "span \(n) \(name)"
        case .span(let n, nil): "span \(n)"
        }
    }
}

/// A grid's `auto-flow`: items fill rows or columns, `dense` back-filling holes.
public enum GridFlow: String, Hashable, Sendable {
    case row, column
}
