// Checked TQUANT (INT8) and TDEQUANT.
#include "ptosim/ops/quant.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    constexpr const char* kInstr = "TDEQUANT";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    validate::tile(scale, kInstr, "scale");
    validate::tile(offset, kInstr, "offset");
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src, kInstr, "src");
    validate::dtype_in(isa::DTypeSet{DType::F32}, dst.dtype, kInstr, "dst");
    validate::dtype_in(isa::DTypeSet{DType::S8, DType::S16}, src.dtype, kInstr, "src");
    validate::dtype_in(isa::DTypeSet{DType::F32}, scale.dtype, kInstr, "scale");
    validate::dtype_in(isa::DTypeSet{DType::F32}, offset.dtype, kInstr, "offset");
    PTOSIM_CHECK(src.valid_rows == dst.valid_rows && src.valid_cols == dst.valid_cols, kInstr,
                 "src has dst's valid shape", {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols}, {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols});
    const TileView* params[] = {&scale, &offset};
    const char* names[] = {"scale", "offset"};
    for (int k = 0; k < 2; ++k) {
        const TileView& p = *params[k];
        PTOSIM_CHECK(!p.layout.is_boxed(), kInstr, "scale and offset must be row-major or column-major",
                     {"operand", names[k]}, {"layout", layout_kind_name(p.layout.kind)});
        PTOSIM_CHECK(p.valid_rows == dst.valid_rows && (dst.valid_rows == 0 || p.valid_cols >= 1), kInstr,
                     "scale and offset have dst's valid rows and at least one valid column",
                     {"operand", names[k]}, {"validRow", p.valid_rows}, {"validCol", p.valid_cols},
                     {"dst.validRow", dst.valid_rows});
    }
    validate::disjoint(dst, "dst", src, "src", kInstr);
    validate::disjoint(dst, "dst", scale, "scale", kInstr);
    validate::disjoint(dst, "dst", offset, "offset", kInstr);
    if (active_backend() == Backend::Simd)
        simd::tdequant(dst, src, scale, offset);
    else
        ref::tdequant(dst, src, scale, offset);
}

void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset) {
    constexpr const char* kInstr = "TQUANT";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    validate::tile(scale, kInstr, "scale");
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src, kInstr, "src");
    validate::dtype_in(isa::DTypeSet{DType::F32}, src.dtype, kInstr, "src");
    validate::dtype_in(isa::kI8, dst.dtype, kInstr, "dst");
    const bool asym = dst.dtype == DType::U8;
    PTOSIM_CHECK(asym == (offset != nullptr), kInstr,
                 "INT8_SYM (int8_t dst) takes no offset; INT8_ASYM (uint8_t dst) needs one",
                 {"dst", dtype_cpp_name(dst.dtype)}, {"offset", offset != nullptr ? "given" : "none"});
    PTOSIM_CHECK(src.valid_rows == dst.valid_rows && src.valid_cols == dst.valid_cols, kInstr,
                 "dst has src's valid shape", {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols}, {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols});
    const TileView* params[] = {&scale, offset};
    const char* names[] = {"scale", "offset"};
    for (int k = 0; k < 2 && params[k] != nullptr; ++k) {
        const TileView& p = *params[k];
        if (k == 1)
            validate::tile(p, kInstr, names[k]);
        validate::dtype_in(isa::DTypeSet{DType::F32}, p.dtype, kInstr, names[k]);
        // The devices read the row's parameter at flat element r: (r, 0) of a column-major or one-column
        // tile.
        PTOSIM_CHECK(p.layout.is_col_major() || (p.layout.is_row_major() && p.layout.cols == 1), kInstr,
                     "scale and offset hold one parameter per row in a column ([R, 1] column-major)",
                     {"operand", names[k]}, {"layout", layout_kind_name(p.layout.kind)},
                     {"Cols", p.layout.cols});
        PTOSIM_CHECK(p.valid_rows >= src.valid_rows && (src.valid_rows == 0 || p.valid_cols >= 1), kInstr,
                     "scale and offset have at least src's valid rows", {"operand", names[k]},
                     {"validRow", p.valid_rows}, {"src.validRow", src.valid_rows});
        validate::disjoint(dst, "dst", p, names[k], kInstr);
    }
    validate::disjoint(dst, "dst", src, "src", kInstr);
    if (active_backend() == Backend::Simd)
        simd::tquant(dst, src, scale, offset);
    else
        ref::tquant(dst, src, scale, offset);
}

}  // namespace ptosim::ops
