// Sorting into value-index pairs: TSORT32 (docs/isa/TSORT32.md) sorts blocks of 32 elements, TMRGSORT
// (docs/isa/TMRGSORT.md) merges sorted lists of pairs.
//
// A pair is 8 bytes: the value in the low bytes of a 4-byte slot (a 2-byte value followed by two zero bytes),
// then the uint32_t index. A tile of element type T holds one pair in 8 / sizeof(T) elements. The order is
// descending by value: numbers by value (+0 and -0 are equal), every NaN after every number.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "ptosim/core/arch.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/isa/table.hpp"

namespace ptosim {

namespace sort {
using isa::DTypeSet;

// Element types per profile: pto-isa's device code takes half and float (npu/a5/TSort32.hpp,
// npu/a2a3/TSort32.hpp, npu/a5/TMrgSort.hpp, npu/a2a3/TMrgSort.hpp); the CPU profile also takes the types of
// pto-isa's CPU simulation of TSORT32 (cpu/TSort32.hpp: int32_t, int16_t, bfloat16_t), for both instructions
// so that what TSORT32 produces TMRGSORT can merge.
constexpr DTypeSet types(Arch a) {
    if (a == Arch::CPU)
        return isa::kFloats | DTypeSet{DType::S16, DType::S32};
    return isa::kF16F32;
}

constexpr int32_t kBlock = 32;       // TSORT32's block of elements
constexpr int32_t kPairBytes = 8;    // one value-index pair
constexpr int32_t kMaxLists = 4;     // TMRGSORT's lists
constexpr int32_t kMaxRepeat = 255;  // the single-tile form's groups of four blocks

// Tile elements per pair for element type t (2 for 4-byte, 4 for 2-byte types).
constexpr int32_t elems_per_pair(DType t) {
    return kPairBytes / static_cast<int32_t>(dtype_size(t));
}

// Pairs taken from each list by a TMRGSORT that stops when a list runs out (pto-isa's
// MrgSortExecutedNumList).
using Executed = std::array<uint16_t, kMaxLists>;

// A sorted list of `pairs` value-index pairs at `data` (any alignment).
struct PairList {
    const std::byte* data = nullptr;
    int32_t pairs = 0;
};
}  // namespace sort

namespace ops {
// TSORT32. For each valid row r of src (dst and src have the same valid rows; idx has them too, or one row
// that every row reads): the valid columns in blocks of 32 (the last block may be shorter only when
// `partial_tail`, pto-isa's form with a tmp tile); each block's pairs (src(r, c), idx(r, c)) sorted
// descending by value, equal values by ascending index, equal indices in column order; block b's pairs go to
// dst row r from pair 32 * b on. dst needs validCol pairs of valid columns per row. Nothing else is written.
void tsort32(const TileView& dst, const TileView& src, const TileView& idx, bool partial_tail);

// TMRGSORT of 2 to 4 lists (srcs: one-row tiles of whole pairs, each sorted). The lists are merged, the
// larger value first and equal values from the lower-numbered list first, into tmp (which must hold every
// pair of every list); then dst's valid columns are copied from the front of tmp, as the device does. With
// `exhausted` the merge stops once any list has given all its pairs (before the first pair if a list is
// empty), and the result says how many pairs each list gave; without it every pair is merged and the result
// is all zeros.
sort::Executed tmrgsort(const TileView& dst, const TileView& tmp, std::span<const TileView> srcs,
                        bool exhausted);

// TMRGSORT's single-tile form: src's valid columns are groups of four sorted blocks of block_len elements
// (block_len a multiple of 64, at most 255 groups); each group is merged, as above, into the same columns of
// dst.
void tmrgsort_blocks(const TileView& dst, const TileView& src, uint32_t block_len);
}  // namespace ops

// Unchecked kernels (the checked entries above validate first). merge_pairs merges the lists of pairs of
// element type t into out (room for every pair; out overlaps no list) and returns the pairs taken from each.
namespace ref {
void tsort32(const TileView& dst, const TileView& src, const TileView& idx);
sort::Executed merge_pairs(DType t, std::span<const sort::PairList> lists, std::byte* out, bool exhausted);
}  // namespace ref

namespace simd {
void tsort32(const TileView& dst, const TileView& src, const TileView& idx);
sort::Executed merge_pairs(DType t, std::span<const sort::PairList> lists, std::byte* out, bool exhausted);
}  // namespace simd

}  // namespace ptosim
