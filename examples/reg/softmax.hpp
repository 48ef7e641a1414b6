// A row softmax written in AscendC's register API, the way A5 register kernels are written: per row, a masked
// running maximum over 64-float registers, ReduceMax and a broadcast of lane 0, exp(x - max) stored to a
// scratch row, a running sum, ReduceSum and a broadcast, and a division. UpdateMask covers the ragged tail of
// a row whose length is not a multiple of 64.
#pragma once

#include <cstdint>
#include <limits>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"

namespace reg_example {

namespace Reg = AscendC::Reg;

// dst[r][c] = exp(src[r][c] - max_r) / sum_r exp(src[r][c'] - max_r), for c < cols; rows are `stride` floats
// apart (a multiple of 64: each row starts 256-byte aligned, as LoadAlign requires). `scratch` holds one row.
inline void softmax_rows(float* dst, float* src, float* scratch, uint32_t rows, uint32_t cols,
                         uint32_t stride) {
    constexpr uint32_t kPerReg = Reg::RegTensor<float>::kLanes;
    const uint32_t repeats = (cols + kPerReg - 1) / kPerReg;
    Reg::MaskReg all = Reg::CreateMask<float>();
    Reg::RegTensor<float> x, maxReg, sumReg, e;
    for (uint32_t r = 0; r < rows; ++r) {
        float* row = src + static_cast<std::size_t>(r) * stride;
        float* out = dst + static_cast<std::size_t>(r) * stride;
        Reg::Duplicate(maxReg, -std::numeric_limits<float>::infinity(), all);
        uint32_t left = cols;
        for (uint32_t j = 0; j < repeats; ++j) {
            Reg::MaskReg m = Reg::UpdateMask<float>(left);
            Reg::LoadAlign(x, row + j * kPerReg);
            Reg::Max<float, Reg::MaskMergeMode::MERGING>(maxReg, maxReg, x, m);
        }
        Reg::ReduceMax(maxReg, maxReg, all);
        Reg::Duplicate(maxReg, maxReg, all);  // lane 0 to every lane

        Reg::Duplicate(sumReg, 0.0f, all);
        left = cols;
        for (uint32_t j = 0; j < repeats; ++j) {
            Reg::MaskReg m = Reg::UpdateMask<float>(left);
            Reg::LoadAlign(x, row + j * kPerReg);
            Reg::Sub(e, x, maxReg, m);
            Reg::Exp(e, e, m);
            Reg::StoreAlign(scratch + j * kPerReg, e, m);
            Reg::Add<float, Reg::MaskMergeMode::MERGING>(sumReg, sumReg, e, m);
        }
        Reg::ReduceSum(sumReg, sumReg, all);
        Reg::Duplicate(sumReg, sumReg, all);

        left = cols;
        for (uint32_t j = 0; j < repeats; ++j) {
            Reg::MaskReg m = Reg::UpdateMask<float>(left);
            Reg::LoadAlign(e, scratch + j * kPerReg);
            Reg::Div(e, e, sumReg, m);
            Reg::StoreAlign(out + j * kPerReg, e, m);
        }
    }
}

}  // namespace reg_example
