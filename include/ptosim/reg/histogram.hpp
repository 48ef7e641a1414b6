// The byte-histogram step of the A5 vector unit (AscendC Reg::Histograms, intrinsics dhistv2 / chistv2).
//
// This is the semantics in one place, with no profile check: AscendC::Reg::Histograms checks its template
// arguments and the profile and then calls it; tile instructions built from register operations call it
// directly.
#pragma once

#include <array>
#include <cstdint>

#include "ptosim/reg/vreg.hpp"

namespace ptosim::reg {

inline constexpr uint32_t kHistBins = kLanes<uint16_t>;  // 128 counters per call

// dst[n] += #{ i : mask bit i set and src[i] == v(n) }              (cumulative == false)
// dst[n] += #{ i : mask bit i set and src[i] <= v(n) }              (cumulative == true)
// with v(n) = n for the lower bin (values 0..127) and 128 + n for the upper bin (values 128..255). The
// cumulative upper bin therefore also counts every selected lane below 128. Additions wrap modulo 65536;
// every dst lane is written, the mask only selects source lanes.
inline void histogram_u8(std::array<uint16_t, kHistBins>& dst, const std::array<uint8_t, kVL>& src,
                         const Mask& mask, bool upperBin, bool cumulative) {
    // One pass over the source builds the full 256-value histogram; at most 256 lanes, so uint32_t never
    // wraps.
    std::array<uint32_t, 256> counts{};
    for (uint32_t i = 0; i < kVL; ++i)
        counts[src[i]] += mask.test(i) ? 1u : 0u;

    const uint32_t first = upperBin ? kHistBins : 0;
    uint32_t running = 0;
    if (cumulative) {
        for (uint32_t v = 0; v < first; ++v)
            running += counts[v];
    }
    for (uint32_t n = 0; n < kHistBins; ++n) {
        const uint32_t c = counts[first + n];
        running += c;
        const uint32_t add = cumulative ? running : c;
        dst[n] = static_cast<uint16_t>(dst[n] + add);
    }
}

}  // namespace ptosim::reg
