// A layer norm written in AscendC's register API: per row, the mean from a masked running sum and ReduceSum,
// the variance of the centred values the same way, then (x - mean) / sqrt(var + eps) * gamma + beta, with
// UpdateMask covering a ragged row tail.
#pragma once

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"

namespace reg_example {

namespace Reg = AscendC::Reg;

// dst[r][c] = (src[r][c] - mean_r) / sqrt(var_r + eps) * gamma[c] + beta[c] for c < cols; rows are `stride`
// floats apart (a multiple of 64, 256-byte aligned).
inline void layernorm_rows(float* dst, float* src, float* gamma, float* beta, uint32_t rows, uint32_t cols,
                           uint32_t stride, float eps) {
    constexpr uint32_t kPerReg = Reg::RegTensor<float>::kLanes;
    const uint32_t repeats = (cols + kPerReg - 1) / kPerReg;
    Reg::MaskReg all = Reg::CreateMask<float>();
    Reg::RegTensor<float> x, acc, mean, scale, g, b;
    for (uint32_t r = 0; r < rows; ++r) {
        float* row = src + static_cast<std::size_t>(r) * stride;
        float* out = dst + static_cast<std::size_t>(r) * stride;
        Reg::Duplicate(acc, 0.0f, all);
        uint32_t left = cols;
        for (uint32_t j = 0; j < repeats; ++j) {
            Reg::MaskReg m = Reg::UpdateMask<float>(left);
            Reg::LoadAlign(x, row + j * kPerReg);
            Reg::Add<float, Reg::MaskMergeMode::MERGING>(acc, acc, x, m);
        }
        Reg::ReduceSum(mean, acc, all);
        Reg::Muls(mean, mean, 1.0f / static_cast<float>(cols), all);
        Reg::Duplicate(mean, mean, all);

        Reg::Duplicate(acc, 0.0f, all);
        left = cols;
        for (uint32_t j = 0; j < repeats; ++j) {
            Reg::MaskReg m = Reg::UpdateMask<float>(left);
            Reg::LoadAlign(x, row + j * kPerReg);
            Reg::Sub(x, x, mean, m);
            Reg::Mul(x, x, x, m);
            Reg::Add<float, Reg::MaskMergeMode::MERGING>(acc, acc, x, m);
        }
        Reg::ReduceSum(scale, acc, all);
        Reg::Muls(scale, scale, 1.0f / static_cast<float>(cols), all);
        Reg::Adds(scale, scale, eps, all);
        Reg::Sqrt(scale, scale, all);
        Reg::Duplicate(scale, scale, all);  // sqrt(var + eps) in every lane

        left = cols;
        for (uint32_t j = 0; j < repeats; ++j) {
            Reg::MaskReg m = Reg::UpdateMask<float>(left);
            Reg::LoadAlign(x, row + j * kPerReg);
            Reg::LoadAlign(g, gamma + j * kPerReg);
            Reg::LoadAlign(b, beta + j * kPerReg);
            Reg::Sub(x, x, mean, m);
            Reg::Div(x, x, scale, m);
            Reg::Mul(x, x, g, m);
            Reg::Add(x, x, b, m);
            Reg::StoreAlign(out + j * kPerReg, x, m);
        }
    }
}

}  // namespace reg_example
