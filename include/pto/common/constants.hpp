// Constants of the pto-isa programming model (vector repeat and block sizes, fractal sizes) and the NUM_*
// helpers kernels use as template arguments.
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/type.hpp"

namespace pto {

constexpr int REPEAT_BYTE = 256;
constexpr uint64_t BLOCK_MAX_PER_REPEAT = 8;
constexpr int REPEAT_MAX = 255;
constexpr int BLOCK_BYTE_SIZE = 32;
constexpr int REPEAT_STRIDE_MAX = 255;
constexpr uint64_t MASK_LEN = 64;
constexpr int BLOCK_LEN = 16;
constexpr int CUBE_BLOCK_SIZE = 512;
constexpr int C0_SIZE_BYTE = 32;
constexpr int FRACTAL_NZ_ROW = 16;
constexpr int FRACTAL_ZZ_ROW = 16;
constexpr int ACC_C0_SIZE = 16;
constexpr int MX_COL_LEN = 2;
constexpr int MX_ROW_LEN = 16;
constexpr int MX_BLOCK_SIZE = 32;

constexpr int NUM_1 = 1;
constexpr int NUM_4 = 4;
constexpr int NUM_8 = 8;
constexpr int NUM_12 = 12;
constexpr int NUM_16 = 16;
constexpr int NUM_32 = 32;
constexpr int NUM_64 = 64;
constexpr int NUM_77 = 77;
constexpr int NUM_96 = 96;
constexpr int NUM_128 = 128;
constexpr int NUM_256 = 256;
constexpr int NUM_512 = 512;

// Custom pad values (pto-isa's encoding): PadValue::CustomBase | the 32-bit pattern; a tile of a 2- or 1-byte
// type takes the low 16 or 8 bits. PadCustom<-1.0f>, PadValueCustom(-1.0f), PadValueCustom16(0xBC00).
constexpr bool isCustomPadValue(PadValue pv) {
    return static_cast<uint64_t>(pv) >= static_cast<uint64_t>(PadValue::CustomBase);
}
constexpr uint32_t getCustomPadBits(PadValue pv) {
    return static_cast<uint32_t>(static_cast<uint64_t>(pv) & 0xFFFFFFFFULL);
}
namespace detail {
constexpr PadValue custom_pad(uint32_t bits) {
    return static_cast<PadValue>(static_cast<uint64_t>(PadValue::CustomBase) | bits);
}
template <auto V>
constexpr uint32_t pad_bits_of() {
    if constexpr (std::is_floating_point_v<decltype(V)>)
        return __builtin_bit_cast(uint32_t, static_cast<float>(V));
    else if constexpr (std::is_integral_v<decltype(V)>)
        return static_cast<uint32_t>(V);
    else
        return 0;
}
}  // namespace detail
template <auto V>
inline constexpr PadValue PadCustom = detail::custom_pad(detail::pad_bits_of<V>());
constexpr PadValue PadValueCustom(float value) {
    return detail::custom_pad(__builtin_bit_cast(uint32_t, value));
}
constexpr PadValue PadValueCustom16(uint16_t bits16) {
    return detail::custom_pad(bits16);
}
constexpr PadValue PadValueCustom(int32_t value) {
    return detail::custom_pad(static_cast<uint32_t>(value));
}
constexpr PadValue PadValueCustom(uint32_t value) {
    return detail::custom_pad(value);
}
constexpr PadValue PadValueCustom(int16_t value) {
    return detail::custom_pad(static_cast<uint16_t>(value));
}
constexpr PadValue PadValueCustom(int8_t value) {
    return detail::custom_pad(static_cast<uint8_t>(value));
}
constexpr PadValue PadValueCustom(uint8_t value) {
    return detail::custom_pad(value);
}

}  // namespace pto
