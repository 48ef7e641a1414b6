// Fast kernels of the micro core's lane-wise families: the row's functor on Highway vectors through the fast
// tile kernels' operations adapter (kernels/simd/ops-inl.h: ScalarOps' bits, half and bfloat16 in float
// lanes), over the 256 bytes of a register. A predicate that enables every lane (the common case) stores the
// results directly; a partial one computes every lane into a scratch register and takes each active lane from
// it. 64-bit lanes, and functors without a vector form on the target, use the reference kernel.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/micro/lanes_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>
// After highway.h: the math library is compiled per target too.
#include <hwy/contrib/math/math-inl.h>

#include <cstring>
#include <type_traits>

#include "kernels/elementwise/functors.hpp"
#include "kernels/elementwise/walk.hpp"
#include "kernels/kernel_tokens.hpp"
#include "kernels/micro/lanes.hpp"
#include "kernels/micro/row_lookup.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace fn = kernels::fn;
using kernels::Input;
using kernels::ScalarOps;

#include "kernels/simd/ops-inl.h"

namespace {

using micro::kLanes;
using micro::Preg;
using micro::VReg;

// r's lanes where p is active, else dst's (merging) or zero.
template <typename T>
void blend(VReg& dst, const VReg& r, const Preg& p, bool merging) {
    for (uint32_t i = 0; i < kLanes<T>; ++i) {
        if (p.active<T>(i))
            std::memcpy(dst.data() + i * sizeof(T), r.data() + i * sizeof(T), sizeof(T));
        else if (!merging)
            std::memset(dst.data() + i * sizeof(T), 0, sizeof(T));
    }
}

// The functor on every lane of the register: out[i] = F(in[0][i], ..., scalar), chunk by chunk (each chunk is
// read before it is written, so out may be an input).
template <class F, typename T, typename... Args>
HWY_INLINE void lanes(T* out, const Ops<T, !kSingleRounding<F>>& o, Args... args) {
    const std::size_t step = hn::Lanes(o.d);
    for (std::size_t i = 0; i < kLanes<T>; i += step)
        o.store(F::apply(o, args(i)...), out + i);
}

template <class F, typename T>
void Binary(VReg& d, const VReg& a, const VReg& b, const Preg& p, bool merging) {
    const Ops<T, !kSingleRounding<F>> o;
    const auto* pa = reinterpret_cast<const T*>(a.data());
    const auto* pb = reinterpret_cast<const T*>(b.data());
    const auto la = [&](std::size_t i) { return o.load(pa + i); };
    const auto lb = [&](std::size_t i) { return o.load(pb + i); };
    if (p.all_active(sizeof(T))) {
        lanes<F, T>(reinterpret_cast<T*>(d.data()), o, la, lb);
        return;
    }
    VReg r;
    lanes<F, T>(reinterpret_cast<T*>(r.data()), o, la, lb);
    blend<T>(d, r, p, merging);
}

template <class F, typename T>
void Scalar(VReg& d, const VReg& a, uint64_t s, const Preg& p, bool merging) {
    const Ops<T, !kSingleRounding<F>> o;
    const auto* pa = reinterpret_cast<const T*>(a.data());
    const auto vs = o.set(ScalarOps<T>::from_bits(s));
    const auto la = [&](std::size_t i) { return o.load(pa + i); };
    const auto ls = [&](std::size_t) { return vs; };
    if (p.all_active(sizeof(T))) {
        lanes<F, T>(reinterpret_cast<T*>(d.data()), o, la, ls);
        return;
    }
    VReg r;
    lanes<F, T>(reinterpret_cast<T*>(r.data()), o, la, ls);
    blend<T>(d, r, p, merging);
}

template <class F, typename T>
void Unary(VReg& d, const VReg& a, const Preg& p, bool merging) {
    const Ops<T, !kSingleRounding<F>> o;
    const auto* pa = reinterpret_cast<const T*>(a.data());
    const auto la = [&](std::size_t i) { return o.load(pa + i); };
    if (p.all_active(sizeof(T))) {
        lanes<F, T>(reinterpret_cast<T*>(d.data()), o, la);
        return;
    }
    VReg r;
    lanes<F, T>(reinterpret_cast<T*>(r.data()), o, la);
    blend<T>(d, r, p, merging);
}

template <isa::MOp OP, class K, isa::MFamily kFamily, typename Fn>
Fn pick(DType t) {
    constexpr isa::MicroInfo d = isa::micro_info(OP);
    Fn f = nullptr;
    if constexpr (d.family == kFamily && kernels::kIsFunctor<K>) {
        visit_dtype(t, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (d.types.contains(dtype_of<T>) && sizeof(T) <= 4 && kSimd<K, T>) {
                if constexpr (kFamily == isa::MFamily::Binary)
                    f = &Binary<K, T>;
                else if constexpr (kFamily == isa::MFamily::VecScalar)
                    f = &Scalar<K, T>;
                else
                    f = &Unary<K, T>;
            }
        });
    }
    return f;
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

micro::BinaryFn MicroBinary(isa::MOp op, DType t) {
    return lookup<isa::MFamily::Binary, micro::BinaryFn>(op, t);
}
micro::ScalarFn MicroScalar(isa::MOp op, DType t) {
    return lookup<isa::MFamily::VecScalar, micro::ScalarFn>(op, t);
}
micro::UnaryFn MicroUnary(isa::MOp op, DType t) {
    return lookup<isa::MFamily::Unary, micro::UnaryFn>(op, t);
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
// The dispatch tables live beside the per-target functions (HWY_EXPORT names them relative to its namespace).
namespace ptosim::simd {
HWY_EXPORT(MicroBinary);
HWY_EXPORT(MicroScalar);
HWY_EXPORT(MicroUnary);
namespace {
micro::BinaryFn dispatch_binary(isa::MOp op, DType t) {
    return HWY_DYNAMIC_DISPATCH(MicroBinary)(op, t);
}
micro::ScalarFn dispatch_scalar(isa::MOp op, DType t) {
    return HWY_DYNAMIC_DISPATCH(MicroScalar)(op, t);
}
micro::UnaryFn dispatch_unary(isa::MOp op, DType t) {
    return HWY_DYNAMIC_DISPATCH(MicroUnary)(op, t);
}
}  // namespace
}  // namespace ptosim::simd

namespace ptosim::kernels::micro {
BinaryFn simd_binary(isa::MOp op, DType t) {
    return simd::dispatch_binary(op, t);
}
ScalarFn simd_scalar(isa::MOp op, DType t) {
    return simd::dispatch_scalar(op, t);
}
UnaryFn simd_unary(isa::MOp op, DType t) {
    return simd::dispatch_unary(op, t);
}
}  // namespace ptosim::kernels::micro
#endif
