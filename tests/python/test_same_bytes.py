"""Every module program of the repository gives the same bytes through ptosim.Module as through `ptoas run`.

The programs are examples/asm/*_module.pto and examples/python/*.pto; each says how it is run in its `// run:`
line. The arguments' shapes come from there, their data from numpy (random, the same for both); every pointer
argument is compared after the run.
"""

import re
import shlex
import subprocess

import numpy as np
import pytest

import ptosim
from conftest import SOURCE_DIR


def programs(source_dir):
    found = sorted((source_dir / "examples" / "asm").glob("*_module.pto"))
    found += sorted((source_dir / "examples" / "python").glob("*.pto"))
    return found


def run_line(path):
    for line in path.read_text().splitlines():
        m = re.match(r"\s*//\s*run:(.*)", line)
        if m:
            return shlex.split(m.group(1))
    raise AssertionError(f"{path} has no // run: line")


def count_of(spec):
    """The element count of an --arg SPEC (zeros:N, fill:V:ROWSxCOLS, random:N:seed=S, ...)."""
    fields = spec.split(":")[1:]
    for f in reversed(fields):
        if re.fullmatch(r"\d+x\d+", f):
            rows, cols = f.split("x")
            return int(rows) * int(cols)
    plain = [f for f in fields if re.fullmatch(r"\d+", f)]
    return int(plain[-1])


def data(rng, type_name, n):
    if type_name.startswith("f"):
        return (rng.standard_normal(n) * 3).astype({"f16": np.float16, "f32": np.float32, "f64": np.float64}[type_name])
    dtype = np.dtype({"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "u8": np.uint8,
                      "u16": np.uint16, "u32": np.uint32, "u64": np.uint64}[type_name])
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -1000), min(info.max, 1000), n, dtype=dtype, endpoint=True)


def test_the_programs_are_found(source_dir):
    names = [p.name for p in programs(source_dir)]
    assert {"axpy_module.pto", "cube_vector_module.pto", "softmax.pto"} <= set(names)


@pytest.mark.parametrize("path", programs(SOURCE_DIR), ids=lambda p: p.name)
def test_module_runs_give_ptoas_runs_bytes(ptoas, tmp_path, path):
    name = path.name
    module = ptosim.Module(path)
    params = module.params()
    args = run_line(path)
    specs = [args[i + 1] for i, a in enumerate(args) if a == "--arg"]
    entry = args[args.index("--entry") + 1] if "--entry" in args else None
    blocks = int(args[args.index("--blocks") + 1]) if "--blocks" in args else 1
    assert len(specs) == len(params)
    rng = np.random.default_rng(sum(map(ord, name)))
    values, command = [None] * len(params), [ptoas, "run", path, "--blocks", str(blocks)]
    for position, spec in enumerate(specs):
        index = position
        if spec.startswith("%"):
            pname, _, spec = spec.partition("=")
            index = next(i for i, p in enumerate(params) if p.name == pname)
        p = params[index]
        if p.pointer:
            values[index] = data(rng, p.type, count_of(spec))
            file = tmp_path / f"in{index}.bin"
            file.write_bytes(values[index].tobytes())
            command += ["--arg", f"{p.name}=file={file}", "--out", f"{p.name}={tmp_path / f'out{index}.bin'}"]
        else:
            values[index] = int(spec)
            command += ["--arg", f"{p.name}={spec}"]
    if entry:
        command += ["--entry", entry]
    subprocess.run(command, check=True, capture_output=True)
    module.run(entry, *values, blocks=blocks)
    for i, p in enumerate(params):
        if p.pointer:
            assert values[i].tobytes() == (tmp_path / f"out{i}.bin").read_bytes(), f"{name}: {p.name}"
