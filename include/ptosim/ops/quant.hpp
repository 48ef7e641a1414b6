// TQUANT (INT8_SYM / INT8_ASYM, and the MX forms MXFP8 / MXFP4_E2M1) and TDEQUANT: float tiles to int8 /
// uint8 / FP8 / FP4 and integer tiles back to float (docs/isa/TQUANT.md, docs/isa/TDEQUANT.md).
#pragma once

#include "ptosim/core/mx_quant.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Which MX quantisation: the element format, how the block exponent is chosen, and the blocks' direction.
struct MxQuant {
    mx::Element element = mx::Element::E4M3;
    mx::ScaleAlg alg = mx::ScaleAlg::Ocp;
    bool along_rows =
        true;  // ND: 32 consecutive columns of a row; DN (false): 32 consecutive rows of a column
};

// Checked entry point of TQUANT's MX forms. src (float, half or bfloat16; row-major) is cut into blocks of 32
// (ND: validCol a multiple of 32; DN: validRow a multiple of 32); for block (i, g) (ND: row i, columns 32g..;
// DN: column i, rows 32g..) with maximum m (mx::BlockMax), exponent e = mx::shared_exponent(m) and factor
// f = mx::scaling(m, e): dst = the code of src * f (int8_t bytes of FP8 E4M3, or float4_e2m1x2_t), max and
// scaling (float tiles) get m and f at flat storage element k (ND: i * G + g, DN: g * C + i, G / C the block
// grid's columns), exp (uint8_t) gets e at position (i, g) (ND) or (g, i) (DN) inside its valid region, or,
// when exp_zz is given (MXFP8 ND only), at flat element k, with exp_zz holding the same exponents in ZZ order
// (16-row x 2-block groups). dst has src's valid shape and is row-major; no destination overlaps another
// operand.
void tquant_mx(const MxQuant& q, const TileView& dst, const TileView& src, const TileView& exp,
               const TileView& max, const TileView& scaling, const TileView* exp_zz);

// Checked entry point: dst(r, c) = (float(src(r, c)) - offset(r, 0)) * scale(r, 0) over dst's valid region,
// the subtraction and the product each rounded to float (the devices' vsub then vmul). dst float, src int8 or
// int16 with dst's valid shape, both row-major; scale and offset float tiles of any plain layout ([R, 1]
// column-major as pto-isa's examples load them, or row-major) with dst's valid rows. dst must not overlap any
// other operand.
void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset);

// Checked entry point: dst(r, c) = sat(rint(src(r, c) * scale(r) [+ offset(r)])) over src's valid region; the
// product and the sum each rounded to float, then rounded to the nearest integer (ties to even) and clamped
// to dst's range, NaN giving 0. dst int8_t (INT8_SYM, no offset) or uint8_t (INT8_ASYM, offset required) with
// src's valid shape, src float, both row-major; scale and offset float tiles holding the row's parameter at
// flat element r (column-major [R, 1], as the devices read them) with at least src's valid rows. dst must not
// overlap another operand.
void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset);
}  // namespace ops

// The kernels; operands must already be valid.
namespace ref {
void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset);
void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset);
void tquant_mx(const ops::MxQuant& q, const TileView& dst, const TileView& src, const TileView& exp,
               const TileView& max, const TileView& scaling, const TileView* exp_zz);
}  // namespace ref

namespace simd {
void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset);
void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset);
}  // namespace simd

}  // namespace ptosim
