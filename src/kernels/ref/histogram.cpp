// Reference THISTOGRAM, following seed 000's pseudo code: per source row, count the selected byte of every
// element that passes the filter, then write the inclusive prefix sums to dst[r, 0..255].
#include <array>
#include <cstdint>

#include "ptosim/ops/histogram.hpp"

namespace ptosim::ref {

namespace {

uint32_t byte_of(uint32_t value, int k) {
    return (value >> (8 * k)) & 0xFFu;
}

// The filter as "the bytes above k must equal these values": a mask over the element and the value the masked
// bits must have. u16 BYTE_0: high byte == idx[r, 0] (per row). u32 BYTE_k: byte 3 == idx[0, 0], byte 2 ==
// idx[1, 0], byte 1 == idx[2, 0], for the bytes above k (the same for every row).
struct Filter {
    uint32_t mask = 0;
    uint32_t want = 0;
    bool passes(uint32_t value) const { return (value & mask) == want; }
};

uint8_t idx_byte(const TileView& idx, int32_t r) {
    return *reinterpret_cast<const uint8_t*>(idx.at(r, 0));
}

Filter filter_for_row(const TileView& src, const TileView& idx, int k, int32_t r) {
    Filter f;
    if (src.dtype == DType::U16) {
        if (k == 0) {
            f.mask = 0xFF00u;
            f.want = uint32_t{idx_byte(idx, r)} << 8;
        }
        return f;
    }
    for (int j = 3; j > k; --j) {
        f.mask |= 0xFFu << (8 * j);
        f.want |= uint32_t{idx_byte(idx, 3 - j)} << (8 * j);
    }
    return f;
}

uint32_t element(const TileView& src, int32_t r, int32_t c) {
    return src.dtype == DType::U16 ? src.row<uint16_t>(r)[c] : src.row<uint32_t>(r)[c];
}

// Counts are exact; a narrow destination keeps them modulo 2^bits.
template <typename T>
void store_row(const TileView& dst, int32_t r, const std::array<uint64_t, 256>& cumulative) {
    T* out = dst.row<T>(r);
    for (int b = 0; b < 256; ++b)
        out[b] = static_cast<T>(cumulative[b]);
}

}  // namespace

void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte) {
    const int k = static_cast<int>(byte);
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        const Filter filter = filter_for_row(src, idx, k, r);
        std::array<uint64_t, 256> counts{};
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            const uint32_t value = element(src, r, c);
            if (filter.passes(value))
                ++counts[byte_of(value, k)];
        }
        uint64_t prefix = 0;
        for (auto& n : counts) {
            prefix += n;
            n = prefix;
        }
        switch (dst.dtype) {
            case DType::U8:
                store_row<uint8_t>(dst, r, counts);
                break;
            case DType::U16:
                store_row<uint16_t>(dst, r, counts);
                break;
            case DType::U32:
                store_row<uint32_t>(dst, r, counts);
                break;
            default:
                store_row<uint64_t>(dst, r, counts);
                break;
        }
    }
}

}  // namespace ptosim::ref
