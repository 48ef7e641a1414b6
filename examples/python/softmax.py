"""Runs the row softmax PTO-AS module (softmax.pto) on numpy arrays and checks it against numpy.

    PYTHONPATH=build/ci/python /usr/bin/python3 examples/python/softmax.py [timeline.png]

Prints the largest difference from numpy, the hazard checker's verdict and the pipeline timeline's summary;
with a file name, also draws the timeline there.
"""

import pathlib
import sys

import numpy as np

import ptosim

HERE = pathlib.Path(__file__).resolve().parent


def main(argv):
    rows = 32
    x = np.random.default_rng(0).standard_normal((rows, 64), dtype=np.float32)
    y = np.zeros_like(x)

    module = ptosim.Module(HERE / "softmax.pto")
    run = module.run("softmax", x, y, rows, hazards="raise", trace=True)  # HazardError if a flag is missing

    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    golden = e / e.sum(axis=1, keepdims=True)
    error = float(np.abs(y - golden).max())
    print(f"softmax {rows}x64: max |y - numpy| = {error:.2e}, {len(run.hazards)} hazards")
    print(run.timeline.summary, end="")
    if len(argv) > 1:
        ptosim.plot_timeline(run, argv[1], title="row softmax (softmax.pto)")
        print(f"timeline drawn in {argv[1]}")
    return 0 if error < 1e-6 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
