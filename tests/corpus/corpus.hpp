// The corpus (docs/corpus.md): small kernels written the way public kernel libraries and PTOAS's generated
// C++ write them (the idioms of issue 37), each run as a launch with the hazard checker on and compared with
// a plain C++ reference worked out in the test. This header has the fixture and the reference's number
// helpers; nothing here calls ptosim's kernels.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <pto/pto-inst.hpp>

#include "ptosim/sync/hazards.hpp"

namespace corpus {

// Every test runs its kernels under the hazard checker and fails on any report: the kernels synchronise their
// pipes as they would have to on the device.
class Corpus : public ::testing::Test {
  protected:
    void SetUp() override {
        ptosim::hazards::enable(true);
        ptosim::hazards::clear_reports();
    }
    void TearDown() override {
        for (const auto& r : ptosim::hazards::reports())
            ADD_FAILURE() << "hazard: " << r.text();
        ptosim::hazards::clear_reports();
        ptosim::hazards::enable(false);
    }
};

// The reference's conversions, worked from the bits (finite inputs).
inline uint32_t bits_of(float f) {
    uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return u;
}
inline float float_of(uint32_t u) {
    float f = 0;
    std::memcpy(&f, &u, 4);
    return f;
}
inline uint16_t bf16_rne(float f) {  // to nearest, ties to even
    const uint32_t u = bits_of(f);
    return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}
inline uint16_t bf16_rna(float f) {  // to nearest, ties away from zero
    return static_cast<uint16_t>((bits_of(f) + 0x8000u) >> 16);
}
inline float bf16_value(uint16_t b) {
    return float_of(static_cast<uint32_t>(b) << 16);
}
// float -> IEEE half, to nearest even (GCC's _Float16 rounds so on x86).
inline uint16_t half_rne(float f) {
    const _Float16 h = static_cast<_Float16>(f);
    uint16_t b = 0;
    std::memcpy(&b, &h, 2);
    return b;
}
inline float half_value(uint16_t b) {
    _Float16 h;
    std::memcpy(&h, &b, 2);
    return static_cast<float>(h);
}

// A small deterministic generator of test data.
struct Lcg {
    uint32_t s;
    explicit Lcg(uint32_t seed) : s(seed) {}
    float next(float lo, float hi) {
        s = s * 1664525u + 1013904223u;
        return lo + (hi - lo) * static_cast<float>(s >> 8) / 16777216.0f;
    }
    std::vector<float> fill(std::size_t n, float lo, float hi) {
        std::vector<float> v(n);
        for (auto& x : v)
            x = next(lo, hi);
        return v;
    }
};

inline bool near(double got, double want, double rel, double abs_tol) {
    return std::fabs(got - want) <= abs_tol + rel * std::fabs(want);
}

}  // namespace corpus
