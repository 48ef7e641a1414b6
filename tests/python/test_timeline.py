"""The timeline of a traced run as Python objects, and plot_timeline's picture (the flash attention example)."""

import struct

import numpy as np
import pytest

import ptosim

ATTENTION = ("o:f32*[s_q*64], q:f32*[s_q*64], k:f32*[s_kv*64], v:f32*[s_kv*64], s_q:i32, s_kv:i32, causal:i32")


def attention(q, k, v, causal):
    s = q.astype(np.float64) @ k.T.astype(np.float64) / np.sqrt(q.shape[1])
    if causal:
        offset = k.shape[0] - q.shape[0]
        s[np.triu(np.ones(s.shape, bool), 1 + offset)] = -np.inf
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return (p / p.sum(axis=1, keepdims=True)) @ v.astype(np.float64)


@pytest.fixture(scope="module")
def attention_run(example_kernels):
    kernel = ptosim.Kernel(example_kernels, "flash_attention_f32_d64", ATTENTION)
    rng = np.random.default_rng(11)
    q, k, v = (rng.standard_normal((s, 64), dtype=np.float32) for s in (128, 192, 192))
    o = np.zeros((128, 64), np.float32)
    run = kernel(o, q, k, v, 128, 192, 1, blocks=2, hazards=True, trace=True)
    return run, o, attention(q, k, v, True)


def test_the_flash_attention_example_is_right_and_clean(attention_run):
    run, o, expect = attention_run
    np.testing.assert_allclose(o, expect, atol=2e-5)
    assert run.hazards == []


def test_the_timeline_has_every_pipe_its_spans_and_the_critical_path(attention_run):
    t = attention_run[0].timeline
    assert [c.block for c in t.cores] == [0, 1]  # by block, whichever finished first
    assert list(t.pipes) == ["MTE2", "MTE1", "M", "V", "MTE3", "FIX"]
    spans = [s for c in t.cores for s in c.spans]
    for name, stats in t.pipes.items():
        mine = [s for s in spans if s.pipe == name]
        assert stats.instructions == len(mine) == len(stats.spans)
        assert stats.busy == sum(s.cycles for s in mine)
        assert stats.waiting == sum(s.stall for s in mine)
        assert stats.busy_share == pytest.approx(stats.busy / t.total_cycles)
    assert t.total_cycles == sum(c.cycles for c in t.cores)
    assert t.cycles == max(c.cycles for c in t.cores) == t.critical_core.cycles
    assert {s.name for s in t.pipes["M"].spans} == {"TMATMUL"}
    for core in t.cores:
        for pipe in core.pipes:  # a pipe runs its instructions in order, one at a time
            mine = [s for s in core.spans if s.pipe == pipe]
            assert all(a.end <= b.start for a, b in zip(mine, mine[1:]))
        assert [s.instruction for s in core.spans] == sorted(s.instruction for s in core.spans)
        assert all(f.waited_at >= f.set_at for f in core.flags)
    path = t.critical_path
    assert path and path[-1].end == t.cycles
    assert all(a.end <= b.start for a, b in zip(path, path[1:]))
    assert t.critical_path_cycles == sum(s.cycles for s in path) <= t.cycles
    assert {s.pipe for s in path} >= {"MTE2", "M", "V"}
    assert path[0].site.split(":")[-1].isdigit()  # file:line, the library has line tables
    assert "flash_attention.hpp:" in t.pipes["M"].spans[0].site
    assert "critical path" in t.summary and '"traceEvents"' in t.json


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_plot_timeline_draws_a_lane_per_pipe_per_core(attention_run, tmp_path):
    run = attention_run[0]
    path = tmp_path / "timeline.png"
    fig = ptosim.plot_timeline(run, path, title="flash attention")
    assert path.stat().st_size > 30_000
    width, height = png_size(path)
    assert width > 1000 and height > 600
    labels = [label.get_text() for label in fig.axes[0].get_yticklabels()]
    assert labels == [f"block {b}  {p}" for b in (0, 1) for p in ["MTE2", "MTE1", "M", "V", "MTE3", "FIX"]]
    one = ptosim.plot_timeline(run.timeline, tmp_path / "one.svg", max_cores=1, arrows=False)
    assert len(one.axes[0].get_yticklabels()) == 6
    assert (tmp_path / "one.svg").read_text().startswith("<?xml")


def test_plot_timeline_of_a_module_and_bad_input(source_dir, tmp_path):
    m = ptosim.Module(source_dir / "examples" / "python" / "softmax.pto")
    x = np.zeros((16, 64), np.float32)
    run = m.run("softmax", x, np.zeros_like(x), 16, trace=True)
    ptosim.plot_timeline(run, tmp_path / "softmax.png")
    assert png_size(tmp_path / "softmax.png")[0] > 500
    with pytest.raises(ptosim.ArgumentError, match="trace=True"):
        ptosim.plot_timeline(m.run("softmax", x, np.zeros_like(x), 16), tmp_path / "x.png")
    with pytest.raises(ptosim.ArgumentError, match="max_cores"):
        ptosim.plot_timeline(run, max_cores=0)
