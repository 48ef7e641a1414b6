#!/usr/bin/env python3
"""Must-not-compile checks of one folder in one compiler run (GCC).

Every snippet must fail to compile with the text of each of its "// expect-error: <text>" lines. Compiling the
folder's snippets one by one spends most of the time loading <pto/pto-inst.hpp> again; here they go into one
translation unit, each in a namespace of its own under a #line directive (so diagnostics name the snippet's own
file and line), and GCC, which reports every failed instantiation, is run once.

An error counts for the snippet last named in the diagnostics before it: GCC prints an error's context (the
"required from here" line, or "In function ...") before the error and omits it when it repeats. A snippet whose
expectations are not all met in the batch (GCC reports a failing specialisation once, even when two snippets
ask for it) is compiled alone, exactly as cmake/RunCompileFail.cmake does, so the batch only saves time: it
never passes a snippet that would compile on its own.

Usage: run_compile_fail_batch.py --cxx CXX --flags "FLAGS" --work DIR SNIPPET.cpp...
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

EXPECT = "// expect-error: "
INCLUDE = re.compile(r"^\s*#\s*include\b")
ERROR = re.compile(r"(^|: )error: ")


def read_snippet(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    expects = [line[len(EXPECT):] for line in lines if line.startswith(EXPECT)]
    if not expects:
        raise SystemExit(f"{path}: no '{EXPECT}<text>' line")
    return lines, expects


def compile_(cxx, flags, source):
    run = subprocess.run([cxx, *flags, "-fsyntax-only", source], capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def batch_source(snippets):
    """One translation unit: the snippets' includes first (in order, once each), then each snippet's text with its
    includes blanked (line numbers kept) in a namespace of its own."""
    includes, seen = [], set()
    for lines, _ in snippets.values():
        for line in lines:
            if INCLUDE.match(line) and line.strip() not in seen:
                seen.add(line.strip())
                includes.append(line.strip())
    out = list(includes)
    for i, (path, (lines, _)) in enumerate(snippets.items()):
        out.append(f"namespace ptosim_compile_fail_{i} {{")
        out.append(f'#line 1 "{path}"')
        out.extend("" if INCLUDE.match(line) else line for line in lines)
        out.append("}")
    return "\n".join(out) + "\n"


def attribute(output, paths):
    """The diagnostics text that belongs to each snippet: for each error, the lines from the previous error to the
    next one, credited to the snippet named last at or before the error."""
    lines = output.splitlines()
    errors = [i for i, line in enumerate(lines) if ERROR.search(line)]
    owner, text = None, {p: [] for p in paths}
    mentioned = [None] * len(lines)
    for i, line in enumerate(lines):
        hits = [(line.rfind(p), p) for p in paths if p in line]
        if hits:
            owner = max(hits)[1]
        mentioned[i] = owner
    for k, e in enumerate(errors):
        who = mentioned[e]
        if who is None:
            continue
        start = errors[k - 1] + 1 if k else 0
        end = errors[k + 1] if k + 1 < len(errors) else len(lines)
        text[who].extend(lines[start:end])
    return {p: "\n".join(t) for p, t in text.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--flags", default="")
    ap.add_argument("--work", required=True)
    ap.add_argument("snippets", nargs="+")
    args = ap.parse_args()
    flags = shlex.split(args.flags) + ["-fdiagnostics-color=never", "-fmax-errors=0"]
    snippets = {os.path.abspath(p): read_snippet(p) for p in sorted(args.snippets)}

    os.makedirs(args.work, exist_ok=True)
    batch = os.path.join(args.work, "batch.cpp")
    with open(batch, "w", encoding="utf-8") as f:
        f.write(batch_source(snippets))
    code, output = compile_(args.cxx, flags, batch)
    found = attribute(output, list(snippets)) if code != 0 else {p: "" for p in snippets}

    failed = 0
    for path, (_, expects) in snippets.items():
        name = os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path))
        if all(e in found[path] for e in expects):
            print(f"{name}: rejected as expected (in the batch)")
            continue
        alone_code, alone = compile_(args.cxx, flags, path)
        missing = [e for e in expects if e not in alone]
        if alone_code == 0:
            print(f"FAIL {name}: compiled, but it must not")
            failed += 1
        elif missing:
            print(f"FAIL {name}: the diagnostics do not contain {missing!r}:\n{alone}")
            failed += 1
        else:
            print(f"{name}: rejected as expected (alone)")
    print(f"{len(snippets) - failed} of {len(snippets)} snippets rejected as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
