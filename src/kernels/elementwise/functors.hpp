// The element-wise instructions as compile-time functors, each written once over an operations adapter `o`:
// ScalarOps<T> in the reference kernels, the Highway vector adapter in the fast kernels (same operations,
// same bits). The descriptor row names the functor (include/ptosim/isa/ops.def); the family walker decides
// what the arguments are:
//   binary      apply(o, src0, src1[, dst])     dst when the row reads it (TMULADDDST, TFUSEDMULADD...)
//   unary       apply(o, src)
//   ternary     apply(o, src0, src1, src2)
//   tile-scalar apply(o, src, scalar)           TADDSC/TSUBSC: apply(o, src0, scalar, src1); TAXPY: (src,
//   scalar, dst)
//   row / column expansion   apply(o, src0, vector element)   TROWEXPAND / TCOLEXPAND: apply(o, vector
//   element) row / column reduction   acc = apply(o, acc, element), along the row / column in order
// so TADDS runs Add with the scalar as its second operand, TLRELU runs PRelu with the scalar as the slope,
// and TROWSUM runs Add as its step.
#pragma once

// Always inlined: the fast kernels call the functors with vectors from code compiled for a SIMD target
// (AVX-512,
// ...), and the functors are defined outside that target's region; a call that is not inlined would pass the
// vectors with the baseline ABI and receive garbage. The compiler may inline a function without target
// options into one with them, which is what this forces.
#define PTOSIM_FUNCTOR_INLINE [[gnu::always_inline]] inline

namespace ptosim::kernels::fn {

struct Add {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.add(a, b);
    }
};
struct Sub {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.sub(a, b);
    }
};
struct Mul {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.mul(a, b);
    }
};
struct Div {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.div(a, b);
    }
};
// TDIVS(dst, scalar, src): the scalar divided by each element.
struct RDiv {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V s) {
        return o.div(s, a);
    }
};
struct Rem {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.rem(a, b);
    }
};
struct FMod {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.fmod(a, b);
    }
};
struct Pow {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.pow(a, b);
    }
};
struct And {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.band(a, b);
    }
};
struct Or {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.bor(a, b);
    }
};
struct Xor {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.bxor(a, b);
    }
};
struct Shl {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.shl(a, b);
    }
};
struct Shr {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.shr(a, b);
    }
};
struct Max {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.max(a, b);
    }
};
struct Min {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.min(a, b);
    }
};
// a > 0 ? a : a * slope (TPRELU: slope per element; TLRELU: one scalar slope).
struct PRelu {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V slope) {
        return o.pos_or(a, o.mul(a, slope));
    }
};
// ReLU is max(x, +0): NaN stays NaN, -0 becomes +0.
struct SubRelu {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.max(o.sub(a, b), o.zero());
    }
};
// dst = src0 * src1 + dst, the product rounded first.
struct MulAddDst {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b, V d) {
        return o.add(o.mul(a, b), d);
    }
};
// dst = src0 * dst + src1, rounded once.
struct FusedMulAdd {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b, V d) {
        return o.fma(a, d, b);
    }
};
// ReLU(src0 * dst + src1), the product rounded first (pto-isa rounds it, unlike TFUSEDMULADD's).
struct FusedMulAddRelu {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b, V d) {
        return o.max(o.add(o.mul(a, d), b), o.zero());
    }
};
// (src0 + src1) + src2 and (src0 - src1) + src2.
struct AddC {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b, V c) {
        return o.add(o.add(a, b), c);
    }
};
struct SubC {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b, V c) {
        return o.add(o.sub(a, b), c);
    }
};
// (src0 + scalar) + src1 and (src0 - scalar) + src1.
struct AddSC {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V s, V b) {
        return o.add(o.add(a, s), b);
    }
};
struct SubSC {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V s, V b) {
        return o.add(o.sub(a, s), b);
    }
};
// dst = src * scalar + dst, the product rounded first.
struct Axpy {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V s, V d) {
        return o.add(o.mul(a, s), d);
    }
};
struct Abs {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.abs(a);
    }
};
struct Not {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.bnot(a);
    }
};
struct Neg {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.neg(a);
    }
};
struct Exp {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.exp(a);
    }
};
struct Log {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.log(a);
    }
};
struct Recip {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.recip(a);
    }
};
struct Sqrt {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.sqrt(a);
    }
};
struct Rsqrt {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.rsqrt(a);
    }
};
struct Relu {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a) {
        return o.max(a, o.zero());
    }
};

// TROWEXPAND / TCOLEXPAND: the vector operand's value (the walker broadcasts it).
struct Copy {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O&, V a) {
        return a;
    }
};
// TROWEXPANDEXPDIF / TCOLEXPANDEXPDIF: exp(a - b), the difference rounded to the element type first.
struct ExpDif {
    template <class O, class V>
    PTOSIM_FUNCTOR_INLINE static V apply(const O& o, V a, V b) {
        return o.exp(o.sub(a, b));
    }
};

// TROWARGMAX / TCOLARGMAX (TROWARGMIN / TCOLARGMIN): the index of the first element equal to the row's
// (column's) Max (Min) fold; the reduction kernels run them (kernels/reduce/accumulate.hpp).
struct ArgMax {
    using Fold = Max;
};
struct ArgMin {
    using Fold = Min;
};
// TPAIRREDUCESUM: Add on adjacent column pairs; the reduction kernels run it (kernels/reduce/accumulate.hpp).
struct PairSum {
    using Pair = Add;
};

}  // namespace ptosim::kernels::fn
