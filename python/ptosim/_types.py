"""Element types, kernel signatures and the checks every argument goes through before a run."""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import reduce
from typing import Dict, List, Optional, Sequence

import numpy as np

from ._errors import ArgumentError, SignatureError

# Element types numpy has.
NUMPY_TYPES: Dict[str, np.dtype] = {
    name: np.dtype(t)
    for name, t in {
        "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
        "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
        "f16": np.float16, "f32": np.float32, "f64": np.float64,
    }.items()
}
# Element types numpy lacks: arrays of their bit patterns (unsigned integers of the element's size), or of the
# ml_dtypes type of that name when it is installed.
BIT_TYPES: Dict[str, str] = {
    "bf16": "bfloat16", "e4m3": "float8_e4m3fn", "e5m2": "float8_e5m2", "e8m0": "float8_e8m0fnu",
}
SCALAR_TYPES = set(NUMPY_TYPES) | {"bf16"}


def _dtype_text(dt: np.dtype) -> str:
    return str(dt)


def accepts(type_name: str, elem_size: int, dt: np.dtype, signless: bool) -> bool:
    """Whether an array of dtype ``dt`` may stand for elements of ``type_name``."""
    want = NUMPY_TYPES.get(type_name)
    if want is not None:
        if dt == want:
            return True
        # MLIR's integers are signless: an i32 buffer may hold int32 or uint32 data.
        return signless and type_name.startswith("i") and dt.kind in "iu" and dt.itemsize == want.itemsize
    if dt.name == BIT_TYPES.get(type_name):
        return True
    return dt.kind == "u" and dt.itemsize == elem_size


def expected_text(type_name: str, elem_size: int, signless: bool) -> str:
    want = NUMPY_TYPES.get(type_name)
    if want is not None:
        if signless and type_name.startswith("i"):
            return f"{want} or uint{want.itemsize * 8}"
        return str(want)
    return f"uint{elem_size * 8} (its bit patterns)"


def check_array(name: str, value, type_name: str, elem_size: int, *, writable: bool, signless: bool = False,
                min_elements: Optional[int] = None) -> np.ndarray:
    """Checks one pointer argument: a C-contiguous numpy array of the right element type (and size)."""
    if not isinstance(value, np.ndarray):
        raise ArgumentError(name, f"expected a numpy array of {expected_text(type_name, elem_size, signless)} "
                                  f"for a {type_name}* parameter, got {type(value).__name__}")
    if not accepts(type_name, elem_size, value.dtype, signless):
        raise ArgumentError(name, f"dtype {_dtype_text(value.dtype)} does not match the parameter's {type_name} "
                                  f"(expected {expected_text(type_name, elem_size, signless)})")
    if not value.flags.c_contiguous:
        raise ArgumentError(name, "the array is not C-contiguous (a strided view or a transpose); pass "
                                  "np.ascontiguousarray(...) and read the result back from that")
    if writable and not value.flags.writeable:
        raise ArgumentError(name, "the array is read-only; the kernel gets its memory, so pass a writable copy")
    if min_elements is not None and value.size < min_elements:
        raise ArgumentError(name, f"the array has {value.size} elements; the signature needs at least "
                                  f"{min_elements}")
    return value


_INT_RANGES = {
    "i1": (0, 1), "i8": (-2**7, 2**8 - 1), "i16": (-2**15, 2**16 - 1), "i32": (-2**31, 2**32 - 1),
    "i64": (-2**63, 2**64 - 1), "index": (-2**63, 2**63 - 1),
}
_KERNEL_INT_RANGES = {
    "i8": (-2**7, 2**7 - 1), "i16": (-2**15, 2**15 - 1), "i32": (-2**31, 2**31 - 1), "i64": (-2**63, 2**63 - 1),
    "u8": (0, 2**8 - 1), "u16": (0, 2**16 - 1), "u32": (0, 2**32 - 1), "u64": (0, 2**64 - 1),
}


def _as_number(name: str, value, type_name: str):
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    raise ArgumentError(name, f"expected a number for the {type_name} parameter, got {type(value).__name__}")


def module_scalar(name: str, value, type_name: str):
    """A scalar argument of a module's entry (i1, i8 .. i64, index: integers; f16, bf16, f32, f64: numbers)."""
    v = _as_number(name, value, type_name)
    if type_name in _INT_RANGES:
        if isinstance(v, float):
            raise ArgumentError(name, f"expected an integer for the {type_name} parameter, got {value!r}")
        lo, hi = _INT_RANGES[type_name]
        if not lo <= v <= hi:
            raise ArgumentError(name, f"{v} does not fit {type_name} ({lo} to {hi})")
        return v
    return float(v)


def _bf16_bits(x: float) -> int:
    """The bfloat16 nearest to x (ties to even), as its bits."""
    bits = int(np.array([x], dtype=np.float32).view(np.uint32)[0])
    if (bits & 0x7F800000) == 0x7F800000 and bits & 0xFFFF:  # NaN: keep it quiet
        return (bits >> 16) | 0x40
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def kernel_scalar(name: str, value, type_name: str):
    """A scalar argument of a kernel, as the native layer takes it (f16 and bf16 as their bits)."""
    v = _as_number(name, value, type_name)
    if type_name in _KERNEL_INT_RANGES:
        if isinstance(v, float):
            raise ArgumentError(name, f"expected an integer for the {type_name} parameter, got {value!r}")
        lo, hi = _KERNEL_INT_RANGES[type_name]
        if not lo <= v <= hi:
            raise ArgumentError(name, f"{v} does not fit {type_name} ({lo} to {hi})")
        return v
    if type_name == "f16":
        return int(np.array([v], dtype=np.float16).view(np.uint16)[0])
    if type_name == "bf16":
        return _bf16_bits(float(v))
    return float(v)


@dataclass(frozen=True)
class Param:
    """A parameter of a kernel or a module's entry: ``type`` is its element type (``f32``); ``pointer`` says
    it is global memory (a numpy array) rather than a scalar; ``size`` is a kernel signature's minimum element
    count (``f32*[n*4]``), or None."""

    name: str
    type: str
    pointer: bool
    size: Optional[str] = None
    elem_size: int = 0
    text: str = ""  # a module parameter's MLIR type: "!pto.ptr<f32>", "i32"

    def __str__(self) -> str:
        t = self.text or (self.type + ("*" if self.pointer else "") + (f"[{self.size}]" if self.size else ""))
        return f"{self.name}: {t}"


_PARAM = re.compile(r"^\s*(?:(?P<name>[A-Za-z_]\w*)\s*:\s*)?(?P<type>[A-Za-z]\w*)\s*(?P<ptr>\*)?\s*"
                    r"(?:\[(?P<size>[^\]]*)\])?\s*$")
_SIZE_TERM = re.compile(r"^\s*(?:\d+|[A-Za-z_]\w*)\s*$")


def parse_signature(text: str) -> List[Param]:
    """``"out:f32*, in:f32*[n], n:i32"``: names are optional (arg0, arg1, ...), a pointer may give the least
    number of elements its array must have, as a product of integers and scalar parameters."""
    params: List[Param] = []
    items = [s for s in text.split(",")] if text.strip() else []
    for i, item in enumerate(items):
        m = _PARAM.match(item)
        if not m:
            raise SignatureError(f"signature item {i + 1} '{item.strip()}': expected NAME:TYPE, NAME:TYPE* or "
                                 f"NAME:TYPE*[SIZE] (TYPE one of {', '.join(sorted(SCALAR_TYPES))})")
        t = m.group("type")
        if t not in SCALAR_TYPES:
            raise SignatureError(f"signature item {i + 1} '{item.strip()}': unknown type {t} (one of "
                                 f"{', '.join(sorted(SCALAR_TYPES))})")
        size = m.group("size")
        if size is not None and not m.group("ptr"):
            raise SignatureError(f"signature item {i + 1} '{item.strip()}': only pointers have a size")
        if size is not None and not all(_SIZE_TERM.match(term) for term in size.split("*")):
            raise SignatureError(f"signature item {i + 1} '{item.strip()}': a size is a product of integers "
                                 f"and scalar parameters (n*4)")
        elem = NUMPY_TYPES[t].itemsize if t in NUMPY_TYPES else 2
        params.append(Param(m.group("name") or f"arg{i}", t, bool(m.group("ptr")),
                            size.replace(" ", "") if size else None, elem))
    names = [p.name for p in params]
    for n in names:
        if names.count(n) > 1:
            raise SignatureError(f"parameter name {n} appears twice")
    for p in params:
        for term in (p.size or "").split("*"):
            if term and not term.isdigit():
                ref = next((q for q in params if q.name == term), None)
                if ref is None or ref.pointer or ref.type not in _KERNEL_INT_RANGES:
                    raise SignatureError(f"{p.name}: size {p.size} names {term}, which is not an integer "
                                         f"parameter")
    return params


def exported_types(text: str, abi: str) -> List[str]:
    """The parameter types of a library's exported signature (``ptosim-kernel-1:f32*,i32``)."""
    prefix, _, types = text.partition(":")
    if prefix != abi:
        raise SignatureError(f"the library's kernel was built for {prefix!r}; this ptosim loads {abi!r} "
                             f"(rebuild the library against this ptosim)")
    return [t for t in types.split(",") if t]


def min_elements(p: Param, scalars: Dict[str, int]) -> Optional[int]:
    if not p.size:
        return None
    return reduce(operator.mul, (int(t) if t.isdigit() else scalars[t] for t in p.size.split("*")), 1)


def bind(params: Sequence[Param], args: tuple, kwargs: dict, what: str) -> list:
    """Matches positional and keyword arguments to parameters; every parameter needs exactly one."""
    if len(args) > len(params):
        raise ArgumentError(None, f"{what} takes {len(params)} argument{'s' if len(params) != 1 else ''} "
                                  f"({', '.join(str(p) for p in params)}), got {len(args)}")
    values = list(args) + [None] * (len(params) - len(args))
    given = [True] * len(args) + [False] * (len(params) - len(args))
    for key, v in kwargs.items():
        idx = next((i for i, p in enumerate(params) if p.name in (key, "%" + key)), None)
        if idx is None:
            raise ArgumentError(key, f"{what} has no parameter of that name ({', '.join(p.name for p in params)})")
        if given[idx]:
            raise ArgumentError(key, "given twice (by position and by name)")
        values[idx] = v
        given[idx] = True
    missing = [p.name for p, g in zip(params, given) if not g]
    if missing:
        raise ArgumentError(missing[0], f"missing argument ({what} takes "
                                        f"{', '.join(str(p) for p in params)})")
    return values
