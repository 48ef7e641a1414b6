// Every name the KERNEL column of include/ptosim/isa/ops.def uses: the element-wise functors (run by the
// family walkers), the instructions with kernels of their own (a static run(), defined in
// src/ops/bespoke.cpp), and None for the rows the kernel core does not run yet.
#pragma once

#include <type_traits>

#include "kernels/elementwise/functors.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"

namespace ptosim::kernels::fn {

struct None {};

#define PTOSIM_BESPOKE_KERNEL(name)                                    \
    struct name {                                                      \
        static void run(const isa::OpInfo& d, const ops::Operands& o); \
    };
PTOSIM_BESPOKE_KERNEL(Cmp)
PTOSIM_BESPOKE_KERNEL(CmpS)
PTOSIM_BESPOKE_KERNEL(Sel)
PTOSIM_BESPOKE_KERNEL(SelS)
PTOSIM_BESPOKE_KERNEL(ExpandS)
PTOSIM_BESPOKE_KERNEL(Histogram)
PTOSIM_BESPOKE_KERNEL(Interleave)
PTOSIM_BESPOKE_KERNEL(Deinterleave)
PTOSIM_BESPOKE_KERNEL(AddDeqRelu)
PTOSIM_BESPOKE_KERNEL(Convert)
PTOSIM_BESPOKE_KERNEL(PartArgMax)
PTOSIM_BESPOKE_KERNEL(PartArgMin)
PTOSIM_BESPOKE_KERNEL(DeQuant)
PTOSIM_BESPOKE_KERNEL(Quant)
#undef PTOSIM_BESPOKE_KERNEL

}  // namespace ptosim::kernels::fn

namespace ptosim::kernels {

template <class K>
inline constexpr bool kHasRun = requires(const isa::OpInfo& d, const ops::Operands& o) {
    K::run(d, o);
};
// An element-wise functor: run by a family walker.
template <class K>
inline constexpr bool kIsFunctor = !kHasRun<K> && !std::is_same_v<K, fn::None>;

}  // namespace ptosim::kernels
