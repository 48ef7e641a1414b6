// The register file of the A5 vector unit as plain values: the vector length and the predicate (mask)
// register.
//
// The AscendC register API (include/basic_api/reg_compute/) is a thin layer over these types; code inside
// ptosim that composes tile instructions from register operations (for example THISTOGRAM the way the A5
// hardware runs it) can use them directly, without the AscendC names and without that API's profile checks.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace ptosim::reg {

// Vector length: one vector register holds 256 bytes.
inline constexpr uint32_t kVL = 256;

// Elements of T in one vector register.
template <typename T>
inline constexpr uint32_t kLanes = kVL / static_cast<uint32_t>(sizeof(T));

// A predicate register: one bit per byte lane of a vector register (VL / 8 = 32 bytes).
//
// An operation on elements of size s reads element j's predicate from bit j * s, the lowest bit of the s bits
// that cover the element's bytes; the other s - 1 bits are ignored (AscendC MaskReg: "only the lowest of the
// 2 (4) bits is valid" for b16 (b32)). Predicates that ptosim generates for elements of size s set only that
// lowest bit, leaving the others clear.
class Mask {
  public:
    static constexpr uint32_t kBits = kVL;
    static constexpr uint32_t kBytes = kVL / 8;

    constexpr Mask() = default;

    // Bit `lane` (a byte lane, 0..255).
    constexpr bool test(uint32_t lane) const { return (words_[lane / 64] >> (lane % 64)) & 1u; }
    constexpr void set(uint32_t lane, bool on = true) {
        const uint64_t bit = uint64_t{1} << (lane % 64);
        words_[lane / 64] = on ? (words_[lane / 64] | bit) : (words_[lane / 64] & ~bit);
    }

    // Whether element j of a register of T takes part: bit j * sizeof(T).
    template <typename T>
    constexpr bool active(uint32_t j) const {
        return test(j * static_cast<uint32_t>(sizeof(T)));
    }
    template <typename T>
    constexpr void set_element(uint32_t j, bool on = true) {
        set(j * static_cast<uint32_t>(sizeof(T)), on);
    }

    // Number of set bits (all 256, whatever element size they are meant for).
    constexpr uint32_t count() const {
        uint32_t n = 0;
        for (uint64_t w : words_)
            n += static_cast<uint32_t>(std::popcount(w));
        return n;
    }

    // The in-memory form (the layout a predicate load/store uses): byte k, bit b is lane 8k + b.
    constexpr std::array<uint8_t, kBytes> to_bytes() const {
        std::array<uint8_t, kBytes> out{};
        for (uint32_t k = 0; k < kBytes; ++k)
            out[k] = static_cast<uint8_t>(words_[k / 8] >> (8 * (k % 8)));
        return out;
    }
    static constexpr Mask from_bytes(const uint8_t* bytes) {
        Mask m;
        for (uint32_t k = 0; k < kBytes; ++k)
            m.words_[k / 8] |= uint64_t{bytes[k]} << (8 * (k % 8));
        return m;
    }

    // The four 64-bit words, lane 0 in bit 0 of word 0.
    constexpr const std::array<uint64_t, 4>& words() const { return words_; }
    constexpr std::array<uint64_t, 4>& words() { return words_; }

    constexpr bool operator==(const Mask&) const = default;

  private:
    std::array<uint64_t, 4> words_{};
};

}  // namespace ptosim::reg
