"""plot_timeline: the pipeline timeline as a picture (matplotlib, no pyplot state touched)."""

from __future__ import annotations

import os
from typing import Optional

from ._errors import ArgumentError
from ._results import PIPE_ORDER, Run, Timeline

# One colour per pipe, the same in every picture.
PIPE_COLOURS = {"MTE2": "#4C78A8", "MTE1": "#72B7B2", "M": "#E45756", "V": "#54A24B", "MTE3": "#F58518",
                "FIX": "#B279A2", "S": "#9D755D"}


def plot_timeline(run, path=None, *, title: Optional[str] = None, max_cores: int = 8, arrows: bool = True,
                  width: float = 14.0):
    """Draws a run's timeline: one lane per pipe per core run, each instruction a bar (the critical path
    outlined in black), each flag an arrow from the pipe that set it to the pipe that waited for it.

    ``run`` is a Run made with ``trace=...`` or its Timeline. Writes the picture to ``path`` when given (the
    format from its suffix: .png, .svg, .pdf) and returns the matplotlib Figure. At most ``max_cores`` core
    runs are drawn (the longest one first).
    """
    timeline = run.timeline if isinstance(run, Run) else run
    if not isinstance(timeline, Timeline):
        raise ArgumentError("run", "expected a Run made with trace=True (or a path), or its Timeline")
    if not timeline.cores:
        raise ArgumentError("run", "the timeline has no instructions")
    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    if isinstance(max_cores, bool) or not isinstance(max_cores, int) or max_cores < 1:
        raise ArgumentError("max_cores", f"expected a positive integer, got {max_cores!r}")
    # The longest core run always, then the others, drawn in block order.
    chosen = sorted(timeline.cores, key=lambda c: c is not timeline.critical_core)[:max_cores]
    cores = [c for c in timeline.cores if any(c is k for k in chosen)]
    lanes = []  # (core, pipe)
    for c in cores:
        lanes.extend((c, p) for p in c.pipes)
    row = {(id(c), p): i for i, (c, p) in enumerate(lanes)}
    height = min(2.0 + 0.35 * len(lanes), 60.0)
    fig = Figure(figsize=(width, height))
    ax = fig.add_subplot()
    critical = {id(s) for s in timeline.critical_path}
    unit = timeline.clock_mhz  # cycles per microsecond
    for i, (c, p) in enumerate(lanes):
        spans = [s for s in c.spans if s.pipe == p]
        bars = [(s.start / unit, max(s.cycles, 1) / unit) for s in spans]
        edges = ["black" if id(s) in critical else "none" for s in spans]
        ax.broken_barh(bars, (i - 0.38, 0.76), facecolors=PIPE_COLOURS.get(p, "grey"), edgecolors=edges,
                       linewidth=0.6)
    if arrows:
        segments = []
        for c in cores:
            for f in c.flags:
                a, b = row.get((id(c), f.src)), row.get((id(c), f.dst))
                if a is not None and b is not None:
                    segments.append(((f.set_at / unit, a), (f.waited_at / unit, b)))
        if len(segments) <= 300:
            for (x0, y0), (x1, y1) in segments:
                ax.annotate("", xy=(x1, y1), xytext=(x0, y0),
                            arrowprops=dict(arrowstyle="-|>", color="#333333", lw=0.6, alpha=0.7,
                                            shrinkA=0, shrinkB=0))
        elif segments:  # many flags: lines with a dot where each wait ends
            ax.add_collection(LineCollection(segments, colors="#333333", linewidths=0.4, alpha=0.4))
            ax.scatter([s[1][0] for s in segments], [s[1][1] for s in segments], s=3, c="#333333", alpha=0.5)
    ax.set_yticks(range(len(lanes)))
    ax.set_yticklabels([f"block {c.block}  {p}" for c, p in lanes], fontsize=8)
    ax.set_ylim(len(lanes) - 0.5, -0.5)
    ax.set_xlim(0, max(c.cycles for c in cores) / unit * 1.01)
    ax.set_xlabel(f"microseconds at {unit:.0f} MHz (an estimate from a cost model; docs/timeline.md)")
    ax.grid(axis="x", alpha=0.3)
    used = [p for p in PIPE_ORDER if any(p in c.pipes for c in cores)]
    ax.legend(handles=[Patch(color=PIPE_COLOURS[p], label=p) for p in used] +
              [Patch(facecolor="white", edgecolor="black", label="critical path")],
              loc="upper right", fontsize=8, ncol=len(used) + 1)
    shown = "" if len(cores) == len(timeline.cores) else f" ({len(cores)} of {len(timeline.cores)} core runs)"
    ax.set_title((title or "ptosim pipeline timeline") + shown +
                 f": longest core run {timeline.cycles} cycles, {timeline.microseconds:.2f} us", fontsize=10)
    fig.tight_layout()
    if path is not None:
        fig.savefig(os.fspath(path), dpi=110)
    return fig
