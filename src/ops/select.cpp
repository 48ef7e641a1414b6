// Checked TSEL.
#include "ptosim/ops/select.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/isa/dtype_rules.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kInstr = "TSEL";

// dst may be a source itself: every element is read before it is written at the same position, so the result
// does not depend on the visiting order. A partial overlap would.
void disjoint_unless_same(const TileView& dst, const TileView& src, const char* name) {
    if (dst.data == src.data && dst.layout == src.layout)
        return;
    validate::disjoint(dst, "dst", src, name, kInstr);
}

}  // namespace

void tsel(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1) {
    validate::tile(dst, kInstr, "dst");
    validate::tile(mask, kInstr, "mask");
    validate::tile(src0, kInstr, "src0");
    validate::tile(src1, kInstr, "src1");
    PTOSIM_CHECK(
        isa::tsel_dtype_ok(Arch::A5, dst.dtype), kInstr,
        "dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, half, "
        "bfloat16_t or float",
        {"dst", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(src0.dtype == dst.dtype && src1.dtype == dst.dtype, kInstr,
                 "dst, src0 and src1 must have the same dtype", {"dst", dtype_cpp_name(dst.dtype)},
                 {"src0", dtype_cpp_name(src0.dtype)}, {"src1", dtype_cpp_name(src1.dtype)});
    PTOSIM_CHECK(isa::tsel_mask_ok(mask.dtype), kInstr, "mask dtype must be uint8_t or uint32_t",
                 {"mask", dtype_cpp_name(mask.dtype)});
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(mask, kInstr, "mask");
    validate::row_major(src0, kInstr, "src0");
    validate::row_major(src1, kInstr, "src1");
    PTOSIM_CHECK(src0.valid_rows == dst.valid_rows && src0.valid_cols == dst.valid_cols &&
                     src1.valid_rows == dst.valid_rows && src1.valid_cols == dst.valid_cols,
                 kInstr, "src0 and src1 must have the valid shape of dst", {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols}, {"src0.validRow", src0.valid_rows},
                 {"src0.validCol", src0.valid_cols}, {"src1.validRow", src1.valid_rows},
                 {"src1.validCol", src1.valid_cols});
    const int32_t w = mask.dtype == DType::U8 ? 8 : 32;
    const int32_t words = (dst.valid_cols + w - 1) / w;
    PTOSIM_CHECK(mask.valid_rows >= dst.valid_rows, kInstr, "mask must have a valid row per dst row",
                 {"mask.validRow", mask.valid_rows}, {"dst.validRow", dst.valid_rows});
    PTOSIM_CHECK(mask.valid_cols >= words, kInstr,
                 "mask valid columns must hold ceil(dst valid columns / bits per word) words",
                 {"dst.validCol", dst.valid_cols}, {"bitsPerWord", w}, {"wordsNeeded", words},
                 {"mask.validCol", mask.valid_cols});
    validate::disjoint(dst, "dst", mask, "mask", kInstr);
    disjoint_unless_same(dst, src0, "src0");
    disjoint_unless_same(dst, src1, "src1");
    if (active_backend() == Backend::Ref) {
        ref::tsel(dst, mask, src0, src1);
    } else {
        simd::tsel(dst, mask, src0, src1);
    }
}

}  // namespace ptosim::ops
