// Instructions that rearrange tiles: TFILLPAD (docs/isa/TFILLPAD.md), TCONCAT (docs/isa/TCONCAT.md), TTRANS
// (docs/isa/TTRANS.md), and the storage checks of the aliasing TRESHAPE and TSUBVIEW (docs/isa/TRESHAPE.md).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptosim/core/tile_view.hpp"
#include "ptosim/ops/memory.hpp"

namespace ptosim {

// TFILLPAD's regions of dst: the kept block [0, keep_rows) x [0, keep_cols) (copied from src at the same
// positions when `copy`, else left alone) and, around it inside [0, fill_rows) x [0, fill_cols), the pad:
// columns [keep_cols, fill_cols) of the kept rows and whole rows [keep_rows, fill_rows). Nothing else of dst
// is touched. `pad` is the bit pattern of one dst element.
struct FillPadSpec {
    int32_t keep_rows = 0, keep_cols = 0;
    int32_t fill_rows = 0, fill_cols = 0;
    bool copy = true;
    uint64_t pad = 0;
};

// TCONCAT with index tiles: row r takes count0[r] elements of src0 and count1[r] of src1.
struct ConcatCounts {
    const TileView* dst_idx = nullptr;  // optional: receives byte0 + byte1 in column 0 of each row
    TileView src0_idx, src1_idx;
};

namespace ops {
// The bit pattern of a standard pad value (PadValue Zero, Max, Min; Null gives 0) for element type t.
uint64_t pad_bits(DType t, Pad pad);

// Checked entry points; instr names the instruction in errors.
void tfillpad(const char* instr, const TileView& dst, const TileView& src, const FillPadSpec& spec);
// dst's valid region is src0's valid region followed, in each row, by src1's.
void tconcat(const TileView& dst, const TileView& src0, const TileView& src1);
// Per row r < dst's valid rows: n0 = src0_idx(r, 0) / sizeof(index), at most dst's valid columns; n1 =
// src1_idx(r, 0) / sizeof(index), at most the columns left; dst(r, 0..n0) = src0(r, ..), then n1 of src1.
void tconcat(const TileView& dst, const TileView& src0, const TileView& src1, const ConcatCounts& idx);
// dst(c, r) = src(r, c) over src's valid region.
void ttrans(const TileView& dst, const TileView& src);
// A view at byte offset `offset` of src's storage with dst's layout and valid region (TRESHAPE, TSUBVIEW):
// checks that it lies inside src's buffer and returns the bytes left from the view's base.
std::size_t alias_view(const char* instr, const TileView& dst, const TileView& src, std::size_t offset);
}  // namespace ops

namespace ref {
void tfillpad(const TileView& dst, const TileView& src, const FillPadSpec& spec);
void ttrans(const TileView& dst, const TileView& src);
}  // namespace ref

namespace simd {
// Row-major tiles only: false when the reference kernel must run.
bool tfillpad(const TileView& dst, const TileView& src, const FillPadSpec& spec);
bool ttrans(const TileView& dst, const TileView& src);
}  // namespace simd

}  // namespace ptosim
