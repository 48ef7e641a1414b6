// The kernel of a micro-instruction row for an element type: one switch over isa/micro.def, shared by the
// reference and the fast lane kernels. Policy::get<OP, Functor>(t) is each one's choice for a row (null when
// the row is of another family or has no kernel of its kind for t).
#pragma once

#include "kernels/elementwise/functors.hpp"
#include "kernels/kernel_tokens.hpp"  // fn::None, the token of rows without a lane functor
#include "ptosim/core/dtype.hpp"
#include "ptosim/isa/micro.hpp"

namespace ptosim::kernels::micro {

template <class Policy>
auto lookup_row(isa::MOp op, DType t) -> decltype(Policy::template get<isa::MOp::vadd, fn::Add>(t)) {
    switch (op) {
#define PTOSIM_MICRO(name, kernel, ...) \
    case isa::MOp::name:                \
        return Policy::template get<isa::MOp::name, fn::kernel>(t);
#include "ptosim/isa/micro.def"
#undef PTOSIM_MICRO
    }
    return nullptr;
}

}  // namespace ptosim::kernels::micro
