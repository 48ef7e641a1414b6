// Checked TINTERLEAVE / TDEINTERLEAVE.
#include "ptosim/ops/interleave.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

struct Operand {
    const TileView& view;
    const char* name;
};

// Usable, row-major, an interleave dtype, and the same dtype as the first operand.
void check_operands(std::initializer_list<Operand> operands, const char* instr) {
    const TileView& first = operands.begin()->view;
    for (const Operand& o : operands) {
        validate::tile(o.view, instr, o.name);
        validate::dtype_in(isa::op_info(isa::Op::TINTERLEAVE).kernel_types(), o.view.dtype, instr, o.name);
        PTOSIM_CHECK(o.view.dtype == first.dtype, instr, "all tiles must have the same dtype",
                     {operands.begin()->name, dtype_cpp_name(first.dtype)},
                     {o.name, dtype_cpp_name(o.view.dtype)});
        validate::row_major(o.view, instr, o.name);
    }
}

// The valid shape of `other` equals dst0's (the iteration domain).
void check_same_valid_shape(const TileView& dst0, const TileView& other, const char* other_name,
                            const char* instr) {
    PTOSIM_CHECK(dst0.valid_rows == other.valid_rows && dst0.valid_cols == other.valid_cols, instr,
                 "all tiles must have the same valid shape", {"dst0.validRow", dst0.valid_rows},
                 {"dst0.validCol", dst0.valid_cols}, {"operand", other_name}, {"validRow", other.valid_rows},
                 {"validCol", other.valid_cols});
}

// Destinations overlap neither each other nor a source.
void check_disjoint(const TileView& dst1, const TileView& dst0, std::initializer_list<Operand> sources,
                    const char* instr) {
    validate::disjoint(dst0, "dst0", dst1, "dst1", instr);
    for (const Operand& s : sources) {
        validate::disjoint(dst0, "dst0", s.view, s.name, instr);
        validate::disjoint(dst1, "dst1", s.view, s.name, instr);
    }
}

void check_two_source_form(const TileView& dst1, const TileView& dst0, const TileView& src1,
                           const TileView& src0, const char* instr) {
    check_operands({{dst1, "dst1"}, {dst0, "dst0"}, {src1, "src1"}, {src0, "src0"}}, instr);
    check_same_valid_shape(dst0, dst1, "dst1", instr);
    check_same_valid_shape(dst0, src0, "src0", instr);
    check_same_valid_shape(dst0, src1, "src1", instr);
    PTOSIM_CHECK(dst0.valid_cols % 2 == 0, instr, "valid columns must be even",
                 {"validCol", dst0.valid_cols});
    check_disjoint(dst1, dst0, {{src1, "src1"}, {src0, "src0"}}, instr);
}

}  // namespace

void tinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    hazards::Scope hz("TINTERLEAVE", hazards::Pipe::V);
    hz.write(dst1);
    hz.write(dst0);
    hz.read(src1);
    hz.read(src0);
    check_two_source_form(dst1, dst0, src1, src0, "TINTERLEAVE");
    if (active_backend() == Backend::Simd) {
        simd::tinterleave(dst1, dst0, src1, src0);
    } else {
        ref::tinterleave(dst1, dst0, src1, src0);
    }
}

void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    hazards::Scope hz("TDEINTERLEAVE", hazards::Pipe::V);
    hz.write(dst1);
    hz.write(dst0);
    hz.read(src1);
    hz.read(src0);
    check_two_source_form(dst1, dst0, src1, src0, "TDEINTERLEAVE");
    if (active_backend() == Backend::Simd) {
        simd::tdeinterleave(dst1, dst0, src1, src0);
    } else {
        ref::tdeinterleave(dst1, dst0, src1, src0);
    }
}

void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src) {
    hazards::Scope hz("TDEINTERLEAVE", hazards::Pipe::V);
    hz.write(dst1);
    hz.write(dst0);
    hz.read(src);
    constexpr const char* kInstr = "TDEINTERLEAVE";
    check_operands({{dst1, "dst1"}, {dst0, "dst0"}, {src, "src"}}, kInstr);
    check_same_valid_shape(dst0, dst1, "dst1", kInstr);
    PTOSIM_CHECK(src.valid_cols % 2 == 0, kInstr, "src valid columns must be even",
                 {"src.validCol", src.valid_cols});
    PTOSIM_CHECK(src.valid_rows == dst0.valid_rows && src.valid_cols == 2 * dst0.valid_cols, kInstr,
                 "dst valid shape must be src valid rows x (src valid columns / 2)",
                 {"src.validRow", src.valid_rows}, {"src.validCol", src.valid_cols},
                 {"dst.validRow", dst0.valid_rows}, {"dst.validCol", dst0.valid_cols});
    check_disjoint(dst1, dst0, {{src, "src"}}, kInstr);
    if (active_backend() == Backend::Simd) {
        simd::tdeinterleave(dst1, dst0, src);
    } else {
        ref::tdeinterleave(dst1, dst0, src);
    }
}

}  // namespace ptosim::ops
