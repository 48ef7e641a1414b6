// The micro core: the checked entry points of the A5 vector unit's micro-instructions (isa/micro.def), which
// every micro-level front end calls: the CCE intrinsics (include/ptosim/cce/), AscendC's register API
// (include/basic_api/reg_compute/) and the PTO-AS module interpreter.
//
// Registers are values (core/vreg.hpp). Lane-wise operations take the element type as a DType and run the
// row's functor, the same one the tile instructions use (kernels/elementwise/functors.hpp), on the reference
// or the fast kernel (ptosim::active_backend()); the two give the same bits. Inactive lanes are zeroed, or
// keep the destination's value when `merging` (MODE_MERGING); the pages of docs/isa/micro/ say which
// operations take which mode.
//
// Memory operations check their UB footprint (inside the simulated core's Unified Buffer, aligned as the
// distribution requires) before they touch anything, and declare it to the hazard checker on the V pipe.
#pragma once

#include <cstdint>

#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/core/vreg.hpp"
#include "ptosim/isa/micro.hpp"

namespace ptosim::micro {

using isa::MOp;

// ---- lane-wise families
// ------------------------------------------------------------------------------------

// A lane kernel: the reference or the fast one for one (operation, element type), resolved once (a call site
// keeps it: the intrinsics look theirs up on first use) and run many times.
using BinaryFn = void (*)(VReg& dst, const VReg& a, const VReg& b, const Preg& p, bool merging);
using ScalarFn = void (*)(VReg& dst, const VReg& a, uint64_t scalar_bits, const Preg& p, bool merging);
using UnaryFn = void (*)(VReg& dst, const VReg& a, const Preg& p, bool merging);
template <typename Fn>
struct LaneKernel {
    Fn ref = nullptr;
    Fn fast = nullptr;  // null: the reference runs on both backends
    Fn get() const;     // the active backend's
};

// The kernels of `op` (a Binary / VecScalar / Unary / Ternary row) for element type t; a failed check when
// the row does not take t.
LaneKernel<BinaryFn> binary_kernel(MOp op, DType t);
LaneKernel<ScalarFn> scalar_kernel(MOp op, DType t);
LaneKernel<UnaryFn> unary_kernel(MOp op, DType t);

// One call, looking the kernel up (for front ends that run an operation once: the module interpreter).
void binary(MOp op, DType t, VReg& dst, const VReg& a, const VReg& b, const Preg& p, bool merging = false);
void vec_scalar(MOp op, DType t, VReg& dst, const VReg& a, uint64_t scalar_bits, const Preg& p,
                bool merging = false);
void unary(MOp op, DType t, VReg& dst, const VReg& a, const Preg& p, bool merging = false);

// ---- compare and select ----------------------------------------------------------------------------------

// Predicate of the lanes where a OP b (IEEE: NaN compares unordered), for the lanes `seed` enables; 0
// elsewhere.
Preg compare(CmpMode mode, DType t, const VReg& a, const VReg& b, const Preg& seed);
Preg compare_scalar(CmpMode mode, DType t, const VReg& a, uint64_t scalar_bits, const Preg& seed);
// dst = p ? a : b per lane (every lane written).
void select(DType t, VReg& dst, const VReg& a, const VReg& b, const Preg& p);

// ---- broadcast ------------------------------------------------------------------------------------------

// Every lane (of the active ones; inactive lanes zeroed or kept) = the element `bits` of type t.
void broadcast(DType t, VReg& dst, uint64_t bits, const Preg& p, bool merging = false);
// dst[i] = start + i (ascending) or start - i (descending), wrapping in t (floats: exact integer values).
void index_sequence(DType t, VReg& dst, uint64_t start_bits, bool descending);

// ---- loads and stores -----------------------------------------------------------------------------------

// vlds with the NORM distribution: dst = the 256 bytes at `ub`, which must be 32-byte aligned and, when it
// lies in the simulated core's Unified Buffer, inside it (an address outside the buffer, host memory standing
// in for it, is trusted).
void load(VReg& dst, const void* ub);
// vsts with the NORM distribution: the active lanes of src (elements of `elem_size` bytes) to the 256 bytes
// at `ub`; inactive lanes leave memory as it was. The same address rules as load.
void store(void* ub, const VReg& src, const Preg& p, uint32_t elem_size);

// The other distributions (isa/micro_dist.def, whose rows state each one's rule). The address must have the
// row's alignment and the row's footprint (isa::dist_bytes) must lie inside the Unified Buffer when it
// starts there; a distribution of another instruction, or one ptosim does not run, is a failed check.
// `elem_size` is the register's element size, which the distributions without a suffix (NORM, BLK) use.
//
// vlds: dst from `ub` (every lane written; no predicate).
void load(VReg& dst, const void* ub, isa::MDist d, uint32_t elem_size);
// vldsx2: lo and hi from `ub`.
void load2(VReg& lo, VReg& hi, const void* ub, isa::MDist d);
// vsts: src to `ub` under p (lane i of the distribution's element size active: its memory element is
// written; ONEPT writes lane 0 whatever p).
void store(void* ub, const VReg& src, const Preg& p, isa::MDist d, uint32_t elem_size);
// vstsx2: lo and hi interleaved to `ub` under p (lane i active: memory elements 2i and 2i + 1 written).
void store2(void* ub, const VReg& lo, const VReg& hi, const Preg& p, isa::MDist d);
// The bytes [first, end) of a store's footprint that p lets it write (first == end: none), for the hazard
// checker and the front ends' own access checks.
struct Extent {
    uint32_t first = 0, end = 0;
};
Extent store_extent(const Preg& p, isa::MDist d, uint32_t elem_size);

// ---- reductions -----------------------------------------------------------------------------------------

// Reductions over the active lanes of `a` (inactive lanes take no part), results in the low lanes of dst and
// every other lane zero (pto-isa's reduction-ops family page):
//   vcadd             dst[0] = the sum, as a pairwise tree (lanes 2i and 2i+1 first, then pairs of those;
//                     inactive lanes count as 0), each partial sum rounded to the element type; integers
//                     wrap.
//   vcmax / vcmin     dst[0] = the largest (smallest) active element, dst[1] = its lane index as an unsigned
//                     integer of the element's width; the first lane wins ties, the first NaN wins; no
//                     active lane: the type's lowest (highest) value (-inf / +inf for floats) and index 0.
//   vcgadd / vcgmax / vcgmin  the same per VLane (32 bytes, K = 32 / sizeof(T) lanes): dst[g * K] = the
//                     group's sum / extreme (no index); an empty group gives 0 (sum) or the extreme's start.
//   vcpadd            inclusive prefix sum: dst[i] = the sum of the active lanes 0..i (every lane written).
void reduce(MOp op, DType t, VReg& dst, const VReg& a, const Preg& p);

// ---- predicates -----------------------------------------------------------------------------------------

// The predicate patterns of pset (pto-isa's PAT_*: the first n elements, a fraction of the register, all,
// none, every third / fourth).
enum class Pattern : uint8_t { ALL, ALLF, H, Q, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4 };
Preg pattern(Pattern pat, uint32_t elem_size);
// The first min(n, lanes) elements of size elem_size active (plt); `n` is counted down by that many when the
// caller post-updates it (CreatePredicate, plt_b*(n, POST_UPDATE)).
Preg first_n(uint32_t n, uint32_t elem_size);
// plt's post-update form (plt_b*(n, POST_UPDATE), AscendC's UpdateMask): first_n(n, elem_size), then n -= the
// number of elements it made active, ready for the next register of a loop.
Preg first_n_update(uint32_t& n, uint32_t elem_size);

// Predicate algebra (pand, por, pxor, pnot: a PredLogic row), bit by bit over all 256 bits whatever element
// size the operands were made for: bit i of the result is the operation on bit i of a and b (pnot: of a)
// where bit i of `mask` is set, and 0 where it is clear. The pages say the mask "does not affect the boolean
// operation"; pto-isa's A5 code decides otherwise: it computes the padding lanes of a row as
// pnot(pad, valid, total), which only gives pad = total AND NOT valid when the mask zeroes (TMov, Int64Div).
Preg pred_logic(MOp op, const Preg& a, const Preg& b, const Preg& mask);
// psel: bit i = sel_i ? a_i : b_i (the page's formula; the C++ intrinsic's fourth operand is the selector).
Preg pred_select(const Preg& a, const Preg& b, const Preg& sel);

}  // namespace ptosim::micro
