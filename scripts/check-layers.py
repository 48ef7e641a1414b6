#!/usr/bin/env python3
"""Fails when an #include runs against the layer order of docs/design.md ("Layers").

The order is the fenced ```layers block there: one layer per line, lowest first; the folders on one line are one
layer. A file in include/ptosim/<folder>/ or src/<folder>/ may include ptosim headers of its own layer and of the
layers below it; include/pto/ and include/basic_api/ (the C++ front ends) are above every layer, as are the tools,
examples, tests and bindings, which this check does not restrict.

Usage: scripts/check-layers.py [repository root]
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]ptosim/([a-z_]+)/')


def layer_order(design):
    with open(design, encoding="utf-8") as f:
        text = f.read()
    block = re.search(r"```layers\n(.*?)```", text, re.S)
    if not block:
        raise SystemExit(f"{design}: no ```layers block")
    rank = {}
    for i, line in enumerate(l for l in block.group(1).splitlines() if l.strip()):
        for folder in line.split("#")[0].split():
            rank[folder] = i
    return rank


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    rank = layer_order(os.path.join(root, "docs", "design.md"))
    bad = 0
    for top in ("include/ptosim", "src"):
        base = os.path.join(root, top)
        for folder in sorted(os.listdir(base)):
            if not os.path.isdir(os.path.join(base, folder)):
                continue
            if folder not in rank:
                print(f"{top}/{folder}: not in the layer order of docs/design.md")
                bad += 1
                continue
            for dirpath, _, files in os.walk(os.path.join(base, folder)):
                for name in sorted(files):
                    path = os.path.join(dirpath, name)
                    with open(path, encoding="utf-8", errors="replace") as f:
                        for n, line in enumerate(f, 1):
                            m = INCLUDE.match(line)
                            if not m:
                                continue
                            target = m.group(1)
                            if target not in rank:
                                print(f"{os.path.relpath(path, root)}:{n}: includes ptosim/{target}/, "
                                      "which is not in the layer order")
                                bad += 1
                            elif rank[target] > rank[folder]:
                                print(f"{os.path.relpath(path, root)}:{n}: {folder} includes ptosim/{target}/, "
                                      "a higher layer (docs/design.md, \"Layers\")")
                                bad += 1
    print(f"{bad} include(s) against the layer order" if bad else "every include follows the layer order")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
