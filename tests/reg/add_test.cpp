// Add on integer registers: sums wrap modulo 2^bits; unselected elements are zeroed (ZEROING) or keep dst's
// value (MERGING); dst may be a source.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <limits>

#include "basic_api/reg_compute/kernel_reg_compute_vec_binary_intf.h"
#include "reg/reg_gen.hpp"

namespace {

namespace Reg = AscendC::Reg;

TEST(RegAdd, WrapsAndMasks) {
    Reg::RegTensor<uint16_t> a, b, d;
    Reg::Duplicate(a, uint16_t{65535});
    for (uint32_t j = 0; j < 128; ++j)
        b[j] = static_cast<uint16_t>(j);
    Reg::Duplicate(d, uint16_t{7});
    uint32_t n = 100;
    Reg::MaskReg first100 = Reg::UpdateMask<uint16_t>(n);
    Reg::Add(d, a, b, first100);
    for (uint32_t j = 0; j < 128; ++j)
        ASSERT_EQ(d[j], j < 100 ? static_cast<uint16_t>(j - 1) : 0) << j;  // 65535 + j wraps to j - 1
    Reg::Duplicate(d, uint16_t{7});
    Reg::Add<uint16_t, Reg::MaskMergeMode::MERGING>(d, a, b, first100);
    EXPECT_EQ(d[99], 98);
    EXPECT_EQ(d[100], 7);
}

TEST(RegAdd, SignedOverflowWrapsAndDstMayBeASource) {
    Reg::RegTensor<int32_t> acc, one;
    Reg::Duplicate(acc, std::numeric_limits<int32_t>::max());
    Reg::Duplicate(one, 1);
    Reg::MaskReg all = Reg::CreateMask<int32_t>();
    Reg::Add(acc, acc, one, all);
    EXPECT_EQ(acc[63], std::numeric_limits<int32_t>::min());
    Reg::Add(acc, acc, acc, all);
    EXPECT_EQ(acc[0], 0);
}

template <typename T>
void add_matches_model() {
    using W = std::make_unsigned_t<T>;
    auto a = regtest::gen_reg<T>(), b = regtest::gen_reg<T>(), d = regtest::gen_reg<T>();
    auto mask = regtest::gen_mask<T>();
    const bool merging = *rc::gen::arbitrary<bool>();
    auto got = d;
    if (merging)
        Reg::Add<T, Reg::MaskMergeMode::MERGING>(got, a, b, mask);
    else
        Reg::Add(got, a, b, mask);
    for (uint32_t j = 0; j < Reg::RegTensor<T>::kLanes; ++j) {
        // The model: the low bits of the sum of the two bit patterns, computed in 64 bits.
        const uint64_t sum = uint64_t{static_cast<W>(a.elems[j])} + uint64_t{static_cast<W>(b.elems[j])};
        const T want =
            mask.test(j * sizeof(T)) ? static_cast<T>(static_cast<W>(sum)) : (merging ? d.elems[j] : T{});
        RC_ASSERT(got.elems[j] == want);
    }
}

RC_GTEST_PROP(RegAddProperty, MatchesModuloSumForEveryIntegerType, ()) {
    regtest::for_each_type<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t>(
        []<typename T>() { add_matches_model<T>(); });
}

}  // namespace
