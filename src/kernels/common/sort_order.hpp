// The order of TSORT32 and TMRGSORT as one unsigned rank per value: a larger rank sorts first. Both kernels
// of both instructions rank through this, so the order is stated once (docs/isa/TSORT32.md, "Order").
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "ptosim/core/dtype.hpp"
#include "ptosim/core/float16.hpp"

namespace ptosim::kernels::sort_order {

// Numbers by value, +0 and -0 equal; every NaN below every number (rank 0, which no number has: the numbers
// map one-to-one onto 0x007FFFFF (-inf) .. 0xFF800000 (+inf)).
inline uint32_t rank_float(float f) {
    if (f != f)
        return 0;
    uint32_t b = std::bit_cast<uint32_t>(f);
    if ((b & 0x7FFFFFFFu) == 0)
        b = 0;
    return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}

// The rank of the value in the low bytes of `p` (a pair or a tile element) of element type T.
template <typename T>
inline uint32_t rank(const std::byte* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    if constexpr (std::is_same_v<T, float>) {
        return rank_float(v);
    } else if constexpr (std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>) {
        return rank_float(static_cast<float>(v));  // exact
    } else {
        static_assert(std::is_same_v<T, int32_t> || std::is_same_v<T, int16_t>, "sort element type");
        return static_cast<uint32_t>(static_cast<int32_t>(v)) ^ 0x80000000u;
    }
}

// Call f(T{}) with the C++ type of one of the sort element types (half, bfloat16, float, int16, int32).
template <typename F>
void visit(DType t, F&& f) {
    switch (t) {
        case DType::F32:
            f(float{});
            break;
        case DType::F16:
            f(float16{});
            break;
        case DType::BF16:
            f(bfloat16{});
            break;
        case DType::S32:
            f(int32_t{});
            break;
        case DType::S16:
            f(int16_t{});
            break;
        default:
            break;
    }
}

// One pair's 8 bytes: the value in the low sizeof(T) bytes, zeros up to 4, the index in bytes 4..7.
template <typename T>
inline void write_pair(std::byte* out, const std::byte* value, uint32_t index) {
    std::byte pair[8] = {};
    std::memcpy(pair, value, sizeof(T));
    std::memcpy(pair + 4, &index, 4);
    std::memcpy(out, pair, 8);
}

}  // namespace ptosim::kernels::sort_order
