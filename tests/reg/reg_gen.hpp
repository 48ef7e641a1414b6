// rapidcheck generators shared by the register-API property tests: registers of any element type (often with
// repeated values, so that equality and ties happen), predicates of every kind, and element access by bits.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"

namespace regtest {

// A value of T with the given low bytes of `bits` (NaN payloads and all).
template <typename T>
inline constexpr bool kIsSmallFloat = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

template <typename T>
T from_bits(uint64_t bits) {
    if constexpr (kIsSmallFloat<T>) {
        return T::from_bits(static_cast<uint16_t>(bits));
    } else {
        static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= sizeof(bits));
        T v;
        std::memcpy(&v, &bits, sizeof(T));
        return v;
    }
}
template <typename T>
uint64_t to_bits(T v) {
    if constexpr (kIsSmallFloat<T>) {
        return v.bits();
    } else {
        uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof(T));
        return bits;
    }
}

// A register of T: arbitrary bits, or values drawn from a pool of four (so that lanes repeat and compare
// equal), or small values (0..3 in the low byte) that sit near the bottom of every range.
template <typename T>
AscendC::Reg::RegTensor<T> gen_reg() {
    using R = AscendC::Reg::RegTensor<T>;
    const int kind = *rc::gen::inRange(0, 3);
    std::vector<uint64_t> pool =
        *rc::gen::container<std::vector<uint64_t>>(4, rc::gen::arbitrary<uint64_t>());
    R r;
    const auto picks = *rc::gen::container<std::vector<uint64_t>>(R::kLanes, rc::gen::arbitrary<uint64_t>());
    for (uint32_t j = 0; j < R::kLanes; ++j) {
        uint64_t bits = picks[j];
        if (kind == 1)
            bits = pool[bits % 4];
        else if (kind == 2)
            bits %= 4;
        if constexpr (std::is_same_v<T, bool>)
            r.elems[j] = (bits & 1u) != 0;  // a bool object holds 0 or 1 only
        else
            r.elems[j] = from_bits<T>(bits);
    }
    return r;
}

// A predicate: all true or none for element type T, the first n elements of T, or arbitrary bits (which also
// sets bits that elements of T ignore).
template <typename T>
AscendC::Reg::MaskReg gen_mask() {
    namespace Reg = AscendC::Reg;
    switch (*rc::gen::inRange(0, 4)) {
        case 0:
            return Reg::CreateMask<T>();
        case 1:
            return Reg::CreateMask<T, Reg::MaskPattern::ALLF>();
        case 2: {
            uint32_t n = *rc::gen::inRange<uint32_t>(0, 300);
            return Reg::UpdateMask<T>(n);
        }
        default: {
            Reg::MaskReg m;
            for (auto& w : m.words())
                w = *rc::gen::arbitrary<uint64_t>();
            return m;
        }
    }
}

// Element-wise equality of two registers by bits (NaN == NaN when the payloads agree).
template <typename T>
bool same_bits(const AscendC::Reg::RegTensor<T>& a, const AscendC::Reg::RegTensor<T>& b) {
    return std::memcmp(a.elems.data(), b.elems.data(), sizeof(a.elems)) == 0;
}

// Runs f.template operator()<T>() for each T.
template <typename... Ts, typename F>
void for_each_type(F&& f) {
    (f.template operator()<Ts>(), ...);
}

}  // namespace regtest
