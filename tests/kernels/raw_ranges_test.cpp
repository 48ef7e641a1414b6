// The raw ranges of the fast TCMPS on half and bfloat16: for every element bit pattern, membership in the
// ranges (as the vector code tests it) equals the reference comparison, over every mode and a wide set of
// scalars (zeros, infinities, subnormals, extremes, neighbours of each, and a stride through all patterns).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/common/compare_scalar.hpp"
#include "kernels/common/raw_ranges.hpp"

namespace {

using ptosim::CmpMode;
using ptosim::kernels::RawRanges;

// What the vector code computes for one lane.
bool in_ranges(uint16_t h, const RawRanges& in) {
    bool hit = false;
    for (int k = 0; k < in.count; ++k) {
        const auto shifted = static_cast<int16_t>(static_cast<uint16_t>(h + in.range[k].shift));
        hit = hit || shifted < in.range[k].limit;
    }
    return hit != in.invert;
}

std::vector<uint16_t> scalars() {
    std::vector<uint16_t> v;
    for (uint16_t base : {0x0000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0x7BFF, 0x7C00, 0x7C01, 0x7E00, 0x7F7F,
                          0x7F80, 0x7F81, 0x7FFF, 0x0080, 0x007F}) {
        for (int delta : {-1, 0, 1}) {
            const auto b = static_cast<uint16_t>(base + delta);
            v.push_back(b);
            v.push_back(static_cast<uint16_t>(b ^ 0x8000));
        }
    }
    for (uint32_t b = 0; b < 0x10000; b += 251)
        v.push_back(static_cast<uint16_t>(b));
    return v;
}

template <typename T>
void check_all() {
    for (const CmpMode mode :
         {CmpMode::EQ, CmpMode::NE, CmpMode::LT, CmpMode::LE, CmpMode::GT, CmpMode::GE}) {
        for (const uint16_t sb : scalars()) {
            const T s = T::from_bits(sb);
            const auto in = ptosim::kernels::raw_ranges<T>(sb, mode);
            bool any = false;
            for (uint32_t ab = 0; ab < 0x10000; ++ab) {
                const T a = T::from_bits(static_cast<uint16_t>(ab));
                const bool want = ptosim::kernels::compare_holds(a, s, mode);
                any = any || want;
                if (in) {
                    ASSERT_EQ(in_ranges(static_cast<uint16_t>(ab), *in), want)
                        << "mode " << static_cast<int>(mode) << " scalar 0x" << std::hex << sb
                        << " element 0x" << ab;
                }
            }
            if (!in) {
                // Only a NaN scalar or an empty set has no ranges.
                const float f = static_cast<float>(s);
                EXPECT_TRUE(f != f || !any)
                    << "mode " << static_cast<int>(mode) << " scalar 0x" << std::hex << sb;
            }
        }
    }
}

TEST(RawRanges, HalfMatchesTheReferenceForEveryElement) {
    check_all<ptosim::float16>();
}

TEST(RawRanges, Bfloat16MatchesTheReferenceForEveryElement) {
    check_all<ptosim::bfloat16>();
}

}  // namespace
