import LayoutEngine
import Rendering
import TextEngine

/// The drawing of a label laid out as runs (its own text and its spans, see
/// `TextAttributes.runs`): a glyph run per span and font, in the span's size and colour,
/// and each span's underline and strikethrough along its segments of every line.
///
/// As CSS paints them (CSS Text Decoration 3, §2): text shadows first, then underlines,
/// then the glyphs, then strikethroughs over them. A decoration is a rectangle at the
/// position and thickness its run's font gives (`Font.underlinePosition`,
/// `strikeoutPosition`), scaled to the run's size, its top and thickness on whole device
/// pixels (at least one), in the run's colour. Decorations cast no text shadow.
/// Images and paths in the text are drawn after the underlines, in the boxes their lines
/// give them (`TextLine.objects`) with the edges on device pixels, and cast no text shadow.
struct RichLabelDrawing {
    let operations: [DrawOperation]

    /// - Parameter origin: the label's content box's top-left corner, in points.
    init(label: LabelContent, text: TextLayout, origin: Point, shadows: [BoxShadow]) {
        let runs = label.attributes.runs
        let paints = label.runPaints
        // Glyphs grouped by run, then font, in that order.
        var groups: [Int: [PlacedGlyph]] = [:]
        for line in text.lines {
            for g in line.glyphs where Int(g.run) < runs.count && Int(g.font) < text.fonts.count {
                groups[Int(g.run) << 8 | Int(g.font), default: []]
                    .append(PlacedGlyph(glyph: g.glyph, x: origin.x + g.x, y: origin.y + line.baseline + g.y))
            }
        }
        let glyphRuns = groups.keys.sorted().map { key in
            GlyphRun(font: FontSource(text.fonts[key & 0xFF]), size: runs[key >> 8].size,
                     color: paints[key >> 8].color, glyphs: groups[key] ?? [])
        }
        var underlines: [DrawOperation] = []
        var strikethroughs: [DrawOperation] = []
        let scale = label.attributes.pixelScale > 0 ? label.attributes.pixelScale : 1
        for line in text.lines {
            for segment in line.segments where Int(segment.run) < runs.count && Int(segment.run) < paints.count {
                let run = runs[Int(segment.run)], paint = paints[Int(segment.run)]
                let pointsPerUnit = run.size / Double(run.font.unitsPerEm)
                let baseline = origin.y + line.baseline
                func stroke(top: Double, thickness: Int) -> DrawOperation {
                    let height = max(1, (Double(thickness) * pointsPerUnit * scale).rounded()) / scale
                    let rect = Rect(x: origin.x + segment.x, y: (top * scale).rounded() / scale,
                                    width: segment.width, height: height)
                    return .fill(rect, paint.color, cornerRadius: .zero)
                }
                if paint.underline {
                    // The font gives the stroke's centre.
                    let thickness = run.font.underlineThickness
                    let centre = baseline - Double(run.font.underlinePosition) * pointsPerUnit
                    underlines.append(stroke(top: centre - Double(thickness) * pointsPerUnit / 2, thickness: thickness))
                }
                if paint.strikethrough {
                    // The font gives the stroke's top.
                    strikethroughs.append(stroke(top: baseline - Double(run.font.strikeoutPosition) * pointsPerUnit,
                                                 thickness: run.font.strikeoutThickness))
                }
            }
        }
        var operations: [DrawOperation] = []
        // The first shadow on top, so last first; all under the text.
        let drawn = glyphRuns.filter { !$0.glyphs.isEmpty }
        for shadow in shadows.reversed() {
            operations.append(contentsOf: drawn.map { .textShadow($0, shadow) })
        }
        operations += underlines
        for line in text.lines {
            for object in line.objects {
                guard Int(object.run) < label.inlineDrawings.count, let drawing = label.inlineDrawings[Int(object.run)] else { continue }
                // Its edges on device pixels, as a browser paints a replaced element (the
                // layout keeps the exact box; the content box's corner is on a pixel already).
                func snapped(_ value: Double) -> Double { (value * scale).rounded() / scale }
                let left = snapped(origin.x + object.x), top = snapped(origin.y + object.y)
                operations += drawing.operations(in: Rect(x: left, y: top, width: snapped(origin.x + object.x + object.width) - left,
                                                          height: snapped(origin.y + object.y + object.height) - top))
            }
        }
        operations += glyphRuns.map { .glyphs($0) }
        operations += strikethroughs
        self.operations = operations
    }
}
