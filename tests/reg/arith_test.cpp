// AscendC's register arithmetic on the micro core: floating-point element-wise operations, vector-scalar
// operations, math functions and reductions, against plain C++ computed here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"

namespace {

namespace Reg = AscendC::Reg;

Reg::RegTensor<float> random_floats(std::mt19937& rng, float lo, float hi) {
    std::uniform_real_distribution<float> dist(lo, hi);
    Reg::RegTensor<float> r;
    for (uint32_t j = 0; j < 64; ++j)
        r[j] = dist(rng);
    return r;
}

TEST(RegArith, FloatElementWiseIsIeee) {
    std::mt19937 rng(1);
    auto a = random_floats(rng, -10, 10), b = random_floats(rng, 0.5f, 4);
    Reg::MaskReg all = Reg::CreateMask<float>();
    Reg::RegTensor<float> d;
    Reg::Add(d, a, b, all);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], a[j] + b[j]) << j;
    Reg::Mul(d, a, b, all);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], a[j] * b[j]) << j;
    Reg::Div(d, a, b, all);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], a[j] / b[j]) << j;
    Reg::Max(d, a, b, all);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], std::fmax(a[j], b[j])) << j;
    Reg::Muls(d, a, 2.5f, all);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], a[j] * 2.5f) << j;
    Reg::Adds(d, a, -1, all);  // an integer scalar is converted to the element type
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], a[j] - 1.0f) << j;
}

TEST(RegArith, MathFunctionsAndModes) {
    std::mt19937 rng(2);
    auto a = random_floats(rng, -20, 20);
    uint32_t n = 40;
    Reg::MaskReg first40 = Reg::UpdateMask<float>(n);
    Reg::RegTensor<float> d;
    Reg::Duplicate(d, 9.0f);
    Reg::Exp<float, Reg::MaskMergeMode::MERGING>(d, a, first40);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], j < 40 ? static_cast<float>(std::exp(static_cast<double>(a[j]))) : 9.0f) << j;
    Reg::Abs(d, a, first40);
    Reg::Ln(d, d, first40);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], j < 40 ? static_cast<float>(std::log(std::fabs(static_cast<double>(a[j])))) : 0.0f)
            << j;
    Reg::RegTensor<half> h;
    Reg::Duplicate(h, half(-0.0f));
    Reg::MaskReg allB16 = Reg::CreateMask<half>();
    Reg::Sqrt(h, h, allB16);
    EXPECT_EQ(h[3].bits(), 0x8000);  // sqrt(-0) = -0
    Reg::RegTensor<int8_t> i8;
    Reg::Duplicate(i8, int8_t{-128});
    Reg::MaskReg allB8 = Reg::CreateMask<int8_t>();
    Reg::Abs(i8, i8, allB8);
    EXPECT_EQ(i8[0], -128);  // wraps
}

// The pairwise tree the reductions sum in, by recursive halving.
float tree_sum(const float* v, uint32_t n) {
    return n == 1 ? v[0] : tree_sum(v, n / 2) + tree_sum(v + n / 2, n / 2);
}

TEST(RegArith, Reductions) {
    std::mt19937 rng(3);
    auto a = random_floats(rng, -100, 100);
    uint32_t n = 50;
    Reg::MaskReg first50 = Reg::UpdateMask<float>(n);
    float active[64] = {};
    for (uint32_t j = 0; j < 50; ++j)
        active[j] = a[j];
    Reg::RegTensor<float> d;
    Reg::ReduceSum(d, a, first50);
    EXPECT_EQ(d[0], tree_sum(active, 64));
    for (uint32_t j = 1; j < 64; ++j)
        ASSERT_EQ(d[j], 0.0f) << j;
    uint32_t best = 0;
    for (uint32_t j = 1; j < 50; ++j)
        if (a[j] > a[best])
            best = j;
    Reg::ReduceMax(d, a, first50);
    EXPECT_EQ(d[0], a[best]);
    EXPECT_EQ(std::bit_cast<uint32_t>(d[1]), best);
    Reg::Reduce<Reg::ReduceType::MIN>(d, a, Reg::CreateMask<float>());
    float lo = a[0];
    for (uint32_t j = 1; j < 64; ++j)
        lo = std::fmin(lo, a[j]);
    EXPECT_EQ(d[0], lo);
    // Per 32-byte block (8 floats), packed into the low lanes.
    Reg::ReduceDataBlock<Reg::ReduceType::SUM>(d, a, Reg::CreateMask<float>());
    for (uint32_t k = 0; k < 8; ++k)
        ASSERT_EQ(d[k], tree_sum(&a[k * 8], 8)) << k;
    for (uint32_t j = 8; j < 64; ++j)
        ASSERT_EQ(d[j], 0.0f) << j;
}

}  // namespace
