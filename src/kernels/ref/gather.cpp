// Reference TGATHER and TSCATTER: one element at a time, positions through the layouts' offset rules.
#include <algorithm>
#include <cstring>

#include "ptosim/ops/gather.hpp"

namespace ptosim::ref {

void tgather(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows) {
    const std::size_t es = dst.elem_size();
    const auto keeps = [&](int32_t i) { return i % pattern.period == pattern.phase; };
    if (by_rows) {
        int32_t out = 0;
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            if (!keeps(r))
                continue;
            for (int32_t c = 0; c < src.valid_cols; ++c)
                std::memcpy(dst.at(out, c), src.at(r, c), es);
            ++out;
        }
        return;
    }
    std::size_t out = 0;  // position in dst's storage, row-major
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            if (!keeps(c))
                continue;
            const auto row = static_cast<int32_t>(out / static_cast<std::size_t>(dst.layout.cols));
            const auto col = static_cast<int32_t>(out % static_cast<std::size_t>(dst.layout.cols));
            std::memcpy(dst.at(row, col), src.at(r, c), es);
            ++out;
        }
    }
}

void tgather(const TileView& dst, const TileView& src0, const TileView& idx) {
    const std::size_t es = dst.elem_size();
    const int32_t cols = src0.layout.cols;
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            int64_t i = 0;
            if (idx.elem_size() == 2) {
                uint16_t v;
                std::memcpy(&v, idx.at(r, c), 2);
                i = v;  // the checked entry has refused negative indices
            } else {
                uint32_t v;
                std::memcpy(&v, idx.at(r, c), 4);
                i = v;
            }
            std::memcpy(dst.at(r, c), src0.at(i / cols, i % cols), es);
        }
    }
}

namespace {

// Every element of dst's tile (padding included) becomes 0, as the devices clear dst before a scatter.
void clear(const TileView& dst) {
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < dst.layout.rows; ++r)
        for (int32_t c = 0; c < dst.layout.cols; ++c)
            std::memset(dst.at(r, c), 0, es);
}

}  // namespace

void tscatter(const TileView& dst, const TileView& src, GatherPattern pattern, bool by_rows) {
    const std::size_t es = dst.elem_size();
    if (pattern.period != 1)
        clear(dst);
    const auto keeps = [&](int32_t i) { return i % pattern.period == pattern.phase; };
    int32_t k = 0;  // the next source row (column form) or column (row form)
    if (by_rows) {
        for (int32_t r = 0; r < dst.valid_rows; ++r) {
            if (!keeps(r))
                continue;
            for (int32_t c = 0; c < dst.valid_cols; ++c)
                std::memcpy(dst.at(r, c), src.at(k, c), es);
            ++k;
        }
        return;
    }
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        k = 0;
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            if (keeps(c))
                std::memcpy(dst.at(r, c), src.at(r, k++), es);
        }
    }
}

void tscatter(const TileView& dst, const TileView& src, const TileView& idx) {
    const std::size_t es = dst.elem_size();
    const int32_t cols = dst.layout.cols;
    clear(dst);
    for (int32_t r = 0; r < idx.valid_rows; ++r) {
        for (int32_t c = 0; c < idx.valid_cols; ++c) {
            int64_t i = 0;
            if (idx.elem_size() == 2) {
                uint16_t v;
                std::memcpy(&v, idx.at(r, c), 2);
                i = v;
            } else {
                uint32_t v;
                std::memcpy(&v, idx.at(r, c), 4);
                i = v;
            }
            std::memcpy(dst.at(i / cols, i % cols), src.at(r, c), es);
        }
    }
}

void tgatherb(const TileView& dst, const TileView& src, const TileView& offsets) {
    constexpr std::size_t kBlock = 32;
    const std::size_t row_bytes = static_cast<std::size_t>(dst.valid_cols) * dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        std::byte* out = dst.at(r, 0);
        for (std::size_t b = 0; b * kBlock < row_bytes; ++b) {
            uint32_t off;
            std::memcpy(&off, offsets.at(r, static_cast<int64_t>(b)), 4);
            std::memcpy(out + b * kBlock, src.data + off, std::min(kBlock, row_bytes - b * kBlock));
        }
    }
}

void tgather_cmp(const TileView& dst, const TileView& src0, const TileView& k_value, const TileView& cdst,
                 uint32_t offset, CmpMode mode) {
    const std::size_t es = src0.elem_size();
    const int64_t stride = gather_cmp::row_stride(es, src0.valid_cols);
    for (int32_t r = 0; r < src0.valid_rows; ++r) {
        uint32_t k = 0;
        std::memcpy(&k, k_value.data + r * k_value.elem_size(), k_value.elem_size());  // little-endian
        uint32_t n = 0;
        for (int32_t c = 0; c < src0.valid_cols; ++c) {
            uint64_t bits = 0;
            std::memcpy(&bits, src0.at(r, c), es);
            if (!gather_cmp::hit(src0.dtype, bits, k, mode))
                continue;
            const auto index = static_cast<uint32_t>(offset + static_cast<uint64_t>(r * stride + c));
            std::memcpy(dst.at(r, n), &index, 4);
            ++n;
        }
        std::memcpy(cdst.data + static_cast<std::size_t>(r) * 4, &n, 4);
    }
}

}  // namespace ptosim::ref
