"""ptosim.Kernel: C++ kernels from shared libraries on numpy arrays, their signatures and their errors."""

import numpy as np
import pytest

import ptosim
from conftest import line_of

@pytest.fixture(scope="module")
def kernels_cpp(source_dir):
    return source_dir / "tests" / "python" / "kernels.cpp"


@pytest.fixture(scope="module")
def add_one(test_kernels):
    return ptosim.Kernel(test_kernels, "add_one", "out:f32*[1024], in:f32*[1024], ub:i32")


def test_a_kernel_runs_on_arrays_in_place_on_several_blocks(add_one):
    x = np.arange(4 * 1024, dtype=np.float32).reshape(64, 64)
    out = np.zeros_like(x)
    run = add_one(out, x, 0x2000, blocks=4)
    assert np.array_equal(out, x + 1)
    assert run.blocks == 4 and run.name == "add_one"
    assert run.hazards is None and run.timeline is None
    out[:] = 0
    add_one(out=out, ub=0, **{"in": x})  # by name; one block does the first 16 rows
    assert np.array_equal(out[:16], x[:16] + 1) and not out[16:].any()
    assert add_one.signature == "out: f32*[1024], in: f32*[1024], ub: i32"
    assert [p.name for p in add_one.params] == ["out", "in", "ub"]
    assert "add_one" in repr(add_one)


def test_the_library_signature_is_used_when_none_is_given(test_kernels):
    k = ptosim.Kernel(test_kernels, "blocks")
    assert [(p.name, p.type, p.pointer) for p in k.params] == [("arg0", "i32", True)]
    out = np.zeros(9, np.int32)
    k(out, blocks=8)
    assert list(out) == [8, 1, 2, 3, 4, 5, 6, 7, 8]


def test_scalars_of_every_type_reach_the_kernel(test_kernels):
    k = ptosim.Kernel(test_kernels, "echo", "out:f64*[12], a:i8, b:i16, c:i32, d:i64, e:u8, f:u16, g:u32, h:u64, "
                                            "i:f16, j:bf16, k:f32, l:f64")
    out = np.zeros(12, np.float64)
    values = [-128, -32768, -2**31, -2**62, 255, 65535, 2**32 - 1, 2**53, 1.5, -3.0, 0.1, 1 / 3]
    k(out, *values)
    expect = values[:10] + [float(np.float32(0.1)), 1 / 3]
    assert list(out) == expect
    k(out, 1, 2, 3, 4, 5, 6, 7, 8, np.float16(65504), 1.00390625, np.float32(2), np.int64(9))
    assert list(out) == [1, 2, 3, 4, 5, 6, 7, 8, 65504, 1.0, 2, 9]  # bf16 rounds 1 + 2^-8 to even: 1
    for i, bad in [(1, 128), (2, 2**15), (5, -1), (8, 2**64), (4, 2**63), (3, 1.5)]:
        args = list(values)
        args[i - 1] = bad
        with pytest.raises(ptosim.ArgumentError, match=f"^{'abcdefghijkl'[i - 1]}: "):
            k(out, *args)
    with pytest.raises(ptosim.ArgumentError, match="expected a number"):
        k(out, *values[:-1], "1")


def test_bad_arrays_are_named_before_the_launch(add_one):
    x = np.ones((16, 64), np.float32)
    out = np.full((16, 64), 7, np.float32)
    read_only = x.copy()
    read_only.flags.writeable = False
    cases = [
        ((out.astype(np.float64), x, 0), r"^out: dtype float64 does not match the parameter's f32"),
        ((out, x.astype(np.int32), 0), r"^in: dtype int32"),
        ((out, x[:, :32], 0), r"^in: the array is not C-contiguous"),
        ((out, np.ones(1000, np.float32), 0), r"^in: the array has 1000 elements; the signature needs at least 1024"),
        ((read_only, x, 0), r"^out: the array is read-only"),
        ((out, x.tolist(), 0), r"^in: expected a numpy array of float32"),
        ((out, x), r"^ub: missing argument"),
        ((out, x, 0, 1), r"add_one takes 3 arguments"),
    ]
    for args, message in cases:
        with pytest.raises(ptosim.ArgumentError, match=message):
            add_one(*args)
        assert (out == 7).all()
    with pytest.raises(ptosim.ArgumentError, match="blocks"):
        add_one(out, x, 0, blocks=5000)


def test_sizes_in_the_signature_are_products_of_scalar_parameters(example_kernels):
    k = ptosim.Kernel(example_kernels, "row_softmax", "y:f32*[n_rows*cols], x:f32*[n_rows*cols], n_rows:i64, cols:i32")
    x = np.zeros((10, 64), np.float32)
    y = np.zeros_like(x)
    with pytest.raises(ptosim.ArgumentError, match=r"^y: the array has 640 elements; the signature needs at least 704"):
        k(y, x, 11, 64)
    k(y, x, 10, 64)
    np.testing.assert_allclose(y, 1 / 64, rtol=1e-6)


def test_a_failed_check_in_a_kernel_raises_at_the_kernels_line_and_the_next_run_works(add_one, kernels_cpp):
    x = np.ones((64, 64), np.float32)
    out = np.zeros_like(x)
    for blocks in (1, 3):
        with pytest.raises(ptosim.RunError) as e:
            add_one(out, x, 3, blocks=blocks)  # TASSIGN at byte 3: not 32-byte aligned
        err = e.value
        assert "TASSIGN" in err.message and "aligned" in err.message
        assert err.status == "check"
        assert (err.file, err.line) == (str(kernels_cpp), line_of(kernels_cpp, "TASSIGN(t, ub);"))
        assert str(err).startswith(f"{kernels_cpp}:{err.line}: error: TASSIGN")
    add_one(out, x, 0, blocks=4, hazards=True, trace=True)
    assert np.array_equal(out, x + 1)


def test_an_access_past_an_array_is_a_check_failure_not_a_crash(test_kernels):
    k = ptosim.Kernel(test_kernels, "add_one", "out:f32*, in:f32*, ub:i32")  # no sizes: the launch finds it
    x = np.ones(100, np.float32)
    out = np.zeros(1024, np.float32)
    with pytest.raises(ptosim.RunError, match="TLOAD: the region moved reaches outside the global tensor's allocation"):
        k(out, x, 0)
    x = np.ones(1024, np.float32)
    k(out, x, 0)
    assert (out == 2).all()


def test_hazard_reports_name_both_sites_and_the_fix(test_kernels, kernels_cpp):
    k = ptosim.Kernel(test_kernels, "add_one_missing_flag", "out:f32*[1024], in:f32*[1024]")
    x = np.arange(1024, dtype=np.float32)
    out = np.zeros_like(x)
    run = k(out, x, hazards=True)
    assert np.array_equal(out, x + 1)
    # TADDS reads the tile before TLOAD has filled it, and so does TSTORE: its V -> MTE3 flag orders only V.
    assert [(r.first.name, r.second.name) for r in run.hazards] == [("TLOAD", "TADDS"), ("TLOAD", "TSTORE")]
    h = run.hazards[0]
    assert h.kind == "read-after-write" and h.buffer == "UB" and (h.lo, h.hi) == (0, 4096)
    assert h.byte_range == (0, 4096)
    assert (h.first.name, h.first.pipe, h.first.instruction) == ("TLOAD", "MTE2", 1)
    assert (h.second.name, h.second.pipe, h.second.instruction) == ("TADDS", "V", 2)
    assert h.first.location == f"{kernels_cpp}:{line_of(kernels_cpp, 'the hazard')}"
    assert h.second.location == f"{kernels_cpp}:{line_of(kernels_cpp, 'and its second')}"
    assert h.fix == "set_flag(PIPE_MTE2, PIPE_V, id) after the first and wait_flag(PIPE_MTE2, PIPE_V, id) before the second"
    assert h.flag is None and h.block == 0 and not h.cross_core and h.repeats == 1
    with pytest.raises(ptosim.HazardError) as e:
        k(out, x, hazards="raise")
    assert [r.kind for r in e.value.reports] == ["read-after-write"] * 2
    assert k(out, x).hazards is None
    clean = ptosim.Kernel(test_kernels, "add_one")(out, x, 0, hazards="raise")
    assert clean.hazards == []


def test_signatures_that_do_not_fit_the_library_are_errors(test_kernels, tmp_path):
    with pytest.raises(ptosim.SignatureError, match=r"^in: the signature says f16\*, add_one in .* takes f32\*"):
        ptosim.Kernel(test_kernels, "add_one", "out:f32*, in:f16*, ub:i32")
    with pytest.raises(ptosim.SignatureError, match="add_one takes 3 parameters"):
        ptosim.Kernel(test_kernels, "add_one", "out:f32*, in:f32*")
    with pytest.raises(ptosim.SignatureError, match="unknown type f33"):
        ptosim.Kernel(test_kernels, "add_one", "out:f33*, in:f32*, ub:i32")
    with pytest.raises(ptosim.SignatureError, match="expected NAME:TYPE"):
        ptosim.Kernel(test_kernels, "add_one", "out:f32*, in:f32*, ub i32")
    with pytest.raises(ptosim.SignatureError, match="only pointers have a size"):
        ptosim.Kernel(test_kernels, "add_one", "out:f32*, in:f32*, ub:i32[4]")
    with pytest.raises(ptosim.SignatureError, match="names n, which is not an integer parameter"):
        ptosim.Kernel(test_kernels, "add_one", "out:f32*[n], in:f32*, ub:i32")
    with pytest.raises(ptosim.SignatureError, match="appears twice"):
        ptosim.Kernel(test_kernels, "add_one", "out:f32*, out:f32*, ub:i32")
    with pytest.raises(ptosim.SignatureError, match="has no symbol 'nothing'"):
        ptosim.Kernel(test_kernels, "nothing")
    with pytest.raises(ptosim.SignatureError, match="was not exported with PTOSIM_EXPORT_KERNEL"):
        ptosim.Kernel(test_kernels, "not_a_kernel")
    not_a_library = tmp_path / "libnot.so"
    not_a_library.write_text("not a library")
    with pytest.raises(ptosim.SignatureError, match="cannot load"):
        ptosim.Kernel(not_a_library, "add_one")
    with pytest.raises(FileNotFoundError):
        ptosim.Kernel(tmp_path / "missing.so", "add_one")
    with pytest.raises(ptosim.ArgumentError, match="symbol"):
        ptosim.Kernel(test_kernels, "")
