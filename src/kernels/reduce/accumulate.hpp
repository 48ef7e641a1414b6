// What a reduction accumulates in and how an element enters the accumulator; shared by the reference and the
// fast reduction kernels. pto-isa's CPU simulation decides it:
// - a row sum of half or bfloat16 accumulates in float and is rounded once, when stored (its TypeSum, taken
//   from the destination's type);
// - every other reduction accumulates in the destination's element type: a column sum or any product of half
//   rounds after every step (`half sum = 0; sum += x` there), integers wrap.
// The first element starts the accumulator, a sum adding it to +0 (so a sum of -0 is +0, as there). Elements
// convert to the accumulator exactly (half -> float, int16 -> int32 for the CPU profile's widened
// destinations).
#pragma once

#include <type_traits>

#include "kernels/elementwise/functors.hpp"
#include "kernels/elementwise/scalar_ops.hpp"

namespace ptosim::kernels {

template <class F, typename TD, bool kRow>
using acc_t = std::conditional_t<kRow && std::is_same_v<F, fn::Add> && kIsSmallFloat<TD>, float, TD>;

// The accumulator after the first element x0 (already in the accumulator's compute type); always inlined, as
// the functors are (functors.hpp: the fast kernels pass it vectors).
template <class F, class O, class C>
PTOSIM_FUNCTOR_INLINE C reduce_start(const O& o, C x0) {
    if constexpr (std::is_same_v<F, fn::Add>)
        return o.add(o.zero(), x0);
    else
        return x0;
}

// An arg reduction (fn::ArgMax / fn::ArgMin): the index of the first element where its Fold changes.
template <class F>
inline constexpr bool kIsArg = requires {
    typename F::Fold;
};
// A pair reduction (fn::PairSum): its Pair functor on columns 2k and 2k + 1.
template <class F>
inline constexpr bool kIsPair = requires {
    typename F::Pair;
};

}  // namespace ptosim::kernels
