// Checked TEXPANDS.
#include "ptosim/ops/fill.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/isa/dtype_rules.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void texpands(const TileView& dst, uint64_t scalar) {
    constexpr const char* kInstr = "TEXPANDS";
    validate::tile(dst, kInstr, "dst");
    PTOSIM_CHECK(
        isa::texpands_dtype_ok(Arch::A5, dst.dtype), kInstr,
        "dst dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, "
        "half, bfloat16_t or float",
        {"dst", dtype_cpp_name(dst.dtype)});
    validate::row_major(dst, kInstr, "dst");
    if (active_backend() == Backend::Ref) {
        ref::texpands(dst, scalar);
    } else {
        simd::texpands(dst, scalar);
    }
}

}  // namespace ptosim::ops
