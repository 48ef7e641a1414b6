"""What a run shows: hazard reports and the pipeline timeline as Python objects."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import _ptosim

# The pipes, by pto-isa's pipe_t value, and the order the timeline lists them in.
PIPE_NAMES = {0: "S", 1: "V", 2: "MTE1", 3: "MTE2", 4: "MTE3", 5: "M", 7: "FIX"}
PIPE_ORDER = ["MTE2", "MTE1", "M", "V", "MTE3", "FIX", "S"]


@dataclass(frozen=True)
class Site:
    """One side of a hazard: the instruction (or flag call), its pipe, where it is in the program, its position
    among the core's instructions and, between cores, which core ran it."""

    name: str
    pipe: str
    location: str
    instruction: int
    core: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.pipe}, instruction {self.instruction}) at {self.location}"


@dataclass(frozen=True)
class Hazard:
    """A hazard report (docs/hazards.md): two accesses to the same bytes by different pipes that nothing orders,
    or a flag used wrongly.

    ``kind`` is "read-after-write", "write-after-read", "write-after-write", "wait on a flag nobody set",
    "flag set twice", "flag never waited for" or "event of another pipe"; ``buffer`` ("UB", "L1", "L0A", ...,
    "GM"; empty for flag reports) and ``lo``/``hi`` give the bytes both touch (offsets in the buffer, host
    addresses in GM); ``first`` and ``second`` the two sites; ``fix`` what orders them; ``flag`` the
    (src pipe, dst pipe, event id) of a flag report.
    """

    kind: str
    buffer: str
    lo: int
    hi: int
    first: Site
    second: Site
    fix: str
    flag: Optional[tuple]
    block: int
    cross_core: bool
    repeats: int
    text: str

    @property
    def byte_range(self) -> tuple:
        return (self.lo, self.hi)

    def __str__(self) -> str:
        return self.text.rstrip()

    @staticmethod
    def _from(d: dict) -> "Hazard":
        def site(p):
            return Site(p["name"], p["pipe"], p["site"], p["instruction"], p["core"])

        return Hazard(d["kind"], d["buffer"], d["lo"], d["hi"], site(d["first"]), site(d["second"]), d["fix"],
                      d["flag"], d["block"], d["cross_core"], d["repeats"], d["text"])


@dataclass(frozen=True)
class Span:
    """One instruction on its pipe: cycles ``start`` to ``end`` of its core run, ``stall`` the cycles its pipe
    waited for a flag before it could start."""

    name: str
    pipe: str
    start: int
    end: int
    instruction: int
    stall: int
    block: int
    _file: Optional[str] = field(default=None, repr=False)
    _line: int = field(default=0, repr=False)
    _code: int = field(default=0, repr=False)

    @property
    def cycles(self) -> int:
        return self.end - self.start

    @property
    def site(self) -> str:
        """Where the instruction is in the program (file:line; resolved on first use for compiled kernels)."""
        if self._file:
            return f"{self._file}:{self._line}"
        return _ptosim.describe(self._code) if self._code else "(unknown location)"


@dataclass(frozen=True)
class Flag:
    """A flag (set_flag / wait_flag, or an event): set by pipe ``src`` when its earlier work ends (``set_at``),
    waited for by pipe ``dst`` (``waited_at``: when the waiting pipe could go on)."""

    src: str
    dst: str
    id: int
    set_at: int
    waited_at: int


@dataclass
class CoreRun:
    """One simulated core's run (a block of a launch)."""

    block: int
    spans: List[Span]
    flags: List[Flag]

    @property
    def cycles(self) -> int:
        return max((s.end for s in self.spans), default=0)

    @property
    def pipes(self) -> List[str]:
        used = {s.pipe for s in self.spans}
        return [p for p in PIPE_ORDER if p in used]


@dataclass
class PipeStats:
    """A pipe over the whole run: its spans (every core's), instructions, busy cycles, the share of the core
    runs' time it was busy, and the cycles it spent waiting on flags."""

    name: str
    instructions: int
    busy: int
    waiting: int
    busy_share: float
    spans: List[Span]


class Timeline:
    """The pipeline timeline of a run (docs/timeline.md): an estimate from a cost model with pto-isa's A2A3
    figures, not a measurement.

    ``cores`` lists the core runs by block, ``pipes`` maps each pipe used ("MTE2", "V", ...) to its PipeStats,
    ``critical_path`` is the chain of spans that bounds the longest core run (first to last), ``cycles`` that
    run's length; ``summary`` is the text ``PTOSIM_TRACE`` prints and ``json`` the Chrome trace / Perfetto file.
    """

    def __init__(self, d: dict):
        self.clock_mhz: float = d["clock_mhz"]
        self.summary: str = d["summary"]
        self.json: str = d["json"]
        self.cores: List[CoreRun] = []
        for block, spans, arrows in d["cores"]:
            self.cores.append(CoreRun(
                block,
                [Span(name, PIPE_NAMES.get(slot, "?"), start, end, seq, stall, block, file, line, code)
                 for name, slot, start, end, seq, stall, _pred, file, line, code in spans],
                [Flag(PIPE_NAMES.get(src, "?"), PIPE_NAMES.get(dst, "?"), fid, frm, to)
                 for src, dst, frm, to, fid in arrows]))
        self.total_cycles: int = d["total"]
        self.cycles: int = d["longest"]
        self.critical_core: Optional[CoreRun] = self.cores[d["longest_core"]] if self.cores else None
        self.critical_path: List[Span] = (
            [self.critical_core.spans[i] for i in reversed(d["critical_path"])] if self.cores else [])
        # Listed by block (core runs finish in whatever order the threads run them, so their record order
        # varies from run to run); a block that ran more than once keeps its runs in order.
        self.cores.sort(key=lambda c: c.block)
        self.pipes: Dict[str, PipeStats] = {}
        by_pipe: Dict[str, List[Span]] = {}
        for c in self.cores:
            for s in c.spans:
                by_pipe.setdefault(s.pipe, []).append(s)
        for slot, (count, busy, waiting) in enumerate(d["pipes"]):
            name = PIPE_NAMES.get(slot)
            if name and count:
                share = busy / self.total_cycles if self.total_cycles else 0.0
                self.pipes[name] = PipeStats(name, count, busy, waiting, share, by_pipe.get(name, []))
        self.pipes = {p: self.pipes[p] for p in PIPE_ORDER if p in self.pipes}

    @property
    def microseconds(self) -> float:
        """The longest core run at the model's clock."""
        return self.cycles / self.clock_mhz

    @property
    def critical_path_cycles(self) -> int:
        return sum(s.cycles for s in self.critical_path)

    def save(self, path) -> None:
        """Writes the Chrome trace / Perfetto JSON (open it in ui.perfetto.dev or chrome://tracing)."""
        with open(os.fspath(path), "w") as f:
            f.write(self.json)

    def __repr__(self) -> str:
        spans = sum(len(c.spans) for c in self.cores)
        return f"<Timeline: {len(self.cores)} core run(s), {spans} spans, longest {self.cycles} cycles>"

    def __str__(self) -> str:
        return self.summary.rstrip()


class Run:
    """What a run leaves besides its outputs (which are in the arrays): ``hazards``, a list of Hazard when the
    run was checked (None otherwise), and ``timeline``, a Timeline when it was traced (None otherwise)."""

    def __init__(self, name: str, blocks: int, observed: dict):
        self.name = name
        self.blocks = blocks
        self.hazards: Optional[List[Hazard]] = (
            None if observed["hazards"] is None else [Hazard._from(h) for h in observed["hazards"]])
        self.timeline: Optional[Timeline] = (
            None if observed["timeline"] is None else Timeline(observed["timeline"]))

    def __repr__(self) -> str:
        parts = [f"{self.name} on {self.blocks} block{'s' if self.blocks != 1 else ''}"]
        if self.hazards is not None:
            parts.append(f"{len(self.hazards)} hazard{'s' if len(self.hazards) != 1 else ''}")
        if self.timeline is not None:
            parts.append(f"{self.timeline.cycles} cycles")
        return f"<Run {', '.join(parts)}>"


def finish(name: str, blocks: int, observed: dict, hazards, trace) -> Run:
    """Builds the Run, writes the trace file when one was named, raises HazardError under hazards="raise"."""
    from ._errors import HazardError

    run = Run(name, blocks, observed)
    if run.timeline is not None and trace not in (True, None, False):
        run.timeline.save(trace)
    if hazards == "raise" and run.hazards:
        raise HazardError(run.hazards, run)
    return run


def check_options(blocks, hazards, trace, max_steps=None) -> None:
    from ._errors import ArgumentError

    if isinstance(blocks, bool) or not isinstance(blocks, int) or not 1 <= blocks <= 4096:
        raise ArgumentError("blocks", f"expected an integer from 1 to 4096, got {blocks!r}")
    if hazards not in (True, False, "raise"):
        raise ArgumentError("hazards", f"expected True, False or \"raise\", got {hazards!r}")
    if not (trace in (None, True, False) or isinstance(trace, (str, os.PathLike))):
        raise ArgumentError("trace", f"expected None, True or a file path for the JSON trace, got {trace!r}")
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                  or max_steps < 1):
        raise ArgumentError("max_steps", f"expected a positive integer, got {max_steps!r}")
