// Shared helpers of the register-API tests: a reference histogram written straight from the definition, the
// four (bin, type) modes as types and values, and typed views of the simulated Unified Buffer.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
#include "ptosim/core/ub.hpp"

namespace regtest {

using AscendC::Reg::HistogramsBinType;
using AscendC::Reg::HistogramsType;

// dst[n] += #{ i : active[i] and (src[i] == v(n) | src[i] <= v(n)) }, v(n) = n or 128 + n, modulo 65536.
inline void reference_histogram(std::array<uint16_t, 128>& dst, const uint8_t* src,
                                const std::array<bool, 256>& active, bool upperBin, bool cumulative) {
    for (uint32_t n = 0; n < 128; ++n) {
        const uint32_t v = (upperBin ? 128u : 0u) + n;
        uint32_t count = 0;
        for (uint32_t i = 0; i < 256; ++i) {
            if (active[i] && (cumulative ? src[i] <= v : src[i] == v))
                ++count;
        }
        dst[n] = static_cast<uint16_t>(dst[n] + count);
    }
}

inline std::array<bool, 256> active_lanes(const AscendC::Reg::MaskReg& m) {
    std::array<bool, 256> a{};
    for (uint32_t i = 0; i < 256; ++i)
        a[i] = m.test(i);
    return a;
}

template <HistogramsBinType M, HistogramsType T>
struct Mode {
    static constexpr HistogramsBinType bin = M;
    static constexpr HistogramsType type = T;
    static constexpr bool upper = M == HistogramsBinType::BIN1;
    static constexpr bool cumulative = T == HistogramsType::ACCUMULATE;
};
using Bin0Freq = Mode<HistogramsBinType::BIN0, HistogramsType::FREQUENCY>;
using Bin1Freq = Mode<HistogramsBinType::BIN1, HistogramsType::FREQUENCY>;
using Bin0Acc = Mode<HistogramsBinType::BIN0, HistogramsType::ACCUMULATE>;
using Bin1Acc = Mode<HistogramsBinType::BIN1, HistogramsType::ACCUMULATE>;

// Calls f.template operator()<Mode>() for the mode picked at run time (upper bin? cumulative?).
template <typename F>
decltype(auto) with_mode(bool upper, bool cumulative, F&& f) {
    if (!upper && !cumulative)
        return std::forward<F>(f).template operator()<Bin0Freq>();
    if (upper && !cumulative)
        return std::forward<F>(f).template operator()<Bin1Freq>();
    if (!upper)
        return std::forward<F>(f).template operator()<Bin0Acc>();
    return std::forward<F>(f).template operator()<Bin1Acc>();
}

// A typed pointer `byteOffset` bytes into this thread's simulated UB.
template <typename T>
T* ub_at(std::size_t byteOffset) {
    return static_cast<T*>(static_cast<void*>(ptosim::ub::base() + byteOffset));
}

}  // namespace regtest
