// Fast kernels of the element-wise family RowExpand: one part of simd::elementwise (elementwise-inl.h). The
// two expand families are a translation unit each: together they were the longest of the build.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/elementwise_row_expand.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include "kernels/simd/elementwise_parts.hpp"
#include "ptosim/isa/table.hpp"

#ifndef PTOSIM_ELEMENTWISE_ROW_EXPAND_DEFINED
#define PTOSIM_ELEMENTWISE_ROW_EXPAND_DEFINED
namespace ptosim::simd::elementwise_part {
constexpr bool row_expand(isa::Family f) {
    return f == isa::Family::RowExpand;
}
}  // namespace ptosim::simd::elementwise_part
#endif
#define PTOSIM_ELEMENTWISE_FAMILIES(f) ::ptosim::simd::elementwise_part::row_expand(f)
#define PTOSIM_ELEMENTWISE_IMPL Elementwise_row_expand
#define PTOSIM_ELEMENTWISE_ENTRY elementwise_row_expand
#include "kernels/simd/elementwise-inl.h"
#undef PTOSIM_ELEMENTWISE_FAMILIES
#undef PTOSIM_ELEMENTWISE_IMPL
#undef PTOSIM_ELEMENTWISE_ENTRY
