// Checked TADDDEQRELU.
#include "ptosim/ops/elementwise_special.hpp"

#include <bit>

#include "ptosim/core/check.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tadddeqrelu(const TileView& dst, const TileView& src0, const TileView& src1, float scale) {
    hazards::Scope hz("TADDDEQRELU", hazards::Pipe::V);
    hz.scalar(DType::F32, std::bit_cast<uint32_t>(scale));
    hz.write(dst);
    hz.read(src0);
    hz.read(src1);
    constexpr const char* kInstr = "TADDDEQRELU";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src0, kInstr, "src0");
    validate::tile(src1, kInstr, "src1");
    PTOSIM_CHECK(dst.dtype == DType::F16 && src0.dtype == DType::S32 && src1.dtype == DType::S32, kInstr,
                 "dst must be half and src0, src1 int32_t", {"dst", dtype_cpp_name(dst.dtype)},
                 {"src0", dtype_cpp_name(src0.dtype)}, {"src1", dtype_cpp_name(src1.dtype)});
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src0, kInstr, "src0");
    validate::row_major(src1, kInstr, "src1");
    PTOSIM_CHECK(src0.valid_rows == dst.valid_rows && src0.valid_cols == dst.valid_cols &&
                     src1.valid_rows == dst.valid_rows && src1.valid_cols == dst.valid_cols,
                 kInstr, "every operand has the destination's valid shape", {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols});
    validate::disjoint(dst, "dst", src0, "src0", kInstr);
    validate::disjoint(dst, "dst", src1, "src1", kInstr);
    ref::tadddeqrelu(dst, src0, src1, scale);  // one pass: the reference kernel is the only one
}

}  // namespace ptosim::ops
