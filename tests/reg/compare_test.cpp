// Compare, Compares and Select: exact comparisons into predicates (one bit per element, unselected elements
// zero) and selection by a predicate, checked on examples and as properties against a scalar model written
// independently (std::cmp_* for integers, double with explicit NaN rules for floating point).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "basic_api/reg_compute/kernel_reg_compute_vec_cmpsel_intf.h"
#include "reg/reg_gen.hpp"

namespace {

namespace Reg = AscendC::Reg;
using AscendC::CMPMODE;
using regtest::from_bits;

// ---- scalar model
// -----------------------------------------------------------------------------------------------

template <typename T>
double as_double(T v) {
    if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>)
        return static_cast<double>(static_cast<float>(v));
    else
        return static_cast<double>(v);
}

template <CMPMODE m, typename T>
bool model_compare(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        switch (m) {
            case CMPMODE::LT:
                return std::cmp_less(a, b);
            case CMPMODE::GT:
                return std::cmp_greater(a, b);
            case CMPMODE::EQ:
                return std::cmp_equal(a, b);
            case CMPMODE::LE:
                return std::cmp_less_equal(a, b);
            case CMPMODE::GE:
                return std::cmp_greater_equal(a, b);
            default:
                return std::cmp_not_equal(a, b);
        }
    } else {
        const double x = as_double(a), y = as_double(b);
        if (std::isnan(x) || std::isnan(y))
            return m == CMPMODE::NE;  // unordered
        switch (m) {
            case CMPMODE::LT:
                return x < y;
            case CMPMODE::GT:
                return x > y;
            case CMPMODE::EQ:
                return !(x < y) && !(x > y);  // +0 == -0
            case CMPMODE::LE:
                return !(x > y);
            case CMPMODE::GE:
                return !(x < y);
            default:
                return x < y || x > y;
        }
    }
}

// The predicate Compare must produce: bit j * sizeof(T) for selected elements that compare true, nothing
// else.
template <CMPMODE m, typename T, typename Rhs>
Reg::MaskReg model_mask(const Reg::RegTensor<T>& a, Rhs rhs, const Reg::MaskReg& mask) {
    Reg::MaskReg out;
    for (uint32_t j = 0; j < Reg::RegTensor<T>::kLanes; ++j) {
        T b;
        if constexpr (std::is_same_v<Rhs, T>)
            b = rhs;
        else
            b = rhs.elems[j];
        if (mask.test(j * sizeof(T)) && model_compare<m>(a.elems[j], b))
            out.set(j * sizeof(T));
    }
    return out;
}

template <CMPMODE m>
struct Mode {
    static constexpr CMPMODE value = m;
};

template <typename F>
void for_each_mode(F&& f) {
    f(Mode<CMPMODE::LT>{});
    f(Mode<CMPMODE::GT>{});
    f(Mode<CMPMODE::EQ>{});
    f(Mode<CMPMODE::LE>{});
    f(Mode<CMPMODE::GE>{});
    f(Mode<CMPMODE::NE>{});
}

// ---- examples
// ---------------------------------------------------------------------------------------------------

TEST(RegCompare, EqualBytesUnderAMask) {
    Reg::RegTensor<uint8_t> a, b;
    for (uint32_t i = 0; i < 256; ++i) {
        a[i] = static_cast<uint8_t>(i);
        b[i] = static_cast<uint8_t>(i % 3 == 0 ? i : i + 1);
    }
    uint32_t n = 100;
    Reg::MaskReg first100 = Reg::UpdateMask<uint8_t>(n);
    Reg::MaskReg eq;
    Reg::Compare<uint8_t, CMPMODE::EQ>(eq, a, b, first100);
    for (uint32_t i = 0; i < 256; ++i)
        ASSERT_EQ(eq.test(i), i < 100 && i % 3 == 0) << i;
}

TEST(RegCompare, SignedAndWideElementsSetOnlyTheLowestBitOfEachElement) {
    Reg::RegTensor<int32_t> a, b;
    for (uint32_t j = 0; j < 64; ++j) {
        a[j] = static_cast<int32_t>(j) - 32;  // -32 .. 31
        b[j] = 0;
    }
    Reg::MaskReg all = Reg::CreateMask<int32_t>();
    Reg::MaskReg lt;
    Reg::Compare<int32_t, CMPMODE::LT>(lt, a, b, all);
    EXPECT_EQ(lt.count(), 32u);
    for (uint32_t j = 0; j < 64; ++j) {
        EXPECT_EQ(lt.test(4 * j), j < 32) << j;
        EXPECT_FALSE(lt.test(4 * j + 1) || lt.test(4 * j + 2) || lt.test(4 * j + 3)) << j;
    }
    // A b8 all-true mask selects every int32 element too (bit 4j is set).
    Reg::MaskReg allB8 = Reg::CreateMask<uint8_t>(), ge;
    Reg::Compare<int32_t, CMPMODE::GE>(ge, a, b, allB8);
    EXPECT_EQ(ge.count(), 32u);
}

TEST(RegCompare, FloatingPointIsIeee) {
    Reg::RegTensor<float> a, b;
    a[0] = std::numeric_limits<float>::quiet_NaN();
    b[0] = 1.0f;
    a[1] = -0.0f;
    b[1] = 0.0f;
    a[2] = -std::numeric_limits<float>::infinity();
    b[2] = std::numeric_limits<float>::lowest();
    Reg::MaskReg m = Reg::CreateMask<float, Reg::MaskPattern::VL3>(), r;
    Reg::Compare<float, CMPMODE::EQ>(r, a, b, m);
    EXPECT_FALSE(r.test(0));
    EXPECT_TRUE(r.test(4));  // -0 == +0
    Reg::Compare<float, CMPMODE::NE>(r, a, b, m);
    EXPECT_TRUE(r.test(0));  // NaN != anything
    EXPECT_FALSE(r.test(4));
    Reg::Compare<float, CMPMODE::LT>(r, a, b, m);
    EXPECT_FALSE(r.test(0));
    EXPECT_TRUE(r.test(8));

    Reg::RegTensor<half> h;
    Reg::Duplicate(h, half(2.0f));
    h[5] = half::from_bits(0x7E00);  // NaN
    Reg::MaskReg allH = Reg::CreateMask<half>(), gt;
    Reg::Compares<half, CMPMODE::GT>(gt, h, half(1.5f), allH);
    EXPECT_EQ(gt.count(), 127u);
    EXPECT_FALSE(gt.test(10));
}

TEST(RegCompare, ComparesConvertsTheScalarAndMayWriteItsOwnMask) {
    Reg::RegTensor<uint16_t> a;
    for (uint32_t j = 0; j < 128; ++j)
        a[j] = static_cast<uint16_t>(j * 600);  // wraps past 65535
    Reg::MaskReg m = Reg::CreateMask<uint16_t>();
    Reg::Compares<uint16_t, CMPMODE::LE>(m, a, 3000, m);  // dst is the mask operand
    for (uint32_t j = 0; j < 128; ++j)
        ASSERT_EQ(m.test(2 * j), static_cast<uint16_t>(j * 600) <= 3000) << j;
}

TEST(RegSelect, PicksBySelectedElement) {
    Reg::RegTensor<int16_t> a, b, d;
    Reg::Duplicate(a, int16_t{1});
    Reg::Duplicate(b, int16_t{-1});
    Reg::MaskReg m3 = Reg::CreateMask<int16_t, Reg::MaskPattern::M3>();
    Reg::Select(d, a, b, m3);
    for (uint32_t j = 0; j < 128; ++j)
        ASSERT_EQ(d[j], j % 3 == 0 ? 1 : -1) << j;
    Reg::Select(a, b, a, m3);  // dst is a source
    EXPECT_EQ(a[0], -1);
    EXPECT_EQ(a[1], 1);
}

// ---- properties
// -------------------------------------------------------------------------------------------------

template <typename T>
void compare_matches_model() {
    auto a = regtest::gen_reg<T>();
    auto b = *rc::gen::arbitrary<bool>() ? a : regtest::gen_reg<T>();
    if (*rc::gen::arbitrary<bool>()) {  // some lanes equal, some not
        auto other = regtest::gen_reg<T>();
        for (uint32_t j = 0; j < Reg::RegTensor<T>::kLanes; j += 2)
            b.elems[j] = other.elems[j];
    }
    auto mask = regtest::gen_mask<T>();
    const T scalar = from_bits<T>(regtest::to_bits(a.elems[*rc::gen::inRange<uint32_t>(0, a.kLanes)]));
    for_each_mode([&]<typename M>(M) {
        Reg::MaskReg got;
        Reg::Compare<T, M::value>(got, a, b, mask);
        RC_ASSERT(got == model_mask<M::value>(a, b, mask));
        Reg::Compares<T, M::value>(got, a, scalar, mask);
        RC_ASSERT(got == model_mask<M::value>(a, scalar, mask));
    });
}

RC_GTEST_PROP(RegCompareProperty, MatchesScalarModelForEveryTypeAndMode, ()) {
    regtest::for_each_type<int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float,
                           int64_t, uint64_t>([]<typename T>() { compare_matches_model<T>(); });
}

RC_GTEST_PROP(RegSelectProperty, MatchesScalarModel, ()) {
    regtest::for_each_type<bool, uint8_t, int16_t, half, float, uint32_t, int64_t>([]<typename T>() {
        auto a = regtest::gen_reg<T>(), b = regtest::gen_reg<T>(), d = regtest::gen_reg<T>();
        auto mask = regtest::gen_mask<T>();
        Reg::Select(d, a, b, mask);
        for (uint32_t j = 0; j < Reg::RegTensor<T>::kLanes; ++j) {
            const T want = mask.test(j * sizeof(T)) ? a.elems[j] : b.elems[j];
            RC_ASSERT(regtest::to_bits(d.elems[j]) == regtest::to_bits(want));
        }
    });
}

}  // namespace
