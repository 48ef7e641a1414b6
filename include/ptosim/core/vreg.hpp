// The registers of the A5 vector unit as plain values (pto-isa's docs/isa/vector, "micro-instructions"): a
// vector register of 256 bytes (8 VLanes of 32 bytes) viewed as lanes of any element type, a predicate
// register of one bit per vector byte, and the state an unaligned load or store stream carries.
//
// Every front end of the micro level holds these: the CCE intrinsics (`vector_f32`, `vector_bool`,
// `vector_align`: include/ptosim/cce/), AscendC's register API (`RegTensor`, `MaskReg`, `UnalignReg`:
// include/basic_api/reg_compute/) and the PTO-AS module interpreter (`!pto.vreg`, `!pto.mask`, `!pto.align`).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ptosim::micro {

// Bytes of a vector register, of a VLane (the unit of the group reductions) and the VLanes of a register.
inline constexpr uint32_t kVL = 256;
inline constexpr uint32_t kVLaneBytes = 32;
inline constexpr uint32_t kVLanes = kVL / kVLaneBytes;

// Elements of T in one vector register.
template <typename T>
inline constexpr uint32_t kLanes = kVL / static_cast<uint32_t>(sizeof(T));

// A vector register. Lane i of an element type T occupies bytes [i * sizeof(T), (i + 1) * sizeof(T)),
// little-endian. Zero-initialised, so a register read before it is written gives the same bits on every run.
struct alignas(64) VReg {
    std::array<std::byte, kVL> bytes{};

    template <typename T>
    T lane(uint32_t i) const {
        T v;
        std::memcpy(&v, bytes.data() + i * sizeof(T), sizeof(T));
        return v;
    }
    template <typename T>
    void set_lane(uint32_t i, T v) {
        std::memcpy(bytes.data() + i * sizeof(T), &v, sizeof(T));
    }
    std::byte* data() { return bytes.data(); }
    const std::byte* data() const { return bytes.data(); }
    bool operator==(const VReg&) const = default;
};

// A predicate register: one bit per byte lane of a vector register (256 bits).
//
// An operation on elements of size s reads element j's predicate from bit j * s, the lowest of the s bits
// that cover the element's bytes, and ignores the other s - 1 (AscendC's MaskReg: "only the lowest of the 2
// (4) bits is valid" for b16 (b32); pto-isa's A5 code depends on the 256-bit image, pbitcast re-views it).
// Predicates that ptosim generates for elements of size s set exactly those lowest bits.
class Preg {
  public:
    static constexpr uint32_t kBits = kVL;
    static constexpr uint32_t kBytes = kVL / 8;

    constexpr Preg() = default;

    // Bit `lane` (a byte lane, 0..255).
    constexpr bool test(uint32_t lane) const { return (words_[lane / 64] >> (lane % 64)) & 1u; }
    constexpr void set(uint32_t lane, bool on = true) {
        const uint64_t bit = uint64_t{1} << (lane % 64);
        words_[lane / 64] = on ? (words_[lane / 64] | bit) : (words_[lane / 64] & ~bit);
    }

    // Whether element j of a register of elements of `size` bytes takes part: bit j * size.
    constexpr bool active(uint32_t j, uint32_t size) const { return test(j * size); }
    template <typename T>
    constexpr bool active(uint32_t j) const {
        return test(j * static_cast<uint32_t>(sizeof(T)));
    }
    constexpr void set_element(uint32_t j, uint32_t size, bool on = true) { set(j * size, on); }
    template <typename T>
    constexpr void set_element(uint32_t j, bool on = true) {
        set(j * static_cast<uint32_t>(sizeof(T)), on);
    }

    // The first n elements of size `size` active, the rest inactive (pset / plt / UpdateMask).
    static constexpr Preg first(uint32_t n, uint32_t size) {
        Preg p;
        const uint32_t lanes = kVL / size;
        for (uint32_t j = 0; j < n && j < lanes; ++j)
            p.set(j * size);
        return p;
    }
    // Every element of size `size` active.
    static constexpr Preg all(uint32_t size) { return first(kVL / size, size); }

    // Number of set bits (all 256, whatever element size they are meant for).
    constexpr uint32_t count() const {
        uint32_t n = 0;
        for (uint64_t w : words_)
            n += static_cast<uint32_t>(std::popcount(w));
        return n;
    }
    // Whether every element of size `size` is active (the common case kernels take a shortcut for).
    constexpr bool all_active(uint32_t size) const {
        const uint64_t want = size == 1   ? ~uint64_t{0}
                              : size == 2 ? 0x5555555555555555ull
                              : size == 4 ? 0x1111111111111111ull
                                          : 0x0101010101010101ull;
        for (uint64_t w : words_)
            if ((w & want) != want)
                return false;
        return true;
    }

    // The in-memory form (the layout a predicate load/store uses): byte k, bit b is lane 8k + b.
    constexpr std::array<uint8_t, kBytes> to_bytes() const {
        std::array<uint8_t, kBytes> out{};
        for (uint32_t k = 0; k < kBytes; ++k)
            out[k] = static_cast<uint8_t>(words_[k / 8] >> (8 * (k % 8)));
        return out;
    }
    static constexpr Preg from_bytes(const uint8_t* bytes) {
        Preg m;
        for (uint32_t k = 0; k < kBytes; ++k)
            m.words_[k / 8] |= uint64_t{bytes[k]} << (8 * (k % 8));
        return m;
    }

    // The four 64-bit words, lane 0 in bit 0 of word 0.
    constexpr const std::array<uint64_t, 4>& words() const { return words_; }
    constexpr std::array<uint64_t, 4>& words() { return words_; }

    constexpr bool operator==(const Preg&) const = default;

  private:
    std::array<uint64_t, 4> words_{};
};

// The state of an unaligned load or store stream (`vector_align`, `!pto.align`): the bytes a store stream has
// collected and not yet written (`pending` of them, to go at `address`), or the aligned 32-byte block a load
// stream fetched last. Created zero (pto.init_align); each unaligned access consumes it and leaves the next.
struct AlignReg {
    std::array<std::byte, kVL + kVLaneBytes> buffer{};
    uint32_t pending = 0;        // store streams: bytes held in `buffer`
    std::uintptr_t address = 0;  // store streams: where buffer[0] belongs; load streams: the block
    bool primed = false;         // load streams: vldas ran
    bool operator==(const AlignReg&) const = default;
};

}  // namespace ptosim::micro
