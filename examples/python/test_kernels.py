"""The C++ kernels of kernels.cpp tested from Python, as pto-isa's tests test their kernels: inputs and goldens
from numpy, the kernel launched on the arrays (no .bin files), the outputs compared with a tolerance.

    PYTHONPATH=build/ci/python /usr/bin/python3 examples/python/test_kernels.py \
        build/ci/examples/libptosim_example_kernels.so [attention.png]

(or under pytest: PTOSIM_EXAMPLE_KERNELS=<library> python3 -m pytest examples/python/test_kernels.py).
With a picture's name, draws the flash attention kernel's pipeline timeline there.
"""

import os
import sys

import numpy as np

import ptosim

LIBRARY = os.environ.get("PTOSIM_EXAMPLE_KERNELS", "build/ci/examples/libptosim_example_kernels.so")


def golden_softmax(x):
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def golden_attention(q, k, v, causal):
    s = q.astype(np.float64) @ k.T.astype(np.float64) / np.sqrt(q.shape[1])
    if causal:  # query i sees keys j <= i + s_kv - s_q
        s[np.triu(np.ones(s.shape, bool), 1 + k.shape[0] - q.shape[0])] = -np.inf
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return (p / p.sum(axis=1, keepdims=True)) @ v.astype(np.float64)


def test_row_softmax(library=LIBRARY):
    kernel = ptosim.Kernel(library, "row_softmax", "y:f32*[n_rows*cols], x:f32*[n_rows*cols], n_rows:i64, cols:i32")
    rng = np.random.default_rng(1)
    for rows, cols, blocks in [(16, 64, 1), (100, 200, 2), (37, 1024, 3)]:
        x = rng.uniform(-10, 10, (rows, cols)).astype(np.float32)
        y = np.zeros_like(x)
        kernel(y, x, rows, cols, blocks=blocks, hazards="raise")
        np.testing.assert_allclose(y, golden_softmax(x), rtol=1e-5, atol=1e-7)


def test_flash_attention(library=LIBRARY, picture=None):
    kernel = ptosim.Kernel(library, "flash_attention_f32_d64",
                           "o:f32*[s_q*64], q:f32*[s_q*64], k:f32*[s_kv*64], v:f32*[s_kv*64], s_q:i32, s_kv:i32, "
                           "causal:i32")
    rng = np.random.default_rng(2)
    for s_q, s_kv, causal, blocks in [(64, 64, 0, 1), (128, 256, 1, 2)]:
        q = rng.standard_normal((s_q, 64), dtype=np.float32)
        k = rng.standard_normal((s_kv, 64), dtype=np.float32)
        v = rng.standard_normal((s_kv, 64), dtype=np.float32)
        o = np.zeros((s_q, 64), np.float32)
        run = kernel(o, q, k, v, s_q, s_kv, causal, blocks=blocks, hazards="raise", trace=picture is not None)
        np.testing.assert_allclose(o, golden_attention(q, k, v, causal), atol=2e-5)
    if picture:
        print(run.timeline.summary, end="")
        ptosim.plot_timeline(run, picture, title="flash attention, S_q=128 S_kv=256 causal, 2 blocks")
        print(f"timeline drawn in {picture}")


if __name__ == "__main__":
    library = sys.argv[1] if len(sys.argv) > 1 else LIBRARY
    test_row_softmax(library)
    test_flash_attention(library, sys.argv[2] if len(sys.argv) > 2 else None)
    print("row_softmax and flash_attention_f32_d64 match numpy")
