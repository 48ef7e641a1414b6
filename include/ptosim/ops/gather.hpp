// TGATHER and TSCATTER within tiles (docs/isa/TGATHER.md, TSCATTER.md): elements chosen, or placed, by a
// fixed pattern of positions or by an index tile.
#pragma once

#include <cstdint>

#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

// Which positions a pattern keeps, by pto-isa's MaskPattern numbering: P0101 (1) every other position from 0,
// P1010 (2) every other from 1, P0001 .. P1000 (3..6) every fourth from 0, 1, 2, 3, P1111 (7) all.
struct GatherPattern {
    int32_t period = 1;  // 1, 2 or 4
    int32_t phase = 0;   // kept positions: phase, phase + period, ...
    // false when `mask_pattern` is not 1..7.
    static bool from_mask_pattern(int mask_pattern, GatherPattern* out);
    constexpr int32_t kept(int32_t n) const { return n <= phase ? 0 : (n - phase + period - 1) / period; }
};

// The compare form (A5's device code, npu/a5/TGather.hpp TGather_cmp): which source elements match a row's
// threshold, and the index each one gets.
namespace gather_cmp {
// Index step from one source row to the next: the device numbers the elements of whole vector repeats, 128
// one-byte or 64 two- and four-byte elements each, and carries the count on from row to row.
constexpr int64_t row_stride(std::size_t elem_size, int32_t valid_cols) {
    const int64_t per = elem_size == 1 ? 128 : 64;
    return (static_cast<int64_t>(valid_cols) + per - 1) / per * per;
}
// Whether a source element of type `src` (its bits) matches threshold k under `mode` (GT or EQ), as A5
// compares: 32-bit integers and a float rounded to int32 (nearest, ties to even) compare as uint32 with k; 8-
// and 16-bit integers compare their zero-extended bits with k; half compares as float with k's low 16 bits
// read as an int16 and converted to float; a uint16_t source compares EQ whatever the mode (the device's
// dispatch sends uint16_t GT to its EQ kernel). A float element must round into int32's range (not NaN).
bool hit(DType src, uint64_t bits, uint32_t k, CmpMode mode);
}  // namespace gather_cmp

namespace ops {
// Compare gather: for each valid row i of src0, dst(i, 0 .. n-1) = the indices, in column order, of the
// valid columns j whose element matches k, the i-th element of k_value's storage (gather_cmp::hit); index =
// offset + i * gather_cmp::row_stride + j, modulo 2^32; the i-th element of cdst's storage = n. The rest of
// dst is left as it was. Checked first: one threshold and one count slot per valid row, a row of dst per
// valid row with room for its matches, float elements that round into int32's range, and (8-bit sources)
// thresholds below 2^31.
void tgather_cmp(const TileView& dst, const TileView& src0, const TileView& k_value, const TileView& cdst,
                 uint32_t offset, CmpMode mode);
// Row gather: the kept columns of each valid row of src (kept among its valid columns), rows one after
// another in one stream written from dst(0, 0) on through dst's storage (pto-isa: dst is contiguous). Column
// gather
// (`by_rows`): dst row i is the i-th kept row of src's valid rows, its valid columns. Elements are copied as
// bits; src and dst have the same element size.
void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
// Index gather: dst(i, j) = element idx(i, j) of src0's storage counted row-major from its start, for dst's
// valid region. Every index must lie inside src0's tile (Rows x Cols).
void tgather(const TileView& dst, const TileView& src0, const TileView& idx);
// Pattern scatter, the inverse of the pattern gather: row form: dst(r, c) = src(r, k) for the k-th kept
// column c of dst's valid columns; column form (`by_rows`): dst row r = src row k for the k-th kept row r of
// dst's valid rows. Every other element of dst's whole tile becomes 0 (the devices clear dst first). The
// pattern keeping everything (P1111) copies the valid region and clears nothing.
void tscatter(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
// Index scatter: dst's whole tile becomes 0, then element idx(i, j) of dst's storage (row-major from its
// start) = src(i, j) for idx's valid region, in row-major order (a later write to the same element wins).
// Every index must lie inside dst's tile.
void tscatter(const TileView& dst, const TileView& src, const TileView& idx);
// Block gather: dst's valid columns of row r, in 32-byte blocks: block b of the row is the 32 bytes at byte
// offsets(r, b) of src's storage (the last block only as far as the valid columns go). offsets holds 32-bit
// byte offsets; every block read lies inside src's tile.
void tgatherb(const TileView& dst, const TileView& src, const TileView& offsets);
}  // namespace ops

namespace ref {
void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
void tgather(const TileView& dst, const TileView& src0, const TileView& idx);
void tscatter(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
void tscatter(const TileView& dst, const TileView& src, const TileView& idx);
void tgatherb(const TileView& dst, const TileView& src, const TileView& offsets);
void tgather_cmp(const TileView& dst, const TileView& src0, const TileView& k_value, const TileView& cdst,
                 uint32_t offset, CmpMode mode);
}  // namespace ref

namespace simd {
void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
void tgather(const TileView& dst, const TileView& src0, const TileView& idx);
void tscatter(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
void tscatter(const TileView& dst, const TileView& src, const TileView& idx);
}  // namespace simd

}  // namespace ptosim
