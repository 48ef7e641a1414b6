#!/usr/bin/env python3
"""The same program in both front ends: PTOAS's samples that ship a .pto program and the C++ its emitc backend
generated from it, run through `ptoas run` and through ptosim's C++ API with the same inputs, compared bit for
bit (docs/pto-as-module.md, "Both front ends").

    scripts/diff-ptoas-samples.py <PTOAS checkout> [--build build/ci] [--work DIR] [--only NAME] [--markdown F]

For each `__global__ AICORE void NAME(...)` kernel in a sample's .cpp (not its npu_validation folder) and a
.pto in the same folder that defines @NAME: every pointer argument gets the same pseudo-random buffer (fixed
seed) in both runs, scalars get a value from SCALARS below (32 for integers, 1 for i1, 1.0 for floats), and
after the runs every buffer must hold the same bytes. Exit status 1 when a pair differs or a golden fails.

Numpy goldens: where the sample's npu_validation folder has a golden.py and a compare.py for the kernel (its
launch.cpp launches it; its arguments are v1, v2, ... in order), golden.py (run with a Python that has numpy)
writes the inputs vK.bin and the expected outputs golden_vK.bin; both front ends then run on those inputs and
each one's outputs must pass the sample's own compare.py (its tolerance). A kernel with a golden but no C++
outside npu_validation is checked through `ptoas run` alone.
"""
import argparse
import os
import random
import re
import shutil
import struct
import subprocess
import sys

# golden.py and compare.py need numpy: Debian's python3-numpy, for the system Python.
NUMPY_PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

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
    "vector_cube_mixed_kernel": "the sample's C++ calls TROWMAX(dst, src) without the tmp tile pto-isa's "
                                "TROWMAX(dst, src, tmp) takes (include/pto/common/pto_instr.hpp), so it builds "
                                "against neither; `ptoas run` runs the .pto",
}

KERNEL = re.compile(r"__global__\s+AICORE\s+void\s+(\w+)\s*\(([^)]*)\)\s*\{")
KERNEL_DECL = re.compile(r"__global__\s+AICORE\s+void\s+(\w+)\s*\(([^)]*)\)\s*;")


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
    goldens = find_goldens(samples)
    rows, failed = [], False
    paired = set()
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
                paired.add(name)
                status = run_pair(a, root, ptoas, lib, d, cpp, os.path.join(d, pto), name, params_of(ptext),
                                  goldens.get(name, (None,))[0])
                if status.startswith("DIFFER") and name in KNOWN:
                    status = "differs (known: %s)" % KNOWN[name]
                elif status.startswith("C++ does not build") and name in KNOWN:
                    status = "C++ does not build (known: %s)" % KNOWN[name]
                failed |= status.startswith("DIFFER") or "golden: FAILED" in status
                rows.append((rel, os.path.relpath(os.path.join(d, pto), samples), name, status))
    for name, (gdir, pto, params) in sorted(goldens.items()):
        if name in paired or (a.only and a.only != name):
            continue
        status = run_pair(a, root, ptoas, lib, None, None, pto, name, params, gdir)
        if "golden" not in status:
            status += " (numpy golden not reached)"
        failed |= "golden: passed" not in status
        rows.append(("(none)", os.path.relpath(pto, samples), name, status))
    width = max([len(r[2]) for r in rows] + [6])
    for rel, pto, name, status in rows:
        print("%-*s  %s" % (width, name, status))
    pairs = [r for r in rows if r[0] != "(none)"]
    same = sum(1 for r in pairs if r[3].startswith("same"))
    print("%d of %d kernels give the same bytes through PTO-AS and C++" % (same, len(pairs)))
    checked = [r for r in rows if "golden:" in r[3] and "placeholder" not in r[3]]
    passed = sum(1 for r in checked if "golden: passed" in r[3])
    print("%d of %d kernels with a numpy golden pass its compare.py (%d more goldens are placeholders)"
          % (passed, len(checked), sum(1 for r in rows if "golden: a placeholder" in r[3])))
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("| sample C++ | sample .pto | kernel | result |\n|---|---|---|---|\n")
            for rel, pto, name, status in rows:
                f.write("| %s | %s | %s | %s |\n" % (rel, pto, name, status))
    sys.exit(1 if failed else 0)


def find_goldens(samples):
    """Kernel name -> (npu_validation folder, the .pto defining it, its parameters) for every sample whose
    npu_validation folder has golden.py, compare.py and a launch.cpp that launches one kernel."""
    out = {}
    for d, _, files in sorted(os.walk(samples)):
        if os.path.basename(d) != "npu_validation" or not {"golden.py", "compare.py", "launch.cpp"} <= set(files):
            continue
        decl = KERNEL_DECL.search(open(os.path.join(d, "launch.cpp"), encoding="utf-8", errors="replace").read())
        params = params_of(decl.group(2)) if decl else None
        if not params:
            continue
        name = decl.group(1)
        sample = os.path.dirname(d)
        pto = next((os.path.join(sample, p) for p in sorted(os.listdir(sample)) if p.endswith(".pto") and
                    re.search(r"func\.func\s+@%s\s*\(" % re.escape(name),
                              open(os.path.join(sample, p), encoding="utf-8", errors="replace").read())), None)
        if pto:
            out[name] = (d, pto, params)
    return out


def golden_inputs(gdir, work, params):
    """Runs the sample's golden.py in work/golden: returns {argument index: input file} (an output gets zeros of
    its golden's size: the generated main.cpp zero-fills outputs), or an error text."""
    gwork = os.path.join(work, "golden")
    os.makedirs(gwork, exist_ok=True)
    r = subprocess.run([NUMPY_PYTHON, os.path.join(gdir, "golden.py")], cwd=gwork, capture_output=True, text=True)
    if r.returncode != 0:
        return "golden.py failed: " + (r.stderr.strip().splitlines() or ["?"])[-1]
    files = {}
    for k, (_, ptr) in enumerate(params):
        if not ptr:
            continue
        given, golden = os.path.join(gwork, "v%d.bin" % (k + 1)), os.path.join(gwork, "golden_v%d.bin" % (k + 1))
        if not os.path.exists(given) and os.path.exists(golden):  # an output golden.py gives no start for
            given = os.path.join(gwork, "zeros_v%d.bin" % (k + 1))
            with open(given, "wb") as f:
                f.write(bytes(os.path.getsize(golden)))
        elif not os.path.exists(given):
            return "golden.py wrote neither v%d.bin nor golden_v%d.bin" % (k + 1, k + 1)
        files[k] = given
    return files


def placeholder_golden(gdir):
    """Whether the sample's golden.py only fills its outputs with a constant (np.full) instead of computing the
    kernel, and its compare.py ignores a mismatch: such a golden checks nothing."""
    golden = open(os.path.join(gdir, "golden.py"), encoding="utf-8").read()
    compare = open(os.path.join(gdir, "compare.py"), encoding="utf-8").read()
    body = golden[golden.find("def generate_golden"):golden.find("def main")]
    return "np.full(" in body and "@" not in body and "(ignored)" in compare


def golden_verdict(gdir, work, outputs, label):
    """Runs the sample's compare.py on one front end's outputs ({argument index: file})."""
    cwork = os.path.join(work, "compare-" + label)
    os.makedirs(cwork, exist_ok=True)
    for f in os.listdir(os.path.join(work, "golden")):
        if f.startswith("golden_"):
            shutil.copy(os.path.join(work, "golden", f), cwork)
    for k, path in outputs.items():
        size = os.path.getsize(os.path.join(work, "golden", "golden_v%d.bin" % (k + 1))) \
            if os.path.exists(os.path.join(work, "golden", "golden_v%d.bin" % (k + 1))) else None
        with open(path, "rb") as src, open(os.path.join(cwork, "v%d.bin" % (k + 1)), "wb") as dst:
            dst.write(src.read() if size is None else src.read(size))
    r = subprocess.run([NUMPY_PYTHON, os.path.join(gdir, "compare.py")], cwd=cwork, capture_output=True, text=True)
    return "compare passed" in r.stdout


def run_pair(a, root, ptoas, lib, d, cpp, pto, name, params, golden=None):
    if params is None:
        return "skipped: a parameter list the harness does not read"
    work = os.path.abspath(os.path.join(a.work, name))
    os.makedirs(work, exist_ok=True)
    given = {}
    if golden:
        given = golden_inputs(golden, work, params)
        if isinstance(given, str):
            return given
    decls, call, args, reads = [], [], [], []
    for k, (ctype, ptr) in enumerate(params):
        if ptr:
            if ctype not in TYPES:
                return "skipped: argument type %s" % ctype
            path = os.path.join(work, "in%d.bin" % k)
            with open(path, "wb") as f:
                f.write(open(given[k], "rb").read() if k in given else buffer_bytes(ctype, 1000 + k))
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
    pto_status = run_pto(ptoas, pto, name, params, args, outs, work)
    if cpp is None:  # a golden alone
        if pto_status:
            return pto_status
        ok = golden_verdict(golden, work, {k: os.path.join(work, "pto%d.bin" % k) for k in outs}, "pto")
        return "PTO-AS only (no C++ in the sample); numpy golden: %s" % ("passed" if ok else "FAILED")
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
    if pto_status:
        return pto_status
    for k in outs:
        x = open(os.path.join(work, "cpp%d.bin" % k), "rb").read()
        y = open(os.path.join(work, "pto%d.bin" % k), "rb").read()
        if x != y:
            diff = sum(1 for i in range(0, len(x), 4) if x[i:i + 4] != y[i:i + 4])
            return "DIFFER: argument %d, %d words differ" % (k, diff)
    status = "same bytes (%d buffers)" % len(outs)
    if golden and placeholder_golden(golden):
        status += "; numpy golden: a placeholder (its golden.py writes np.full(..., -1), its compare.py ignores " \
                  "the mismatch)"
    elif golden:
        verdicts = [golden_verdict(golden, work, {k: os.path.join(work, "%s%d.bin" % (fe, k)) for k in outs}, fe)
                    for fe in ("cpp", "pto")]
        status += "; numpy golden: " + ("passed" if all(verdicts) else
                                        "FAILED (C++ %s, PTO-AS %s)" % tuple("ok" if v else "no" for v in verdicts))
    return status


def run_pto(ptoas, pto, name, params, args, outs, work):
    """Runs the .pto's kernel through `ptoas run`, outputs to work/ptoK.bin; returns an error text or None."""
    cmd = [ptoas, "run", pto, "--entry", name]
    for k, arg in enumerate(args):
        cmd += ["--arg", "%s" % arg]
    for k in outs:
        cmd += ["--out", "%%%d=%s" % (k, os.path.join(work, "pto%d.bin" % k))]
    # Arguments by position: rename the --out targets to the entry's parameter names.
    names = param_names(ptoas, pto, name)
    if names is None or len(names) != len(params):
        return "PTO-AS: parameters do not match the C++ kernel's"
    cmd = [c if not c.startswith("%") else names[int(c[1:c.index("=")])] + c[c.index("="):] for c in cmd]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        msg = next((l for l in r.stderr.splitlines() if "error" in l or "warning" in l), r.stderr.strip())
        return "PTO-AS run failed: " + msg.split(": ", 2)[-1]
    return None


def param_names(ptoas, pto, name):
    r = subprocess.run([ptoas, "check", pto, "--entry", name], capture_output=True, text=True)
    m = re.search(r"entry @\w+\((.*)\)", r.stdout)
    if not m:
        return None
    return re.findall(r"(%[\w$.-]+):", m.group(1))


if __name__ == "__main__":
    main()
