// Checked TCI and TTRI.
#include "ptosim/ops/generate.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tci(const TileView& dst, uint64_t start, bool descending) {
    hazards::Scope hz("TCI", hazards::Pipe::S);
    hz.scalar(dst.dtype, start);
    hz.write(dst);
    constexpr const char* kInstr = "TCI";
    validate::tile(dst, kInstr, "dst");
    validate::dtype_in(generate::tci_types(Arch::CPU), dst.dtype, kInstr, "dst");
    validate::row_major(dst, kInstr, "dst");
    PTOSIM_CHECK(dst.layout.rows == 1, kInstr, "dst must have one row (the sequence runs along it)",
                 {"Rows", dst.layout.rows});
    ref::tci(dst, start, descending);  // one row: nothing for a vector kernel to win
}

void ttri(const TileView& dst, int32_t diagonal, bool upper) {
    hazards::Scope hz("TTRI", hazards::Pipe::V);
    hz.scalar(DType::S32, static_cast<uint32_t>(diagonal));
    hz.write(dst);
    constexpr const char* kInstr = "TTRI";
    validate::tile(dst, kInstr, "dst");
    validate::dtype_in(generate::ttri_types(Arch::CPU) | generate::ttri_types(Arch::A5), dst.dtype, kInstr,
                       "dst");
    validate::row_major(dst, kInstr, "dst");
    if (active_backend() == Backend::Ref)
        ref::ttri(dst, diagonal, upper);
    else
        simd::ttri(dst, diagonal, upper);
}

}  // namespace ptosim::ops
