"""ptosim.Module: PTO-AS modules on numpy arrays, their checks and their errors."""

import numpy as np
import pytest

import ptosim
from conftest import line_of


def softmax(x):
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.fixture(scope="module")
def softmax_module(source_dir):
    return ptosim.Module(source_dir / "examples" / "python" / "softmax.pto")


@pytest.fixture(scope="module")
def axpy_path(source_dir):
    return source_dir / "examples" / "asm" / "axpy_module.pto"


def test_softmax_matches_numpy_and_writes_only_the_output(softmax_module):
    rng = np.random.default_rng(7)
    for rows in (8, 24):
        x = rng.standard_normal((rows, 64), dtype=np.float32) * 4
        x_before = x.copy()
        y = np.full_like(x, -1.0)
        run = softmax_module.run("softmax", x, y, rows)
        np.testing.assert_allclose(y, softmax(x), rtol=2e-6, atol=1e-7)
        assert np.array_equal(x, x_before)
        assert run.hazards is None and run.timeline is None
        assert run.name == "@softmax" and run.blocks == 1


def test_module_describes_its_functions_and_parameters(softmax_module, axpy_path):
    assert softmax_module.functions == ["softmax"]
    assert softmax_module.entry == "softmax"
    params = softmax_module.params()
    assert [(p.name, p.type, p.pointer, p.text) for p in params] == [
        ("%x", "f32", True, "!pto.ptr<f32>"), ("%y", "f32", True, "!pto.ptr<f32>"), ("%rows", "i64", False, "index")]
    assert softmax_module.check() == []
    m = ptosim.Module(str(axpy_path))
    assert m.file == str(axpy_path)
    assert "@axpy" in repr(m)


def test_arguments_by_name_and_the_default_entry(axpy_path):
    m = ptosim.Module(axpy_path)
    x = np.arange(128, dtype=np.float32).reshape(8, 16)
    y = np.ones((8, 16), np.float32)
    out = np.zeros((8, 16), np.float32)
    m.run(None, x=x, y=y, out=out)
    assert np.array_equal(out, 2 * x + y)
    out[:] = 0
    m.run("axpy", x, y, **{"%out": out})
    assert np.array_equal(out, 2 * x + y)


def test_text_modules_read_only_inputs_and_signless_integers():
    text = """module {
  func.func @twice(%a: !pto.ptr<i32>, %b: !pto.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c1, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xi32>
    %vb = pto.make_tensor_view %b, shape = [%c1, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xi32>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x8xi32>
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x8xi32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=8>
    pto.tload ins(%pa : !pto.partition_tensor_view<1x8xi32>) outs(%t : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=8>)
    pto.tadds ins(%t, %n : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=8>, i32) outs(%t : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=8>)
    pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=8>) outs(%pb : !pto.partition_tensor_view<1x8xi32>)
    return
  }
}
"""
    m = ptosim.Module(text)
    assert m.file == "<module>"
    a = np.arange(8, dtype=np.int32)
    a.flags.writeable = False  # an input only: accepted
    b = np.zeros(8, np.int32)
    m.run("twice", a, b, -3)
    assert np.array_equal(b, a - 3)
    ub = np.zeros(8, np.uint32)  # MLIR's i32 is signless: uint32 data fits too
    m.run("twice", a, ub, 2**32 - 1)  # and so does an unsigned scalar of its width (-1)
    assert np.array_equal(ub, (a - 1).astype(np.uint32))
    with pytest.raises(ptosim.ArgumentError, match=r"%n: 4294967296 does not fit i32"):
        m.run("twice", a, b, 2**32)
    with pytest.raises(ptosim.ArgumentError, match=r"%n: expected an integer for the i32 parameter"):
        m.run("twice", a, b, 1.5)


def test_blocks_see_their_index():
    row = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8>"
    text = f"""module {{
  func.func @k(%c: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %b = pto.get_block_idx : i64
    %bi = arith.index_cast %b : i64 to index
    %v = pto.make_tensor_view %c, shape = [%c4, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%bi, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x8xf32>
    %t = pto.alloc_tile : {row}
    %one = arith.constant 1 : i64
    %b1 = arith.addi %b, %one : i64
    %f = arith.sitofp %b1 : i64 to f32
    pto.texpands ins(%f : f32) outs(%t : {row})
    pto.tstore ins(%t : {row}) outs(%p : !pto.partition_tensor_view<1x8xf32>)
    return
  }}
}}
"""
    c = np.zeros((4, 8), np.float32)
    run = ptosim.Module(text).run("k", c, blocks=4)
    assert run.blocks == 4
    assert np.array_equal(c, np.repeat(np.arange(1, 5, dtype=np.float32), 8).reshape(4, 8))


def test_the_cube_and_vector_example_runs_its_three_cores(source_dir):
    m = ptosim.Module(source_dir / "examples" / "asm" / "cube_vector_module.pto")
    a = (np.arange(256, dtype=np.float32) - 5).reshape(16, 16)
    b = (7 - np.arange(256, dtype=np.float32)).reshape(16, 16)
    c = np.full((16, 16), 1000, np.float32)
    run = m.run(None, a, b, c, hazards=True)
    assert run.hazards == []
    np.testing.assert_array_equal(c, a @ b + 1000)


def test_syntax_errors_are_program_errors_with_locations():
    with pytest.raises(ptosim.ProgramError) as e:
        ptosim.Module("module {\n  func.func @k(%a: !pto.ptr<f32>) {\n    %x = arith.addi %nope, %a : i32\n"
                      "    return\n  }\n}\n", name="bad.pto")
    d = e.value.diagnostics[0]
    assert (d.file, d.line, d.severity) == ("bad.pto", 3, "error")
    assert d.column > 0 and "%nope" in d.message
    assert str(d).startswith("bad.pto:3:")
    assert "bad.pto:3:" in str(e.value)


def test_check_lists_what_does_not_execute_and_raises_for_what_cannot_mean_anything():
    m = ptosim.Module("func.func @k() {\n  %c = arith.constant true\n  scf.if %c {\n  } else {\n"
                      "    pto.tmatmul.mx ins() outs()\n  }\n  return\n}\n")
    warnings = m.check()
    assert [(w.severity, w.line, w.status) for w in warnings] == [("warning", 5, "NotExecutable")]
    assert "pto.tmatmul.mx" in warnings[0].message
    m.run("k")  # the branch with it is not taken
    bad = ptosim.Module("func.func @k(%a: !pto.ptr<f32>) {\n"
                        "  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f99, rows=1, cols=8>\n  return\n}\n")
    with pytest.raises(ptosim.ProgramError) as e:
        bad.check()
    assert e.value.diagnostics[0].line == 2
    with pytest.raises(ptosim.ProgramError):
        bad.run("k", np.zeros(8, np.float32))


def test_not_a_module_and_missing_files(tmp_path):
    with pytest.raises(ptosim.ProgramError, match="not a PTO-AS module"):
        ptosim.Module("THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB>\n")
    with pytest.raises(FileNotFoundError):
        ptosim.Module(tmp_path / "missing.pto")
    with pytest.raises(ptosim.ArgumentError, match="text_or_path"):
        ptosim.Module(42)
    with pytest.raises(ptosim.ArgumentError, match="arch"):
        ptosim.Module("module {\n}\n", arch="A9")


def test_bad_arguments_are_named_before_anything_runs(softmax_module):
    x = np.zeros((8, 64), np.float32)
    y = np.zeros((8, 64), np.float32)
    cases = [
        ((x.astype(np.float64), y, 8), {}, r"%x: dtype float64 does not match the parameter's f32"),
        ((x, y.astype(np.float16), 8), {}, r"%y: dtype float16"),
        ((x, np.zeros((64, 8), np.float32).T, 8), {}, r"%y: the array is not C-contiguous"),
        ((x, [0.0] * 512, 8), {}, r"%y: expected a numpy array of float32"),
        ((x, y), {}, r"%rows: missing argument"),
        ((x, y, 8, 9), {}, r"takes 3 arguments"),
        ((x, y, 8), {"rows": 8}, r"rows: given twice"),
        ((x, y, 8), {"z": 1}, r"z: @softmax has no parameter of that name"),
        ((x, y, "8"), {}, r"%rows: expected a number"),
        ((x, y, 2**63), {}, r"%rows: 9223372036854775808 does not fit index"),
        ((x, y, 8), {"blocks": 0}, r"blocks: expected an integer from 1 to 4096"),
        ((x, y, 8), {"hazards": "yes"}, r"hazards: expected True, False or \"raise\""),
        ((x, y, 8), {"trace": 3}, r"trace: expected None, True or a file path"),
        ((x, y, 8), {"max_steps": 0}, r"max_steps: expected a positive integer"),
    ]
    for args, kwargs, message in cases:
        y[:] = 5
        with pytest.raises(ptosim.ArgumentError, match=message):
            softmax_module.run("softmax", *args, **kwargs)
        assert (y == 5).all()  # nothing ran
    with pytest.raises(ptosim.ArgumentError, match="entry"):
        softmax_module.run(x, y, 8)
    with pytest.raises(ptosim.ProgramError, match="no function @nothere"):
        softmax_module.run("nothere", x, y, 8)


def test_a_failed_run_is_an_exception_at_the_operation_and_leaves_the_arrays(softmax_module, source_dir):
    path = source_dir / "examples" / "python" / "softmax.pto"
    x = np.ones((16, 64), np.float32)
    y = np.full((16, 64), 5, np.float32)
    with pytest.raises(ptosim.RunError) as e:
        softmax_module.run("softmax", x, y, 24)  # the third group of 8 rows lies past the arrays
    err = e.value
    assert err.status == "OutOfBounds"
    assert (err.file, err.line) == (str(path), line_of(path, "pto.tload"))
    assert err.column > 0
    assert str(err).startswith(f"{path}:{err.line}:{err.column}: error: ")
    assert (y == 5).all()
    softmax_module.run("softmax", x, y, 16)  # the process goes on
    np.testing.assert_allclose(y, np.full((16, 64), 1 / 64), rtol=1e-6)
    with pytest.raises(ptosim.RunError) as e:
        softmax_module.run("softmax", x, y, 16, max_steps=20)
    assert "20" in e.value.message or e.value.status


def test_a_broken_instruction_rule_is_a_run_error_with_the_kernels_message():
    one = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8>"
    two = "!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=8, v_row=2, v_col=8>"
    text = f"""module {{
  func.func @k(%a: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c1, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x8xf32>
    %t = pto.alloc_tile : {one}
    %u = pto.alloc_tile : {two}
    pto.tload ins(%pa : !pto.partition_tensor_view<1x8xf32>) outs(%t : {one})
    pto.tadd ins(%t, %t : {one}, {one}) outs(%u : {two})
    pto.tstore ins(%t : {one}) outs(%pa : !pto.partition_tensor_view<1x8xf32>)
    return
  }}
}}
"""
    m = ptosim.Module(text, name="shapes.pto")
    a = np.arange(8, dtype=np.float32)
    with pytest.raises(ptosim.RunError) as e:
        m.run("k", a)
    err = e.value
    assert (err.status, err.file, err.line, err.column) == ("KernelCheck", "shapes.pto", 11, 5)
    assert "TADD: every operand has the destination's valid shape" in err.message
    assert "validRow=1" in err.message
    assert np.array_equal(a, np.arange(8, dtype=np.float32))


def test_hazards_are_objects_and_raise_when_asked(axpy_path):
    text = axpy_path.read_text()
    first_flag = "      pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n      pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n"
    assert first_flag in text
    broken = text.replace(first_flag, "")
    lines = broken.splitlines()
    load_line = next(i for i, s in enumerate(lines, 1) if "pto.tload ins(%px" in s)
    muls_line = next(i for i, s in enumerate(lines, 1) if "pto.tmuls" in s)
    m = ptosim.Module(broken, name="axpy_broken.pto")
    x = np.arange(128, dtype=np.float32).reshape(8, 16)
    y = np.ones_like(x)
    out = np.zeros_like(x)
    run = m.run("axpy", x, y, out, hazards=True)
    assert np.array_equal(out, 2 * x + y)  # right here, racy on the chip
    raw = [h for h in run.hazards if h.kind == "read-after-write" and h.second.name == "TMULS"]
    assert len(raw) == 1, [str(h) for h in run.hazards]
    h = raw[0]
    assert (h.first.name, h.first.pipe, h.first.location) == ("TLOAD", "MTE2", f"axpy_broken.pto:{load_line}")
    assert (h.second.pipe, h.second.location) == ("V", f"axpy_broken.pto:{muls_line}")
    assert h.buffer == "UB" and h.hi > h.lo  # the tile's bytes in the Unified Buffer
    assert h.fix.startswith("set_flag(PIPE_MTE2, PIPE_V, id) after the first")
    assert h.fix in h.text and str(h) == h.text.rstrip()
    with pytest.raises(ptosim.HazardError) as e:
        m.run("axpy", x, y, out, hazards="raise")
    assert len(e.value.reports) == len(run.hazards)
    assert e.value.run.hazards == e.value.reports
    assert "read-after-write" in str(e.value)
    clean = ptosim.Module(axpy_path).run("axpy", x, y, out, hazards="raise")
    assert clean.hazards == []
    assert ptosim.Module(axpy_path).run("axpy", x, y, out).hazards is None  # the checker is off again


def test_traced_runs_give_a_timeline_and_write_its_json(softmax_module, tmp_path):
    import json

    x = np.random.default_rng(3).standard_normal((32, 64), dtype=np.float32)
    y = np.zeros_like(x)
    path = tmp_path / "softmax.json"
    run = softmax_module.run("softmax", x, y, 32, trace=path)
    t = run.timeline
    assert list(t.pipes) == ["MTE2", "V", "MTE3"]
    assert t.pipes["MTE2"].instructions == 4 and t.pipes["MTE3"].instructions == 4
    assert t.pipes["V"].instructions == 4 * 5
    for stats in t.pipes.values():
        assert stats.busy == sum(s.cycles for s in stats.spans)
        assert stats.waiting == sum(s.stall for s in stats.spans)
        assert 0 < stats.busy_share <= 1
    assert len(t.cores) == 1 and t.cycles == t.cores[0].cycles
    path_spans = t.critical_path
    assert path_spans[-1].end == t.cycles
    assert all(a.end <= b.start for a, b in zip(path_spans, path_spans[1:]))
    assert path_spans[0].site.endswith(f"softmax.pto:{path_spans[0]._line}")
    assert t.microseconds == pytest.approx(t.cycles / 1850.0)
    assert "critical path" in t.summary and str(t) == t.summary.rstrip()
    flags = t.cores[0].flags
    assert {(f.src, f.dst) for f in flags} == {("MTE2", "V"), ("V", "MTE3"), ("MTE3", "MTE2")}
    assert all(f.waited_at >= f.set_at for f in flags)
    events = json.loads(path.read_text())["traceEvents"]
    assert sum(1 for e in events if e.get("ph") == "X") == sum(p.instructions for p in t.pipes.values())
    again = softmax_module.run("softmax", x, y, 32)
    assert again.timeline is None
