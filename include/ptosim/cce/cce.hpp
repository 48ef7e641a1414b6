// The CCE intrinsics on ptosim's micro core: the C++ spelling of the A5 micro-instructions that pto-isa's
// manual gives on each page of docs/isa/vector/ops and docs/isa/scalar ("C++ intrinsic", `vadd(dst, src0,
// src1, mask)` on `vector_f32` / `vector_bool`) and that pto-isa's A5 device code (include/pto/npu/a5) calls.
// Each intrinsic is a thin typed wrapper over a row of isa/micro.def and the micro core's entry point for it
// (ptosim/ops/micro.hpp): the same rows and kernels as AscendC's register API and PTO-AS's `pto.v*`.
//
// This is a front end: nothing under include/ptosim/ (but this folder) or src/ includes it. It declares its
// names at global scope, as the device compiler does; docs/cce.md lists what it covers.
#pragma once

#include "ptosim/cce/load_store.hpp"
#include "ptosim/cce/predicate.hpp"
#include "ptosim/cce/types.hpp"
#include "ptosim/cce/vector_ops.hpp"
