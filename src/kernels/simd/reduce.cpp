// Fast kernels of the row and column reductions, in the reference kernels' order of operations:
// - column reductions run down the rows with one lane per column: the order is the reference's, four column
//   vectors at a time so that four accumulations are in flight;
// - row reductions whose result does not depend on the order (maximum, minimum, and integer sums and
//   products, which wrap) run along the row with one lane per column and combine the lanes at the end;
// - float row sums and products keep the order with one lane per row: blocks of 4 x 4 elements are transposed
//   (128-bit vectors), and sixteen rows are summed at once, each lane adding its row's elements in order.
// What none of these covers (a product of half rounding after each step along a row, int16 -> int32 sums, the
// scalar target) runs the reference kernel.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/reduce.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>
// After highway.h: the math library is compiled per target too (ops-inl.h's exp and log).
#include <hwy/contrib/math/math-inl.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>

#include "kernels/elementwise/walk.hpp"
#include "kernels/kernel_tokens.hpp"
#include "kernels/reduce/accumulate.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace fn = kernels::fn;
using kernels::Input;
using kernels::ScalarOps;

#include "kernels/simd/ops-inl.h"

// File-local: every fast-kernel file has its own run / kernel templates in this namespace (one definition
// each, not an ODR clash between files).
namespace {

template <class F, typename TD, bool kRow>
using AccOps = Ops<kernels::acc_t<F, TD, kRow>>;

// Stores one accumulated value through the destination's layout, rounded and canonicalised as the reference.
template <class F, typename TD, bool kRow>
void put(const TileView& dst, int32_t r, int32_t c, kernels::compute_t<kernels::acc_t<F, TD, kRow>> acc) {
    dst.ptr<TD>()[dst.layout.offset(r, c)] = ScalarOps<TD>::store(static_cast<kernels::compute_t<TD>>(acc));
}

// Column reduction: lanes are columns; four vectors of columns at a time.
template <class F, typename TS, typename TD>
void col_reduce(const TileView& dst, const TileView& src) {
    const AccOps<F, TD, false> o;
    const Ops<TS> in;
    using S = ScalarOps<kernels::acc_t<F, TD, false>>;
    const std::size_t lanes = hn::Lanes(o.d);
    const auto cols = static_cast<std::size_t>(src.valid_cols);
    const int32_t rows = src.valid_rows;
    TD* out = dst.ptr<TD>() + dst.layout.offset(0, 0);  // row 0 of a row-major destination
    std::size_t c = 0;
    for (; c + 4 * lanes <= cols; c += 4 * lanes) {
        const TS* p = src.row<TS>(0) + c;
        auto a0 = kernels::reduce_start<F>(o, in.load(p));
        auto a1 = kernels::reduce_start<F>(o, in.load(p + lanes));
        auto a2 = kernels::reduce_start<F>(o, in.load(p + 2 * lanes));
        auto a3 = kernels::reduce_start<F>(o, in.load(p + 3 * lanes));
        for (int32_t r = 1; r < rows; ++r) {
            const TS* q = src.row<TS>(r) + c;
            a0 = F::apply(o, a0, in.load(q));
            a1 = F::apply(o, a1, in.load(q + lanes));
            a2 = F::apply(o, a2, in.load(q + 2 * lanes));
            a3 = F::apply(o, a3, in.load(q + 3 * lanes));
        }
        const Ops<TD> st;
        st.store(a0, out + c);
        st.store(a1, out + c + lanes);
        st.store(a2, out + c + 2 * lanes);
        st.store(a3, out + c + 3 * lanes);
    }
    for (; c + lanes <= cols; c += lanes) {
        auto a = kernels::reduce_start<F>(o, in.load(src.row<TS>(0) + c));
        for (int32_t r = 1; r < rows; ++r)
            a = F::apply(o, a, in.load(src.row<TS>(r) + c));
        Ops<TD>().store(a, out + c);
    }
    for (; c < cols; ++c) {
        auto a =
            kernels::reduce_start<F>(S{}, static_cast<typename S::C>(ScalarOps<TS>::load(src.row<TS>(0)[c])));
        for (int32_t r = 1; r < rows; ++r)
            a = F::apply(S{}, a, static_cast<typename S::C>(ScalarOps<TS>::load(src.row<TS>(r)[c])));
        put<F, TD, false>(dst, 0, static_cast<int32_t>(c), a);
    }
}

// The fold of one row in any order (exact operations): lanes are columns, combined at the end in lane order
// (any order gives the same value).
template <class F, typename T>
typename ScalarOps<T>::C fold_row(const T* x, std::size_t cols) {
    const Ops<T> o;
    using S = ScalarOps<T>;
    const std::size_t lanes = hn::Lanes(o.d);
    HWY_ALIGN typename S::C part[HWY_MAX_BYTES / sizeof(typename S::C)];
    typename S::C acc = kernels::reduce_start<F>(S{}, S::load(x[0]));
    std::size_t c = 1;
    if (cols >= 1 + 2 * lanes) {
        auto a = o.load(x + 1), b = o.load(x + 1 + lanes);
        for (c = 1 + 2 * lanes; c + 2 * lanes <= cols; c += 2 * lanes) {
            a = F::apply(o, a, o.load(x + c));
            b = F::apply(o, b, o.load(x + c + lanes));
        }
        hn::Store(F::apply(o, a, b), o.d, part);
        for (std::size_t k = 0; k < lanes; ++k)
            acc = F::apply(S{}, acc, part[k]);
    }
    for (; c < cols; ++c)
        acc = F::apply(S{}, acc, S::load(x[c]));
    return acc;
}

// Row reduction in any order (exact operations).
template <class F, typename T>
void row_reduce_unordered(const TileView& dst, const TileView& src) {
    for (int32_t r = 0; r < src.valid_rows; ++r)
        put<F, T, true>(dst, r, 0, fold_row<F, T>(src.row<T>(r), static_cast<std::size_t>(src.valid_cols)));
}

// Whether compute value x is the fold m an arg reduction looks for: the same bits (half and bfloat16 widen to
// float exactly; -0 and +0 differ), any NaN for a NaN fold; integers by value.
template <typename C>
bool is_fold(C x, C m) {
    if constexpr (std::is_floating_point_v<C>) {
        if (std::isnan(m))
            return std::isnan(x);
        return std::bit_cast<uint32_t>(x) == std::bit_cast<uint32_t>(m);
    } else {
        return x == m;
    }
}

// Arg reductions along a row: the fold (maximum or minimum, exact) with vectors, then the first element that
// is the fold, found a vector at a time: the index the reference kernel's running comparison gives.
template <class F, typename TS, typename TI>
void row_arg(const TileView& dst, const TileView& src) {
    using Fold = typename F::Fold;
    const Ops<TS> o;
    using C = typename ScalarOps<TS>::C;
    const std::size_t lanes = hn::Lanes(o.d);
    const auto cols = static_cast<std::size_t>(src.valid_cols);
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        const TS* x = src.row<TS>(r);
        const C m = fold_row<Fold, TS>(x, cols);
        std::size_t index = cols;
        std::size_t c = 0;
        for (; c + lanes <= cols && index == cols; c += lanes) {
            const auto v = o.load(x + c);
            auto hit = [&] {
                if constexpr (std::is_floating_point_v<C>) {
                    const hn::RebindToUnsigned<decltype(o.d)> du;
                    if (std::isnan(m))
                        return hn::IsNaN(v);
                    return hn::RebindMask(
                        o.d, hn::Eq(hn::BitCast(du, v), hn::Set(du, std::bit_cast<uint32_t>(m))));
                } else {
                    return hn::Eq(v, hn::Set(o.d, m));
                }
            }();
            const intptr_t first = hn::FindFirstTrue(o.d, hit);
            if (first >= 0)
                index = c + static_cast<std::size_t>(first);
        }
        for (; c < cols && index == cols; ++c)
            if (is_fold(ScalarOps<TS>::load(x[c]), m))
                index = c;
        dst.ptr<TI>()[dst.layout.offset(r, 0)] = static_cast<TI>(index);
    }
}

// Arg reductions down the columns: lanes are columns; the running fold and, in 32-bit lanes of the same
// count, the row where it last changed (the reference kernel's rule, one lane per column). Only for element
// types computed in 32-bit lanes; the others run the reference kernel.
template <class F, typename TS, typename TI>
void col_arg(const TileView& dst, const TileView& src) {
    using Fold = typename F::Fold;
    const Ops<TS> o;
    using C = typename ScalarOps<TS>::C;
    const hn::RebindToSigned<decltype(o.d)> di;
    const std::size_t lanes = hn::Lanes(o.d);
    const auto cols = static_cast<std::size_t>(src.valid_cols);
    TI* out = dst.ptr<TI>() + dst.layout.offset(0, 0);
    std::size_t c = 0;
    for (; c + lanes <= cols; c += lanes) {
        auto best = o.load(src.row<TS>(0) + c);
        auto index = hn::Zero(di);
        for (int32_t r = 1; r < src.valid_rows; ++r) {
            const auto next = Fold::apply(o, best, o.load(src.row<TS>(r) + c));
            auto same = [&] {
                if constexpr (std::is_floating_point_v<C>)
                    return hn::Or(hn::RebindMask(o.d, hn::Eq(hn::BitCast(di, next), hn::BitCast(di, best))),
                                  hn::And(hn::IsNaN(next), hn::IsNaN(best)));
                else
                    return hn::Eq(next, best);
            }();
            index = hn::IfThenElse(hn::RebindMask(di, same), index, hn::Set(di, r));
            best = next;
        }
        hn::StoreU(hn::BitCast(hn::RebindToUnsigned<decltype(di)>(), index),
                   hn::RebindToUnsigned<decltype(di)>(), reinterpret_cast<uint32_t*>(out + c));
    }
    for (; c < cols; ++c) {
        C best = ScalarOps<TS>::load(src.row<TS>(0)[c]);
        int32_t index = 0;
        for (int32_t r = 1; r < src.valid_rows; ++r) {
            const C next = Fold::apply(ScalarOps<TS>{}, best, ScalarOps<TS>::load(src.row<TS>(r)[c]));
            if (!is_fold(next, best)) {
                best = next;
                index = r;
            }
        }
        out[c] = static_cast<TI>(index);
    }
}

template <isa::Op OP, class F>
bool run_arg(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    const TileView& dst = o.dst[0];
    const TileView& src = o.src[0];
    if (src.valid_rows == 0 || src.valid_cols == 0 || HWY_TARGET == HWY_SCALAR)
        return false;
    bool done = false;
    visit_dtype(src.dtype, [&](auto s) {
        using TS = decltype(s);
        using C = typename ScalarOps<TS>::C;
        if constexpr (d.kernel_types().contains(dtype_of<TS>) && kSimd<typename F::Fold, TS> &&
                      (std::is_floating_point_v<C> ? sizeof(C) == 4 : true)) {
            const auto go = [&](auto index_tag) {
                using TI = decltype(index_tag);
                if constexpr (d.family == isa::Family::RowReduce) {
                    row_arg<F, TS, TI>(dst, src);
                    done = true;
                } else if constexpr (sizeof(C) == 4) {
                    col_arg<F, TS, TI>(dst, src);
                    done = true;
                }
            };
            if (dst.dtype == DType::S32)
                go(int32_t{});
            else
                go(uint32_t{});
        }
    });
    return done;
}

// Float row sums and products in order: lane i of a 128-bit accumulator is row r0 + i; each 4 x 4 block of
// elements is transposed so that the accumulator adds column c, then c + 1, ... of its four rows. Four such
// accumulators (sixteen rows) keep four chains of operations in flight.
#if HWY_TARGET != HWY_SCALAR
template <class F, typename TS, typename TD>
void row_reduce_ordered(const TileView& dst, const TileView& src) {
    const hn::Full128<float> d4;
    const hn::Repartition<uint64_t, decltype(d4)> d64;
    using V4 = hn::Vec<decltype(d4)>;
    using S = ScalarOps<float>;
    const auto load4 = [&](const TS* p) {
        if constexpr (std::is_same_v<TS, float>)
            return hn::LoadU(d4, p);
        else if constexpr (std::is_same_v<TS, float16>)
            return promote_half(
                d4, hn::LoadU(hn::Rebind<uint16_t, decltype(d4)>(), reinterpret_cast<const uint16_t*>(p)));
        else
            return hn::PromoteTo(d4, hn::LoadU(hn::Rebind<hwy::bfloat16_t, decltype(d4)>(),
                                               reinterpret_cast<const hwy::bfloat16_t*>(p)));
    };
    const auto step = [](V4 acc, V4 x) {
        if constexpr (std::is_same_v<F, fn::Add>)
            return hn::Add(acc, x);
        else
            return hn::Mul(acc, x);
    };
    const auto cols = static_cast<std::size_t>(src.valid_cols);
    const std::size_t vcols = cols / 4 * 4;
    constexpr int kGroups = 4;  // 4 x 4 rows at a time
    int32_t r0 = 0;
    for (; r0 + 4 * kGroups <= src.valid_rows; r0 += 4 * kGroups) {
        std::array<V4, kGroups> acc;
        for (int g = 0; g < kGroups; ++g) {
            const int32_t r = r0 + 4 * g;
            const TS* rows[4] = {src.row<TS>(r), src.row<TS>(r + 1), src.row<TS>(r + 2), src.row<TS>(r + 3)};
            HWY_ALIGN float first[4];
            for (int i = 0; i < 4; ++i)
                first[i] = kernels::reduce_start<F>(S{}, static_cast<float>(ScalarOps<TS>::load(rows[i][0])));
            acc[g] = hn::Load(d4, first);
        }
        // Column 0 started the accumulators; columns 1..3 of the first block are added one by one.
        std::size_t c = 1;
        for (; c < 4 && c < cols; ++c)
            for (int g = 0; g < kGroups; ++g) {
                HWY_ALIGN float x[4];
                for (int i = 0; i < 4; ++i)
                    x[i] = static_cast<float>(ScalarOps<TS>::load(src.row<TS>(r0 + 4 * g + i)[c]));
                acc[g] = step(acc[g], hn::Load(d4, x));
            }
        for (c = 4; c < vcols; c += 4) {
            for (int g = 0; g < kGroups; ++g) {
                const int32_t r = r0 + 4 * g;
                const V4 a = load4(src.row<TS>(r) + c), b = load4(src.row<TS>(r + 1) + c);
                const V4 e = load4(src.row<TS>(r + 2) + c), f = load4(src.row<TS>(r + 3) + c);
                const V4 t0 = hn::InterleaveLower(d4, a, b), t1 = hn::InterleaveLower(d4, e, f);
                const V4 t2 = hn::InterleaveUpper(d4, a, b), t3 = hn::InterleaveUpper(d4, e, f);
                const V4 c0 =
                    hn::BitCast(d4, hn::InterleaveLower(d64, hn::BitCast(d64, t0), hn::BitCast(d64, t1)));
                const V4 c1 =
                    hn::BitCast(d4, hn::InterleaveUpper(d64, hn::BitCast(d64, t0), hn::BitCast(d64, t1)));
                const V4 c2 =
                    hn::BitCast(d4, hn::InterleaveLower(d64, hn::BitCast(d64, t2), hn::BitCast(d64, t3)));
                const V4 c3 =
                    hn::BitCast(d4, hn::InterleaveUpper(d64, hn::BitCast(d64, t2), hn::BitCast(d64, t3)));
                acc[g] = step(step(step(step(acc[g], c0), c1), c2), c3);
            }
        }
        for (int g = 0; g < kGroups; ++g) {
            HWY_ALIGN float lane[4];
            hn::Store(acc[g], d4, lane);
            for (int i = 0; i < 4; ++i) {
                const int32_t r = r0 + 4 * g + i;
                float a = lane[i];
                for (std::size_t k = c; k < cols; ++k)
                    a = F::apply(S{}, a, static_cast<float>(ScalarOps<TS>::load(src.row<TS>(r)[k])));
                put<F, TD, true>(dst, r, 0, a);
            }
        }
    }
    // The remaining rows, one at a time in order.
    for (int32_t r = r0; r < src.valid_rows; ++r) {
        const TS* x = src.row<TS>(r);
        float a = kernels::reduce_start<F>(S{}, static_cast<float>(ScalarOps<TS>::load(x[0])));
        for (std::size_t k = 1; k < cols; ++k)
            a = F::apply(S{}, a, static_cast<float>(ScalarOps<TS>::load(x[k])));
        put<F, TD, true>(dst, r, 0, a);
    }
}
#else
// The scalar target has no 128-bit vectors: run() never calls this there.
template <class F, typename TS, typename TD>
void row_reduce_ordered(const TileView&, const TileView&) {}
#endif

// Element types whose lanes compute in float (half and bfloat16 convert exactly).
template <typename T>
constexpr bool kFloatLanes = kernels::kIsSmallFloat<T> || std::is_same_v<T, float>;

template <isa::Op OP, class F>
bool run(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    const TileView& dst = o.dst[0];
    const TileView& src = o.src[0];
    if (src.valid_rows == 0 || src.valid_cols == 0)
        return false;
    bool done = false;
    visit_dtype(src.dtype, [&](auto s) {
        using TS = decltype(s);
        visit_dtype(dst.dtype, [&](auto t) {
            using TD = decltype(t);
            constexpr bool same = std::is_same_v<TS, TD>;
            constexpr bool to_float = kernels::kIsSmallFloat<TS> && std::is_same_v<TD, float> && d.cpu_widen;
            if constexpr (d.kernel_types().contains(dtype_of<TS>) && (same || to_float) &&
                          HWY_TARGET != HWY_SCALAR) {
                using A = kernels::acc_t<F, TD, d.family == isa::Family::RowReduce>;
                // The accumulator's operations must have vector forms, and a source must load into the
                // accumulator's lanes (same element type, or half / bfloat16 into float).
                constexpr bool lanes_match = std::is_same_v<TS, A> || (kFloatLanes<TS> && kFloatLanes<A>);
                if constexpr (kSimd<F, A> && kSimd<F, TS> && lanes_match) {
                    if constexpr (d.family == isa::Family::ColReduce) {
                        col_reduce<F, TS, TD>(dst, src);
                        done = true;
                    } else if constexpr (!kernels::kIsFloat<TS> || std::is_same_v<F, fn::Max> ||
                                         std::is_same_v<F, fn::Min>) {
                        if constexpr (same) {
                            row_reduce_unordered<F, TS>(dst, src);
                            done = true;
                        }
                    } else if constexpr (std::is_same_v<A, float>) {
                        row_reduce_ordered<F, TS, TD>(dst, src);
                        done = true;
                    }
                }
            }
        });
    });
    return done;
}

using Kernel = bool (*)(const ops::Operands&);

template <isa::Op OP, class K>
constexpr Kernel kernel() {
    constexpr isa::Family f = isa::op_info(OP).family;
    if constexpr (kernels::kIsArg<K>)
        return &run_arg<OP, K>;
    else if constexpr (kernels::kIsPair<K>)
        return nullptr;  // the reference kernel: a row of adds, not a hot instruction
    else if constexpr (kernels::kIsFunctor<K> && (f == isa::Family::RowReduce || f == isa::Family::ColReduce))
        return &run<OP, K>;
    else
        return nullptr;
}

}  // namespace

bool ReduceImpl(isa::Op op, const ops::Operands& operands) {
    static constexpr Kernel kKernels[] = {
#define PTOSIM_OP(name, kernel_name, ...) kernel<isa::Op::name, fn::kernel_name>(),
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
    };
    const Kernel k = kKernels[static_cast<std::size_t>(op)];
    return k != nullptr && k(operands);
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(ReduceImpl);

bool reduce(isa::Op op, const ops::Operands& operands) {
    return HWY_DYNAMIC_DISPATCH(ReduceImpl)(op, operands);
}
}  // namespace ptosim::simd
#endif
