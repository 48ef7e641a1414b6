// Checked TQUANT (INT8) and TDEQUANT.
#include "ptosim/ops/quant.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    hazards::Scope hz("TDEQUANT", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    hz.read(scale);
    hz.read(offset);
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
    hazards::Scope hz("TQUANT", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    hz.read(scale);
    if (offset)
        hz.read(*offset);
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

namespace {

// A float or uint8_t tile written at flat storage elements 0 .. n - 1 (max, scaling, and exp in the ZZ form).
void flat_operand(const TileView& t, DType dtype, std::size_t n, const char* instr, const char* name) {
    validate::tile(t, instr, name);
    validate::dtype_in(isa::DTypeSet{dtype}, t.dtype, instr, name);
    PTOSIM_CHECK(n <= t.layout.size() && dtype_bytes(dtype, n) <= t.capacity, instr,
                 "the tile holds one element per block, in storage order", {"operand", name}, {"blocks", n},
                 {"elements", t.layout.size()});
}

}  // namespace

void tquant_mx(const MxQuant& q, const TileView& dst, const TileView& src, const TileView& exp,
               const TileView& max, const TileView& scaling, const TileView* exp_zz) {
    hazards::Scope hz("TQUANT", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    hz.write(exp);
    hz.write(max);
    hz.write(scaling);
    if (exp_zz)
        hz.write(*exp_zz);
    constexpr const char* kInstr = "TQUANT";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    validate::tile(exp, kInstr, "exp");
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src, kInstr, "src");
    validate::dtype_in(isa::kFloats, src.dtype, kInstr, "src");
    const DType code = q.element == mx::Element::E4M3 ? DType::S8 : DType::E2M1X2;
    PTOSIM_CHECK(dst.dtype == code, kInstr,
                 "MXFP8 writes int8_t bytes (FP8 E4M3 codes), MXFP4_E2M1 writes float4_e2m1x2_t",
                 {"dst", dtype_cpp_name(dst.dtype)}, {"expected", dtype_cpp_name(code)});
    PTOSIM_CHECK(src.valid_rows == dst.valid_rows && src.valid_cols == dst.valid_cols, kInstr,
                 "dst has src's valid shape", {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols}, {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols});
    const int32_t along = q.along_rows ? src.valid_cols : src.valid_rows;
    PTOSIM_CHECK(along % mx::kBlock == 0, kInstr,
                 q.along_rows
                     ? "ND blocks are 32 consecutive columns: src's validCol must be a multiple of 32"
                     : "DN blocks are 32 consecutive rows: src's validRow must be a multiple of 32",
                 {"validRow", src.valid_rows}, {"validCol", src.valid_cols});
    const int32_t lines = q.along_rows ? src.valid_rows : src.valid_cols;
    const int32_t blocks = along / mx::kBlock;
    const auto total = static_cast<std::size_t>(lines) * static_cast<std::size_t>(blocks);
    flat_operand(max, DType::F32, total, kInstr, "max");
    flat_operand(scaling, DType::F32, total, kInstr, "scaling");
    TileView exp_grid = exp;  // exp as the block grid ref::tquant_mx writes
    if (exp_zz != nullptr) {
        PTOSIM_CHECK(q.element == mx::Element::E4M3 && q.along_rows, kInstr,
                     "the ZZ exponent copy is an MXFP8 ND form");
        PTOSIM_CHECK(lines % 16 == 0 && blocks % 2 == 0, kInstr,
                     "the ZZ exponent order needs a multiple of 16 rows and an even number of blocks per row",
                     {"rows", lines}, {"blocks_per_row", blocks});
        flat_operand(exp, DType::U8, total, kInstr, "exp");
        flat_operand(*exp_zz, DType::U8, total, kInstr, "exp_zz");
    } else {
        validate::dtype_in(isa::DTypeSet{DType::U8}, exp.dtype, kInstr, "exp");
        PTOSIM_CHECK(!exp.layout.is_boxed(), kInstr, "exp must be row-major or column-major",
                     {"layout", layout_kind_name(exp.layout.kind)});
        const int32_t need_rows = q.along_rows ? lines : blocks, need_cols = q.along_rows ? blocks : lines;
        // A one-row exp tile holding every exponent is written flat, in grid order, as the device stores
        // exponents (contiguous vsts, npu/a5/TQuant.hpp); pto-isa's ttrace suite passes a 1 x 32 tile for a
        // 16 x 2 grid.
        const bool flat = exp.valid_rows == 1 && exp.layout.is_row_major() &&
                          static_cast<std::size_t>(exp.valid_cols) >= total;
        PTOSIM_CHECK(flat || (exp.valid_rows >= need_rows && exp.valid_cols >= need_cols), kInstr,
                     "exp's valid region holds the block grid (ND: rows x validCol / 32; DN: validRow / 32 x "
                     "cols), or is one row of at least that many exponents",
                     {"exp.validRow", exp.valid_rows}, {"exp.validCol", exp.valid_cols},
                     {"grid_rows", need_rows}, {"grid_cols", need_cols});
        if (flat) {
            exp_grid.layout = Layout::row_major(need_rows, need_cols);
            exp_grid.valid_rows = need_rows;
            exp_grid.valid_cols = need_cols;
        }
    }
    const TileView* outs[] = {&dst, &exp, &max, &scaling, exp_zz};
    const char* names[] = {"dst", "exp", "max", "scaling", "exp_zz"};
    for (int a = 0; a < 5; ++a) {
        if (outs[a] == nullptr)
            continue;
        validate::disjoint(*outs[a], names[a], src, "src", kInstr);
        for (int b = a + 1; b < 5; ++b)
            if (outs[b] != nullptr)
                validate::disjoint(*outs[a], names[a], *outs[b], names[b], kInstr);
    }
    ref::tquant_mx(q, dst, src, exp_grid, max, scaling, exp_zz);
}

}  // namespace ptosim::ops
