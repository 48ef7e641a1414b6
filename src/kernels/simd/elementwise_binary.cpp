// Fast kernels of the element-wise family Binary: one part of simd::elementwise (elementwise-inl.h).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/elementwise_binary.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include "kernels/simd/elementwise_parts.hpp"
#include "ptosim/isa/table.hpp"

#ifndef PTOSIM_ELEMENTWISE_PART_DEFINED
#define PTOSIM_ELEMENTWISE_PART_DEFINED
namespace ptosim::simd::elementwise_part {
constexpr bool binary(isa::Family f) {
    return f == isa::Family::Binary;
}
}  // namespace ptosim::simd::elementwise_part
#endif
#define PTOSIM_ELEMENTWISE_FAMILIES(f) ::ptosim::simd::elementwise_part::binary(f)
#define PTOSIM_ELEMENTWISE_IMPL Elementwise_binary
#define PTOSIM_ELEMENTWISE_ENTRY elementwise_binary
#include "kernels/simd/elementwise-inl.h"
#undef PTOSIM_ELEMENTWISE_FAMILIES
#undef PTOSIM_ELEMENTWISE_IMPL
#undef PTOSIM_ELEMENTWISE_ENTRY
