import TextEngine

/// A paragraph with inline objects recorded with Chromium's layout (by `scripts/conformance
/// --text --inline`): pieces of text in one DejaVu face, size and line height, and boxes
/// of given sizes laid out as `display: inline-block` elements, broken into lines at a
/// width. The expectation is data: each line's text (U+FFFC for a box, trailing spaces
/// dropped) and each box's top-left corner in points from the paragraph's.
public struct ChromiumInlineCase: Codable, Sendable {
    public let name: String
    /// Text, or a box: `{"text": "…"}` or `{"box": [W, H], "align": "baseline"|"middle"}`.
    public let pieces: [Piece]
    public let family: String
    public let weight: Int
    public let italic: Bool
    public let size: Double
    public let width: Double
    /// CSS `line-height` in points; nil: `normal`.
    public let lineHeight: Double?
    public let expected: Layout?

    public struct Piece: Codable, Sendable {
        public let text: String?
        public let box: [Double]?
        public let align: String?
    }

    /// The lines and boxes of one layout of a case.
    public struct Layout: Codable, Sendable, Hashable {
        public let lines: [String]
        /// Each box's [x, y] in the order written.
        public let boxes: [[Double]]

        public init(lines: [String], boxes: [[Double]]) {
            self.lines = lines
            self.boxes = boxes
        }
    }

    /// The device scale the text module lays the case out at: origins on 1/8 point, as
    /// the comparison's tolerance (0.2 pt) allows for.
    public static let scale = 8.0

    /// The case laid out by the text module as a label with inline images lays it out:
    /// its pieces as runs, every box an `InlineObject`.
    public func layout(library: FontLibrary, engine: TextLayoutEngine) throws(TextError) -> Layout {
        let font = try library.font(family: family, weight: weight, italic: italic)
        var attributes = TextAttributes(font: font, size: size)
        attributes.lines = 0
        attributes.pixelScale = Self.scale
        attributes.lineHeight = lineHeight.map { .points($0) } ?? .normal
        attributes.runs = pieces.map { piece in
            if let box = piece.box, box.count == 2 {
                let alignment = InlineObject.Alignment(rawValue: piece.align ?? "baseline") ?? .baseline
                return TextRun(object: InlineObject(width: box[0], height: box[1], alignment: alignment), font: font, size: size)
            }
            return TextRun(text: piece.text ?? "", font: font, size: size)
        }
        let text = attributes.runs.map(\.text).joined()
        let laid = engine.layout(text, attributes: attributes, width: width)
        return Layout(lines: laid.lines.map { String($0.text.reversed().drop(while: \.isWhitespace).reversed()) },
                      boxes: laid.lines.flatMap { line in line.objects.map { [$0.x, $0.y] } })
    }

    /// Why `ours` differs from `theirs`, or nil when they agree: the same lines, and every
    /// box within `tolerance` points of Chromium's place.
    public static func difference(_ ours: Layout, _ theirs: Layout, tolerance: Double = 0.2) -> String? {
        if ours.lines != theirs.lines { return "lines \(ours.lines), Chromium gives \(theirs.lines)" }
        if ours.boxes.count != theirs.boxes.count { return "\(ours.boxes.count) boxes, Chromium gives \(theirs.boxes.count)" }
        for (index, (mine, chromium)) in zip(ours.boxes, theirs.boxes).enumerated()
        where mine.count != 2 || chromium.count != 2 || abs(mine[0] - chromium[0]) > tolerance || abs(mine[1] - chromium[1]) > tolerance {
            return "box \(index + 1) at \(mine), Chromium puts it at \(chromium)"
        }
        return nil
    }
}
