// The descriptor-driven entry point: operand checks per family, then the kernel the row names.
#include "ptosim/ops/execute.hpp"

#include <string>

#include "kernels/kernel_tokens.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kSrcNames[] = {"src0", "src1", "src2"};

// Element-wise families: one element type, row-major tiles of one valid shape; the destination may be one of
// the sources itself (in place), but may not overlap one otherwise.
void validate_elementwise(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();  // the row's name is a string literal
    const TileView& dst = o.dst[0];
    validate::tile(dst, instr, "dst");
    validate::row_major(dst, instr, "dst");
    validate::dtype_in(d.kernel_types(), dst.dtype, instr, "dst");
    for (std::size_t k = 0; k < o.src.size(); ++k) {
        const TileView& s = o.src[k];
        const char* name = kSrcNames[k];
        validate::tile(s, instr, name);
        validate::row_major(s, instr, name);
        PTOSIM_CHECK(s.dtype == dst.dtype, instr, "every operand has the destination's element type",
                     {"operand", name}, {"dtype", dtype_cpp_name(s.dtype)},
                     {"dst", dtype_cpp_name(dst.dtype)});
        PTOSIM_CHECK(s.valid_rows == dst.valid_rows && s.valid_cols == dst.valid_cols, instr,
                     "every operand has the destination's valid shape", {"operand", name},
                     {"validRow", s.valid_rows}, {"validCol", s.valid_cols}, {"dst.validRow", dst.valid_rows},
                     {"dst.validCol", dst.valid_cols});
        const bool in_place = s.data == dst.data && s.layout == dst.layout;
        if (!in_place)
            validate::disjoint(dst, "dst", s, name, instr);
    }
}

void check_counts(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();
    PTOSIM_CHECK(o.dst.size() == d.dsts, instr, "wrong number of destination tiles", {"got", o.dst.size()},
                 {"want", d.dsts});
    PTOSIM_CHECK(o.src.size() >= d.src_min && o.src.size() <= d.src_max, instr,
                 "wrong number of source tiles", {"got", o.src.size()}, {"min", d.src_min},
                 {"max", d.src_max});
    PTOSIM_CHECK(o.scalars.size() == d.scalars, instr, "wrong number of scalar operands",
                 {"got", o.scalars.size()}, {"want", d.scalars});
}

template <isa::Op OP>
void run_elementwise(const Operands& o) {
    const isa::OpInfo& d = isa::op_info(OP);
    validate_elementwise(d, o);
    if (active_backend() == Backend::Simd && simd::elementwise(OP, o))
        return;
    ref::elementwise(OP, o);
}

template <isa::Op OP, class K>
void run_bespoke(const Operands& o) {
    K::run(isa::op_info(OP), o);
}

using Entry = void (*)(const Operands&);

template <isa::Op OP, class K>
constexpr Entry entry() {
    if constexpr (kernels::kHasRun<K>)
        return &run_bespoke<OP, K>;
    else if constexpr (kernels::kIsFunctor<K>)
        return &run_elementwise<OP>;
    else
        return nullptr;
}

constexpr Entry kEntries[] = {
#define PTOSIM_OP(name, kernel_name, ...) entry<isa::Op::name, kernels::fn::kernel_name>(),
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
};

}  // namespace

bool has_kernel(isa::Op op) {
    return kEntries[static_cast<std::size_t>(op)] != nullptr;
}

void execute(isa::Op op, const Operands& operands) {
    const isa::OpInfo& d = isa::op_info(op);
    const Entry e = kEntries[static_cast<std::size_t>(op)];
    PTOSIM_CHECK(e != nullptr, d.name.data(), "not implemented by the kernel core yet");
    check_counts(d, operands);
    e(operands);
}

}  // namespace ptosim::ops
