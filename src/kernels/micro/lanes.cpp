// Reference kernels of the micro core's lane-wise families: for each lane of the element type, the row's
// functor on ScalarOps (the tile instructions' reference arithmetic), then the predicate: an inactive lane is
// zeroed, or keeps the destination's value when merging. Each lane is read before it is written, so the
// destination may be a source.
#include "kernels/micro/lanes.hpp"
#include "kernels/micro/row_lookup.hpp"

#include "kernels/elementwise/functors.hpp"
#include "kernels/elementwise/scalar_ops.hpp"
#include "kernels/kernel_tokens.hpp"

namespace ptosim::kernels::micro {

namespace {

using ptosim::micro::kLanes;
using ptosim::micro::Preg;
using ptosim::micro::VReg;

template <typename T>
void finish(VReg& d, uint32_t i, bool active, bool merging, T value) {
    if (active)
        d.set_lane<T>(i, value);
    else if (!merging)
        d.set_lane<T>(i, T{});
}

template <class F, typename T>
void binary(VReg& d, const VReg& a, const VReg& b, const Preg& p, bool merging) {
    using S = ScalarOps<T>;
    for (uint32_t i = 0; i < kLanes<T>; ++i) {
        const bool on = p.active<T>(i);
        finish<T>(d, i, on, merging,
                  on ? S::store(F::apply(S{}, S::load(a.lane<T>(i)), S::load(b.lane<T>(i)))) : T{});
    }
}

template <class F, typename T>
void scalar(VReg& d, const VReg& a, uint64_t s, const Preg& p, bool merging) {
    using S = ScalarOps<T>;
    const auto x = S::from_bits(s);
    for (uint32_t i = 0; i < kLanes<T>; ++i) {
        const bool on = p.active<T>(i);
        finish<T>(d, i, on, merging, on ? S::store(F::apply(S{}, S::load(a.lane<T>(i)), x)) : T{});
    }
}

template <class F, typename T>
void unary(VReg& d, const VReg& a, const Preg& p, bool merging) {
    using S = ScalarOps<T>;
    for (uint32_t i = 0; i < kLanes<T>; ++i) {
        const bool on = p.active<T>(i);
        finish<T>(d, i, on, merging, on ? S::store(F::apply(S{}, S::load(a.lane<T>(i)))) : T{});
    }
}

// The kernel of row OP (functor K) for element type t, or null when the row's family is another or the row
// does not take t.
template <isa::MOp OP, class K, isa::MFamily kFamily, typename Fn>
Fn pick(DType t) {
    constexpr isa::MicroInfo d = isa::micro_info(OP);
    Fn fn = nullptr;
    if constexpr (d.family == kFamily && kIsFunctor<K>) {
        visit_dtype(t, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (d.types.contains(dtype_of<T>) && !std::is_same_v<T, double>) {
                if constexpr (kFamily == isa::MFamily::Binary)
                    fn = &binary<K, T>;
                else if constexpr (kFamily == isa::MFamily::VecScalar)
                    fn = &scalar<K, T>;
                else
                    fn = &unary<K, T>;
            }
        });
    }
    return fn;
}

// The row table's walk (row_lookup.hpp) with this file's choice per row.
template <isa::MFamily kFamily, typename Fn>
struct Pick {
    template <isa::MOp OP, class K>
    static Fn get(DType t) {
        return pick<OP, K, kFamily, Fn>(t);
    }
};
template <isa::MFamily kFamily, typename Fn>
Fn lookup(isa::MOp op, DType t) {
    return kernels::micro::lookup_row<Pick<kFamily, Fn>>(op, t);
}

}  // namespace

BinaryFn ref_binary(isa::MOp op, DType t) {
    return lookup<isa::MFamily::Binary, BinaryFn>(op, t);
}
ScalarFn ref_scalar(isa::MOp op, DType t) {
    return lookup<isa::MFamily::VecScalar, ScalarFn>(op, t);
}
UnaryFn ref_unary(isa::MOp op, DType t) {
    return lookup<isa::MFamily::Unary, UnaryFn>(op, t);
}

}  // namespace ptosim::kernels::micro
