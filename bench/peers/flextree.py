"""The standard flex tree (docs/benchmarks.md, shared design): parents, depths, styles."""


def build_tree(n):
    parent = [-1] * n
    nxt, p = 1, 0
    while nxt < n:
        for _ in range(2 + (p % 5)):
            if nxt >= n:
                break
            parent[nxt] = p
            nxt += 1
        p += 1
    children = [[] for _ in range(n)]
    depth = [0] * n
    for c in range(1, n):
        children[parent[c]].append(c)
        depth[c] = depth[parent[c]] + 1
    return parent, children, depth


def node_style(i, children, depth):
    """dict: kind, dir ('row'|'column'|None), width, height (None=auto), padding, margin, grow."""
    if i == 0:
        return dict(dir="column", width=1920.0, height=None, padding=8.0, margin=0.0, grow=0.0)
    if children[i]:
        return dict(dir="row" if depth[i] % 2 == 1 else "column", width=None, height=None,
                    padding=4.0, margin=2.0, grow=0.0 if i % 4 == 0 else 1.0)
    if i % 3 == 0:
        return dict(dir=None, width=16.0 + 4 * (i % 8), height=12.0 + 3 * (i % 6),
                    padding=0.0, margin=2.0, grow=0.0)
    return dict(dir=None, width=24.0, height=14.0, padding=0.0, margin=2.0, grow=1.0 + (i % 2))
