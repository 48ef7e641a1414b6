// Checked TPARTARGMAX / TPARTARGMIN.
#include "ptosim/ops/partial_arg.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tpartarg(ArgPick pick, const TileView& dst_val, const TileView& dst_idx, const TileView& src0_val,
              const TileView& src1_val, const TileView& src0_idx, const TileView& src1_idx,
              Unordered unordered) {
    hazards::Scope hz(pick == ArgPick::Max ? "TPARTARGMAX" : "TPARTARGMIN", hazards::Pipe::V);
    hz.write(dst_val);
    hz.write(dst_idx);
    hz.read(src0_val);
    hz.read(src1_val);
    hz.read(src0_idx);
    hz.read(src1_idx);
    const char* instr = pick == ArgPick::Max ? "TPARTARGMAX" : "TPARTARGMIN";
    const TileView* vals[] = {&dst_val, &src0_val, &src1_val};
    const TileView* idxs[] = {&dst_idx, &src0_idx, &src1_idx};
    const char* val_names[] = {"dstVal", "src0Val", "src1Val"};
    const char* idx_names[] = {"dstIdx", "src0Idx", "src1Idx"};
    for (int k = 0; k < 3; ++k) {
        validate::tile(*vals[k], instr, val_names[k]);
        validate::tile(*idxs[k], instr, idx_names[k]);
        validate::row_major(*vals[k], instr, val_names[k]);
        validate::row_major(*idxs[k], instr, idx_names[k]);
    }
    validate::dtype_in(isa::kF16F32, dst_val.dtype, instr, "dstVal");
    validate::dtype_in(dst_val.dtype == DType::F32 ? isa::kI32 : isa::kPartArgIndex, dst_idx.dtype, instr,
                       "dstIdx");
    for (int k = 1; k < 3; ++k) {
        PTOSIM_CHECK(vals[k]->dtype == dst_val.dtype && idxs[k]->dtype == dst_idx.dtype, instr,
                     "the sources have the destinations' value and index types", {"operand", val_names[k]},
                     {"value", dtype_cpp_name(vals[k]->dtype)}, {"index", dtype_cpp_name(idxs[k]->dtype)},
                     {"dstVal", dtype_cpp_name(dst_val.dtype)}, {"dstIdx", dtype_cpp_name(dst_idx.dtype)});
    }
    for (int k = 0; k < 3; ++k) {
        PTOSIM_CHECK(idxs[k]->valid_rows == vals[k]->valid_rows && idxs[k]->valid_cols == vals[k]->valid_cols,
                     instr, "an index tile has its value tile's valid shape", {"operand", idx_names[k]},
                     {"validRow", idxs[k]->valid_rows}, {"validCol", idxs[k]->valid_cols},
                     {"value.validRow", vals[k]->valid_rows}, {"value.validCol", vals[k]->valid_cols});
    }
    const int big = validate::partial_shapes(dst_val, src0_val, src1_val, instr);
    // A destination may be the larger source of its kind (elements are read before they are written at the
    // same position); every other pair of operands is disjoint.
    const auto is_same = [](const TileView& a, const TileView& b) {
        return a.data == b.data && a.layout == b.layout;
    };
    validate::disjoint(dst_val, "dstVal", dst_idx, "dstIdx", instr);
    for (int k = 1; k < 3; ++k) {
        if (!(k - 1 == big && is_same(dst_val, *vals[k])))
            validate::disjoint(dst_val, "dstVal", *vals[k], val_names[k], instr);
        if (!(k - 1 == big && is_same(dst_idx, *idxs[k])))
            validate::disjoint(dst_idx, "dstIdx", *idxs[k], idx_names[k], instr);
        validate::disjoint(dst_val, "dstVal", *idxs[k], idx_names[k], instr);
        validate::disjoint(dst_idx, "dstIdx", *vals[k], val_names[k], instr);
    }
    ref::tpartarg(pick, unordered, big, dst_val, dst_idx, src0_val, src1_val, src0_idx, src1_idx);
}

}  // namespace ptosim::ops
