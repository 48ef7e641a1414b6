// Fast TGATHER and TSCATTER: typed copies along row pointers. A pattern with period 1 copies whole rows
// (memcpy); the others walk each row with a fixed stride; the index forms see the indexed tile as one flat
// array.
#include <cstdint>
#include <cstring>

#include "ptosim/ops/gather.hpp"

namespace ptosim::simd {

namespace {

template <typename T>
void pattern_rows(const TileView& dst, const TileView& src, GatherPattern p, bool by_rows) {
    if (by_rows) {
        const std::size_t bytes = static_cast<std::size_t>(src.valid_cols) * sizeof(T);
        int32_t out = 0;
        for (int32_t r = p.phase; r < src.valid_rows; r += p.period)
            std::memcpy(dst.row<T>(out++), src.row<T>(r), bytes);
        return;
    }
    T* out = dst.row<T>(0);
    const int32_t kept = p.kept(src.valid_cols);
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        const T* in = src.row<T>(r) + p.phase;
        if (p.period == 1) {
            std::memcpy(out, in, static_cast<std::size_t>(kept) * sizeof(T));
        } else {
            for (int32_t k = 0; k < kept; ++k)
                out[k] = in[static_cast<std::ptrdiff_t>(k) * p.period];
        }
        out += kept;
    }
}

template <typename T, typename I>
void by_index(const TileView& dst, const TileView& src0, const TileView& idx) {
    const T* base = src0.row<T>(0);
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const I* in = idx.row<I>(r);
        T* out = dst.row<T>(r);
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            out[c] = base[in[c]];
    }
}

template <typename T>
void by_index(const TileView& dst, const TileView& src0, const TileView& idx) {
    // Indices are non-negative (checked), so the unsigned type of their width reads them.
    if (idx.elem_size() == 2)
        by_index<T, uint16_t>(dst, src0, idx);
    else
        by_index<T, uint32_t>(dst, src0, idx);
}

template <typename T>
void scatter_pattern(const TileView& dst, const TileView& src, GatherPattern p, bool by_rows) {
    if (p.period != 1)
        std::memset(dst.data, 0, dst.bytes());
    if (by_rows || p.period == 1) {
        const std::size_t bytes = static_cast<std::size_t>(dst.valid_cols) * sizeof(T);
        int32_t k = 0;
        for (int32_t r = p.phase; r < dst.valid_rows; r += p.period)
            std::memcpy(dst.row<T>(r), src.row<T>(by_rows ? k++ : r), bytes);
        return;
    }
    const int32_t kept = p.kept(dst.valid_cols);
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        T* out = dst.row<T>(r) + p.phase;
        const T* in = src.row<T>(r);
        for (int32_t k = 0; k < kept; ++k)
            out[static_cast<std::ptrdiff_t>(k) * p.period] = in[k];
    }
}

template <typename T, typename I>
void scatter_index(const TileView& dst, const TileView& src, const TileView& idx) {
    std::memset(dst.data, 0, dst.bytes());
    T* base = dst.row<T>(0);
    for (int32_t r = 0; r < idx.valid_rows; ++r) {
        const I* at = idx.row<I>(r);
        const T* in = src.row<T>(r);
        for (int32_t c = 0; c < idx.valid_cols; ++c)
            base[at[c]] = in[c];
    }
}

template <typename T>
void scatter_index(const TileView& dst, const TileView& src, const TileView& idx) {
    if (idx.elem_size() == 2)
        scatter_index<T, uint16_t>(dst, src, idx);
    else
        scatter_index<T, uint32_t>(dst, src, idx);
}

}  // namespace

void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows) {
    switch (dst.elem_size()) {
        case 1:
            return pattern_rows<uint8_t>(dst, src, pattern, by_rows);
        case 2:
            return pattern_rows<uint16_t>(dst, src, pattern, by_rows);
        case 4:
            return pattern_rows<uint32_t>(dst, src, pattern, by_rows);
        default:
            return pattern_rows<uint64_t>(dst, src, pattern, by_rows);
    }
}

void tgather(const TileView& dst, const TileView& src0, const TileView& idx) {
    switch (dst.elem_size()) {
        case 1:
            return by_index<uint8_t>(dst, src0, idx);
        case 2:
            return by_index<uint16_t>(dst, src0, idx);
        case 4:
            return by_index<uint32_t>(dst, src0, idx);
        default:
            return by_index<uint64_t>(dst, src0, idx);
    }
}

void tscatter(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows) {
    switch (dst.elem_size()) {
        case 1:
            return scatter_pattern<uint8_t>(dst, src, pattern, by_rows);
        case 2:
            return scatter_pattern<uint16_t>(dst, src, pattern, by_rows);
        case 4:
            return scatter_pattern<uint32_t>(dst, src, pattern, by_rows);
        default:
            return scatter_pattern<uint64_t>(dst, src, pattern, by_rows);
    }
}

void tscatter(const TileView& dst, const TileView& src, const TileView& idx) {
    switch (dst.elem_size()) {
        case 1:
            return scatter_index<uint8_t>(dst, src, idx);
        case 2:
            return scatter_index<uint16_t>(dst, src, idx);
        case 4:
            return scatter_index<uint32_t>(dst, src, idx);
        default:
            return scatter_index<uint64_t>(dst, src, idx);
    }
}

}  // namespace ptosim::simd
