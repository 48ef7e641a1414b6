"""ptosim: PTO programs and kernels on numpy arrays (docs/python.md).

    import numpy as np, ptosim
    x = np.random.rand(8, 16).astype(np.float32); y = np.ones_like(x); out = np.zeros_like(x)
    ptosim.Module("examples/asm/axpy_module.pto").run("axpy", x, y, out)      # out == 2 * x + y

``Module`` runs PTO-AS programs (PTOAS's MLIR form), ``Kernel`` launches C++ kernels built as shared
libraries, ``asm`` / ``disasm`` are the Linx assembler; a run's hazard reports and pipeline timeline are
Python objects, and ``plot_timeline`` draws the timeline.
"""

import os as _os
import sys as _sys

# The native module and ptosim's shared library it depends on go into the global symbol scope, so that kernel
# libraries loaded later (ptosim.Kernel) bind to the same copy of ptosim's process-wide state (the check
# handler, the hazard checker, each thread's simulated core) instead of copies of their own.
_flags = _sys.getdlopenflags()
_sys.setdlopenflags(_flags | _os.RTLD_GLOBAL)
try:
    from . import _ptosim
finally:
    _sys.setdlopenflags(_flags)

from ._errors import (ArgumentError, Diagnostic, Error, HazardError, ProgramError, RunError,  # noqa: E402
                      SignatureError)
from ._kernel import Kernel  # noqa: E402
from ._plot import plot_timeline  # noqa: E402
from ._program import ARCHES, Module, asm, disasm  # noqa: E402
from ._results import CoreRun, Flag, Hazard, PipeStats, Run, Site, Span, Timeline  # noqa: E402
from ._types import Param  # noqa: E402

from ._version import __version__  # noqa: E402

__all__ = [
    "ARCHES", "ArgumentError", "CoreRun", "Diagnostic", "Error", "Flag", "Hazard", "HazardError", "Kernel",
    "Module", "Param", "PipeStats", "ProgramError", "Run", "RunError", "SignatureError", "Site", "Span",
    "Timeline", "asm", "disasm", "plot_timeline",
]
