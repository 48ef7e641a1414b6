// Checked TCMP / TCMPS. The dtype lists are the widest profile's (A5); the C++ API narrows them per profile
// at compile time.
#include "ptosim/ops/compare.hpp"

#include <cstring>

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

int32_t bits_per_word(const TileView& dst) {
    return dst.dtype == DType::U8 ? 8 : 32;
}

// Everything but src1: dst and src0 usable and row-major, dtypes, mode, valid rows, mask capacity.
void check_dst_and_src0(const TileView& dst, const TileView& src0, CmpMode mode, const char* instr) {
    validate::tile(dst, instr, "dst");
    validate::whole_tile(dst, instr, "dst");  // the whole mask tile is zeroed first
    validate::tile(src0, instr, "src0");
    const isa::OpInfo& d = isa::op_info(isa::Op::TCMP);
    validate::dtype_in(d.kernel_types(), src0.dtype, instr, "src0");
    validate::dtype_in(d.kernel_dst_types(), dst.dtype, instr, "dst");
    PTOSIM_CHECK(static_cast<unsigned>(mode) <= static_cast<unsigned>(CmpMode::GE), instr,
                 "compare mode must be EQ, NE, LT, LE, GT or GE", {"mode", static_cast<unsigned>(mode)});
    validate::row_major(dst, instr, "dst");
    validate::row_major(src0, instr, "src0");
    PTOSIM_CHECK(dst.valid_rows == src0.valid_rows, instr, "dst valid rows must equal src0 valid rows",
                 {"dst.validRow", dst.valid_rows}, {"src0.validRow", src0.valid_rows});
    const int32_t w = bits_per_word(dst);
    const int32_t words = (src0.valid_cols + w - 1) / w;
    PTOSIM_CHECK(dst.valid_cols >= words, instr,
                 "dst valid columns must hold ceil(src0 valid columns / bits per word) mask words",
                 {"src0.validCol", src0.valid_cols}, {"bitsPerWord", w}, {"wordsNeeded", words},
                 {"dst.validCol", dst.valid_cols});
    validate::disjoint(dst, "dst", src0, "src0", instr);
}

void check_src1(const TileView& dst, const TileView& src0, const TileView& src1, const char* instr) {
    validate::tile(src1, instr, "src1");
    PTOSIM_CHECK(src1.dtype == src0.dtype, instr, "src0 and src1 must have the same dtype",
                 {"src0", dtype_cpp_name(src0.dtype)}, {"src1", dtype_cpp_name(src1.dtype)});
    validate::disjoint(dst, "dst", src1, "src1", instr);
}

uint64_t element_bits(const std::byte* p, std::size_t size) {
    uint8_t b8;
    uint16_t b16;
    uint32_t b32;
    uint64_t b64;
    switch (size) {
        case 1:
            std::memcpy(&b8, p, 1);
            return b8;
        case 2:
            std::memcpy(&b16, p, 2);
            return b16;
        case 4:
            std::memcpy(&b32, p, 4);
            return b32;
        default:
            std::memcpy(&b64, p, 8);
            return b64;
    }
}

}  // namespace

void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode) {
    hazards::Scope hz("TCMP", hazards::Pipe::V);
    hz.write_whole(dst);  // the whole mask tile is zeroed first
    hz.read(src0);
    hz.read(src1);
    constexpr const char* kInstr = "TCMP";
    check_dst_and_src0(dst, src0, mode, kInstr);
    check_src1(dst, src0, src1, kInstr);
    validate::row_major(src1, kInstr, "src1");
    PTOSIM_CHECK(src1.valid_rows == src0.valid_rows && src1.valid_cols == src0.valid_cols, kInstr,
                 "src0 and src1 must have the same valid shape", {"src0.validRow", src0.valid_rows},
                 {"src0.validCol", src0.valid_cols}, {"src1.validRow", src1.valid_rows},
                 {"src1.validCol", src1.valid_cols});
    if (active_backend() == Backend::Simd) {
        simd::tcmp(dst, src0, src1, mode);
    } else {
        ref::tcmp(dst, src0, src1, mode);
    }
}

void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode) {
    hazards::Scope hz("TCMPS", hazards::Pipe::V);
    hz.scalar(src0.dtype, scalar);
    hz.write_whole(dst);  // the whole mask tile is zeroed first
    hz.read(src0);
    check_dst_and_src0(dst, src0, mode, "TCMPS");
    if (active_backend() == Backend::Simd) {
        simd::tcmps(dst, src0, scalar, mode);
    } else {
        ref::tcmps(dst, src0, scalar, mode);
    }
}

// The scalar form checks dst and src0.
void tcmps(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode) {
    hazards::Scope hz("TCMPS", hazards::Pipe::V);
    hz.write_whole(dst);  // the whole mask tile is zeroed first
    hz.read(src0);
    hz.read(src1);
    constexpr const char* kInstr = "TCMPS";
    check_src1(dst, src0, src1, kInstr);
    PTOSIM_CHECK(src1.valid_rows >= 1 && src1.valid_cols >= 1, kInstr,
                 "src1 must have a valid element [0, 0] (the scalar)", {"src1.validRow", src1.valid_rows},
                 {"src1.validCol", src1.valid_cols});
    tcmps(dst, src0, element_bits(src1.at(0, 0), src1.elem_size()), mode);
}

}  // namespace ptosim::ops
