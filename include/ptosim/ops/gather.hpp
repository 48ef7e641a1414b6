// TGATHER and TSCATTER within tiles (docs/isa/TGATHER.md, TSCATTER.md): elements chosen, or placed, by a
// fixed pattern of positions or by an index tile.
#pragma once

#include <cstdint>

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

namespace ops {
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
}  // namespace ref

namespace simd {
void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
void tgather(const TileView& dst, const TileView& src0, const TileView& idx);
void tscatter(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows);
void tscatter(const TileView& dst, const TileView& src, const TileView& idx);
}  // namespace simd

}  // namespace ptosim
