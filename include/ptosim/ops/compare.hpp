// TCMP / TCMPS: compare a tile with a tile or with a scalar and write a packed predicate mask (shared
// semantics.md): bit (c mod W) of word floor(c / W) of dst row r, least-significant bit first, W = 8 for a
// uint8_t mask and 32 for a uint32_t mask.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

// The C++ numbering (pto::CmpMode). The Linx B.DATR CMode field numbers GT and LE the other way round: the
// assembler maps by name.
enum class CmpMode : uint8_t { EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5 };

constexpr std::string_view cmp_mode_name(CmpMode m) {
    switch (m) {
        case CmpMode::EQ:
            return "EQ";
        case CmpMode::NE:
            return "NE";
        case CmpMode::LT:
            return "LT";
        case CmpMode::LE:
            return "LE";
        case CmpMode::GT:
            return "GT";
        case CmpMode::GE:
            return "GE";
    }
    return "?";
}

// What a mode becomes on hardware that compares int32 only for equality (A2A3): NE stays NE, every other mode
// behaves as EQ.
constexpr CmpMode int32_eq_only_mode(CmpMode m) {
    return m == CmpMode::NE ? CmpMode::NE : CmpMode::EQ;
}

// A TCMPS scalar travels as the bit pattern of one element, zero-extended to 64 bits, so that every front end
// (C++ API, assembler registers) hands the kernel the same thing.
template <typename T>
constexpr uint64_t scalar_bits(T v) {
    if constexpr (sizeof(T) == 1)
        return std::bit_cast<uint8_t>(v);
    else if constexpr (sizeof(T) == 2)
        return std::bit_cast<uint16_t>(v);
    else if constexpr (sizeof(T) == 4)
        return std::bit_cast<uint32_t>(v);
    else
        return std::bit_cast<uint64_t>(v);
}
template <typename T>
constexpr T scalar_from_bits(uint64_t bits) {
    if constexpr (sizeof(T) == 1)
        return std::bit_cast<T>(static_cast<uint8_t>(bits));
    else if constexpr (sizeof(T) == 2)
        return std::bit_cast<T>(static_cast<uint16_t>(bits));
    else if constexpr (sizeof(T) == 4)
        return std::bit_cast<T>(static_cast<uint32_t>(bits));
    else
        return std::bit_cast<T>(bits);
}

namespace ops {
// Checked entry points: validate every operand, then run the kernel. The whole destination tile (every
// physical element) is zeroed before the mask bits are written.
void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
// scalar: the bits of one src0 element (scalar_bits).
void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode);
// The tile form: compares with src1[0, 0].
void tcmps(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
}  // namespace ops

namespace ref {
// Reference kernels; operands must already be valid.
void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode);
}  // namespace ref

namespace simd {
// Fast kernels (src/kernels/simd/compare.cpp); bit-identical to the reference kernels.
void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode);
}  // namespace simd

}  // namespace ptosim
