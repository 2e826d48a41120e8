"""The recorded corpus: specs with Chromium's frames, checked by the test suite without Chromium.

Like Taffy's gentest, the expectation is data: each case is one JSON file holding the
spec text and the frame Chromium gave every compared node (by spec line; a field that is
not compared is null, a hidden node is left out). Cases come from fixed seeds (`small`
trees, the shape of minimal cases, and `random` ones) and from minimal-cases.txt (the
minimal trees of known mismatch classes and issue 15's repros), so `--record` rewrites
the same cases with whatever Chromium says today. Nothing in a case comes from
layout-render; only known-failures.txt, the test's list of cases it does not match yet,
is written from the engine's results, on request.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass

import compare
import engine
from generator import Generator
from trees import Node, from_spec, to_spec

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FOLDER = os.path.join(ROOT, "Tests", "LayoutRenderKitTests", "Conformance")
MINIMAL_CASES = os.path.join(HERE, "minimal-cases.txt")
GRID_MINIMAL_CASES = os.path.join(HERE, "grid-minimal-cases.txt")


@dataclass
class Place:
    """Where one corpus lives: its cases and its list of known failures."""
    cases: str
    known_failures: str


FLEX = Place(os.path.join(FOLDER, "cases"), os.path.join(FOLDER, "known-failures.txt"))
GRID = Place(os.path.join(FOLDER, "grid-cases"), os.path.join(FOLDER, "grid-known-failures.txt"))
GRID_SMALL_SEEDS = range(1, 201)
GRID_RANDOM_SEEDS = range(1, 101)

SMALL_SEEDS = range(1, 301)
RANDOM_SEEDS = range(1, 101)


@dataclass
class Case:
    name: str
    tree: Node
    source: str


def relative_folder(place: Place = FLEX) -> str:
    return os.path.relpath(place.cases, ROOT)


def read_minimal_cases(path: str = MINIMAL_CASES) -> list[tuple[str, str, str]]:
    """(name, description, spec) of each `## name: description` block of minimal-cases.txt."""
    out, name, description, lines = [], None, "", []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for raw in f.read().splitlines() + ["## end"]:
            if raw.startswith("## "):
                if name and any(l.strip() for l in lines):
                    out.append((name, description, "\n".join(lines).strip("\n") + "\n"))
                head = raw[3:]
                name, _, description = head.partition(":")
                name, description, lines = name.strip(), description.strip(), []
            elif not raw.startswith("#"):
                lines.append(raw)
    return out


def sources(features: frozenset[str], features_name: str) -> list[Case]:
    cases = [Case(f"minimal-{name}", from_spec(spec), description) for name, description, spec in read_minimal_cases()]
    # (The seeds keep the trees they were recorded with: zboxes, added to the generator
    # later, come into the corpus as minimal cases.)
    features = features - {"zbox"}
    cases += [Case(f"small-{s:04}", Generator(s, features, "small").tree(),
                   f"generator: small tree, seed {s}, features {features_name}") for s in SMALL_SEEDS]
    cases += [Case(f"random-{s:04}", Generator(s, features, "normal").tree(),
                   f"generator: random tree, seed {s}, features {features_name}") for s in RANDOM_SEEDS]
    return cases


def grid_sources() -> list[Case]:
    """The grid corpus: grid-minimal-cases.txt, then small and normal random grid trees."""
    from grid_generator import GridGenerator
    cases = [Case(f"grid-minimal-{name}", from_spec(spec), description)
             for name, description, spec in read_minimal_cases(GRID_MINIMAL_CASES)]
    cases += [Case(f"grid-small-{s:04}", GridGenerator(s, "small").tree(), f"grid generator: small tree, seed {s}")
              for s in GRID_SMALL_SEEDS]
    cases += [Case(f"grid-random-{s:04}", GridGenerator(s, "normal").tree(), f"grid generator: random tree, seed {s}")
              for s in GRID_RANDOM_SEEDS]
    return cases


def write(cases: list[Case], theirs: dict[str, list[list[float]]], version: str, place: Place = FLEX) -> int:
    """Writes every case; removes the case files no longer generated. Returns the number
    of cases written."""
    CASES = place.cases
    os.makedirs(CASES, exist_ok=True)
    kept = set()
    for case in cases:
        frames = compare.by_line(theirs[case.name])
        fields = compare.compared_fields(case.tree)
        kinds = {n.line: n.kind for n in case.tree.walk()}
        nodes = []
        for line in sorted(fields):
            f = frames[line]
            entry = {"line": line, "kind": kinds[line]}
            for i, key in enumerate(compare.FIELDS):
                entry[key] = f[i] if key in fields[line] else None
            nodes.append(entry)
        body = {"name": case.name, "source": case.source, "oracle": version,
                "spec": to_spec(case.tree), "frames": nodes}
        text = json.dumps(body, indent=1)
        # One node per line keeps the files short and their diffs readable.
        text = _one_node_per_line(text)
        with open(os.path.join(CASES, case.name + ".json"), "w", encoding="utf-8") as f:
            f.write(text + "\n")
        kept.add(case.name + ".json")
    for stale in set(os.listdir(CASES)) - kept:
        if stale.endswith(".json"):
            os.remove(os.path.join(CASES, stale))
    return len(kept)


def _one_node_per_line(text: str) -> str:
    body = json.loads(text)
    frames = body.pop("frames")
    head = json.dumps(body, indent=1, ensure_ascii=False)[:-2]
    rows = ",\n".join("  " + json.dumps(n, separators=(", ", ": ")) for n in frames)
    return head + ',\n "frames": [\n' + rows + "\n ]\n}"


def read_cases(place: Place = FLEX) -> list[dict]:
    CASES = place.cases
    out = []
    for name in sorted(os.listdir(CASES)):
        if name.endswith(".json"):
            with open(os.path.join(CASES, name), encoding="utf-8") as f:
                out.append(json.load(f))
    return out


def check(binary: str, jobs: int | None, place: Place = FLEX) -> dict[str, str]:
    """{name: the first difference} of every recorded case `binary` does not match (the
    rule of the XCTest, ConformanceCorpusTests)."""
    cases = read_cases(place)
    ours = engine.layout(binary, [(c["name"], c["spec"]) for c in cases], jobs)
    failing = {}
    for c in cases:
        result = ours[c["name"]]
        if result.frames is None:
            failing[c["name"]] = f"layout-render refuses it: {result.error.splitlines()[0]}"
            continue
        tree = from_spec(c["spec"])
        wrong_lines = {}
        for node in c["frames"]:
            actual = result.frames.get(node["line"])
            wrong = [k for i, k in enumerate(compare.FIELDS)
                     if node[k] is not None and (actual is None or abs(actual[i] - node[k]) > compare.TOLERANCE)]
            if wrong:
                wrong_lines[node["line"]] = (node, actual, wrong[0])
        if wrong_lines:
            # The first node that is off while nothing inside it is: its ancestors are
            # usually off because of it.
            line = next(n.line for n in tree.walk()
                        if n.line in wrong_lines and not any(d.line in wrong_lines for d in list(n.walk())[1:]))
            node, actual, k = wrong_lines[line]
            value = f"{actual[compare.FIELDS.index(k)]:g}" if actual else "none"
            failing[c["name"]] = f"line {line} {node['kind']} {k}: ours {value}, Chromium {node[k]:g}"
            if c["name"].startswith(("minimal-", "grid-minimal-")):
                failing[c["name"]] = c["source"] + f" ({failing[c['name']]})"
    return failing


def read_known_failures(place: Place = FLEX) -> dict[str, str]:
    out = {}
    if os.path.exists(place.known_failures):
        with open(place.known_failures, encoding="utf-8") as f:
            for raw in f:
                line = raw.strip()
                if line and not line.startswith("#"):
                    name, _, reason = line.partition(" ")
                    out[name] = reason.strip()
    return out


HEADER = """\
# Cases of the conformance corpus (cases/) that layout-render does not match yet: NAME, then
# a one-line reason. ConformanceCorpusTests fails when a case outside this list mismatches,
# and when a listed case matches (take it off the list): the list only shrinks.
"""


def write_known_failures(failures: dict[str, str], place: Place = FLEX) -> None:
    with open(place.known_failures, "w", encoding="utf-8") as f:
        f.write(HEADER)
        for name in sorted(failures):
            f.write(f"{name} {failures[name]}\n")
