// Reference kernels of the row and column reductions: per row (column) of the source's valid region, the
// row's functor folded over the elements in order, from the first; the result goes to column 0 (row 0) of
// the destination through its layout.
#include <bit>
#include <cmath>

#include "kernels/kernel_tokens.hpp"
#include "kernels/reduce/accumulate.hpp"

namespace ptosim::ref {

namespace {

using kernels::compute_t;
using kernels::ScalarOps;

template <class F, typename TS, typename TD, bool kRow>
void reduce_typed(const TileView& dst, const TileView& src) {
    using A = kernels::acc_t<F, TD, kRow>;
    using O = ScalarOps<A>;
    using C = compute_t<A>;
    const O o;
    const auto in = [&](int32_t r, int32_t c) {
        return static_cast<C>(ScalarOps<TS>::load(src.row<TS>(r)[c]));
    };
    const auto out = [&](int32_t r, int32_t c, C acc) {
        dst.ptr<TD>()[dst.layout.offset(r, c)] = ScalarOps<TD>::store(static_cast<compute_t<TD>>(acc));
    };
    if constexpr (kRow) {
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            C acc = kernels::reduce_start<F>(o, in(r, 0));
            for (int32_t c = 1; c < src.valid_cols; ++c)
                acc = F::apply(o, acc, in(r, c));
            out(r, 0, acc);
        }
    } else {
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            C acc = kernels::reduce_start<F>(o, in(0, c));
            for (int32_t r = 1; r < src.valid_rows; ++r)
                acc = F::apply(o, acc, in(r, c));
            out(0, c, acc);
        }
    }
}

// Arg reductions: the running fold (Max or Min) from the first element; the index moves to k when element k
// changes the fold's value: a strictly greater (smaller) element, +0 after -0 (-0 after +0), the first NaN.
// So the index is that of the first element equal to the fold, and ties keep the earlier one.
template <class F, typename TS, typename TI, bool kRow>
void arg_typed(const TileView& dst, const TileView& src) {
    using Fold = typename F::Fold;
    using O = ScalarOps<TS>;
    using C = compute_t<TS>;
    const O o;
    const auto same = [](C a, C b) {
        if constexpr (kernels::kIsFloat<TS>)  // float compute lanes
            return (std::isnan(a) && std::isnan(b)) ||
                   std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b);
        else
            return a == b;
    };
    const int32_t outer = kRow ? src.valid_rows : src.valid_cols;
    const int32_t inner = kRow ? src.valid_cols : src.valid_rows;
    for (int32_t i = 0; i < outer; ++i) {
        const auto at = [&](int32_t k) { return O::load(kRow ? src.row<TS>(i)[k] : src.row<TS>(k)[i]); };
        C best = at(0);
        int32_t index = 0;
        for (int32_t k = 1; k < inner; ++k) {
            const C next = Fold::apply(o, best, at(k));
            if (!same(next, best)) {
                best = next;
                index = k;
            }
        }
        dst.ptr<TI>()[kRow ? dst.layout.offset(i, 0) : dst.layout.offset(0, i)] = static_cast<TI>(index);
    }
}

template <isa::Op OP, class F>
void run_arg(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    const TileView& dst = o.dst[0];
    const TileView& src = o.src[0];
    visit_dtype(src.dtype, [&](auto s) {
        using TS = decltype(s);
        if constexpr (d.kernel_types().contains(dtype_of<TS>) && !std::is_same_v<TS, double>) {
            if (dst.dtype == DType::S32)
                arg_typed<F, TS, int32_t, d.family == isa::Family::RowReduce>(dst, src);
            else
                arg_typed<F, TS, uint32_t, d.family == isa::Family::RowReduce>(dst, src);
        }
    });
}

// Pair reductions: dst[r, k] = Pair(src[r, 2k], src[r, 2k + 1]) for k < validCol / 2, one rounding each. In
// place is safe: column k is written after columns 2k and 2k + 1 (>= k) are read, and later reads are further
// right.
template <isa::Op OP, class F>
void run_pair(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    const TileView& dst = o.dst[0];
    const TileView& src = o.src[0];
    visit_dtype(src.dtype, [&](auto s) {
        using T = decltype(s);
        if constexpr (d.kernel_types().contains(dtype_of<T>)) {
            using O = ScalarOps<T>;
            const O op;
            for (int32_t r = 0; r < src.valid_rows; ++r) {
                const T* x = src.row<T>(r);
                T* y = dst.row<T>(r);
                for (int32_t k = 0; k < src.valid_cols / 2; ++k)
                    y[k] = O::store(F::Pair::apply(op, O::load(x[2 * k]), O::load(x[2 * k + 1])));
            }
        }
    });
}

template <isa::Op OP, class F>
void run(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    const TileView& dst = o.dst[0];
    const TileView& src = o.src[0];
    visit_dtype(src.dtype, [&](auto s) {
        using TS = decltype(s);
        if constexpr (d.kernel_types().contains(dtype_of<TS>)) {
            visit_dtype(dst.dtype, [&](auto t) {
                using TD = decltype(t);
                constexpr bool same = std::is_same_v<TS, TD>;
                constexpr bool widened = (kernels::kIsSmallFloat<TS> && std::is_same_v<TD, float>) ||
                                         (std::is_same_v<TS, int16_t> && std::is_same_v<TD, int32_t>);
                if constexpr (same || (d.cpu_widen && widened))
                    reduce_typed<F, TS, TD, d.family == isa::Family::RowReduce>(dst, src);
            });
        }
    });
}

using Kernel = void (*)(const ops::Operands&);

template <isa::Op OP, class K>
constexpr Kernel kernel() {
    constexpr isa::Family f = isa::op_info(OP).family;
    if constexpr (kernels::kIsArg<K>)
        return &run_arg<OP, K>;
    else if constexpr (kernels::kIsPair<K>)
        return &run_pair<OP, K>;
    else if constexpr (kernels::kIsFunctor<K> && (f == isa::Family::RowReduce || f == isa::Family::ColReduce))
        return &run<OP, K>;
    else
        return nullptr;
}

constexpr Kernel kKernels[] = {
#define PTOSIM_OP(name, kernel_name, ...) kernel<isa::Op::name, kernels::fn::kernel_name>(),
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
};

}  // namespace

void reduce(isa::Op op, const ops::Operands& operands) {
    if (const Kernel k = kKernels[static_cast<std::size_t>(op)])
        k(operands);
}

}  // namespace ptosim::ref
