// Checked TGATHER and TSCATTER: every rule is checked (indices included) before the kernel writes anything.
#include <algorithm>
#include <cstring>

#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/ops/gather.hpp"
#include "validate.hpp"

namespace ptosim {

bool GatherPattern::from_mask_pattern(int mask_pattern, GatherPattern* out) {
    if (mask_pattern < 1 || mask_pattern > 7)
        return false;
    if (mask_pattern == 7)
        *out = {1, 0};
    else if (mask_pattern <= 2)
        *out = {2, mask_pattern - 1};
    else
        *out = {4, mask_pattern - 3};
    return true;
}

namespace ops {

namespace {

constexpr const char* kInstr = "TGATHER";
constexpr const char* kScatter = "TSCATTER";

// The element sizes TGATHER moves (bit copies): 1, 2, 4 and 8 bytes.
void element_size(const TileView& t, const char* operand, const char* instr) {
    const std::size_t es = t.elem_size();
    PTOSIM_CHECK(es == 1 || es == 2 || es == 4 || es == 8, instr, "elements must be of 1, 2, 4 or 8 bytes",
                 {"operand", operand}, {"dtype", dtype_cpp_name(t.dtype)});
}

// idx(r, c) as a signed 64-bit value.
int64_t index_at(const TileView& idx, int32_t r, int32_t c) {
    const std::byte* p = idx.at(r, c);
    switch (idx.dtype) {
        case DType::S16: {
            int16_t v;
            std::memcpy(&v, p, 2);
            return v;
        }
        case DType::U16: {
            uint16_t v;
            std::memcpy(&v, p, 2);
            return v;
        }
        case DType::S32: {
            int32_t v;
            std::memcpy(&v, p, 4);
            return v;
        }
        default: {
            uint32_t v;
            std::memcpy(&v, p, 4);
            return v;
        }
    }
}

void common(const TileView& dst, const TileView& src, const char* instr) {
    validate::tile(dst, instr, "dst");
    validate::tile(src, instr, "src");
    element_size(src, "src", instr);
    PTOSIM_CHECK(dst.elem_size() == src.elem_size(), instr, "dst and src must have the same element size",
                 {"dst", dtype_cpp_name(dst.dtype)}, {"src", dtype_cpp_name(src.dtype)});
    validate::row_major(dst, instr, "dst");
    validate::row_major(src, instr, "src");
    validate::disjoint(dst, "dst", src, "src", instr);
}

// The index tile's rules, and every index in its first `rows` x `cols` inside [0, limit), before any write.
void indices(const TileView& idx, int32_t rows, int32_t cols, int64_t limit, const char* instr,
             const char* what) {
    validate::tile(idx, instr, "indices");
    validate::row_major(idx, instr, "indices");
    PTOSIM_CHECK(idx.dtype == DType::S16 || idx.dtype == DType::U16 || idx.dtype == DType::S32 ||
                     idx.dtype == DType::U32,
                 instr, "indices must be 16- or 32-bit integers", {"dtype", dtype_cpp_name(idx.dtype)});
    for (int32_t r = 0; r < rows; ++r) {
        for (int32_t c = 0; c < cols; ++c) {
            const int64_t i = index_at(idx, r, c);
            PTOSIM_CHECK(i >= 0 && i < limit, instr, what, {"row", r}, {"col", c}, {"index", i},
                         {"elements", limit});
        }
    }
}

// The elements a row-major tile's storage holds: its Rows x Cols, or fewer when its buffer ends first.
int64_t storage_elements(const TileView& t) {
    return static_cast<int64_t>(std::min<std::size_t>(t.layout.size(), t.capacity / t.elem_size()));
}

}  // namespace

void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows) {
    common(dst, src, kInstr);
    if (by_rows) {
        const int32_t rows = pattern.kept(src.valid_rows);
        PTOSIM_CHECK(rows <= dst.layout.rows && src.valid_cols <= dst.layout.cols, kInstr,
                     "the kept rows of src's valid region do not fit dst", {"kept_rows", rows},
                     {"validCol", src.valid_cols}, {"dst_Rows", dst.layout.rows},
                     {"dst_Cols", dst.layout.cols});
        PTOSIM_CHECK(static_cast<std::size_t>(rows) * dst.layout.cols * dst.elem_size() <= dst.capacity,
                     kInstr, "the kept rows reach past the end of dst's buffer", {"kept_rows", rows});
    } else {
        const std::size_t n = static_cast<std::size_t>(src.valid_rows) * pattern.kept(src.valid_cols);
        PTOSIM_CHECK(n <= dst.layout.size(), kInstr,
                     "the kept elements of src's valid region do not fit dst's Rows x Cols", {"kept", n},
                     {"dst_elements", dst.layout.size()});
        PTOSIM_CHECK(n * dst.elem_size() <= dst.capacity, kInstr,
                     "the kept elements reach past the end of dst's buffer", {"kept", n});
    }
    if (active_backend() == Backend::Ref)
        ref::tgather(dst, src, pattern, by_rows);
    else
        simd::tgather(dst, src, pattern, by_rows);
}

void tgather(const TileView& dst, const TileView& src0, const TileView& idx) {
    common(dst, src0, kInstr);
    PTOSIM_CHECK(idx.valid_rows >= dst.valid_rows && idx.valid_cols >= dst.valid_cols, kInstr,
                 "the indices' valid region must cover dst's", {"indices_valid_rows", idx.valid_rows},
                 {"indices_valid_cols", idx.valid_cols}, {"dst_valid_rows", dst.valid_rows},
                 {"dst_valid_cols", dst.valid_cols});
    validate::disjoint(dst, "dst", idx, "indices", kInstr);
    // Out-of-range indices are undefined on the devices: refuse them, before anything is written.
    indices(idx, dst.valid_rows, dst.valid_cols, storage_elements(src0), kInstr,
            "an index lies outside src0's tile");
    if (active_backend() == Backend::Ref)
        ref::tgather(dst, src0, idx);
    else
        simd::tgather(dst, src0, idx);
}

void tscatter(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows) {
    common(dst, src, kScatter);
    if (pattern.period == 1) {
        PTOSIM_CHECK(src.valid_rows == dst.valid_rows && src.valid_cols == dst.valid_cols, kScatter,
                     "P1111 copies: src and dst must have the same valid shape", {"src_rows", src.valid_rows},
                     {"src_cols", src.valid_cols}, {"dst_rows", dst.valid_rows},
                     {"dst_cols", dst.valid_cols});
    } else if (by_rows) {
        PTOSIM_CHECK(src.valid_cols == dst.valid_cols && src.valid_rows == pattern.kept(dst.valid_rows),
                     kScatter,
                     "SCATTER_COL: src's valid rows must be the kept rows of dst's, its columns dst's",
                     {"src_rows", src.valid_rows}, {"src_cols", src.valid_cols}, {"dst_rows", dst.valid_rows},
                     {"dst_cols", dst.valid_cols});
    } else {
        PTOSIM_CHECK(src.valid_rows == dst.valid_rows && src.valid_cols == pattern.kept(dst.valid_cols),
                     kScatter,
                     "SCATTER_ROW: src's valid columns must be the kept columns of dst's, its rows dst's",
                     {"src_rows", src.valid_rows}, {"src_cols", src.valid_cols}, {"dst_rows", dst.valid_rows},
                     {"dst_cols", dst.valid_cols});
    }
    if (pattern.period != 1)
        validate::whole_tile(dst, kScatter, "dst");
    if (active_backend() == Backend::Ref)
        ref::tscatter(dst, src, pattern, by_rows);
    else
        simd::tscatter(dst, src, pattern, by_rows);
}

void tscatter(const TileView& dst, const TileView& src, const TileView& idx) {
    common(dst, src, kScatter);
    validate::whole_tile(dst, kScatter, "dst");
    PTOSIM_CHECK(src.valid_rows >= idx.valid_rows && src.valid_cols >= idx.valid_cols, kScatter,
                 "src's valid region must cover the indices'", {"indices_valid_rows", idx.valid_rows},
                 {"indices_valid_cols", idx.valid_cols}, {"src_valid_rows", src.valid_rows},
                 {"src_valid_cols", src.valid_cols});
    validate::disjoint(dst, "dst", idx, "indices", kScatter);
    indices(idx, idx.valid_rows, idx.valid_cols, static_cast<int64_t>(dst.layout.size()), kScatter,
            "an index lies outside dst's tile");
    if (active_backend() == Backend::Ref)
        ref::tscatter(dst, src, idx);
    else
        simd::tscatter(dst, src, idx);
}

void tgatherb(const TileView& dst, const TileView& src, const TileView& offsets) {
    constexpr const char* kB = "TGATHERB";
    constexpr std::size_t kBlock = 32;
    validate::tile(dst, kB, "dst");
    validate::tile(src, kB, "src");
    validate::tile(offsets, kB, "offsets");
    validate::row_major(dst, kB, "dst");
    validate::row_major(offsets, kB, "offsets");
    const std::size_t es = dst.elem_size();
    PTOSIM_CHECK(es == 1 || es == 2 || es == 4, kB, "dst elements must be of 1, 2 or 4 bytes",
                 {"dtype", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(offsets.elem_size() == 4 && offsets.dtype != DType::F32, kB,
                 "offsets must be 32-bit integers (byte offsets)", {"dtype", dtype_cpp_name(offsets.dtype)});
    const auto blocks = static_cast<int32_t>((dst.valid_cols * es + kBlock - 1) / kBlock);
    PTOSIM_CHECK(offsets.valid_rows >= dst.valid_rows && offsets.valid_cols >= blocks, kB,
                 "offsets' valid region must hold one offset per 32-byte block of dst's valid rows",
                 {"offsets_valid_rows", offsets.valid_rows}, {"offsets_valid_cols", offsets.valid_cols},
                 {"dst_valid_rows", dst.valid_rows}, {"blocks_per_row", blocks});
    validate::disjoint(dst, "dst", src, "src", kB);
    validate::disjoint(dst, "dst", offsets, "offsets", kB);
    const std::size_t src_bytes = std::min(src.bytes(), src.capacity);
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t b = 0; b < blocks; ++b) {
            uint32_t off;
            std::memcpy(&off, offsets.at(r, b), 4);
            const std::size_t need = std::min<std::size_t>(kBlock, dst.valid_cols * es - b * kBlock);
            PTOSIM_CHECK(off + need <= src_bytes, kB, "a block reaches past the end of src's tile",
                         {"row", r}, {"block", b}, {"offset", off}, {"src_bytes", src_bytes});
        }
    }
    ref::tgatherb(dst, src, offsets);  // whole-block memcpy already: nothing for a vector kernel to win
}

}  // namespace ops

}  // namespace ptosim
