// Checked TEXPANDS.
#include "ptosim/ops/fill.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void texpands(const TileView& dst, uint64_t scalar) {
    hazards::Scope hz("TEXPANDS", hazards::fill_pipe(dst.data));
    hz.scalar(dst.dtype, scalar);
    hz.write(dst);
    constexpr const char* kInstr = "TEXPANDS";
    validate::tile(dst, kInstr, "dst");
    validate::dtype_in(isa::op_info(isa::Op::TEXPANDS).kernel_types(), dst.dtype, kInstr, "dst");
    validate::row_major(dst, kInstr, "dst");
    if (active_backend() == Backend::Ref) {
        ref::texpands(dst, scalar);
    } else {
        simd::texpands(dst, scalar);
    }
}

}  // namespace ptosim::ops
