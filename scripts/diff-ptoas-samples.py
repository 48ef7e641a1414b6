#!/usr/bin/env python3
"""The same program in both front ends: PTOAS's samples that ship a .pto program and the C++ its emitc backend
generated from it, run through `ptoas run` and through ptosim's C++ API with the same inputs, compared bit for
bit (docs/pto-as-module.md, "Both front ends").

    scripts/diff-ptoas-samples.py <PTOAS checkout> [--build build/ci] [--work DIR] [--only NAME] [--markdown F]

For each `__global__ AICORE void NAME(...)` kernel in a sample's .cpp (not its npu_validation folder) and a
.pto in the same folder that defines @NAME: every pointer argument gets the same pseudo-random buffer (fixed
seed) in both runs, scalars get a value from SCALARS below (32 for integers, 1 for i1, 1.0 for floats), and
after the runs every buffer must hold the same bytes. Exit status 1 when a pair differs.
"""
import argparse
import os
import random
import re
import struct
import subprocess
import sys

ELEMS = 1 << 18  # elements per pointer argument: larger than any sample's tensors

# (C++ spelling, .pto spelling, struct format, element bytes)
TYPES = {
    "float": ("f32", "f", 4),
    "half": ("f16", "e", 2),
    "bfloat16_t": ("bf16", None, 2),
    "int32_t": ("i32", "i", 4),
    "int16_t": ("i16", "h", 2),
    "int8_t": ("i8", "b", 1),
    "uint32_t": ("ui32", "I", 4),
    "uint16_t": ("ui16", "H", 2),
    "uint8_t": ("ui8", "B", 1),
}

# Scalar arguments that need a meaningful value, by kernel and parameter position.
SCALARS = {}

# Pairs whose C++ is not what the .pto says, with the evidence: reported, not counted as failures.
KNOWN = {
    "RunTMATMULSplitK": "the sample's C++ is stale: it reads x (32 x 256 floats) with a row stride of 32 "
                        "(pto::Stride<1024, 1024, 1024, 32, 1>), tmatmulk.pto with 256; the PTO-AS result "
                        "matches a float64 x @ w + bias to 1e-5, the C++ one does not",
}

KERNEL = re.compile(r"__global__\s+AICORE\s+void\s+(\w+)\s*\(([^)]*)\)\s*\{")


def buffer_bytes(ctype, seed):
    rng = random.Random(seed)
    _, fmt, size = TYPES[ctype]
    if ctype == "bfloat16_t":
        out = bytearray()
        for _ in range(ELEMS):
            out += struct.pack("<f", rng.uniform(-2, 2))[2:]
        return bytes(out)
    if fmt in "fe":
        return struct.pack("<%d%s" % (ELEMS, fmt), *[rng.uniform(-2, 2) for _ in range(ELEMS)])
    lo, hi = (-8, 8) if fmt.islower() else (0, 16)
    return struct.pack("<%d%s" % (ELEMS, fmt), *[rng.randint(lo, hi) for _ in range(ELEMS)])


def params_of(text):
    out = []
    for p in [p.strip() for p in text.split(",") if p.strip()]:
        m = re.match(r"(__gm__\s+)?([\w:]+)\s*(\*?)\s*(\w+)$", p)
        if not m:
            return None
        out.append((m.group(2), bool(m.group(3))))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ptoas_repo")
    ap.add_argument("--build", default="build/ci")
    ap.add_argument("--work", default="build/ptoas-samples")
    ap.add_argument("--only")
    ap.add_argument("--markdown")
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(a.build)
    ptoas = os.path.join(build, "tools/ptoas/ptoas")
    lib = os.path.join(build, "src/libptosim.a")
    for f in (ptoas, lib):
        if not os.path.exists(f):
            sys.exit("missing %s: build the ci preset first (cmake --build %s)" % (f, a.build))
    samples = os.path.join(a.ptoas_repo, "test/samples")
    rows, failed = [], False
    for d, _, files in sorted(os.walk(samples)):
        if "npu_validation" in d or "board_validation" in d:
            continue
        ptos = [f for f in files if f.endswith(".pto")]
        for cpp in sorted(f for f in files if f.endswith(".cpp") and f not in ("main.cpp", "launch.cpp")):
            src = open(os.path.join(d, cpp), encoding="utf-8", errors="replace").read()
            for name, ptext in KERNEL.findall(src):
                if a.only and a.only != name:
                    continue
                # The .pto named like the .cpp first (MatMul has tmatmulk.pto and an older 0.pto).
                stem = os.path.splitext(cpp)[0]
                pto = next((p for p in sorted(ptos, key=lambda p: (os.path.splitext(p)[0] != stem, p))
                            if re.search(r"func\.func\s+@%s\s*\(" % re.escape(name),
                                         open(os.path.join(d, p), encoding="utf-8", errors="replace").read())), None)
                rel = os.path.relpath(os.path.join(d, cpp), samples)
                if not pto:
                    continue
                status = run_pair(a, root, ptoas, lib, d, cpp, pto, name, params_of(ptext))
                if status.startswith("DIFFER") and name in KNOWN:
                    status = "differs (known: %s)" % KNOWN[name]
                failed |= status.startswith("DIFFER")
                rows.append((rel, os.path.relpath(os.path.join(d, pto), samples), name, status))
    width = max([len(r[2]) for r in rows] + [6])
    for rel, pto, name, status in rows:
        print("%-*s  %s" % (width, name, status))
    same = sum(1 for r in rows if r[3].startswith("same"))
    print("%d of %d kernels give the same bytes through PTO-AS and C++" % (same, len(rows)))
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("| sample C++ | sample .pto | kernel | result |\n|---|---|---|---|\n")
            for rel, pto, name, status in rows:
                f.write("| %s | %s | %s | %s |\n" % (rel, pto, name, status))
    sys.exit(1 if failed else 0)


def run_pair(a, root, ptoas, lib, d, cpp, pto, name, params):
    if params is None:
        return "skipped: a parameter list the harness does not read"
    work = os.path.abspath(os.path.join(a.work, name))
    os.makedirs(work, exist_ok=True)
    decls, call, args, reads = [], [], [], []
    for k, (ctype, ptr) in enumerate(params):
        if ptr:
            if ctype not in TYPES:
                return "skipped: argument type %s" % ctype
            path = os.path.join(work, "in%d.bin" % k)
            with open(path, "wb") as f:
                f.write(buffer_bytes(ctype, 1000 + k))
            decls.append("__gm__ %s* a%d" % (ctype, k))
            reads.append('    auto b%d = load("%s");' % (k, path))
            call.append("reinterpret_cast<%s*>(b%d.data())" % (ctype, k))
            args.append("file=%s" % path)
        else:
            v = SCALARS.get((name, k), 1 if ctype == "bool" else 1.0 if ctype in ("float", "half") else 32)
            decls.append("%s a%d" % (ctype, k))
            call.append(str(v).lower() if ctype == "bool" else str(v))
            args.append(str(int(v) if ctype != "float" else v))
    outs = [k for k, (_, ptr) in enumerate(params) if ptr]
    main = os.path.join(work, "main.cpp")
    with open(main, "w") as f:
        f.write('#include <pto/pto-inst.hpp>\n#include <fstream>\n#include <iterator>\n#include <vector>\n')
        f.write("__global__ AICORE void %s(%s);\n" % (name, ", ".join(decls)))
        f.write("static std::vector<char> load(const char* p) {\n    std::ifstream f(p, std::ios::binary);\n"
                "    return {std::istreambuf_iterator<char>(f), {}};\n}\n")
        f.write("int main() {\n%s\n    %s(%s);\n" % ("\n".join(reads), name, ", ".join(call)))
        for k in outs:
            f.write('    std::ofstream("%s", std::ios::binary).write(b%d.data(), b%d.size());\n'
                    % (os.path.join(work, "cpp%d.bin" % k), k, k))
        f.write("}\n")
    exe = os.path.join(work, "kernel")
    cmd = ["g++", "-std=c++20", "-O1", "-w", "-D__CPU_SIM", "-I" + os.path.join(root, "include"), main,
           os.path.join(d, cpp), lib, "-lhwy", "-pthread", "-o", exe]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        first = next((l for l in r.stderr.splitlines() if "error" in l), r.stderr.strip()[:200])
        return "C++ does not build: " + first.split("error:")[-1].strip()
    r = subprocess.run([exe], capture_output=True, text=True)
    if r.returncode != 0:
        return "C++ run failed: " + (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
    cmd = [ptoas, "run", os.path.join(d, pto), "--entry", name]
    for k, arg in enumerate(args):
        cmd += ["--arg", "%s" % arg]
    for k in outs:
        cmd += ["--out", "%%%d=%s" % (k, os.path.join(work, "pto%d.bin" % k))]
    # Arguments by position: rename the --out targets to the entry's parameter names.
    names = param_names(ptoas, os.path.join(d, pto), name)
    if names is None or len(names) != len(params):
        return "PTO-AS: parameters do not match the C++ kernel's"
    cmd = [c if not c.startswith("%") else names[int(c[1:c.index("=")])] + c[c.index("="):] for c in cmd]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        msg = next((l for l in r.stderr.splitlines() if "error" in l or "warning" in l), r.stderr.strip())
        return "PTO-AS run failed: " + msg.split(": ", 2)[-1]
    for k in outs:
        x = open(os.path.join(work, "cpp%d.bin" % k), "rb").read()
        y = open(os.path.join(work, "pto%d.bin" % k), "rb").read()
        if x != y:
            diff = sum(1 for i in range(0, len(x), 4) if x[i:i + 4] != y[i:i + 4])
            return "DIFFER: argument %d, %d words differ" % (k, diff)
    return "same bytes (%d buffers)" % len(outs)


def param_names(ptoas, pto, name):
    r = subprocess.run([ptoas, "check", pto, "--entry", name], capture_output=True, text=True)
    m = re.search(r"entry @\w+\((.*)\)", r.stdout)
    if not m:
        return None
    return re.findall(r"(%[\w$.-]+):", m.group(1))


if __name__ == "__main__":
    main()
