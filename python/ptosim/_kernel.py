"""C++ kernels built against ptosim as shared libraries (ptosim_add_kernel_library), launched on numpy arrays."""

from __future__ import annotations

import os
from typing import List, Optional

from . import _ptosim
from ._errors import ArgumentError, RunError, SignatureError
from ._results import Run, check_options, finish
from ._types import Param, bind, check_array, exported_types, kernel_scalar, min_elements, parse_signature


class Kernel:
    """A kernel exported with ``PTOSIM_EXPORT_KERNEL(symbol, Function)`` from a shared library built with
    CMake's ``ptosim_add_kernel_library()`` (docs/python.md).

    ``signature`` names the parameters and may state how many elements each array needs:
    ``"out:f32*[n], x:f32*[n], n:i32"``. Its types must be the library's (i8 .. i64, u8 .. u64, f16, bf16,
    f32, f64; ``*`` for global memory); without one the library's types are used, named arg0, arg1, ...
    """

    def __init__(self, library_path, symbol: str, signature: Optional[str] = None):
        path = os.fspath(library_path)
        if not os.path.exists(path):
            raise FileNotFoundError(f"{path}: no such kernel library")
        if not isinstance(symbol, str) or not symbol:
            raise ArgumentError("symbol", f"expected the exported kernel's name, got {symbol!r}")
        self.library = path
        self.symbol = symbol
        try:
            self._native = _ptosim.Kernel(os.path.abspath(path), symbol)
        except ValueError as e:
            raise SignatureError(str(e)) from None
        types = exported_types(self._native.signature, _ptosim.kernel_abi)
        if signature is None:
            signature = ", ".join(types)
        params = parse_signature(signature)
        if len(params) != len(types):
            raise SignatureError(f"{symbol} takes {len(types)} parameter{'s' if len(types) != 1 else ''} "
                                 f"({', '.join(types)}); the signature names {len(params)}")
        for p, t in zip(params, types):
            mine = p.type + ("*" if p.pointer else "")
            if mine != t:
                raise SignatureError(f"{p.name}: the signature says {mine}, {symbol} in {path} takes {t}")
        self.params: List[Param] = params

    @property
    def signature(self) -> str:
        return ", ".join(str(p) for p in self.params)

    def __call__(self, *args, blocks: int = 1, hazards=False, trace=None, **kwargs) -> Run:
        """Launches the kernel on ``blocks`` simulated cores (``kernel<<<blocks>>>(args...)``), each array
        argument as global memory (the kernel reads and writes the array itself), by position or by name.

        ``hazards`` and ``trace`` as for Module.run. Raises ArgumentError before the launch for arguments that
        do not fit, RunError for a check failure inside the kernel (with its call site when the library has
        debug information; ptosim_add_kernel_library builds it with line tables).
        """
        check_options(blocks, hazards, trace)
        values = bind(self.params, args, kwargs, self.symbol)
        scalars = {}
        native_args = []
        for p, v in zip(self.params, values):
            if not p.pointer:
                native = kernel_scalar(p.name, v, p.type)
                if isinstance(native, int) and p.type not in ("f16", "bf16"):
                    scalars[p.name] = native
                native_args.append((p.type, native))
        out = []
        k = 0
        for p, v in zip(self.params, values):
            if p.pointer:
                n = min_elements(p, scalars)
                out.append((p.type + "*", check_array(p.name, v, p.type, p.elem_size, writable=True,
                                                      min_elements=n)))
            else:
                out.append(native_args[k])
                k += 1
        result = self._native.launch(out, blocks, bool(hazards), bool(trace))
        if "error" in result:
            message, site = result["error"]
            file, line = None, 0
            if site and ":" in site:
                f, _, ln = site.rpartition(":")
                if ln.isdigit():
                    file, line = f, int(ln)
            raise RunError(message, status="check", file=file, line=line, location=site or None)
        return finish(self.symbol, blocks, result, hazards, trace)

    run = __call__

    def __repr__(self) -> str:
        return f"<ptosim.Kernel {self.symbol}({self.signature}) from {self.library}>"
