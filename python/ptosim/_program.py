"""PTO-AS modules (PTOAS's MLIR form) on numpy arrays, and the Linx assembler."""

from __future__ import annotations

import os
from typing import Dict, List, Optional

import numpy as np

from . import _ptosim
from ._errors import ArgumentError, Diagnostic, ProgramError, RunError
from ._results import Run, check_options, finish
from ._types import Param, bind, check_array, module_scalar

ARCHES = ("A5", "A2A3", "KIRIN9030", "CPU")


def _arch(arch: str) -> str:
    if arch not in ARCHES:
        raise ArgumentError("arch", f"expected one of {', '.join(ARCHES)}, got {arch!r}")
    return arch


def _diagnostics(file: str, tuples) -> List[Diagnostic]:
    return [Diagnostic(file, line, col, message, severity, status) for severity, status, line, col, message in tuples]


class Module:
    """A PTO-AS program in PTOAS's module form (``module { func.func @k(%a: !pto.ptr<f32>, ...) { ... } }``),
    from its text or a path to a ``.pto`` file (docs/pto-as-module.md).

    Raises ProgramError when the text does not parse. ``check()`` lists what ptosim cannot run; ``run()`` runs
    an entry function on numpy arrays.
    """

    def __init__(self, text_or_path, arch: str = "A5", *, name: Optional[str] = None):
        if isinstance(text_or_path, os.PathLike) or (
                isinstance(text_or_path, str) and "\n" not in text_or_path and "{" not in text_or_path):
            path = os.fspath(text_or_path)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            self.file = name or path
            base_dir = os.path.dirname(os.path.abspath(path))
        elif isinstance(text_or_path, str):
            text = text_or_path
            self.file = name or "<module>"
            base_dir = os.getcwd()
        else:
            raise ArgumentError("text_or_path", f"expected the module's text or a path, got "
                                                f"{type(text_or_path).__name__}")
        self.arch = _arch(arch)
        self.text = text
        self._native = _ptosim.Program(text, self.file, base_dir, self.arch)
        if not self._native.is_module:
            raise ProgramError([Diagnostic(self.file, 0, 0,
                                           "not a PTO-AS module (its first token is not module, func.func or an "
                                           "alias definition); run statement-level PTO-AS and Linx programs with "
                                           "`ptoas run`", status="NotAModule")])
        errors = _diagnostics(self.file, self._native.parse_diagnostics())
        if errors:
            raise ProgramError(errors)
        self._info: Dict[str, dict] = {}

    def _entry_info(self, entry: Optional[str]) -> dict:
        key = entry or ""
        if key not in self._info:
            self._info[key] = self._native.info(key)
        return self._info[key]

    @property
    def functions(self) -> List[str]:
        """Every func.func of the module, in order."""
        return list(self._entry_info(None)["functions"])

    @property
    def entry(self) -> Optional[str]:
        """The default entry: the function marked ``pto.entry``, else the only one (None when neither)."""
        return self._entry_info(None)["entry"] or None

    def params(self, entry: Optional[str] = None) -> List[Param]:
        """The entry's parameters: pointers (``!pto.ptr<f32>``: a numpy array) and scalars."""
        info = self._entry_info(entry)
        return [Param(name, t, pointer, None, size, text) for name, text, pointer, t, size in info["params"]]

    def check(self, entry: Optional[str] = None) -> List[Diagnostic]:
        """Decodes every operation. Returns the warnings (operations ptosim does not execute yet; a run that
        reaches one stops there); raises ProgramError when an operation cannot mean anything or the entry does
        not exist."""
        info = self._entry_info(entry)
        errors = _diagnostics(self.file, info["errors"])
        if entry and not info["entry"] and not errors:
            errors.append(Diagnostic(self.file, 0, 0, f"no function @{entry.lstrip('@')} (the module has "
                                                      f"{', '.join('@' + f for f in info['functions'])})",
                                     status="NoEntry"))
        if errors:
            raise ProgramError(errors + _diagnostics(self.file, info["not_executable"]))
        return _diagnostics(self.file, info["not_executable"])

    def run(self, entry: Optional[str] = None, *args, blocks: int = 1, hazards=False, trace=None,
            max_steps: Optional[int] = None, **kwargs) -> Run:
        """Runs ``entry`` (None: the default entry) on ``args``, one per parameter, by position or by name
        (``x=...`` for ``%x``): a numpy array for each ``!pto.ptr<T>`` (its dtype T's; the kernel's stores are
        written into it after a run that succeeds; a read-only array is an input only), a number for each
        scalar.

        ``blocks``: simulated cores (get_block_num). ``hazards``: True collects the hazard checker's reports
        in ``run.hazards``, "raise" raises HazardError when there are any. ``trace``: True records the
        timeline in ``run.timeline``, a path also writes its JSON there. ``max_steps``: steps a block may
        take, an operation or a loop iteration each (default 200 million).

        Raises ArgumentError before running for arguments that do not fit, RunError for a run that fails (its
        arrays are left as they were).
        """
        if entry is not None and not isinstance(entry, str):
            raise ArgumentError("entry", f"expected the entry function's name or None, got "
                                         f"{type(entry).__name__} (pass arrays after the entry: "
                                         f"run(None, x, ...) runs the default entry)")
        entry = entry.lstrip("@") if entry else None
        check_options(blocks, hazards, trace, max_steps)
        self.check(entry)
        info = self._entry_info(entry)
        if not info["entry"]:
            raise ProgramError([Diagnostic(self.file, 0, 0, "no entry function: choose one of " +
                                           ", ".join("@" + f for f in info["functions"]), status="NoEntry")])
        params = self.params(entry)
        values = bind(params, args, kwargs, "@" + info["entry"])
        checked = []
        for p, v in zip(params, values):
            if p.pointer:
                checked.append(check_array(p.name, v, p.type, p.elem_size, writable=False, signless=True))
            else:
                checked.append(module_scalar(p.name, v, p.text))
        result = self._native.run(entry or "", checked, blocks, 200_000_000 if max_steps is None else max_steps,
                                  bool(hazards), bool(trace))
        if "error" in result:
            status, line, col, message = result["error"]
            raise RunError(message, status=status, file=self.file, line=line, column=col)
        return finish("@" + info["entry"], blocks, result, hazards, trace)

    def __repr__(self) -> str:
        return f"<ptosim.Module {self.file}: {', '.join('@' + f for f in self.functions)}>"


def asm(text: str, arch: str = "A5") -> bytes:
    """Assembles Linx block text (raw header lines or the folded form, docs/asm.md) into little-endian block
    words, as ``ptoas asm`` does. Raises ProgramError with every problem found."""
    if not isinstance(text, str):
        raise ArgumentError("text", f"expected the assembly text, got {type(text).__name__}")
    data, diags = _ptosim.assemble(text, _arch(arch))
    if data is None:
        raise ProgramError(_diagnostics("<asm>", diags))
    return data


def disasm(data, arch: str = "A5", raw: bool = False) -> str:
    """Disassembles block words (bytes, bytearray, or a uint8 numpy array) into Linx text, the folded form
    unless ``raw``, as ``ptoas disasm`` does. Raises ProgramError at the first word that does not decode."""
    if isinstance(data, np.ndarray):
        data = np.ascontiguousarray(data).view(np.uint8).tobytes()
    elif isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    elif not isinstance(data, bytes):
        raise ArgumentError("data", f"expected bytes, got {type(data).__name__}")
    text, diags = _ptosim.disassemble(data, _arch(arch), bool(raw))
    if text is None:
        raise ProgramError([Diagnostic("<binary>", 0, 0, message, severity, status, offset, word)
                            for severity, status, offset, word, message in diags])
    return text
