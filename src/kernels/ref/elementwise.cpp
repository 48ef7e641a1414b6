// Reference kernels of the element-wise families: for every valid position, the row's functor on ScalarOps of
// the element type. Reads like the definition; the fast kernels must match it bit for bit.
#include <utility>

#include "kernels/elementwise/walk.hpp"
#include "kernels/kernel_tokens.hpp"

namespace ptosim::ref {

namespace {

using kernels::Input;
using kernels::ScalarOps;

template <class F, typename T, std::size_t N, std::size_t... I>
T element(const std::array<Input<T>, N>& in, int64_t r, int32_t c, std::index_sequence<I...>) {
    using O = ScalarOps<T>;
    const auto value = [&](const Input<T>& x) {
        if (!x.base)
            return x.value;
        return O::load(x.row(r)[x.period > 0 ? c % x.period : c]);
    };
    return O::store(F::apply(O{}, value(in[I])...));
}

template <class F, typename T, std::size_t N>
void walk(const TileView& dst, const std::array<Input<T>, N>& in) {
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        T* out = dst.row<T>(r);
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            out[c] = element<F>(in, r, c, std::make_index_sequence<N>{});
    }
}

template <isa::Op OP, class F>
void run(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    constexpr std::size_t N = kernels::arity(d);
    visit_dtype(o.dst[0].dtype, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (d.kernel_types().contains(dtype_of<T>))
            walk<F, T, N>(o.dst[0], kernels::inputs<T, N>(d, o));
    });
}

using Kernel = void (*)(const ops::Operands&);

template <isa::Op OP, class K>
constexpr Kernel kernel() {
    if constexpr (kernels::kIsFunctor<K> && kernels::walks_elementwise(isa::op_info(OP).family))
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

void elementwise(isa::Op op, const ops::Operands& operands) {
    if (const Kernel k = kKernels[static_cast<std::size_t>(op)])
        k(operands);
}

}  // namespace ptosim::ref
