// Checked TGATHER: every rule is checked (indices included) before the kernel writes anything.
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

// The element sizes TGATHER moves (bit copies): 1, 2, 4 and 8 bytes.
void element_size(const TileView& t, const char* operand) {
    const std::size_t es = t.elem_size();
    PTOSIM_CHECK(es == 1 || es == 2 || es == 4 || es == 8, kInstr, "elements must be of 1, 2, 4 or 8 bytes",
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

void common(const TileView& dst, const TileView& src) {
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    element_size(src, "src");
    PTOSIM_CHECK(dst.elem_size() == src.elem_size(), kInstr, "dst and src must have the same element size",
                 {"dst", dtype_cpp_name(dst.dtype)}, {"src", dtype_cpp_name(src.dtype)});
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src, kInstr, "src");
    validate::disjoint(dst, "dst", src, "src", kInstr);
}

}  // namespace

void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows) {
    common(dst, src);
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
    common(dst, src0);
    validate::tile(idx, kInstr, "indices");
    validate::row_major(idx, kInstr, "indices");
    PTOSIM_CHECK(idx.dtype == DType::S16 || idx.dtype == DType::U16 || idx.dtype == DType::S32 ||
                     idx.dtype == DType::U32,
                 kInstr, "indices must be 16- or 32-bit integers", {"dtype", dtype_cpp_name(idx.dtype)});
    PTOSIM_CHECK(idx.valid_rows >= dst.valid_rows && idx.valid_cols >= dst.valid_cols, kInstr,
                 "the indices' valid region must cover dst's", {"indices_valid_rows", idx.valid_rows},
                 {"indices_valid_cols", idx.valid_cols}, {"dst_valid_rows", dst.valid_rows},
                 {"dst_valid_cols", dst.valid_cols});
    validate::disjoint(dst, "dst", idx, "indices", kInstr);
    // Out-of-range indices are undefined on the devices: refuse them, before anything is written.
    const auto limit =
        static_cast<int64_t>(std::min<std::size_t>(src0.layout.size(), src0.capacity / src0.elem_size()));
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            const int64_t i = index_at(idx, r, c);
            PTOSIM_CHECK(i >= 0 && i < limit, kInstr, "an index lies outside src0's tile", {"row", r},
                         {"col", c}, {"index", i}, {"src0_elements", limit});
        }
    }
    if (active_backend() == Backend::Ref)
        ref::tgather(dst, src0, idx);
    else
        simd::tgather(dst, src0, idx);
}

}  // namespace ops

}  // namespace ptosim
