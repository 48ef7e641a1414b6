// pto-isa's FP8, FP4 and MX-scale element types, with pto-isa's names in the global namespace, and the
// helpers that address packed 4-bit elements. The types are ptosim::NarrowFloat
// (ptosim/core/narrow_float.hpp): real values with correctly rounded conversions, where pto-isa's CPU types
// truncate, wrap around on overflow and have no NaN or infinity (the differences are listed in
// docs/compat.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "ptosim/core/narrow_float.hpp"

// OCP FP8 E4M3FN: no infinity, NaN = s.1111.111, max 448.
using float8_e4m3_t = ptosim::NarrowFloat<ptosim::narrow::Format::E4M3>;
// OCP FP8 E5M2: IEEE-like, with infinities and NaNs, max 57344.
using float8_e5m2_t = ptosim::NarrowFloat<ptosim::narrow::Format::E5M2>;
// OCP MX scale E8M0: 2^(e-127), unsigned, no zero, 0xFF = NaN.
using float8_e8m0_t = ptosim::NarrowFloat<ptosim::narrow::Format::E8M0>;
// OCP MX FP4 E2M1 (0, 0.5, ..., 6) and Ascend FP4 E1M2 (0, 0.25, ..., 1.75). In tiles and arrays two elements
// share a byte; one object holds one element in its low nibble.
using float4_e2m1x2_t = ptosim::NarrowFloat<ptosim::narrow::Format::E2M1>;
using float4_e1m2x2_t = ptosim::NarrowFloat<ptosim::narrow::Format::E1M2>;

static_assert(sizeof(float8_e4m3_t) == 1 && std::is_trivially_copyable_v<float8_e4m3_t>);
static_assert(sizeof(float4_e2m1x2_t) == 1 && std::is_trivially_copyable_v<float4_e2m1x2_t>);

// True for the element types stored two per byte.
template <typename T>
constexpr bool IsTwinType() {
    using U = std::remove_cv_t<T>;
    return std::is_same_v<U, float4_e2m1x2_t> || std::is_same_v<U, float4_e1m2x2_t>;
}

// Element i of an array of T. For a twin type element i is the low nibble (even i) or the high nibble (odd i)
// of byte i / 2, returned in the low nibble of the result.
template <typename T>
constexpr T GetProperDataPart(const T* buf, std::size_t i) {
    if constexpr (IsTwinType<T>()) {
        const unsigned shift = (i % 2) * 4;
        return T::FromRaw(static_cast<uint8_t>((buf[i / 2].RawData() >> shift) & 0xFu));
    } else {
        return buf[i];
    }
}

// Stores v as element i of an array of T. For a twin type only v's low nibble is written, into the nibble
// that GetProperDataPart reads; the other element of the byte is kept.
template <typename T>
constexpr void SetProperDataPart(T* buf, std::size_t i, T v) {
    if constexpr (IsTwinType<T>()) {
        const unsigned shift = (i % 2) * 4;
        const unsigned kept = buf[i / 2].RawData() & ~(0xFu << shift);
        buf[i / 2] = T::FromRaw(static_cast<uint8_t>(kept | ((v.RawData() & 0xFu) << shift)));
    } else {
        buf[i] = v;
    }
}
