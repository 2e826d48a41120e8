import TextEngine

/// `lr-bench text [--runs R] [--width W] [--font PATH]`: 1 MB of mixed text (Latin
/// paragraphs, CJK, newlines) measured and broken into lines at a fixed width with DejaVu
/// Sans Mono 14, or the font at PATH (a proportional one is shaped: the first run fills the
/// word cache, as a service's first render would: `first_ms` is that run).
/// Prints `text bytes=… median_ms=… min_ms=… lines=… checksum=…`: the checksum folds every
/// line's width, position and text and every glyph (index, x, y, font, run) of the last run's
/// layout, to show a change left the results as they were.
func runTextBenchmark(_ arguments: [String]) throws {
    let runs = Int(option("--runs", in: arguments) ?? "") ?? 7
    let width = Double(option("--width", in: arguments) ?? "") ?? 480
    let text = mixedText(bytes: 1 << 20)
    let font = try option("--font", in: arguments).map { try FontLibrary().font(path: $0) }
        ?? FontLibrary().font(family: FontLibrary.defaultFamily, style: .regular)
    var attributes = TextAttributes(font: font, size: 14)
    attributes.lines = 0
    let engine = TextLayoutEngine()
    var times: [Double] = []
    var lineCount = 0
    var checksum: UInt64 = 0
    let clock = ContinuousClock()
    for run in 0..<runs {
        let start = clock.now
        let layout = engine.layout(text, attributes: attributes, width: width)
        times.append(milliseconds(clock.now - start))
        lineCount = layout.lines.count
        if run == runs - 1 { checksum = layoutChecksum(layout) }  // untimed, the last run only
    }
    print("text font=\(font.familyName.replacingOccurrences(of: " ", with: "_")) bytes=\(text.utf8.count) first_ms=\(format(times.first ?? 0)) median_ms=\(format(median(times))) min_ms=\(format(times.min() ?? 0)) lines=\(lineCount) checksum=\(String(checksum, radix: 16))")
}

/// FNV-1a over everything a layout reports, doubles by their bit patterns.
func layoutChecksum(_ layout: TextLayout) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ v: UInt64) {
        var v = v
        for _ in 0..<8 {
            h = (h ^ (v & 0xff)) &* 0x100_0000_01b3
            v >>= 8
        }
    }
    mix(layout.width.bitPattern)
    mix(layout.height.bitPattern)
    mix(UInt64(layout.lines.count))
    mix(layout.isTruncated ? 1 : 0)
    for line in layout.lines {
        mix(line.width.bitPattern)
        mix(line.x.bitPattern)
        mix(line.baseline.bitPattern)
        mix(line.top.bitPattern)
        mix(line.height.bitPattern)
        for byte in line.text.utf8 { mix(UInt64(byte)) }
        mix(UInt64(line.glyphs.count))
        for g in line.glyphs {
            mix(UInt64(g.glyph))
            mix(g.x.bitPattern)
            mix(g.y.bitPattern)
            mix(UInt64(g.font) << 16 | UInt64(g.run))
        }
        for s in line.segments {
            mix(UInt64(s.run))
            mix(s.x.bitPattern)
            mix(s.width.bitPattern)
        }
    }
    for c in layout.uncoveredCharacters {
        for byte in String(c).utf8 { mix(UInt64(byte)) }
    }
    return h
}

/// Deterministic mixed text of about `bytes` UTF-8 bytes.
func mixedText(bytes: Int) -> String {
    let latin = "The quick brown fox jumps over the lazy dog; layouts measure text with fixed metrics, "
        + "and well-known words like pre-rendered or state-of-the-art break after their hyphens. "
    let cjk = "日本語の文章は文字と文字の間で改行できます。中文也可以在汉字之间换行。"
    var text = ""
    text.reserveCapacity(bytes + 256)
    var paragraph = 0
    while text.utf8.count < bytes {
        paragraph += 1
        text += latin
        if paragraph % 3 == 0 { text += cjk }
        if paragraph % 5 == 0 { text += "\tA tab, then a very-long-identifier_that_cannot_break_anywhere_at_all." }
        text += paragraph % 2 == 0 ? "\n" : " "
    }
    return text
}

func option(_ name: String, in arguments: [String]) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func format(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
