// The quantisation arguments of the cube's moves and stores (TMOV, TEXTRACT, TINSERT, TSTORE): none, one
// scalar word, or the words of an fp tile; and the task's saturation switch.
#pragma once

#include <cstdint>
#include <vector>

#include "pto/common/pto_tile.hpp"
#include "ptosim/core/pre_quant.hpp"
#include "ptosim/ops/move.hpp"
#include "ptosim/runtime/launch.hpp"

namespace pto::detail {

// pto-isa's saturation switch for quantised results: bit 48 of the task cookie.
inline bool quant_saturation() {
    return ((ptosim::exec_context().task_cookie >> 48) & 1u) != 0;
}

constexpr ptosim::prequant::Relu relu_of(ReluPreMode m, ptosim::prequant::Relu on) {
    return m == ReluPreMode::NormalRelu ? on : ptosim::prequant::Relu::None;
}

// What a quantising form asks for: no words (plain), one scalar, or the words of an fp tile.
struct QuantArg {
    enum class Kind { None, Scalar, Vector } kind = Kind::None;
    uint64_t scalar = 0;
    std::vector<uint64_t> words;
};

template <typename Fp>
QuantArg vector_quant(Fp& fp, const char* instr) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<Fp>, "TMOV_FP / TEXTRACT_FP / TINSERT_FP / TSTORE_FP",
                        "the fp (quantisation) operand must be a Tile");
    return {QuantArg::Kind::Vector, 0, ptosim::ops::quant_words(fp.view(), instr)};
}
inline QuantArg scalar_quant(uint64_t q) {
    return {QuantArg::Kind::Scalar, q, {}};
}

}  // namespace pto::detail
