// pto::cpu_quant: the MX quantisation rules under the names pto-isa's CPU simulation gives them, because
// pto-isa's tquant test suites compute their expected values with these functions. Each one is ptosim's own
// rule (ptosim/core/mx_quant.hpp), the one TQUANT uses, so a check written with them tests TQUANT against
// itself only for the block parameters; the encoded bytes are also checked against independent oracles in
// tests/kernels/quant_mx_test.cpp.
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "ptosim/core/mx_quant.hpp"

namespace pto::cpu_quant {

namespace detail {
constexpr ptosim::mx::Element element(QuantType q) {
    return q == QuantType::MXFP8 ? ptosim::mx::Element::E4M3 : ptosim::mx::Element::E2M1;
}
constexpr ptosim::mx::ScaleAlg alg(QuantScaleAlg a) {
    return a == QuantScaleAlg::OCP ? ptosim::mx::ScaleAlg::Ocp : ptosim::mx::ScaleAlg::Nv;
}
}  // namespace detail

inline uint16_t AbsBf16BitsFromFloat(float value) {
    return ptosim::mx::abs_bf16_bits(value);
}
inline float Bf16BitsToFloat(uint16_t bits) {
    return ptosim::mx::bf16_bits_to_float(bits);
}

// The E8M0 block exponent of a block whose maximum is maxAbsValue.
template <QuantType quant_type, QuantScaleAlg scale_alg = QuantScaleAlg::OCP>
inline uint8_t ComputeMxSharedExponent(float maxAbsValue) {
    return ptosim::mx::shared_exponent(detail::element(quant_type), detail::alg(scale_alg), maxAbsValue);
}

// The factor a block's values are multiplied by before encoding.
template <QuantType quant_type, QuantScaleAlg scale_alg>
inline float ComputeMxGroupScaling(float maxAbsValue, uint8_t e8m0) {
    return ptosim::mx::scaling(detail::alg(scale_alg), maxAbsValue, e8m0);
}

// The block maximum of block `group` along line `axis` (grp_axis 1: row `axis`, columns 32 * group ..;
// grp_axis 0: column `axis`, rows 32 * group ..).
template <int grp_axis, QuantType quant_type, QuantScaleAlg scale_alg, typename TileDataSrc>
inline float ComputeMxGroupMax(TileDataSrc& src, int axis, int group) {
    ptosim::mx::BlockMax block(detail::element(quant_type), detail::alg(scale_alg));
    for (int k = 0; k < ptosim::mx::kBlock; ++k) {
        const int row = grp_axis == 1 ? axis : group * ptosim::mx::kBlock + k;
        const int col = grp_axis == 1 ? group * ptosim::mx::kBlock + k : axis;
        block.add(static_cast<float>(src.data()[GetTileElementOffset<TileDataSrc>(row, col)]));
    }
    return block.value();
}

// The FP8 E4M3 code TQUANT writes for an already scaled value (the same for both algorithms).
template <QuantScaleAlg scale_alg = QuantScaleAlg::OCP>
inline uint8_t EncodeE4M3Fn(float value) {
    return ptosim::mx::encode_e4m3(value);
}

// The FP4 E2M1 code (low nibble) TQUANT writes for an already scaled value.
inline uint8_t EncodeE2M1Magic(float value) {
    return ptosim::mx::encode_e2m1(value);
}

// A source value times its block's factor, as TQUANT's MXFP4 path computes it (in float for every source
// type).
template <typename SrcT>
inline float ApplyE2M1ScaleForSource(SrcT value, float scaling) {
    return static_cast<float>(value) * scaling;
}

}  // namespace pto::cpu_quant
