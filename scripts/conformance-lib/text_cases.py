"""Label text against Chromium's (issue 16): random sentences in DejaVu Sans and DejaVu
Serif, broken into lines at a width, in both. A case is one paragraph, one font (with
Noto Sans CJK SC for the ideographs neither DejaVu face has), one size and one width;
its answer is the list of lines, each as its text (trailing spaces dropped) and its width.
Chromium's lines come from the rectangles of the text's grapheme clusters (a line is the
run of clusters on one line box), its widths from a Range over each line's text; ours
from `lr-bench text-lines`, which lays the same case out with the text module.
"""
from __future__ import annotations

import html
import json
import os
import random
import re
import subprocess
import tempfile
from dataclasses import asdict, dataclass

import chromium

FONT_DIR = "/usr/share/fonts/truetype/dejavu"
CJK_FALLBACK = "Noto Sans CJK SC"
WIDTH_TOLERANCE = 0.05   # points, as issue 16 asks

# family → {(weight, italic): file}; Hebrew and Arabic only where the face has them.
FACES = {
    "DejaVu Sans": {(400, False): "DejaVuSans.ttf", (700, False): "DejaVuSans-Bold.ttf",
                    (400, True): "DejaVuSans-Oblique.ttf", (700, True): "DejaVuSans-BoldOblique.ttf"},
    "DejaVu Serif": {(400, False): "DejaVuSerif.ttf", (700, False): "DejaVuSerif-Bold.ttf",
                     (400, True): "DejaVuSerif-Italic.ttf", (700, True): "DejaVuSerif-BoldItalic.ttf"},
}
SCRIPTS_OF_FACE = {
    "DejaVuSans.ttf": {"latin", "hebrew", "arabic", "cjk"},
    "DejaVuSans-Bold.ttf": {"latin", "hebrew", "arabic", "cjk"},
    "DejaVuSans-Oblique.ttf": {"latin", "hebrew", "cjk"},
}

# Words with kerning pairs (AV, To, Ty, LT, Yo, We, P.), ligatures (fi, fl, ffi), digits,
# hyphens and punctuation: what a proportional face's metrics and shaping show.
LATIN = ("AVAWAY To Tyrone LTV Yours We Wave Vowel Type Typography P.S. L'Year office affix "
         "flow fjord fluffy difficult waffle Kerning AT&T F.Y.I. Valley quick brown fox jumps over "
         "the lazy dog, layout measures; words (quoted) “smart” — dash state-of-the-art well-known "
         "1,234.56 2026-11-25 x=42 Tokyo Yvonne WAVY jay Quay avoid Taffy Yoga Chromium "
         "pre-rendered a an I it is of on to up we").split()
LONG_LATIN = ("incomprehensibilities", "Donaudampfschifffahrt", "supercalifragilistic",
              "pneumonoultramicroscopic", "AAAAVVVVWWWWYYYY")
HEBREW = "שלום עולם ספר מחשב תכנית אבגד הטקסט בעברית שורה".split()
ARABIC = "مرحبا العالم كتاب السلام عليكم النص العربي سطر جديد".split()
CJK = ("日本語の文章は", "文字と文字の間で", "改行できます。", "中文也可以", "在汉字之间换行，", "漢字", "「引用」")


@dataclass
class TextCase:
    name: str
    text: str
    family: str
    weight: int
    italic: bool
    size: float
    width: float
    rtl: bool = False

    @property
    def file(self) -> str:
        return FACES[self.family][(self.weight, self.italic)]


def generate(seed: int) -> TextCase:
    rng = random.Random(seed)
    family = rng.choice(sorted(FACES))
    weight, italic = rng.choice(sorted(FACES[family]))
    scripts = SCRIPTS_OF_FACE.get(FACES[family][(weight, italic)], {"latin", "cjk"})
    mix = rng.choice(["latin"] * 4 + [s for s in ("hebrew", "arabic", "cjk") if s in scripts])
    words: list[str] = []
    for _ in range(rng.randint(2, 24)):
        roll = rng.random()
        if mix != "latin" and roll < 0.5:
            words.append(rng.choice({"hebrew": HEBREW, "arabic": ARABIC, "cjk": CJK}[mix]))
        elif roll > 0.96:
            words.append(rng.choice(LONG_LATIN))
        else:
            words.append(rng.choice(LATIN))
    if mix == "cjk" and rng.random() < 0.5:
        text = "".join(words)           # CJK runs without spaces break between ideographs
    else:
        text = " ".join(words)
    size = rng.choice([10, 11, 12, 13, 14, 15, 16, 18, 20, 24, 13.5, 17.25])
    width = rng.choice([40, 60, 80, 100, 120, 150, 180, 200, 240, 300, 400]) + rng.choice([0, 0, 0.5, 7, 13])
    rtl = mix in ("hebrew", "arabic") and rng.random() < 0.4
    return TextCase(f"text-{seed}", text, family, weight, italic, size, width, rtl)


def cases(start: int, count: int) -> list[TextCase]:
    return [generate(s) for s in range(start, start + count)]


# --- Chromium ----------------------------------------------------------------------------

def font_faces() -> str:
    """CSS naming every face of FACES 'LR FAMILY', from its file."""
    return "".join(
        f"@font-face{{font-family:'LR {family}';src:url(file://{FONT_DIR}/{file});"
        f"font-weight:{weight};font-style:{'italic' if italic else 'normal'}}}"
        for family, files in FACES.items() for (weight, italic), file in files.items())


def _page(batch: list[TextCase]) -> str:
    style = (font_faces() + "body{margin:0}"
             ".case{white-space:normal;overflow-wrap:break-word;line-height:2;margin-bottom:8px}")
    divs = "".join(
        f'<div class="case" id="{html.escape(c.name)}" dir="{"rtl" if c.rtl else "ltr"}" '
        f'style="width:{c.width!r}px;font-family:\'LR {c.family}\',\'{CJK_FALLBACK}\';font-size:{c.size!r}px;'
        f'font-weight:{c.weight};font-style:{"italic" if c.italic else "normal"}">{html.escape(c.text)}</div>'
        for c in batch)
    script = """
Promise.all([...document.fonts].map(f => f.load())).then(() => document.fonts.ready).then(() => {
  const out = {};
  const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
  for (const div of document.querySelectorAll('.case')) {
    const node = div.firstChild, text = node ? node.data : '';
    const top = div.getBoundingClientRect().top;
    const lineHeight = parseFloat(getComputedStyle(div).lineHeight);
    const range = document.createRange();
    const starts = [];   // [line, utf16 offset] of each line's first cluster
    let line = -1;
    for (const {index, segment} of segmenter.segment(text)) {
      if (/^\\s+$/.test(segment)) continue;   // spaces hang at the end of their line
      range.setStart(node, index); range.setEnd(node, index + segment.length);
      const r = [...range.getClientRects()].find(r => r.width > 0 || r.height > 0);
      if (!r) continue;
      const at = Math.floor((r.top + r.height / 2 - top) / lineHeight);
      if (at !== line) { starts.push(index); line = at; }
    }
    const lines = starts.map((s, i) => {
      const end = i + 1 < starts.length ? starts[i + 1] : text.length;
      const shown = text.slice(s, end).replace(/\\s+$/, '');
      range.setStart(node, s); range.setEnd(node, s + shown.length);
      return [shown, range.getBoundingClientRect().width];
    });
    out[div.id] = lines;
  }
  document.getElementById('lines').textContent = JSON.stringify(out);
});
"""
    return ("<!doctype html><html><head><meta charset=utf-8><style>" + style + "</style></head><body>"
            + divs + '<pre id="lines"></pre><script>' + script + "</script></body></html>\n")


def chromium_pages(browser: str, page, batch: list, per_page: int = 500) -> dict:
    """{name: what the page's script wrote for the case} for every case of `batch`, laid
    out by `page` (a batch → an HTML page writing JSON into `<pre id="lines">`)."""
    out: dict = {}
    for start in range(0, len(batch), per_page):
        out.update(chromium.run_page(browser, page(batch[start:start + per_page]), "lines", timeout=600))
    return out


def chromium_lines(browser: str, batch: list[TextCase]) -> dict[str, list[list]]:
    return chromium_pages(browser, _page, batch)


# --- ours --------------------------------------------------------------------------------

def bench_layouts(bench: str, command: str, batch: list) -> dict[str, dict]:
    """`lr-bench COMMAND FILE` over the cases of `batch` (dataclasses) written to FILE:
    {name: layout} or {name: {"error": …}}."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8", delete=False) as f:
        json.dump([asdict(c) for c in batch], f, ensure_ascii=False)
        path = f.name
    try:
        run = subprocess.run([bench, command, path], capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(path)
    if run.returncode != 0:
        raise RuntimeError(f"lr-bench {command} failed (exit {run.returncode}): {run.stdout[-2000:]}{run.stderr[-2000:]}")
    return json.loads(run.stdout)


def our_lines(bench: str, batch: list[TextCase]) -> dict[str, dict]:
    """{name: {"lines": [[text, width], …]}} or {name: {"error": …}} from `lr-bench text-lines`."""
    return bench_layouts(bench, "text-lines", batch)


# --- comparison --------------------------------------------------------------------------

def difference(expected: list[list], ours: dict) -> str | None:
    """Why the two layouts of one case differ, or None when they agree: the same lines
    (break positions) and each line's width within WIDTH_TOLERANCE."""
    if "error" in ours:
        return "error: " + ours["error"]
    got = ours["lines"]
    if [t for t, _ in expected] != [t for t, _ in got]:
        return "lines: chromium " + json.dumps([t for t, _ in expected], ensure_ascii=False) \
            + " ours " + json.dumps([t for t, _ in got], ensure_ascii=False)
    for i, ((text, theirs), (_, mine)) in enumerate(zip(expected, got)):
        if abs(theirs - mine) > WIDTH_TOLERANCE:
            return f"width of line {i + 1} ({text!r}): chromium {theirs:.4f} ours {mine:.4f}"
    return None


# --- the recorded corpus -----------------------------------------------------------------

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "Tests", "TextEngineTests", "Chromium", "text-cases.json")
KNOWN_FAILURES = os.path.join(ROOT, "Tests", "TextEngineTests", "Chromium", "text-known-failures.txt")
CORPUS_SEEDS = range(1, 501)


def build_bench(root: str) -> str | None:
    """Builds lr-bench (debug), which lays the cases out with the text module."""
    print("conformance: swift build --product lr-bench", flush=True)
    run = subprocess.run(["swift", "build", "--product", "lr-bench"], cwd=root, capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stdout[-4000:] + run.stderr[-4000:])
        return None
    return os.path.join(root, ".build", "debug", "lr-bench")


def default_bench(root: str) -> str:
    for config in ("debug", "release"):
        path = os.path.join(root, ".build", config, "lr-bench")
        if os.path.exists(path):
            return path
    return os.path.join(root, ".build", "debug", "lr-bench")


def script_of(case: TextCase) -> str:
    """The kind of text a case is, for the summary: latin, hebrew, arabic or cjk, and rtl."""
    script = ("hebrew" if re.search("[\u0590-\u05ff]", case.text) else
              "arabic" if re.search("[\u0600-\u06ff]", case.text) else
              "cjk" if re.search("[\u3000-\u9fff]", case.text) else "latin")
    return ("rtl " if case.rtl else "") + script


def run(browser: str, bench: str, start: int, count: int, show: int) -> int:
    batch = cases(start, count)
    return compare(batch, chromium_lines(browser, batch), our_lines(bench, batch), difference,
                   f"text seeds {start}..{start + count - 1}", f"same lines, widths within {WIDTH_TOLERANCE} pt",
                   "script", script_of, show,
                   lambda c: f"{c.family} {c.weight}{' italic' if c.italic else ''} {c.size:g} pt, width {c.width:g}"
                             f"{', rtl' if c.rtl else ''}\n    text {c.text!r}")


def compare(batch: list, theirs: dict, ours: dict, difference, title: str, criterion: str, kind: str, kind_of,
            show: int, describe) -> int:
    """Prints how many cases of `batch` agree (`difference` gives why one does not), by
    `kind_of` each case, and the first `show` that do not (`describe`d); 0 when all agree."""
    wrong = {c.name: d for c in batch if (d := difference(theirs[c.name], ours[c.name]))}
    count, matched = len(batch), len(batch) - len(wrong)
    print(f"{title}: match {matched}/{count} = {100 * matched / max(count, 1):.1f} % ({criterion})")
    totals: dict[str, list[int]] = {}
    for c in batch:
        counts = totals.setdefault(kind_of(c), [0, 0])
        counts[0] += c.name not in wrong
        counts[1] += 1
    print(f"by {kind}: " + ", ".join(f"{k} {m}/{n}" for k, (m, n) in sorted(totals.items())))
    by_case = {c.name: c for c in batch}
    for name in list(wrong)[:show]:
        print(f"--- {name}: {describe(by_case[name])}\n    {wrong[name]}")
    return 0 if not wrong else 1


def record(browser: str, bench: str | None, version: str, update_known_failures: bool) -> int:
    """Writes the corpus (CORPUS_SEEDS with Chromium's lines); with a built lr-bench, says
    which cases it fails, and with `update_known_failures` writes them to KNOWN_FAILURES."""
    batch = [generate(s) for s in CORPUS_SEEDS]
    return record_corpus(batch, chromium_lines(browser, batch), our_lines, difference, CORPUS, KNOWN_FAILURES,
                         f"text cases from {version}", "Text cases of text-cases.json", "--text", bench,
                         update_known_failures)


def record_corpus(batch: list, theirs: dict, ours, difference, corpus: str, known_failures: str, what: str,
                  cases_named: str, flags: str, bench: str | None, update_known_failures: bool) -> int:
    """Writes `batch` with Chromium's answers (`theirs`) to `corpus`; with a built lr-bench
    (`ours(bench, batch)`), says which cases it fails, and with `update_known_failures`
    writes them to `known_failures`."""
    write_corpus(corpus, [dict(asdict(c), expected=theirs[c.name]) for c in batch], what)
    if not bench or not os.path.exists(bench):
        return 0
    answers = ours(bench, batch)
    failing = {c.name: d for c in batch if (d := difference(theirs[c.name], answers[c.name]))}
    print(f"lr-bench ({bench}) differs on {len(failing)} of {len(batch)}")
    if update_known_failures:
        write_known_failures(known_failures, cases_named, flags, failing)
    return 0


def write_corpus(path: str, recorded: list[dict], what: str) -> None:
    """Writes recorded cases, one JSON object a line."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in recorded) + "\n]\n")
    print(f"recorded {len(recorded)} {what} into {os.path.relpath(path, ROOT)}")


def write_known_failures(path: str, what: str, flags: str, failing: dict[str, str]) -> None:
    """Writes the names of the cases the text module fails, each with why."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {what} the text module does not match yet (scripts/conformance\n"
                f"# {flags} --record --update-known-failures writes this list): the name, then why.\n")
        for name in sorted(failing, key=lambda n: int(n.split("-")[1])):
            f.write(f"{name} {failing[name][:300]}\n")
    print(f"wrote {os.path.relpath(path, ROOT)}")
