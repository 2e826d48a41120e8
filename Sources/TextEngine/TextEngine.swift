// TextEngine: fonts, character widths, line breaking and label layout.
//
// Pipeline for one call: the string is copied once to UTF-16 (`UTF16Buffer`, what ICU
// reads); `ClusterList` splits it into grapheme clusters and gives each a width in the
// font's design units (table lookups; ICU's character iterator only around non-trivial
// scalars); `LineBreaker` wraps them (at Chromium's line-break opportunities, `LineBreakOpportunities`:
// its ASCII table, ICU's UAX #14 line iterator elsewhere),
// applies the `lines` cap and truncation; `TextLayoutEngine` places glyphs on whole device
// pixels. Sizes scale design units by `size / unitsPerEm`: one multiply, no per-size cache.
//
// Files: `Font` and `FontLibrary` (FreeType, read once, no C object kept), `FontCatalog`
// (the font set, identified from a few tables of each file), `FontFallback`, `ShapedWords`
// (the shaped glyphs of a text's words, by cluster), `FreeTypeHandles`
// and `BreakIterator` (the owning wrappers of C objects), `ScalarProperties` (the Unicode
// properties measuring needs), `Clusters`, `LineBreaker`, `TextLayoutEngine`, `TextLayout`
// and `TextAttributes` (the public values), `TextRuns` (a rich label's runs, each in its own
// font and size, joined into one paragraph), `TextError` (the module's one error type).
//
// Limitations and deviations, on purpose:
// - Proportional fonts are shaped with HarfBuzz (`TextShaping`, through `ShapedWords`):
//   kerning, standard ligatures, mark positioning, Arabic joining and the other complex
//   scripts, word by word (a word cache, as browsers keep: no kerning across a space). A
//   fixed-pitch font (DejaVu Sans Mono) keeps the cell rules below: a glyph per cluster
//   base, marks at the base's origin; HarfBuzz gives it the same advances (tested).
// - Bidi (`BidiLines`, ICU's ubidi): lines are broken in logical order, then each is
//   reordered by UAX #9 at the paragraph level `rightToLeft` gives; a truncated line keeps
//   its logical order, a right-to-left word in it drawn right to left within its span.
// - Font fallback (`FontFallback`) is per grapheme cluster, to the first of
//   `TextAttributes.fallbackFonts` that has all its characters; its run is shaped with that
//   font, its advances scaled to the label's font's units; lines keep the label's font's
//   height. A font's own glyph wins even for an emoji presentation sequence (☕️ stays
//   DejaVu's ☕). Characters no font has draw as `.notdef` and are reported in
//   `TextLayout.uncoveredCharacters` (emoji sequences beyond one scalar (+ U+FE0F) too,
//   without a fallback font that has them).
// - Runs (`TextAttributes.runs`, a label's spans) are measured and shaped each on its own,
//   their advances scaled to one common unit and rounded to whole units; a word that
//   changes run is shaped in two pieces. Lines are as tall as CSS makes them (the tallest
//   run's line box, the label's own strut always counted). A grapheme cluster that a run
//   boundary cuts in two stays two clusters (a combining mark starting a span).
// - Grapheme clusters come from ICU 72 (Unicode 15.0), which may differ from the Swift
//   standard library's `Character` on sequences newer than that.
// - `layout(…)` does not throw: should ICU fail to open a break iterator, it degrades to
//   breaking between clusters; `checkedLayout(…)` reports the error instead.
