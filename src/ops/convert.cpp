// Checked TCVT.
#include "ptosim/ops/convert.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tcvt(const TileView& dst, const TileView& src, convert::RoundMode mode, convert::SatMode sat,
          bool canon) {
    hazards::Scope hz("TCVT", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    constexpr const char* kInstr = "TCVT";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    validate::dtype_in(isa::kConvertible, src.dtype, kInstr, "src");
    validate::dtype_in(isa::kConvertible, dst.dtype, kInstr, "dst");
    PTOSIM_CHECK(static_cast<unsigned>(mode) <= static_cast<unsigned>(convert::RoundMode::Odd), kInstr,
                 "rounding mode must be one of CAST_NONE .. CAST_ODD", {"mode", static_cast<unsigned>(mode)});
    PTOSIM_CHECK(static_cast<unsigned>(sat) <= static_cast<unsigned>(convert::SatMode::Default), kInstr,
                 "saturation mode must be ON or OFF", {"satMode", static_cast<unsigned>(sat)});
    PTOSIM_CHECK(!dst.layout.is_boxed() && !src.layout.is_boxed(), kInstr,
                 "tiles must be row-major or column-major", {"dst", layout_kind_name(dst.layout.kind)},
                 {"src", layout_kind_name(src.layout.kind)});
    PTOSIM_CHECK(src.valid_rows >= dst.valid_rows && src.valid_cols >= dst.valid_cols, kInstr,
                 "src's valid region must cover dst's", {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols}, {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols});
    // In place, to a type no wider at the source's address (PTOAS's generated epilogues), as the device
    // streams it; both kernels walk the lines in memory order, each piece read before it is written.
    validate::may_stream(dst, "dst", src, "src", kInstr);
    const convert::Rounding r = convert::rounding_for(mode, src.dtype, dst.dtype);
    const convert::Saturation s = convert::saturation_for(sat, src.dtype, dst.dtype);
    if (active_backend() == Backend::Simd && simd::tcvt(dst, src, r, s, canon))
        return;
    ref::tcvt(dst, src, r, s, canon);
}

}  // namespace ptosim::ops
