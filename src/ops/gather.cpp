// Checked TGATHER and TSCATTER: every rule is checked (indices included) before the kernel writes anything.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "ptosim/core/check.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/ops/gather.hpp"
#include "ptosim/sync/hazards.hpp"
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

namespace gather_cmp {

bool hit(DType src, uint64_t bits, uint32_t k, CmpMode mode) {
    const bool eq = mode == CmpMode::EQ || src == DType::U16;
    if (src == DType::F16) {
        // k's low 16 bits broadcast as int16, converted to float; the element widened to float.
        const float t = static_cast<float>(static_cast<int16_t>(static_cast<uint16_t>(k)));
        const float x = float16::from_bits(static_cast<uint16_t>(bits));
        return eq ? x == t : x > t;
    }
    uint32_t u = static_cast<uint32_t>(bits);
    if (src == DType::F32) {
        float x;
        std::memcpy(&x, &bits, 4);
        u = static_cast<uint32_t>(static_cast<int32_t>(std::nearbyint(x)));
    }
    return eq ? u == k : u > k;
}

}  // namespace gather_cmp

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
    if (rows <= 0 || cols <= 0)
        return;
    // The common case is one vectorised min/max scan of the region; only a failure walks it to report the
    // first offending position.
    TileView region = idx;
    region.valid_rows = rows;
    region.valid_cols = cols;
    int64_t lo = 0, hi = 0;
    simd::index_range(region, lo, hi);
    if (lo >= 0 && hi < limit) [[likely]]
        return;
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
    hazards::Scope hz("TGATHER", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
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
    hazards::Scope hz("TGATHER", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src0);
    hz.read(idx);
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
    hazards::Scope hz("TSCATTER", hazards::Pipe::V);
    if (pattern.period != 1)  // the positions the pattern skips are zeroed
        hz.write_whole(dst);
    else
        hz.write(dst);
    hz.read(src);
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
    hazards::Scope hz("TSCATTER", hazards::Pipe::V);
    hz.write_whole(dst);
    hz.read(src);
    hz.read(idx);
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
    hazards::Scope hz("TGATHERB", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    hz.read(offsets);
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

namespace {

uint32_t storage_u32(const TileView& t, int64_t i) {
    if (t.elem_size() == 2) {
        uint16_t v;
        std::memcpy(&v, t.data + i * 2, 2);
        return v;
    }
    uint32_t v;
    std::memcpy(&v, t.data + i * 4, 4);
    return v;
}

}  // namespace

void tgather_cmp(const TileView& dst, const TileView& src0, const TileView& k_value, const TileView& cdst,
                 uint32_t offset, CmpMode mode) {
    hazards::Scope hz("TGATHER", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src0);
    hz.read(k_value);
    hz.write(cdst);
    validate::tile(dst, kInstr, "dst");
    validate::tile(src0, kInstr, "src0");
    validate::tile(k_value, kInstr, "k_value");
    validate::tile(cdst, kInstr, "cdst");
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src0, kInstr, "src0");
    validate::dtype_in(isa::kI32, dst.dtype, kInstr, "dst");
    validate::dtype_in(isa::kInt8To32 | isa::kF16F32, src0.dtype, kInstr, "src0");
    validate::dtype_in(isa::DTypeSet{DType::U16, DType::U32}, k_value.dtype, kInstr, "k_value");
    validate::dtype_in(isa::kI32, cdst.dtype, kInstr, "cdst");
    PTOSIM_CHECK(mode == CmpMode::GT || mode == CmpMode::EQ, kInstr,
                 "cmpMode must be CmpMode::GT or CmpMode::EQ", {"cmpMode", cmp_mode_name(mode)});
    const int32_t rows = src0.valid_rows;
    // k_value and cdst are read and written as element i of their storage, whatever their layout.
    const auto holds = [](const TileView& t) {
        return std::min<std::size_t>(t.layout.size(), t.capacity / t.elem_size());
    };
    PTOSIM_CHECK(holds(k_value) >= static_cast<std::size_t>(rows), kInstr,
                 "k_value must hold a threshold per valid row of src0", {"k_value_elements", holds(k_value)},
                 {"src0_valid_rows", rows});
    PTOSIM_CHECK(holds(cdst) >= static_cast<std::size_t>(rows), kInstr,
                 "cdst must hold a count per valid row of src0", {"cdst_elements", holds(cdst)},
                 {"src0_valid_rows", rows});
    PTOSIM_CHECK(dst.layout.rows >= rows, kInstr, "dst must have a row per valid row of src0",
                 {"dst_rows", dst.layout.rows}, {"src0_valid_rows", rows});
    validate::disjoint(dst, "dst", src0, "src0", kInstr);
    validate::disjoint(dst, "dst", k_value, "k_value", kInstr);
    validate::disjoint(dst, "dst", cdst, "cdst", kInstr);
    validate::disjoint(cdst, "cdst", src0, "src0", kInstr);
    validate::disjoint(cdst, "cdst", k_value, "k_value", kInstr);
    const std::size_t es = src0.elem_size();
    for (int32_t r = 0; r < rows; ++r) {
        const uint32_t k = storage_u32(k_value, r);
        PTOSIM_CHECK(
            es != 1 || k < 0x80000000u, kInstr,
            "an 8-bit source's threshold must be below 2^31 (A5 converts it through int32 and float)",
            {"row", r}, {"k", k});
        int64_t matches = 0;
        for (int32_t c = 0; c < src0.valid_cols; ++c) {
            uint64_t bits = 0;
            std::memcpy(&bits, src0.at(r, c), es);
            if (src0.dtype == DType::F32) {
                float x;
                std::memcpy(&x, &bits, 4);
                const float n = std::nearbyint(x);
                PTOSIM_CHECK(
                    n >= -2147483648.0f && n < 2147483648.0f, kInstr,
                    "a float element must round into int32's range (A5 converts it without saturation)",
                    {"row", r}, {"col", c}, {"value", static_cast<double>(x)});
            }
            matches += gather_cmp::hit(src0.dtype, bits, k, mode) ? 1 : 0;
        }
        PTOSIM_CHECK(matches <= dst.layout.cols, kInstr, "a row's matches must fit in a row of dst",
                     {"row", r}, {"matches", matches}, {"dst_cols", dst.layout.cols});
    }
    ref::tgather_cmp(dst, src0, k_value, cdst, offset, mode);  // data-dependent compaction: one scalar kernel
}

}  // namespace ops

}  // namespace ptosim
