"""The package's exceptions and diagnostics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a program: where it is and what it is.

    ``line`` and ``column`` are 1-based (0 when unknown); a binary input (``disasm``) has a byte ``offset``
    and a ``word`` index instead.
    """

    file: str
    line: int
    column: int
    message: str
    severity: str = "error"  # "error" or "warning" (an operation ptosim does not execute yet)
    status: str = ""  # the named status: "SyntaxError", "NotExecutable", "BadDType", ...
    offset: Optional[int] = None
    word: Optional[int] = None

    @property
    def location(self) -> str:
        if self.offset is not None:
            return f"{self.file}: byte {self.offset} (word {self.word})"
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file

    def __str__(self) -> str:
        return f"{self.location}: {self.severity}: {self.message}"


class Error(Exception):
    """The base of ptosim's exceptions."""


class ProgramError(Error):
    """A program that does not parse or cannot run: ``diagnostics`` lists every problem found."""

    def __init__(self, diagnostics: List[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics) or "invalid program")


class ArgumentError(Error, TypeError, ValueError):
    """An argument that does not fit the entry's signature (wrong dtype, too small, not contiguous, ...).

    Raised before anything runs; ``argument`` names the parameter.
    """

    def __init__(self, argument: Optional[str], message: str):
        self.argument = argument
        super().__init__(f"{argument}: {message}" if argument else message)


class SignatureError(Error, ValueError):
    """A kernel signature that does not parse or does not match the library's exported one."""


class RunError(Error):
    """A run that failed: a broken rule of an instruction (a check failure), an access out of bounds, a deadlock,
    an operation ptosim does not execute, too many steps.

    ``file``, ``line`` and ``column`` are the program's location when known (the PTO-AS operation, or the
    kernel's call site when the library has debug information); ``status`` names the failure ("KernelCheck",
    "OutOfBounds", ... for modules; "check" for kernels). The process stays usable: the next run works.
    """

    def __init__(self, message: str, *, status: str = "", file: Optional[str] = None, line: int = 0,
                 column: int = 0, location: Optional[str] = None):
        self.message = message
        self.status = status
        self.file = file
        self.line = line
        self.column = column
        if location is None and file:
            location = f"{file}:{line}" + (f":{column}" if column else "") if line else file
        self.location = location
        super().__init__(f"{location}: error: {message}" if location else f"error: {message}")


class HazardError(Error):
    """A run under ``hazards="raise"`` found missing synchronisation: ``reports`` lists the hazards and ``run``
    is the finished run (its outputs are written)."""

    def __init__(self, reports, run=None):
        self.reports = list(reports)
        self.run = run
        n = len(self.reports)
        text = "\n".join(r.text.rstrip() for r in self.reports)
        super().__init__(f"{n} hazard{'s' if n != 1 else ''} found (docs/hazards.md)\n{text}")
