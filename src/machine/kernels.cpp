#include "kernels.hpp"

#include <string>

#include "ptosim/core/diagnostic.hpp"
#include "ptosim/isa/dtype_rules.hpp"
#include "ptosim/ops/compare.hpp"
#include "ptosim/ops/fill.hpp"
#include "ptosim/ops/histogram.hpp"
#include "ptosim/ops/interleave.hpp"
#include "ptosim/ops/select.hpp"

namespace ptosim::machine {

namespace {

// Linx CMode (EQ 0, NE 1, LT 2, GT 3, LE 4, GE 5) -> the kernel core's CmpMode (pto-isa numbering), by name.
CmpMode cmp_mode(const KernelArgs& a) {
    static constexpr CmpMode kByLinx[] = {CmpMode::EQ, CmpMode::NE, CmpMode::LT,
                                          CmpMode::GT, CmpMode::LE, CmpMode::GE};
    const CmpMode m = kByLinx[static_cast<unsigned>(*a.block.cmp())];
    // A2A3 compares int32 only for equality: the profile's behaviour, applied by the front end as the C++ API
    // does.
    if (!isa::tcmp_int32_eq_only(a.arch, a.block.type))
        return m;
    const CmpMode applied = int32_eq_only_mode(m);
    if (applied != m) {
        const std::string instr(a.block.op->name);
        warn_once(instr + ".a2a3-int32-eq-only",
                  instr + ": int32_t compares on the A2A3 profile support only EQ and NE; " +
                      std::string(cmp_mode_name(m)) + " behaves as EQ, as on that hardware (reported once)");
    }
    return applied;
}

void run_thistogram(const KernelArgs& a) {
    ops::thistogram(a.dst[0], a.src[0], a.src[1], static_cast<HistByte>(a.block.byte_id()));
}

void run_tcmp(const KernelArgs& a) {
    ops::tcmp(a.dst[0], a.src[0], a.src[1], cmp_mode(a));
}

// A scalar register holds one element's bits in its low bytes (ptosim::scalar_bits); the rest is ignored.
uint64_t element_bits(uint64_t reg, DType t) {
    const std::size_t bits = dtype_size(t) * 8;
    return bits >= 64 ? reg : reg & ((uint64_t{1} << bits) - 1);
}

void run_tcmps(const KernelArgs& a) {
    ops::tcmps(a.dst[0], a.src[0], element_bits(a.scalar[0], a.block.type), cmp_mode(a));
}

// Linx operand order is mask, src0, src1 (the C++ intrinsic's, without dst and tmp).
void run_tsel(const KernelArgs& a) {
    ops::tsel(a.dst[0], a.src[0], a.src[1], a.src[2]);
}

void run_texpands(const KernelArgs& a) {
    ops::texpands(a.dst[0], element_bits(a.scalar[0], a.block.type));
}

// Linx operand order is src0, src1 -> dst0, dst1; the kernel core takes pto-isa's (dst1, dst0, src1, src0).
void run_tinterleave(const KernelArgs& a) {
    ops::tinterleave(a.dst[1], a.dst[0], a.src[1], a.src[0]);
}

void run_tdeinterleave(const KernelArgs& a) {
    if (a.src.size() == 1)
        ops::tdeinterleave(a.dst[1], a.dst[0], a.src[0]);
    else
        ops::tdeinterleave(a.dst[1], a.dst[0], a.src[1], a.src[0]);
}

struct Row {
    isa::Op op;
    KernelFn fn;
};

constexpr Row kKernels[] = {
    {isa::Op::THISTOGRAM, run_thistogram},
    {isa::Op::TCMP, run_tcmp},
    {isa::Op::TCMPS, run_tcmps},
    {isa::Op::TINTERLEAVE, run_tinterleave},
    {isa::Op::TDEINTERLEAVE, run_tdeinterleave},
    {isa::Op::TSEL, run_tsel},
    {isa::Op::TEXPANDS, run_texpands},
};

}  // namespace

KernelFn find_kernel(isa::Op op) {
    for (const Row& r : kKernels)
        if (r.op == op)
            return r.fn;
    return nullptr;
}

}  // namespace ptosim::machine
