"""Inline images against Chromium (issue 39): random paragraphs of DejaVu Sans or Serif
with boxes of random sizes in them, laid out by Chromium as `display: inline-block`
elements (baseline or `vertical-align: middle`) and by the text module as a label's inline
objects (`lr-bench inline-lines`). A case's answer is its lines, each as its text (U+FFFC
for a box, trailing spaces dropped), and every box's top-left corner from the paragraph's.
A case matches when the lines are the same and every box is within 0.2 pt of Chromium's
place, the text module laying it out at scale 8 (origins on 1/8 point), the tolerance of
the layout comparison. Chromium's lines are found by their baselines: every item of a
line, text or box, is on its line's baseline.
"""
from __future__ import annotations

import html
import json
import os
import random
from dataclasses import dataclass

import text_cases
from text_cases import FACES, LATIN, LONG_LATIN

TOLERANCE = 0.2   # points, as the layout comparison's
OBJECT = "\ufffc"
# Text beside a box: punctuation that forbids a break before it (closing marks, stops),
# opening marks that forbid one after them, spaces and words glued to the box.
GLUE_BEFORE = ["", "", "", " ", " ", "(", "“", "[", "a", "—"]
GLUE_AFTER = ["", "", "", " ", " ", ".", ",", ")", "!", "”", ";", "s", "-"]


@dataclass
class InlineCase:
    name: str
    pieces: list
    family: str
    weight: int
    italic: bool
    size: float
    width: float
    lineHeight: float | None = None


def generate(seed: int) -> InlineCase:
    rng = random.Random(seed)
    family = rng.choice(sorted(FACES))
    weight, italic = rng.choice(sorted(FACES[family]))
    size = rng.choice([10, 12, 13, 14, 16, 18, 20, 24, 13.5])
    pieces: list[dict] = []
    text = ""
    for _ in range(rng.randint(1, 18)):
        roll = rng.random()
        if roll < 0.35:
            if text:
                pieces.append({"text": text})
                text = ""
            side = rng.choice([size, size, 0, 8, 12, 16, 20, 24, 32, 48, 10.5, 17.25, 0.3])
            w = side if rng.random() < 0.6 else rng.choice([0, 6, 16, 24.5, 40, 80, 150])
            h = side if rng.random() < 0.7 else rng.choice([0, 4, 16, 30, 64])
            pieces.append({"box": [w, h], "align": rng.choice(["baseline", "baseline", "middle"])})
            text = rng.choice(GLUE_AFTER)
        else:
            word = rng.choice(LONG_LATIN) if rng.random() > 0.97 else rng.choice(LATIN)
            text += (rng.choice(GLUE_BEFORE) if text and not text.endswith(" ") else "") + word + " "
    if text:
        pieces.append({"text": text.rstrip() if rng.random() < 0.7 else text})
    width = rng.choice([40, 60, 80, 100, 120, 150, 200, 240, 300]) + rng.choice([0, 0, 0.5, 7])
    line_height = rng.choice([None, None, None, 20, 24, 30.5])
    return InlineCase(f"inline-{seed}", pieces, family, weight, italic, size, width, line_height)


def cases(start: int, count: int) -> list[InlineCase]:
    return [generate(s) for s in range(start, start + count)]


# --- Chromium ----------------------------------------------------------------------------

def _page(batch: list[InlineCase]) -> str:
    style = (text_cases.font_faces() + "body{margin:0}.case{white-space:normal;overflow-wrap:break-word;margin-bottom:8px}"
             ".o{display:inline-block;margin:0;padding:0;border:0}")

    def piece(p: dict) -> str:
        if "box" in p:
            w, h = p["box"]
            return (f'<span class="o" style="width:{w!r}px;height:{h!r}px;'
                    f'vertical-align:{p["align"]}"></span>')
        return html.escape(p["text"])
    def font(c: InlineCase) -> str:
        return (f"font-family:'LR {c.family}';font-size:{c.size!r}px;font-weight:{c.weight};"
                f"font-style:{'italic' if c.italic else 'normal'};"
                f"line-height:{'normal' if c.lineHeight is None else repr(c.lineHeight) + 'px'}")
    # Before each case, a probe in its font: text and two empty boxes, one on the baseline
    # and one at `middle`, which tell where a line's baseline is from its text's top and
    # from a middle box's top.
    divs = "".join(
        f'<div class="probe" id="probe-{html.escape(c.name)}" style="{font(c)}">x'
        '<span class="o" style="width:0;height:0;vertical-align:baseline"></span>'
        '<span class="o" style="width:0;height:0;vertical-align:middle"></span></div>'
        f'<div class="case" id="{html.escape(c.name)}" style="width:{c.width!r}px;{font(c)}">'
        + "".join(piece(p) for p in c.pieces) + "</div>"
        for c in batch)
    script = """
Promise.all([...document.fonts].map(f => f.load())).then(() => document.fonts.ready).then(() => {
  const out = {};
  const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
  const range = document.createRange();
  for (const div of document.querySelectorAll('.case')) {
    const origin = div.getBoundingClientRect();
    // The probe: from a text item's top down to its baseline, and from an empty middle
    // box's top down to the baseline (half the x-height).
    const probe = document.getElementById('probe-' + div.id);
    range.setStart(probe.firstChild, 0); range.setEnd(probe.firstChild, 1);
    const probeText = range.getBoundingClientRect();
    const [onBaseline, onMiddle] = [...probe.querySelectorAll('.o')].map(o => o.getBoundingClientRect());
    const textToBaseline = onBaseline.top - probeText.top;
    const halfXHeight = onBaseline.top - onMiddle.top;
    // Items in order: [offset in the paragraph's text, left, is space]; a box is one U+FFFC.
    let text = '';
    const items = [];
    const boxes = [];
    for (const node of div.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) {
        for (const {index, segment} of segmenter.segment(node.data)) {
          const space = /^\\s+$/.test(segment);
          if (!space) {
            range.setStart(node, index); range.setEnd(node, index + segment.length);
            const r = [...range.getClientRects()].find(r => r.width > 0 || r.height > 0);
            if (r) items.push([text.length + index, r.top + textToBaseline]);
          }
        }
        text += node.data;
      } else {
        const r = node.getBoundingClientRect();
        const middle = node.style.verticalAlign === 'middle';
        items.push([text.length, middle ? r.top + r.height / 2 + halfXHeight : r.bottom]);
        boxes.push([r.left - origin.left, r.top - origin.top]);
        text += '\\ufffc';
      }
    }
    // A line starts where an item's baseline is lower than the one before: every item of
    // a line is on its baseline (a text item's top is a fixed distance above it; a box's
    // bottom is on it, or its middle half an x-height above it).
    const starts = [];
    let baseline = -Infinity;
    for (const [offset, itemBaseline] of items) {
      if (itemBaseline > baseline + 0.5) starts.push(offset);
      baseline = itemBaseline;
    }
    const lines = starts.map((s, i) => text.slice(s, i + 1 < starts.length ? starts[i + 1] : text.length).replace(/\\s+$/, ''));
    out[div.id] = {lines, boxes};
  }
  document.getElementById('lines').textContent = JSON.stringify(out);
});
"""
    return ("<!doctype html><html><head><meta charset=utf-8><style>" + style + "</style></head><body>"
            + divs + '<pre id="lines"></pre><script>' + script + "</script></body></html>\n")


def chromium_layouts(browser: str, batch: list[InlineCase]) -> dict[str, dict]:
    return text_cases.chromium_pages(browser, _page, batch)


# --- ours --------------------------------------------------------------------------------

def our_layouts(bench: str, batch: list[InlineCase]) -> dict[str, dict]:
    """{name: {"lines": [text, …], "boxes": [[x, y], …]}} or {name: {"error": …}}."""
    return text_cases.bench_layouts(bench, "inline-lines", batch)


def difference(expected: dict, ours: dict) -> str | None:
    """Why the two layouts of one case differ, or None when they agree."""
    if "error" in ours:
        return "error: " + ours["error"]
    if expected["lines"] != ours["lines"]:
        return ("lines: chromium " + json.dumps(expected["lines"], ensure_ascii=False)
                + " ours " + json.dumps(ours["lines"], ensure_ascii=False))
    if len(expected["boxes"]) != len(ours["boxes"]):
        return f"{len(ours['boxes'])} boxes, chromium {len(expected['boxes'])}"
    for i, (theirs, mine) in enumerate(zip(expected["boxes"], ours["boxes"])):
        if abs(theirs[0] - mine[0]) > TOLERANCE or abs(theirs[1] - mine[1]) > TOLERANCE:
            return f"box {i + 1}: chromium ({theirs[0]:.4f}, {theirs[1]:.4f}) ours ({mine[0]:.4f}, {mine[1]:.4f})"
    return None


# --- the recorded corpus -----------------------------------------------------------------

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "Tests", "TextEngineTests", "Chromium", "inline-cases.json")
KNOWN_FAILURES = os.path.join(ROOT, "Tests", "TextEngineTests", "Chromium", "inline-known-failures.txt")
CORPUS_SEEDS = range(1, 301)


def kind_of(case: InlineCase) -> str:
    aligns = {p["align"] for p in case.pieces if "box" in p}
    return "+".join(sorted(aligns)) or "no box"


def run(browser: str, bench: str, start: int, count: int, show: int) -> int:
    batch = cases(start, count)
    return text_cases.compare(
        batch, chromium_layouts(browser, batch), our_layouts(bench, batch), difference,
        f"inline seeds {start}..{start + count - 1}", f"same lines, boxes within {TOLERANCE} pt at scale 8",
        "alignment", kind_of, show,
        lambda c: f"{c.family} {c.weight}{' italic' if c.italic else ''} {c.size:g} pt, width {c.width:g}, "
                  f"line-height {c.lineHeight or 'normal'}\n    pieces {json.dumps(c.pieces, ensure_ascii=False)}")


def record(browser: str, bench: str | None, version: str, update_known_failures: bool) -> int:
    batch = [generate(s) for s in CORPUS_SEEDS]
    return text_cases.record_corpus(batch, chromium_layouts(browser, batch), our_layouts, difference, CORPUS,
                                    KNOWN_FAILURES, f"inline cases from {version}", "Inline cases of inline-cases.json",
                                    "--text --inline", bench, update_known_failures)
