// The instructions with kernels of their own, entered through ops::execute: each adapter maps the
// descriptor's (Linx) operand order onto the checked entry point of its instruction.
#include <bit>

#include "kernels/kernel_tokens.hpp"
#include "ptosim/ops/compare.hpp"
#include "ptosim/ops/convert.hpp"
#include "ptosim/ops/elementwise_special.hpp"
#include "ptosim/ops/fill.hpp"
#include "ptosim/ops/histogram.hpp"
#include "ptosim/ops/interleave.hpp"
#include "ptosim/ops/partial_arg.hpp"
#include "ptosim/ops/quant.hpp"
#include "ptosim/ops/select.hpp"

namespace ptosim::kernels::fn {

namespace {
// A scalar operand holds one element's bits in its low bytes (ptosim::scalar_bits); the rest is ignored.
uint64_t element_bits(uint64_t v, DType t) {
    const std::size_t bits = dtype_size(t) * 8;
    return bits >= 64 ? v : v & ((uint64_t{1} << bits) - 1);
}
}  // namespace

void Cmp::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tcmp(o.dst[0], o.src[0], o.src[1], o.attrs.cmp);
}
void CmpS::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tcmps(o.dst[0], o.src[0], element_bits(o.scalars[0], o.src[0].dtype), o.attrs.cmp);
}
// Operand order: mask, src0, src1 (TSEL) and mask, src + scalar (TSELS).
void Sel::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tsel(o.dst[0], o.src[0], o.src[1], o.src[2]);
}
void SelS::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tsels(o.dst[0], o.src[0], o.src[1], element_bits(o.scalars[0], o.src[1].dtype));
}
void ExpandS::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::texpands(o.dst[0], element_bits(o.scalars[0], o.dst[0].dtype));
}
void Histogram::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::thistogram(o.dst[0], o.src[0], o.src[1], static_cast<HistByte>(o.attrs.byte));
}
// Linx order is src0, src1 -> dst0, dst1; the kernel core takes pto-isa's (dst1, dst0, src1, src0).
void Interleave::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tinterleave(o.dst[1], o.dst[0], o.src[1], o.src[0]);
}
void Deinterleave::run(const isa::OpInfo&, const ops::Operands& o) {
    if (o.src.size() == 1)
        ops::tdeinterleave(o.dst[1], o.dst[0], o.src[0]);
    else
        ops::tdeinterleave(o.dst[1], o.dst[0], o.src[1], o.src[0]);
}
void Convert::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tcvt(o.dst[0], o.src[0], o.attrs.round, o.attrs.sat, o.attrs.canon);
}
// Operand order: src0Val, src1Val, src0Idx, src1Idx -> dstVal, dstIdx (the A5 rule for unordered values).
void PartArgMax::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tpartarg(ops::ArgPick::Max, o.dst[0], o.dst[1], o.src[0], o.src[1], o.src[2], o.src[3]);
}
void PartArgMin::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tpartarg(ops::ArgPick::Min, o.dst[0], o.dst[1], o.src[0], o.src[1], o.src[2], o.src[3]);
}
// Operand order: src, scale[, offset] (the offset makes it INT8_ASYM).
void Quant::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tquant(o.dst[0], o.src[0], o.src[1], o.src.size() > 2 ? &o.src[2] : nullptr);
}
// Operand order: src, scale, offset.
void DeQuant::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tdequant(o.dst[0], o.src[0], o.src[1], o.src[2]);
}
// The scale is a float's bits.
void AddDeqRelu::run(const isa::OpInfo&, const ops::Operands& o) {
    ops::tadddeqrelu(o.dst[0], o.src[0], o.src[1], std::bit_cast<float>(static_cast<uint32_t>(o.scalars[0])));
}

}  // namespace ptosim::kernels::fn
