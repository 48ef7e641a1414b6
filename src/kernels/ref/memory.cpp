// Reference TLOAD / TSTORE: for every valid position (r, c), copy one element between the tile and the global
// tensor. Reads like the definition; the fast kernels must match it bit for bit.
#include <cstring>
#include <mutex>

#include "../common/element_bits.hpp"
#include "../common/pad.hpp"
#include "ptosim/core/buffers.hpp"
#include "ptosim/ops/memory.hpp"

namespace ptosim::ref {

namespace {

// The 4-bit types: offsets on both sides count nibbles.
void move_nibbles(const TileView& tile, const GlobalView& g, bool load) {
    for (int32_t r = 0; r < tile.valid_rows; ++r) {
        for (int32_t c = 0; c < tile.valid_cols; ++c) {
            const std::size_t t = tile.layout.offset(r, c);
            const auto o = static_cast<std::size_t>(g.offset(r, c));
            if (load)
                kernels::set_nibble(tile.data, t, kernels::get_nibble(g.data, o));
            else
                kernels::set_nibble(g.data, o, kernels::get_nibble(tile.data, t));
        }
    }
}

// a + b rounded once in type t (integers wrap). A double holds the exact sum of two halves or bfloat16s
// closely enough that rounding it again gives the correctly rounded sum; float and double add natively.
uint64_t add_bits(DType t, uint64_t a, uint64_t b) {
    if (convert::is_integer(t)) {
        const std::size_t bits = dtype_is_twin(t) ? 4 : dtype_size(t) * 8;
        const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
        return (a + b) & mask;
    }
    if (t == DType::F32)
        return std::bit_cast<uint32_t>(std::bit_cast<float>(static_cast<uint32_t>(a)) +
                                       std::bit_cast<float>(static_cast<uint32_t>(b)));
    const auto wide = [t](uint64_t v) {
        return std::bit_cast<double>(prequant::cast_bits(t, DType::F64, v));
    };
    return prequant::cast_bits(DType::F64, t, std::bit_cast<uint64_t>(wide(a) + wide(b)));
}

}  // namespace

void tload(const TileView& dst, const GlobalView& src, Pad pad) {
    if (dtype_is_twin(dst.dtype)) {
        move_nibbles(dst, src, true);
        kernels::fill_outside_valid(dst, pad);
        return;
    }
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            std::memcpy(dst.at(r, c), src.data + src.offset(r, c) * static_cast<int64_t>(es), es);
        }
    }
    kernels::fill_outside_valid(dst, pad);
}

void tstore(const GlobalView& dst, const TileView& src) {
    if (dtype_is_twin(src.dtype)) {
        move_nibbles(src, dst, false);
        return;
    }
    const std::size_t es = src.elem_size();
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            std::memcpy(dst.data + dst.offset(r, c) * static_cast<int64_t>(es), src.at(r, c), es);
        }
    }
}

void tstore(const GlobalView& dst, const TileView& src, const StoreSpec& spec) {
    const std::size_t es = dtype_size(dst.dtype);
    const auto load = [&](int64_t o) -> uint64_t {
        if (dtype_is_twin(dst.dtype))
            return kernels::get_nibble(dst.data, static_cast<std::size_t>(o));
        uint64_t v = 0;
        std::memcpy(&v, dst.data + o * static_cast<int64_t>(es), es);
        return v;
    };
    const auto store = [&](int64_t o, uint64_t v) {
        if (dtype_is_twin(dst.dtype))
            return kernels::set_nibble(dst.data, static_cast<std::size_t>(o), static_cast<uint8_t>(v));
        std::memcpy(dst.data + o * static_cast<int64_t>(es), &v, es);
    };
    const auto relu = spec.relu ? prequant::Relu::Positive : prequant::Relu::None;
    std::unique_lock<std::mutex> lock(element_lock(), std::defer_lock);
    if (spec.atomic_add)
        lock.lock();  // one tile's accumulation at a time, as other blocks may add to the same elements
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            const uint64_t q = spec.words.empty()
                                   ? spec.scalar
                                   : spec.words[static_cast<std::size_t>(spec.words_by_row ? r : c)];
            const uint64_t x = kernels::load_bits(src, src.layout.offset(r, c));
            uint64_t y =
                prequant::convert_element(src.dtype, dst.dtype, x, spec.mode, q, relu, spec.saturate);
            const int64_t o = dst.offset(r, c);
            if (spec.atomic_add)
                y = add_bits(dst.dtype, load(o), y);
            store(o, y);
        }
    }
}

}  // namespace ptosim::ref
