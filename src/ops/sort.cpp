// Checked TSORT32 and TMRGSORT.
#include "ptosim/ops/sort.hpp"

#include <cstring>
#include <string>
#include <vector>

#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr int32_t kMaxListPairs = 65535;  // the 16-bit pair counts of the merge (VMS4_SR's fields)

// A TMRGSORT operand: a one-row, row-major tile of a sort element type, the same type as dst.
void merge_operand(const TileView& t, DType type, const char* instr, const char* operand) {
    validate::tile(t, instr, operand);
    validate::dtype_in(sort::types(Arch::CPU), t.dtype, instr, operand);
    PTOSIM_CHECK(t.dtype == type, instr, "every tile must have dst's element type", {"operand", operand},
                 {"dtype", dtype_cpp_name(t.dtype)}, {"dst", dtype_cpp_name(type)});
    validate::row_major(t, instr, operand);
    PTOSIM_CHECK(t.layout.rows == 1, instr, "every tile must have one row", {"operand", operand},
                 {"Rows", t.layout.rows});
}

sort::Executed merge(DType t, std::span<const sort::PairList> lists, std::byte* out, bool exhausted) {
    return active_backend() == Backend::Ref ? ref::merge_pairs(t, lists, out, exhausted)
                                            : simd::merge_pairs(t, lists, out, exhausted);
}

}  // namespace

void tsort32(const TileView& dst, const TileView& src, const TileView& idx, bool partial_tail) {
    hazards::Scope hz("TSORT32", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    hz.read(idx);
    constexpr const char* kInstr = "TSORT32";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    validate::tile(idx, kInstr, "idx");
    validate::dtype_in(sort::types(Arch::CPU), src.dtype, kInstr, "src");
    PTOSIM_CHECK(dst.dtype == src.dtype, kInstr, "dst must have src's element type",
                 {"dst", dtype_cpp_name(dst.dtype)}, {"src", dtype_cpp_name(src.dtype)});
    PTOSIM_CHECK(idx.dtype == DType::U32, kInstr, "idx must be uint32_t", {"idx", dtype_cpp_name(idx.dtype)});
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src, kInstr, "src");
    validate::row_major(idx, kInstr, "idx");
    PTOSIM_CHECK(dst.valid_rows == src.valid_rows, kInstr, "dst must have src's valid rows",
                 {"dst.validRow", dst.valid_rows}, {"src.validRow", src.valid_rows});
    PTOSIM_CHECK(idx.valid_rows == src.valid_rows || idx.valid_rows == 1, kInstr,
                 "idx must have src's valid rows, or one row for all of them",
                 {"idx.validRow", idx.valid_rows}, {"src.validRow", src.valid_rows});
    PTOSIM_CHECK(idx.valid_cols >= src.valid_cols, kInstr,
                 "idx must have an index for every valid column of src", {"idx.validCol", idx.valid_cols},
                 {"src.validCol", src.valid_cols});
    PTOSIM_CHECK(
        partial_tail || src.valid_cols % sort::kBlock == 0, kInstr,
        "without tmp, src's valid columns must be a multiple of 32 (the tmp form sorts a shorter last block)",
        {"src.validCol", src.valid_cols});
    const int64_t need = int64_t{src.valid_cols} * sort::elems_per_pair(src.dtype);
    PTOSIM_CHECK(src.valid_rows == 0 || dst.valid_cols >= need, kInstr,
                 "dst's valid columns must hold a value-index pair for every valid column of src",
                 {"dst.validCol", dst.valid_cols}, {"needed", need});
    validate::disjoint(dst, "dst", src, "src", kInstr);
    validate::disjoint(dst, "dst", idx, "idx", kInstr);
    if (active_backend() == Backend::Ref)
        ref::tsort32(dst, src, idx);
    else
        simd::tsort32(dst, src, idx);
}

sort::Executed tmrgsort(const TileView& dst, const TileView& tmp, std::span<const TileView> srcs,
                        bool exhausted) {
    hazards::Scope hz("TMRGSORT", hazards::Pipe::V);
    hz.write(dst);
    hz.write(tmp);
    for (const TileView& t : srcs)
        hz.read(t);
    constexpr const char* kInstr = "TMRGSORT";
    PTOSIM_CHECK(srcs.size() >= 2 && srcs.size() <= sort::kMaxLists, kInstr, "merges 2, 3 or 4 lists",
                 {"lists", srcs.size()});
    merge_operand(dst, dst.dtype, kInstr, "dst");
    merge_operand(tmp, dst.dtype, kInstr, "tmp");
    const int32_t per_pair = sort::elems_per_pair(dst.dtype);
    std::vector<sort::PairList> lists;
    int64_t total = 0;
    static const char* const kNames[] = {"src0", "src1", "src2", "src3"};
    for (std::size_t l = 0; l < srcs.size(); ++l) {
        const TileView& s = srcs[l];
        merge_operand(s, dst.dtype, kInstr, kNames[l]);
        const int32_t cols = s.valid_rows > 0 ? s.valid_cols : 0;
        PTOSIM_CHECK(cols % per_pair == 0, kInstr, "a list's valid columns must be whole value-index pairs",
                     {"operand", kNames[l]}, {"validCol", cols}, {"elements_per_pair", per_pair});
        PTOSIM_CHECK(cols / per_pair <= kMaxListPairs, kInstr, "a list holds at most 65535 pairs",
                     {"operand", kNames[l]}, {"pairs", cols / per_pair});
        validate::disjoint(tmp, "tmp", s, kNames[l], kInstr);
        lists.push_back({s.data, cols / per_pair});
        total += cols / per_pair;
    }
    PTOSIM_CHECK(tmp.valid_cols >= total * per_pair, kInstr,
                 "tmp's valid columns must hold every pair of every list (the merge is written there first)",
                 {"tmp.validCol", tmp.valid_cols}, {"needed", total * per_pair});
    PTOSIM_CHECK(dst.valid_cols <= tmp.valid_cols, kInstr,
                 "dst's valid columns are copied from tmp, so tmp must have at least as many",
                 {"dst.validCol", dst.valid_cols}, {"tmp.validCol", tmp.valid_cols});
    validate::disjoint(tmp, "tmp", dst, "dst", kInstr);
    const sort::Executed taken = merge(dst.dtype, lists, tmp.data, exhausted);
    std::memcpy(dst.data, tmp.data, static_cast<std::size_t>(dst.valid_cols) * dst.elem_size());
    return exhausted ? taken : sort::Executed{};
}

void tmrgsort_blocks(const TileView& dst, const TileView& src, uint32_t block_len) {
    hazards::Scope hz("TMRGSORT", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    constexpr const char* kInstr = "TMRGSORT";
    merge_operand(src, src.dtype, kInstr, "src");
    merge_operand(dst, src.dtype, kInstr, "dst");
    PTOSIM_CHECK(block_len > 0 && block_len % 64 == 0, kInstr, "blockLen must be a positive multiple of 64",
                 {"blockLen", block_len});
    const int64_t group = int64_t{block_len} * sort::kMaxLists;
    const int64_t cols = src.valid_rows > 0 ? src.valid_cols : 0;
    PTOSIM_CHECK(cols % group == 0 && cols / group >= 1 && cols / group <= sort::kMaxRepeat, kInstr,
                 "src's valid columns must be 1 to 255 groups of four blocks of blockLen",
                 {"src.validCol", cols}, {"blockLen", block_len});
    const int64_t block_pairs = int64_t{block_len} / sort::elems_per_pair(src.dtype);
    PTOSIM_CHECK(block_pairs <= kMaxListPairs, kInstr, "a block holds at most 65535 pairs",
                 {"pairs", block_pairs});
    PTOSIM_CHECK(dst.valid_cols >= cols, kInstr, "dst's valid columns must hold src's",
                 {"dst.validCol", dst.valid_cols}, {"src.validCol", cols});
    validate::disjoint(dst, "dst", src, "src", kInstr);
    const std::size_t block_bytes = static_cast<std::size_t>(block_len) * src.elem_size();
    for (int64_t g = 0; g < cols / group; ++g) {
        const std::byte* in = src.data + g * sort::kMaxLists * block_bytes;
        const sort::PairList lists[] = {{in, static_cast<int32_t>(block_pairs)},
                                        {in + block_bytes, static_cast<int32_t>(block_pairs)},
                                        {in + 2 * block_bytes, static_cast<int32_t>(block_pairs)},
                                        {in + 3 * block_bytes, static_cast<int32_t>(block_pairs)}};
        merge(src.dtype, lists, dst.data + g * sort::kMaxLists * block_bytes, false);
    }
}

}  // namespace ptosim::ops
