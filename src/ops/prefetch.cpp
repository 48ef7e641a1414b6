// TPREFETCH. The device code (pto-isa include/pto/npu/a5/TPrefetch.hpp) copies each slice of the global
// tensor into the tile with rows packed tightly (UB stride = the copied row length); a slice larger than the
// tile goes in chunks of at most Rows rows and Cols * sizeof(T) bytes of a row, each chunk written at the
// tile's start.
#include "ptosim/ops/prefetch.hpp"

#include <algorithm>
#include <cstring>

#include "ptosim/core/check.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {
constexpr const char* kInstr = "TPREFETCH";

// Copies rows x cols elements starting at src (row stride `stride` elements) packed into dst.
void copy_packed(std::byte* dst, const std::byte* src, int64_t rows, int64_t cols, int64_t stride,
                 std::size_t es) {
    for (int64_t r = 0; r < rows; ++r)
        std::memcpy(dst + static_cast<std::size_t>(r * cols) * es,
                    src + static_cast<std::size_t>(r * stride) * es, static_cast<std::size_t>(cols) * es);
}
}  // namespace

void tprefetch(const TileView& scratch, const GlobalView& g) {
    hazards::Scope hz("TPREFETCH", hazards::Pipe::MTE2);
    hz.write_whole(scratch);
    hz.read(g);
    validate::tile(scratch, kInstr, "dst");
    validate::whole_tile(scratch, kInstr, "dst");
    validate::global(g, kInstr, "global tensor");
    PTOSIM_CHECK(!dtype_is_twin(g.dtype) && !dtype_is_twin(scratch.dtype), kInstr,
                 "4-bit element types are not supported", {"dtype", dtype_cpp_name(g.dtype)});
    PTOSIM_CHECK(g.stride[4] == 1, kInstr,
                 "the global tensor's rows must be contiguous (stride of dim 4 = 1)",
                 {"stride4", g.stride[4]});
    const std::size_t es = dtype_size(g.dtype);
    const std::size_t tile_row_bytes = static_cast<std::size_t>(scratch.layout.cols) * scratch.elem_size();
    const int64_t tile_rows = scratch.layout.rows;
    const int64_t max_cols = static_cast<int64_t>(tile_row_bytes / es);
    PTOSIM_CHECK(max_cols >= 1, kInstr, "a tile row must hold at least one element of the global tensor");
    const int64_t* n = g.shape;
    const int64_t* s = g.stride;
    const bool fits = static_cast<std::size_t>(n[3] * n[4]) * es <= scratch.bytes();
    for (int64_t i0 = 0; i0 < n[0]; ++i0)
        for (int64_t i1 = 0; i1 < n[1]; ++i1)
            for (int64_t i2 = 0; i2 < n[2]; ++i2) {
                const std::byte* base =
                    g.data + static_cast<std::size_t>(i0 * s[0] + i1 * s[1] + i2 * s[2]) * es;
                if (fits) {
                    copy_packed(scratch.data, base, n[3], n[4], s[3], es);
                    continue;
                }
                for (int64_t r = 0; r < n[3]; r += tile_rows)
                    for (int64_t c = 0; c < n[4]; c += max_cols)
                        copy_packed(scratch.data, base + static_cast<std::size_t>(r * s[3] + c) * es,
                                    std::min(tile_rows, n[3] - r), std::min(max_cols, n[4] - c), s[3], es);
            }
}

void tprefetch(const TileView& dst, const TileView& src) {
    hazards::Scope hz("TPREFETCH", hazards::Pipe::MTE2);
    hz.write(dst);
    hz.read(src);
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src, kInstr, "src");
    PTOSIM_CHECK(!dtype_is_twin(dst.dtype), kInstr, "4-bit element types are not supported",
                 {"dtype", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(dst.dtype == src.dtype, kInstr, "dst and src must have the same element type",
                 {"dst", dtype_cpp_name(dst.dtype)}, {"src", dtype_cpp_name(src.dtype)});
    PTOSIM_CHECK(src.valid_rows >= dst.valid_rows && src.valid_cols >= dst.valid_cols, kInstr,
                 "src's valid region must hold dst's", {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols}, {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols});
    if (dst.data != src.data)
        validate::disjoint(dst, "dst", src, "src", kInstr);
    const std::size_t row_bytes = static_cast<std::size_t>(dst.valid_cols) * dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r)
        std::memcpy(dst.data + dst.layout.offset(r, 0) * dst.elem_size(),
                    src.data + src.layout.offset(r, 0) * src.elem_size(), row_bytes);
}

}  // namespace ptosim::ops
