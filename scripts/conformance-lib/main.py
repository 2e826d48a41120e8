"""scripts/conformance: layout-render's stacks against Chromium's flexbox, and (--text)
label text against Chromium's line breaking and shaping.

Generates random trees from seeds, lays each out with headless Chromium (as HTML with
box-sizing: border-box) and with layout-render (--frames-only), compares every frame
within 0.2 pt, and shrinks every mismatching tree to a minimal one. `--record` writes the
recorded corpus the test suite checks without Chromium (Tests/LayoutRenderKitTests/Conformance).

With --text: random paragraphs in DejaVu Sans and DejaVu Serif (kerning pairs, ligatures,
Hebrew and Arabic mixed with Latin, CJK through Noto Sans CJK SC), broken into lines at a
width by Chromium and by the text module (`lr-bench text-lines`); a case matches when the
lines break at the same places and each line's width is within 0.05 pt. `--text --record`
writes Tests/TextEngineTests/Chromium/text-cases.json. With --text --inline: paragraphs with
boxes laid out as inline-blocks (issue 39's inline images), the same lines and every box
within 0.2 pt; --record writes Tests/TextEngineTests/Chromium/inline-cases.json.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field

import chromium
import compare
import corpus
import engine
import shrink
import inline_cases
import text_cases
from generator import FEATURES, Generator, parse_features
from grid_generator import GridGenerator
from trees import Node, from_spec, to_spec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@dataclass
class Outcome:
    """One tree laid out both ways. status: match, mismatch, or error (layout-render
    refused the spec). long_word: a label in Chromium's layout is narrower than one of its
    words, which then breaks between characters (CSS `overflow-wrap: break-word`)."""
    status: str
    chromium: dict[int, tuple[float, ...]] = field(default_factory=dict)
    ours: dict[int, tuple[float, ...]] = field(default_factory=dict)
    differences: list[compare.Difference] = field(default_factory=list)
    error: str | None = None
    long_word: bool = False


def evaluate(browser: str, binary: str, trees: list[tuple[str, Node]], jobs: int | None) -> dict[str, Outcome]:
    specs = [(name, to_spec(t)) for name, t in trees]
    theirs = chromium.layout(browser, trees)
    ours = engine.layout(binary, specs, jobs)
    out = {}
    for name, tree in trees:
        expected = compare.by_line(theirs[name])
        result = ours[name]
        if result.frames is None:
            out[name] = Outcome("error", expected, error=result.error)
            continue
        diffs = compare.differences(tree, expected, result.frames)
        out[name] = Outcome("mismatch" if diffs else "match", expected, result.frames, diffs,
                            long_word=compare.long_word(tree, expected))
    return out


def shrink_all(browser: str, binary: str, trees: dict[str, Node], jobs: int | None,
               chunk: int = 6, max_rounds: int = 80) -> dict[str, tuple[Node, Outcome]]:
    """Every tree shrunk greedily while it still mismatches; all trees' candidates of a
    round are laid out together (one Chromium page, one pass of the engine)."""
    state = {name: {"tree": t, "candidates": list(shrink.candidates(t)), "at": 0, "outcome": None}
             for name, t in trees.items()}
    active = set(trees)
    for round_number in range(max_rounds):
        if not active:
            break
        print(f"conformance: shrinking, round {round_number + 1}: {len(active)} trees still shrinking",
              file=sys.stderr, flush=True)
        batch = []
        for name in sorted(active):
            s = state[name]
            for i, c in enumerate(s["candidates"][s["at"]:s["at"] + chunk]):
                batch.append((f"{name}~{i}", c))
        outcomes = evaluate(browser, binary, batch, jobs)
        for name in sorted(active):
            s = state[name]
            taken = s["candidates"][s["at"]:s["at"] + chunk]
            hit = next((i for i in range(len(taken)) if outcomes[f"{name}~{i}"].status == "mismatch"), None)
            if hit is None:
                s["at"] += chunk
                if s["at"] >= len(s["candidates"]):
                    active.discard(name)
            else:
                s["tree"], s["outcome"] = taken[hit], outcomes[f"{name}~{hit}"]
                s["candidates"], s["at"] = list(shrink.candidates(s["tree"])), 0
    return {name: (s["tree"], s["outcome"]) for name, s in state.items()}


def signature(tree: Node) -> str:
    """The shape of a minimal tree, numbers and words left out: trees with the same
    signature are one mismatch class (as a first cut)."""
    def visit(n: Node, depth: int) -> list[str]:
        keys = " ".join(sorted(k if not n.attrs[k] or not n.attrs[k][0].isalpha() else f"{k}={n.attrs[k]}"
                               for k in n.attrs if k not in ("scale", "lines", "width") or n.kind != "canvas"))
        line = ["  " * depth + n.kind + (" " + keys if keys else "")]
        for c in n.children:
            line += visit(c, depth + 1)
        return line
    return "\n".join(visit(tree, 0))


def frame_table(tree: Node, outcome: Outcome) -> list[str]:
    rows = []
    wrong = {d.line: d.fields for d in outcome.differences}
    for n in tree.walk():
        mark = " <- " + ",".join(wrong[n.line]) if n.line in wrong else ""
        rows.append(f"    {n.line:>3} {n.kind:<7} chromium {compare.frame_text(outcome.chromium.get(n.line)):<34} "
                    f"ours {compare.frame_text(outcome.ours.get(n.line))}{mark}")
    return rows


def print_minimal(name: str, original: Node, tree: Node, outcome: Outcome) -> None:
    print(f"--- {name}: {original.count()} nodes → {tree.count()}")
    for line in to_spec(tree).splitlines():
        print("    " + line)
    print("\n".join(frame_table(tree, outcome)))


def run(args: argparse.Namespace, browser: str, binary: str) -> int:
    features = parse_features(args.features)
    seeds = range(args.start, args.start + args.seeds)
    if args.grid:
        kind = "subgrid" if args.subgrid else "grid"
        trees = [(f"{kind}-{args.size}-{s}", GridGenerator(s, args.size, args.subgrid).tree()) for s in seeds]
    else:
        trees = [(f"{args.size}-{s}", Generator(s, features, args.size).tree()) for s in seeds]
    started = time.monotonic()
    outcomes = evaluate(browser, binary, trees, args.jobs)
    elapsed = time.monotonic() - started
    counts = {k: sum(1 for o in outcomes.values() if o.status == k) for k in ("match", "mismatch", "error")}
    compared = len(outcomes)
    print("grid trees (issue 38)" if args.grid else
          f"features: {args.features} ({', '.join(sorted(features)) or 'the language of today'})")
    print(f"seeds {args.start}..{args.start + args.seeds - 1} ({args.size}): {len(trees)} trees, "
          f"{sum(t.count() for _, t in trees)} nodes, {elapsed:.1f} s ({100 * elapsed / len(trees):.2f} s per 100 trees)")
    long_words = [o for o in outcomes.values() if o.long_word]
    print(f"match {counts['match']}/{compared} = {100 * counts['match'] / max(compared, 1):.1f} % "
          f"(engine errors: {counts['error']}; {len(long_words)} trees break a word between characters, "
          f"{sum(1 for o in long_words if o.status == 'match')} of them match)")
    for name, o in outcomes.items():
        if o.status == "error":
            print(f"error {name}: {o.error}")
    mismatches = {name: dict(trees)[name] for name, o in outcomes.items() if o.status == "mismatch"}
    if not mismatches or args.no_shrink:
        for name in list(mismatches)[: args.show]:
            print_minimal(name, mismatches[name], mismatches[name], outcomes[name])
        return 1 if mismatches else 0
    started = time.monotonic()
    if args.shrink_at_most and len(mismatches) > args.shrink_at_most:
        # Every k-th mismatch, so the classes' sizes in the sample are in proportion.
        step = len(mismatches) / args.shrink_at_most
        names = list(mismatches)
        sample = {names[int(i * step)] for i in range(args.shrink_at_most)}
        print(f"shrinking {len(sample)} of the {len(mismatches)} mismatching trees (--shrink-at-most), "
              f"every {step:.1f}th")
        mismatches = {n: t for n, t in mismatches.items() if n in sample}
    minimal = shrink_all(browser, binary, mismatches, args.jobs)
    print(f"shrunk {len(minimal)} mismatching trees in {time.monotonic() - started:.1f} s")
    classes: dict[str, list[str]] = {}
    for name, (tree, _) in minimal.items():
        classes.setdefault(signature(tree), []).append(name)
    ordered = sorted(classes.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    print(f"{len(ordered)} shapes of minimal tree:")
    for sig, names in ordered:
        print(f"\n=== {len(names)} × " + sig.replace("\n", " / "))
        for name in sorted(names, key=lambda n: minimal[n][0].count())[: args.show]:
            tree, outcome = minimal[name]
            print_minimal(name, mismatches[name], tree, outcome or outcomes[name])
    return 1


def record(args: argparse.Namespace, browser: str, binary: str | None) -> int:
    features = parse_features(args.features)
    place = corpus.GRID if args.grid else corpus.FLEX
    cases = corpus.grid_sources() if args.grid else corpus.sources(features, args.features)
    started = time.monotonic()
    theirs = chromium.layout(browser, [(c.name, c.tree) for c in cases])
    written = corpus.write(cases, theirs, chromium.version(browser), place)
    print(f"recorded {written} cases from {chromium.version(browser)} in {time.monotonic() - started:.1f} s "
          f"into {corpus.relative_folder(place)}")
    if binary and os.path.exists(binary):
        failing = corpus.check(binary, args.jobs, place)
        known = corpus.read_known_failures(place)
        print(f"layout-render ({binary}) mismatches {len(failing)} of {written}")
        for name in sorted(set(failing) - set(known)):
            print(f"  new failure {name}: {failing[name]}")
        for name in sorted(set(known) - set(failing)):
            print(f"  passes now: {name}")
        if args.update_known_failures:
            corpus.write_known_failures(failing, place)
            print(f"wrote {place.known_failures}")
    return 0


def run_text(args: argparse.Namespace, browser: str) -> int:
    bench = args.binary or (text_cases.default_bench(ROOT) if args.no_build else text_cases.build_bench(ROOT))
    if bench is None:
        return 2
    cases = inline_cases if args.inline else text_cases
    if args.record:
        return cases.record(browser, bench, chromium.version(browser), args.update_known_failures)
    if not os.path.exists(bench):
        print(f"conformance: {bench} does not exist; run swift build --product lr-bench", file=sys.stderr)
        return 2
    start = args.start if args.start is not None else int(time.time()) % 1_000_000 * 1000
    return cases.run(browser, bench, start, args.seeds, args.show)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="scripts/conformance", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seeds", type=int, default=100, help="how many random trees (default 100)")
    p.add_argument("--start", type=int, default=None, help="the first seed (default: from the clock)")
    p.add_argument("--size", choices=("normal", "small"), default="normal", help="tree size (default normal)")
    p.add_argument("--features", default="all",
                   help=f"all, current (the language before issue 15), or a comma-separated list of: "
                        f"{', '.join(FEATURES)} (default all)")
    p.add_argument("--binary", help="layout-render to test (default: .build/debug/layout-render, "
                                    "built first with swift build); with --text, lr-bench")
    p.add_argument("--no-build", action="store_true",
                   help="test the layout-render already built (debug, else release) without building")
    p.add_argument("--jobs", type=int, help="engine processes at once (default: the number of cores)")
    p.add_argument("--no-shrink", action="store_true", help="report mismatches as they are")
    p.add_argument("--shrink-at-most", type=int, default=150, metavar="N",
                   help="shrink an even sample of N mismatching trees (default 150; 0: all of them)")
    p.add_argument("--show", type=int, default=3, help="minimal trees printed per shape (default 3)")
    p.add_argument("--record", action="store_true", help="regenerate the recorded corpus from Chromium")
    p.add_argument("--update-known-failures", action="store_true",
                   help="with --record: list the cases the binary fails in known-failures.txt")
    p.add_argument("--grid", action="store_true",
                   help="random grid trees (issue 38) instead of stacks; with --record, the grid corpus")
    p.add_argument("--subgrid", action="store_true",
                   help="with --grid: grid trees with subgrids among the items (CSS Grid 2 §9)")
    p.add_argument("--spec", help="compare one spec file (the subset the generator writes)")
    p.add_argument("--text", action="store_true",
                   help="compare label text (line breaks and widths, issue 16) instead of layout; "
                        "--seeds, --start, --show, --record, --no-build and --update-known-failures apply")
    p.add_argument("--inline", action="store_true",
                   help="with --text: paragraphs with inline-block boxes (issue 39's inline images): the same "
                        "lines, and every box within 0.2 pt of Chromium's place (the text module at scale 8)")
    args = p.parse_args(argv)
    browser = chromium.find_browser()
    if not browser:
        print("conformance: Chromium is not installed; run scripts/conformance --install", file=sys.stderr)
        return 2
    if args.text:
        return run_text(args, browser)
    if args.binary:
        binary = args.binary
    elif args.no_build:
        binary = engine.default_binary(ROOT)
    else:
        binary = engine.build(ROOT)
        if binary is None:
            return 2
    if args.record:
        return record(args, browser, binary)
    if not os.path.exists(binary):
        print(f"conformance: {binary} does not exist; run swift build (or give --binary)", file=sys.stderr)
        return 2
    if args.spec:
        with open(args.spec, encoding="utf-8") as f:
            tree = from_spec(f.read())
        o = evaluate(browser, binary, [("spec", tree)], args.jobs)["spec"]
        print(o.status + (f": {o.error}" if o.error else ""))
        print("\n".join(frame_table(tree, o)))
        return 0 if o.status == "match" else 1
    if args.start is None:
        args.start = int(time.time()) % 1_000_000 * 1000
    return run(args, browser, binary)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
