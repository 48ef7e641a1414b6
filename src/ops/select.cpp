// Checked TSEL.
#include "ptosim/ops/select.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

// dst may be a source itself: every element is read before it is written at the same position, so the result
// does not depend on the visiting order. A partial overlap would.
void disjoint_unless_same(const TileView& dst, const TileView& src, const char* name, const char* instr) {
    if (dst.data == src.data && dst.layout == src.layout)
        return;
    validate::disjoint(dst, "dst", src, name, instr);
}

// TSEL and TSELS: the data operands share the destination's element type and valid shape; the mask holds a
// bit per valid element in TCMP's layout. src1 is null for TSELS (a scalar).
void check_select(const TileView& dst, const TileView& mask, const TileView& src0, const TileView* src1,
                  isa::Op op) {
    const isa::OpInfo& d = isa::op_info(op);
    const char* kInstr = d.name.data();
    validate::tile(dst, kInstr, "dst");
    validate::tile(mask, kInstr, "mask");
    validate::tile(src0, kInstr, "src0");
    if (src1)
        validate::tile(*src1, kInstr, "src1");
    validate::dtype_in(d.kernel_types(), dst.dtype, kInstr, "dst");
    PTOSIM_CHECK(src0.dtype == dst.dtype && (!src1 || src1->dtype == dst.dtype), kInstr,
                 "dst and the data sources must have the same dtype", {"dst", dtype_cpp_name(dst.dtype)},
                 {"src0", dtype_cpp_name(src0.dtype)});
    validate::dtype_in(isa::kMaskWords, mask.dtype, kInstr, "mask");
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(mask, kInstr, "mask");
    validate::row_major(src0, kInstr, "src0");
    if (src1)
        validate::row_major(*src1, kInstr, "src1");
    PTOSIM_CHECK(src0.valid_rows == dst.valid_rows && src0.valid_cols == dst.valid_cols &&
                     (!src1 || (src1->valid_rows == dst.valid_rows && src1->valid_cols == dst.valid_cols)),
                 kInstr, "the data sources must have the valid shape of dst",
                 {"dst.validRow", dst.valid_rows}, {"dst.validCol", dst.valid_cols},
                 {"src0.validRow", src0.valid_rows}, {"src0.validCol", src0.valid_cols});
    const int32_t w = mask.dtype == DType::U8 ? 8 : 32;
    const int32_t words = (dst.valid_cols + w - 1) / w;
    PTOSIM_CHECK(mask.valid_rows >= dst.valid_rows, kInstr, "mask must have a valid row per dst row",
                 {"mask.validRow", mask.valid_rows}, {"dst.validRow", dst.valid_rows});
    PTOSIM_CHECK(mask.valid_cols >= words, kInstr,
                 "mask valid columns must hold ceil(dst valid columns / bits per word) words",
                 {"dst.validCol", dst.valid_cols}, {"bitsPerWord", w}, {"wordsNeeded", words},
                 {"mask.validCol", mask.valid_cols});
    validate::disjoint(dst, "dst", mask, "mask", kInstr);
    disjoint_unless_same(dst, src0, "src0", kInstr);
    if (src1)
        disjoint_unless_same(dst, *src1, "src1", kInstr);
}

}  // namespace

void tsel(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1) {
    hazards::Scope hz("TSEL", hazards::Pipe::V);
    hz.write(dst);
    hz.read(mask);
    hz.read(src0);
    hz.read(src1);
    check_select(dst, mask, src0, &src1, isa::Op::TSEL);
    if (active_backend() == Backend::Ref) {
        ref::tsel(dst, mask, src0, src1);
    } else {
        simd::tsel(dst, mask, src0, src1);
    }
}

void tsels(const TileView& dst, const TileView& mask, const TileView& src, uint64_t scalar) {
    hazards::Scope hz("TSELS", hazards::Pipe::V);
    hz.scalar(src.dtype, scalar);
    hz.write(dst);
    hz.read(mask);
    hz.read(src);
    check_select(dst, mask, src, nullptr, isa::Op::TSELS);
    ref::tsels(dst, mask, src, scalar);  // one pass of byte moves: the reference kernel is the fast one too
}

}  // namespace ptosim::ops
