// How a scalar operand reaches the kernel core: the bit pattern of one element.
#pragma once

#include <bit>
#include <cstdint>

namespace ptosim {

// A scalar operand (TADDS, TCMPS, TEXPANDS, ...) travels as the bit pattern of one element, zero-extended to
// 64 bits, so that every front end (C++ API, assembler registers) hands the kernel the same thing.
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

}  // namespace ptosim
