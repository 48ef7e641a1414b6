// Fast kernels of the element-wise families: the same functors as the reference kernels, run on Highway
// vectors through an operations adapter with ScalarOps' exact semantics (scalar_ops.hpp), one row at a time,
// the tail of a row on ScalarOps itself. half and bfloat16 compute in float lanes and round after each
// operation, as the reference does. A functor runs here only when every operation it uses has a vector form
// for the element type on this target (kSimd); otherwise simd::elementwise returns false and the reference
// kernel runs.
//
// Included once per Highway target by each part file (elementwise_<part>.cpp), which defines
// PTOSIM_ELEMENTWISE_FAMILIES (a constexpr predicate on isa::Family) and the names of its entry points: the
// families are compiled in four translation units so that a build on several cores runs them side by side
// (one unit held every family and every target: 40 % of the library's build time, all on one core).
#include <hwy/highway.h>
// After highway.h: the math library is compiled per target too.
#include <hwy/contrib/math/math-inl.h>

#include <array>
#include <cstring>
#include <type_traits>
#include <utility>

#include "kernels/elementwise/walk.hpp"
#include "kernels/kernel_tokens.hpp"

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

// ---------------------------------------------------------------------------------------------------------------
// The walker

// Argument k is the scalar when bit k of kScalars is set (the tile-scalar family's second argument), a
// per-row vector when bit k of kRowVecs is set (a row expansion's vector: each row's values repeat with its
// period, so one pattern buffer per row serves every vector of the row), a tile otherwise: decided at compile
// time, so the loop has no branch per vector.
template <class F, typename T, unsigned kScalars, unsigned kRowVecs, std::size_t N, std::size_t... I>
void walk(const TileView& dst, const std::array<Input<T>, N>& in, std::index_sequence<I...>) {
    const Ops<T, !kSingleRounding<F>> o;
    using V = typename Ops<T>::V;
    using S = ScalarOps<T>;
    const std::size_t lanes = hn::Lanes(o.d);
    const std::array<V, N> scalar = {o.set(in[I].value)...};
    const auto cols = static_cast<std::size_t>(dst.valid_cols);
    // Row r's pattern of a per-row vector: its period's elements repeated over period + lanes elements, so
    // the vector at column c (a multiple of lanes) starts at c % period.
    constexpr std::size_t kMaxPattern = 32 + HWY_MAX_BYTES;
    std::array<std::array<T, kRowVecs ? kMaxPattern : 1>, N> pattern{};
    const auto arg = [&](auto k, const std::array<const T*, N>& row, std::size_t c) {
        constexpr std::size_t K = decltype(k)::value;
        if constexpr ((kScalars >> K) & 1u)
            return scalar[K];
        else if constexpr ((kRowVecs >> K) & 1u)
            return o.load(pattern[K].data() + (c & static_cast<std::size_t>(in[K].period - 1)));
        else
            return o.load(row[K] + c);
    };
    const auto tail = [&](const Input<T>& x, const T* row, std::size_t c) {
        if (!row)
            return x.value;
        return S::load(row[x.period > 0 ? c % static_cast<std::size_t>(x.period) : c]);
    };
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        T* out = dst.row<T>(r);
        const std::array<const T*, N> row = {(in[I].base ? in[I].row(r) : nullptr)...};
        if constexpr (kRowVecs != 0) {
            for (std::size_t k = 0; k < N; ++k)
                if ((kRowVecs >> k) & 1u)
                    for (std::size_t j = 0; j < static_cast<std::size_t>(in[k].period) + lanes; ++j)
                        pattern[k][j] = row[k][j % static_cast<std::size_t>(in[k].period)];
        }
        std::size_t c = 0;
        for (; c + 2 * lanes <= cols; c += 2 * lanes) {  // two vectors per step: more work in flight
            const V x = F::apply(o, arg(std::integral_constant<std::size_t, I>{}, row, c)...);
            const V y = F::apply(o, arg(std::integral_constant<std::size_t, I>{}, row, c + lanes)...);
            o.store(x, out + c);
            o.store(y, out + c + lanes);
        }
        for (; c + lanes <= cols; c += lanes)
            o.store(F::apply(o, arg(std::integral_constant<std::size_t, I>{}, row, c)...), out + c);
        for (; c < cols; ++c)
            out[c] = S::store(F::apply(S{}, tail(in[I], row[I], c)...));
    }
}

// A per-row vector's period must be a power of two no longer than 32 bytes (1, or one 32-byte block).
template <typename T>
constexpr bool period_ok(int32_t p) {
    return p > 0 && (p & (p - 1)) == 0 && static_cast<std::size_t>(p) * sizeof(T) <= 32;
}

template <isa::Op OP, class F>
bool run(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    constexpr std::size_t N = kernels::arity(d);
    constexpr unsigned kScalars = d.family == isa::Family::TileScalar ? 2u : 0u;
    bool done = false;
    visit_dtype(o.dst[0].dtype, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (d.kernel_types().contains(dtype_of<T>) && kSimd<F, T>) {
            const auto in = kernels::inputs<T, N>(d, o);
            const auto idx = std::make_index_sequence<N>{};
            if constexpr (d.family == isa::Family::RowExpand) {
                const std::size_t v = kernels::expansion_vector(o);
                if (!period_ok<T>(in[v].period))
                    return;
                if (v == 0)
                    walk<F, T, 0u, 1u>(o.dst[0], in, idx);
                else if constexpr (N > 1)
                    walk<F, T, 0u, 2u>(o.dst[0], in, idx);
            } else {
                walk<F, T, kScalars, 0u>(o.dst[0], in, idx);
            }
            done = true;
        }
    });
    return done;
}

using Kernel = bool (*)(const ops::Operands&);

template <isa::Op OP, class K>
constexpr Kernel kernel() {
    constexpr isa::Family kFamily = isa::op_info(OP).family;
    if constexpr (kernels::kIsFunctor<K> && kernels::walks_elementwise(kFamily) &&
                  PTOSIM_ELEMENTWISE_FAMILIES(kFamily))
        return &run<OP, K>;
    else
        return nullptr;
}

}  // namespace

bool PTOSIM_ELEMENTWISE_IMPL(isa::Op op, const ops::Operands& operands) {
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
HWY_EXPORT(PTOSIM_ELEMENTWISE_IMPL);

bool PTOSIM_ELEMENTWISE_ENTRY(isa::Op op, const ops::Operands& operands) {
    return HWY_DYNAMIC_DISPATCH(PTOSIM_ELEMENTWISE_IMPL)(op, operands);
}
}  // namespace ptosim::simd
#endif
