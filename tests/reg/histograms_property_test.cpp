// Properties of AscendC::Reg::Histograms over random source vectors, masks and initial dst contents, for both
// bins and both types, compared with a reference written from the definition.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
#include "reg/reg_test_util.hpp"

namespace {

using namespace regtest;
namespace Reg = AscendC::Reg;

// ---- generators
// -------------------------------------------------------------------------------------------------

Reg::RegTensor<uint8_t> gen_src() {
    // Mostly arbitrary bytes; sometimes few distinct values, so that single bins collect large counts.
    const bool narrow = *rc::gen::arbitrary<bool>();
    const auto values = narrow
                            ? *rc::gen::container<std::vector<uint8_t>>(
                                  256, rc::gen::elementOf(std::vector<uint8_t>{0, 1, 127, 128, 254, 255}))
                            : *rc::gen::container<std::vector<uint8_t>>(256, rc::gen::arbitrary<uint8_t>());
    Reg::RegTensor<uint8_t> r;
    for (uint32_t i = 0; i < 256; ++i)
        r[i] = values[i];
    return r;
}

Reg::MaskReg gen_mask() {
    Reg::MaskReg m;
    switch (*rc::gen::inRange(0, 4)) {
        case 0:
            return Reg::CreateMask<uint8_t>();
        case 1:
            return m;  // nothing selected
        case 2: {
            uint32_t count = *rc::gen::inRange<uint32_t>(0, 300);
            return Reg::UpdateMask<uint8_t>(count);
        }
        default:
            for (auto& w : m.words())
                w = *rc::gen::arbitrary<uint64_t>();
            return m;
    }
}

Reg::RegTensor<uint16_t> gen_dst() {
    // Arbitrary counters, or counters just below 65535 so that one call wraps.
    const bool nearMax = *rc::gen::arbitrary<bool>();
    const auto values =
        nearMax ? *rc::gen::container<std::vector<uint16_t>>(128, rc::gen::inRange<uint16_t>(65000, 65535))
                : *rc::gen::container<std::vector<uint16_t>>(128, rc::gen::arbitrary<uint16_t>());
    Reg::RegTensor<uint16_t> r;
    for (uint32_t n = 0; n < 128; ++n)
        r[n] = values[n];
    return r;
}

template <typename M>
void histograms(Reg::RegTensor<uint16_t>& dst, Reg::RegTensor<uint8_t>& src, Reg::MaskReg& mask) {
    Reg::Histograms<uint8_t, uint16_t, M::bin, M::type>(dst, src, mask);
}

void run(bool upper, bool cumulative, Reg::RegTensor<uint16_t>& dst, Reg::RegTensor<uint8_t>& src,
         Reg::MaskReg& mask) {
    with_mode(upper, cumulative, [&]<typename M>() { histograms<M>(dst, src, mask); });
}

// ---- properties
// -------------------------------------------------------------------------------------------------

RC_GTEST_PROP(RegHistogramsProperty, OneCallMatchesReference, ()) {
    const bool upper = *rc::gen::arbitrary<bool>();
    const bool cumulative = *rc::gen::arbitrary<bool>();
    auto src = gen_src();
    auto mask = gen_mask();
    auto dst = gen_dst();
    auto want = dst.elems;
    reference_histogram(want, src.elems.data(), active_lanes(mask), upper, cumulative);
    run(upper, cumulative, dst, src, mask);
    RC_ASSERT(dst.elems == want);
}

// Many calls into one register, each with its own source and mask, wrapping whenever a counter passes 65535.
RC_GTEST_PROP(RegHistogramsProperty, RepeatedAccumulationMatchesReference, ()) {
    const bool upper = *rc::gen::arbitrary<bool>();
    const bool cumulative = *rc::gen::arbitrary<bool>();
    const int calls = *rc::gen::inRange(1, 24);
    auto dst = gen_dst();
    auto want = dst.elems;
    for (int k = 0; k < calls; ++k) {
        auto src = gen_src();
        auto mask = gen_mask();
        reference_histogram(want, src.elems.data(), active_lanes(mask), upper, cumulative);
        run(upper, cumulative, dst, src, mask);
    }
    RC_ASSERT(dst.elems == want);
}

// From zero: BIN1 ACCUMULATE = (selected lanes below 128) + running sum of BIN1 FREQUENCY, and its last lane
// counts every selected lane; BIN0 ACCUMULATE's last lane counts the selected lanes below 128.
RC_GTEST_PROP(RegHistogramsProperty, AccumulateIsPrefixSumOfFrequency, ()) {
    auto src = gen_src();
    auto mask = gen_mask();
    Reg::RegTensor<uint16_t> f0, f1, a0, a1;
    histograms<Bin0Freq>(f0, src, mask);
    histograms<Bin1Freq>(f1, src, mask);
    histograms<Bin0Acc>(a0, src, mask);
    histograms<Bin1Acc>(a1, src, mask);
    uint32_t below128 = 0, selected = 0;
    for (uint32_t i = 0; i < 256; ++i) {
        selected += mask.test(i);
        below128 += mask.test(i) && src[i] < 128;
    }
    uint32_t run0 = 0, run1 = below128;
    for (uint32_t n = 0; n < 128; ++n) {
        run0 += f0[n];
        run1 += f1[n];
        RC_ASSERT(a0[n] == run0);
        RC_ASSERT(a1[n] == run1);
    }
    RC_ASSERT(a0[127] == below128);
    RC_ASSERT(a1[127] == selected);
    RC_ASSERT(run0 + run1 - below128 == selected);  // the two FREQUENCY halves count every selected lane once
}

// Values in unselected lanes do not matter.
RC_GTEST_PROP(RegHistogramsProperty, UnselectedLanesAreIgnored, ()) {
    const bool upper = *rc::gen::arbitrary<bool>();
    const bool cumulative = *rc::gen::arbitrary<bool>();
    auto src = gen_src();
    auto mask = gen_mask();
    auto noise = gen_src();
    auto other = src;
    for (uint32_t i = 0; i < 256; ++i) {
        if (!mask.test(i))
            other[i] = noise[i];
    }
    auto dst = gen_dst();
    auto dst2 = dst;
    run(upper, cumulative, dst, src, mask);
    run(upper, cumulative, dst2, other, mask);
    RC_ASSERT(dst.elems == dst2.elems);
}

// Through UB with the example's calls: random data and a random mask loaded from UB.
RC_GTEST_PROP(RegHistogramsProperty, ThroughUbWithLoadedMask, ()) {
    const bool upper = *rc::gen::arbitrary<bool>();
    const bool cumulative = *rc::gen::arbitrary<bool>();
    const int vectors = *rc::gen::inRange(1, 9);
    auto mask = gen_mask();
    auto init = gen_dst();
    uint8_t* maskBytes = ub_at<uint8_t>(0);
    uint16_t* dstAddr = ub_at<uint16_t>(256);
    uint8_t* srcAddr = ub_at<uint8_t>(512);
    const auto bytes = mask.to_bytes();
    std::copy(bytes.begin(), bytes.end(), maskBytes);
    std::copy(init.elems.begin(), init.elems.end(), dstAddr);
    auto want = init.elems;
    for (int v = 0; v < vectors; ++v) {
        auto src = gen_src();
        std::copy(src.elems.begin(), src.elems.end(), srcAddr + 256 * v);
        reference_histogram(want, src.elems.data(), active_lanes(mask), upper, cumulative);
    }
    with_mode(upper, cumulative, [&]<typename M>() {
        Reg::RegTensor<uint8_t> srcReg;
        Reg::RegTensor<uint16_t> dstReg;
        Reg::MaskReg m;
        Reg::LoadAlign(m, maskBytes);
        Reg::LoadAlign(dstReg, dstAddr);
        for (int v = 0; v < vectors; ++v) {
            Reg::LoadAlign(srcReg, srcAddr + 256 * v);
            Reg::Histograms<uint8_t, uint16_t, M::bin, M::type>(dstReg, srcReg, m);
        }
        Reg::MaskReg all = Reg::CreateMask<uint16_t>();
        Reg::StoreAlign(dstAddr, dstReg, all);
    });
    for (uint32_t n = 0; n < 128; ++n)
        RC_ASSERT(dstAddr[n] == want[n]);
}

}  // namespace
