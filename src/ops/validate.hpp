// Operand checks shared by the checked entry points (ptosim::ops).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "ptosim/core/check.hpp"
#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/index_range.hpp"
#include "ptosim/runtime/allocations.hpp"

namespace ptosim::validate {

// A tile view is usable: it has storage, a positive physical shape and a valid region inside it.
inline void tile(const TileView& t, const char* instr, const char* operand) {
    PTOSIM_CHECK(t.data != nullptr, instr, "tile has no storage", {"operand", operand});
    PTOSIM_CHECK(t.layout.rows > 0 && t.layout.cols > 0, instr, "tile shape must be positive",
                 {"operand", operand}, {"Rows", t.layout.rows}, {"Cols", t.layout.cols});
    PTOSIM_CHECK(t.valid_rows >= 0 && t.valid_rows <= t.layout.rows, instr, "valid rows must be in 0..Rows",
                 {"operand", operand}, {"validRow", t.valid_rows}, {"Rows", t.layout.rows});
    PTOSIM_CHECK(t.valid_cols >= 0 && t.valid_cols <= t.layout.cols, instr,
                 "valid columns must be in 0..Cols", {"operand", operand}, {"validCol", t.valid_cols},
                 {"Cols", t.layout.cols});
    PTOSIM_CHECK(t.valid_bytes() <= t.capacity, instr,
                 "the tile's valid region reaches past the end of its buffer", {"operand", operand},
                 {"valid_bytes", t.valid_bytes()}, {"buffer_bytes_left", t.capacity});
}

// An instruction that writes the whole physical tile (padding included) needs all of it inside the buffer.
inline void whole_tile(const TileView& t, const char* instr, const char* operand) {
    PTOSIM_CHECK(t.bytes() <= t.capacity, instr,
                 "the instruction writes the whole tile, which reaches past the end of its buffer",
                 {"operand", operand}, {"bytes", t.bytes()}, {"buffer_bytes_left", t.capacity});
}

// The element type of an operand is one of `allowed` (a set of the instruction's descriptor); the message
// lists the set.
inline void dtype_in(isa::DTypeSet allowed, DType t, const char* instr, const char* operand) {
    PTOSIM_CHECK(allowed.contains(t), instr, "element type not supported by the instruction",
                 {"operand", operand}, {"dtype", dtype_cpp_name(t)},
                 {"allowed", isa::dtype_set_text(allowed, true)});
}

// The tile is row-major: the vector instructions walk whole rows.
inline void row_major(const TileView& t, const char* instr, const char* operand) {
    PTOSIM_CHECK(t.layout.is_row_major(), instr, "tile must be row-major", {"operand", operand},
                 {"layout", layout_kind_name(t.layout.kind)});
}

// The shapes of a partial op (TPARTADD ..., TPARTARGMAX): one source has dst's valid shape and the other fits
// inside it (a source with an empty valid region counts as fitting). Returns 0 when src0 is the larger,
// else 1.
inline int partial_shapes(const TileView& dst, const TileView& src0, const TileView& src1,
                          const char* instr) {
    const auto same_shape = [&](const TileView& s) {
        return s.valid_rows == dst.valid_rows && s.valid_cols == dst.valid_cols;
    };
    const auto fits = [&](const TileView& s) {
        return s.valid_rows == 0 || s.valid_cols == 0 ||
               (s.valid_rows <= dst.valid_rows && s.valid_cols <= dst.valid_cols);
    };
    PTOSIM_CHECK((same_shape(src0) && fits(src1)) || (same_shape(src1) && fits(src0)), instr,
                 "one source has dst's valid shape and the other fits inside it",
                 {"dst.validRow", dst.valid_rows}, {"dst.validCol", dst.valid_cols},
                 {"src0.validRow", src0.valid_rows}, {"src0.validCol", src0.valid_cols},
                 {"src1.validRow", src1.valid_rows}, {"src1.validCol", src1.valid_cols});
    return same_shape(src0) ? 0 : 1;
}

// The bytes an instruction touches in a tile: its valid region, not its declared extent. A plain (row- or
// column-major) tile's region is a set of lines (its valid rows, or columns), `count` runs of `len` bytes
// `stride` bytes apart from `start`; a boxed tile's, or one of a 4-bit type, is taken as the range from its
// first to its last valid byte (every layout's offsets grow with the row and the column).
struct Lines {
    std::uintptr_t start = 0;
    std::size_t stride = 0, len = 0;
    int64_t count = 0;
    std::uintptr_t end() const { return count == 0 ? start : start + (count - 1) * stride + len; }
};
inline Lines lines_of(const TileView& t) {
    const auto base = reinterpret_cast<std::uintptr_t>(t.data);
    if (t.valid_rows <= 0 || t.valid_cols <= 0)
        return {base, 0, 0, 0};
    if (t.layout.is_boxed() || dtype_is_twin(t.dtype))
        return {base, 0, t.valid_bytes(), 1};
    const std::size_t es = t.elem_size();
    if (t.layout.is_row_major())
        return {base, static_cast<std::size_t>(t.layout.cols) * es,
                static_cast<std::size_t>(t.valid_cols) * es, t.valid_rows};
    return {base, static_cast<std::size_t>(t.layout.rows) * es, static_cast<std::size_t>(t.valid_rows) * es,
            t.valid_cols};
}

// Whether the bytes of a and b that an instruction touches share one.
inline bool footprints_overlap(const TileView& a, const TileView& b) {
    Lines x = lines_of(a), y = lines_of(b);
    if (x.count == 0 || y.count == 0 || x.start >= y.end() || y.start >= x.end())
        return false;
    if (x.count > y.count)
        std::swap(x, y);
    // For each line of x, the lines of y that could meet it: y.start + j * y.stride in (lo - y.len, hi).
    for (int64_t i = 0; i < x.count; ++i) {
        const auto lo = static_cast<int64_t>(x.start + i * x.stride), hi = lo + static_cast<int64_t>(x.len);
        const auto y0 = static_cast<int64_t>(y.start), len = static_cast<int64_t>(y.len);
        if (y.count == 1 || y.stride == 0) {
            if (y0 < hi && y0 + static_cast<int64_t>(y.end() - y.start) > lo)
                return true;
            continue;
        }
        const auto stride = static_cast<int64_t>(y.stride);
        // The first j with y0 + j * stride + len > lo, and whether it starts below hi.
        int64_t j = lo - len - y0 < 0 ? 0 : (lo - len - y0) / stride + 1;
        if (j < y.count && y0 + j * stride < hi)
            return true;
    }
    return false;
}

// The destination and a source overlap in a way the device's streaming order makes well defined: both plain
// tiles of the same major order, walked line by line and, inside a line, front to back, each piece read
// before it is written (pto-isa's element-wise and conversion kernels, a2a3 and a5); the destination's every
// line starts at or before the source's same line, its elements are no wider and its lines no further apart,
// so no write reaches a byte that a later read wants. An in-place conversion to a narrower type at the
// source's address is the common case (PTOAS's generated epilogues).
inline bool streams_in_place(const TileView& dst, const TileView& src) {
    if (dst.layout.is_boxed() || src.layout.is_boxed() || dtype_is_twin(dst.dtype) ||
        dtype_is_twin(src.dtype) || dst.layout.is_row_major() != src.layout.is_row_major())
        return false;
    const Lines d = lines_of(dst), s = lines_of(src);
    return d.start <= s.start && dst.elem_size() <= src.elem_size() && (d.count <= 1 || d.stride <= s.stride);
}

// The bytes two operands touch do not overlap: a destination that overlaps another operand would make the
// result depend on the order in which elements are visited.
inline void disjoint(const TileView& a, const char* a_name, const TileView& b, const char* b_name,
                     const char* instr) {
    PTOSIM_CHECK(!footprints_overlap(a, b), instr, "a destination tile must not overlap another operand",
                 {"dst", a_name}, {"other", b_name});
}

// A destination and a source of an element-wise instruction (or a conversion): disjoint, or overlapping as
// the device streams them (streams_in_place). Any other overlap leaves the device's result to the size of its
// vector pieces, so it stays an error.
inline void may_stream(const TileView& dst, const char* dst_name, const TileView& src, const char* src_name,
                       const char* instr) {
    PTOSIM_CHECK(!footprints_overlap(dst, src) || streams_in_place(dst, src), instr,
                 "a destination overlapping a source must start at or before it, line by line, with elements "
                 "no wider (the device streams element-wise instructions front to back)",
                 {"dst", dst_name}, {"src", src_name});
}

// A global tensor is usable: it has an address, extents in 1..2^31-1 and strides below 2^37 in magnitude (so
// the extent sums below fit in 128 bits), and when its address lies in a runtime allocation (aclrtMalloc,
// aclrtMallocHost) every element its shape and strides name lies in that allocation. `operand` names it in
// messages ("global tensor", "table").
__extension__ typedef __int128 Wide;  // GCC and Clang; __extension__ keeps -Wpedantic quiet

inline void global_fields(const GlobalView& g, const char* instr, const char* operand) {
    constexpr int64_t kMaxExtent = int64_t{1} << 31;
    PTOSIM_CHECK(g.data != nullptr, instr, std::string(operand) + " has no address (null pointer)");
    for (int i = 0; i < 5; ++i) {
        PTOSIM_CHECK(g.shape[i] >= 1 && g.shape[i] < kMaxExtent, instr,
                     std::string(operand) + " shape extents must be in 1..2^31-1", {"dim", i},
                     {"extent", g.shape[i]});
        PTOSIM_CHECK(g.stride[i] > -kMaxExtent * 64 && g.stride[i] < kMaxExtent * 64, instr,
                     std::string(operand) + " stride out of range", {"dim", i}, {"stride", g.stride[i]});
    }
}

// The bytes of the elements at offsets [lo, hi] from g.data, as [first, end) from the allocation's start.
inline std::pair<Wide, Wide> global_bytes(const GlobalView& g, Wide lo, Wide hi, const std::byte* base) {
    const Wide at = g.data - base;
    if (dtype_is_twin(g.dtype))  // element offsets count nibbles: element i is in byte i / 2
        return {at + (lo >= 0 ? lo / 2 : -((-lo + 1) / 2)), at + hi / 2 + 1};
    const Wide es = static_cast<Wide>(dtype_size(g.dtype));
    return {at + lo * es, at + (hi + 1) * es};
}

inline int64_t shown(Wide v) {
    constexpr Wide kMax = INT64_MAX;
    return static_cast<int64_t>(v > kMax ? kMax : (v < -kMax ? -kMax : v));
}

// A global tensor is usable: it has an address, extents in 1..2^31-1 and strides below 2^37 in magnitude (so
// the extent sums below fit in 128 bits), and when its address lies in a runtime allocation (aclrtMalloc,
// aclrtMallocHost) every element its shape and strides name lies in that allocation. `operand` names it in
// messages ("global tensor", "table").
inline void global(const GlobalView& g, const char* instr, const char* operand) {
    global_fields(g, instr, operand);
    const auto block = allocations::containing(g.data);
    if (!block)
        return;
    Wide lo = 0, hi = 0;  // element offsets of the lowest and highest element reached
    for (int d = 0; d < 5; ++d) {
        const Wide span = static_cast<Wide>(g.shape[d] - 1) * g.stride[d];
        (span < 0 ? lo : hi) += span;
    }
    const auto [first, end] = global_bytes(g, lo, hi, block->base);
    PTOSIM_CHECK(first >= 0 && end <= static_cast<Wide>(block->size), instr,
                 "global tensor reaches outside its allocation", {"operand", operand},
                 {"first_byte", shown(first)}, {"end_byte", shown(end)}, {"allocation_bytes", block->size});
}

// The part of a global tensor a TLOAD or TSTORE moves, the tile's `rows` x `cols` valid region (the device
// moves only that): usable, and inside its allocation. The tensor's declared shape may reach further (a view
// larger than the region moved is fine); when the region moved reaches outside, the message gives both
// shapes, since the usual cause is a declared shape that disagrees with the tile's valid region.
inline void global_moved(const GlobalView& g, int64_t rows, int64_t cols, const char* instr,
                         const char* operand) {
    global_fields(g, instr, operand);
    const auto block = allocations::containing(g.data);
    if (!block || rows <= 0 || cols <= 0)
        return;
    // offset(r, c) == offset(r, 0) + offset(0, c): the extremes of each part over the region.
    Wide rlo = 0, rhi = 0, clo = 0, chi = 0;
    for (int64_t r = 0; r < rows; ++r) {
        const Wide o = g.offset(r, 0);
        rlo = o < rlo ? o : rlo;
        rhi = o > rhi ? o : rhi;
    }
    for (int64_t c = 0; c < cols; ++c) {
        const Wide o = g.offset(0, c);
        clo = o < clo ? o : clo;
        chi = o > chi ? o : chi;
    }
    const auto [first, end] = global_bytes(g, rlo + clo, rhi + chi, block->base);
    PTOSIM_CHECK(first >= 0 && end <= static_cast<Wide>(block->size), instr,
                 g.rows() == rows && g.cols() == cols
                     ? "the region moved reaches outside the global tensor's allocation"
                     : "the region moved (the tile's valid region, which differs from the global tensor's "
                       "shape) reaches outside the global tensor's allocation",
                 {"operand", operand}, {"region", std::to_string(rows) + "x" + std::to_string(cols)},
                 {"global_shape", std::to_string(g.rows()) + "x" + std::to_string(g.cols())},
                 {"first_byte", shown(first)}, {"end_byte", shown(end)}, {"allocation_bytes", block->size});
}

// The ND tensor is one dense block: every dimension with more than one element has the stride of a packed
// row-major tensor (dimensions of extent 1 may carry any stride). Indices into such a tensor are flat element
// offsets.
inline bool packed(const GlobalView& g) {
    int64_t expect = 1;
    for (int d = 4; d >= 0; --d) {
        if (g.shape[d] > 1 && g.stride[d] != expect)
            return false;
        expect *= g.shape[d];
    }
    return true;
}

// Element (r, c) of an index tile, int32_t or uint32_t, as a signed value.
inline int64_t index_value(const TileView& idx, int32_t r, int32_t c) {
    const std::byte* p = idx.at(r, c);
    if (idx.dtype == DType::S32)
        return *reinterpret_cast<const int32_t*>(p);
    return *reinterpret_cast<const uint32_t*>(p);
}

// A Row-mode index tile (MSCATTER, MGATHER) holds one index per row of the data tile: valid shape 1 x R or
// R x 1, R = `rows`. `rule` is the failure's message, `rows_name` names R in it.
inline void one_index_per_row(const TileView& idx, int32_t rows, const char* instr, const char* rule,
                              const char* rows_name) {
    const bool one_row = idx.valid_rows == 1 && idx.valid_cols == rows;
    const bool one_col = idx.valid_cols == 1 && idx.valid_rows == rows;
    PTOSIM_CHECK(one_row || one_col, instr, rule, {"idx.validRow", idx.valid_rows},
                 {"idx.validCol", idx.valid_cols}, {rows_name, rows});
}

// Every index in idx's valid region lies in [0, capacity) (a negative int32_t index never does). The common
// case is one vectorised min/max scan of the index tile; only a failure walks it again to report the first
// offending position. `rule` is the failure's message, `what` names the capacity in it.
inline void indices_in_range(const TileView& idx, int64_t capacity, const char* instr, const char* rule,
                             const char* what) {
    int64_t lo = 0, hi = 0;
    simd::index_range(idx, lo, hi);
    if (lo >= 0 && hi < capacity) [[likely]]
        return;
    for (int32_t r = 0; r < idx.valid_rows; ++r) {
        for (int32_t c = 0; c < idx.valid_cols; ++c) {
            const int64_t v = index_value(idx, r, c);
            PTOSIM_CHECK(v >= 0 && v < capacity, instr, rule, {"idx.row", r}, {"idx.col", c}, {"index", v},
                         {what, capacity});
        }
    }
}

}  // namespace ptosim::validate
