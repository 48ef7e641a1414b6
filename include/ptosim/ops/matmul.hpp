// The matmul family (TMATMUL, TMATMUL_ACC, TMATMUL_BIAS and the TGEMV forms, docs/isa/TMATMUL.md): the cube's
// C = A x B on Left / Right / Acc tiles of any layout.
#pragma once

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Checked entry point. M = a's valid rows, K = a's valid columns (b's valid rows must equal it), N = b's
// valid columns. For i < M, j < N: s = the k-ordered chain s = fma(a(i, k), b(k, j), s) from s = 0 in the
// accumulator type (float for half, bfloat16 and float inputs, every step rounded once; int32 for int8
// inputs, wrapping), then c(i, j) = s, or acc_in(i, j) + s (TMATMUL_ACC; acc_in may be c itself), or s +
// bias(0, j) (TMATMUL_BIAS), that sum rounded once more. a and b have one element type; c, acc_in and bias
// the accumulator type; c's valid region holds M x N. c must not overlap a, b or bias.
void tmatmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
             const TileView* bias);
// The MX forms (TMATMUL_MX, TGEMV_MX): a and b in 8-bit (E4M3 / E5M2) or 4-bit (E2M1 / E1M2) floats, each
// block of 32 along K scaled by a power of two from the scale tiles, a_scale(i, k / 32) and b_scale(k / 32,
// j). For i < M, j < N: s = 0.0f; for k in order s = float(double(s) + a(i, k) * b(k, j) * (a_scale *
// b_scale)) (the product exact in double, two roundings per step, as pto-isa's CPU simulation computes it);
// then c = s, acc_in + s or s + bias. 1 <= M, K, N <= 4095.
void tmatmul_mx(const TileView& c, const TileView& a, const TileView& a_scale, const TileView& b,
                const TileView& b_scale, const TileView* acc_in, const TileView* bias);
}  // namespace ops

// The kernel; operands must already be valid.
namespace ref {
void tmatmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
             const TileView* bias);
void tmatmul_mx(const TileView& c, const TileView& a, const TileView& a_scale, const TileView& b,
                const TileView& b_scale, const TileView* acc_in, const TileView* bias);
}  // namespace ref

namespace simd {
// The fast kernel, the reference's bits; false when this SIMD target has none for the input type (float
// accumulators need a fused multiply-add instruction), and the reference kernel runs.
bool tmatmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
             const TileView* bias);
}  // namespace simd

}  // namespace ptosim
