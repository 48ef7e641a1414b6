// Checked TMOV / TEXTRACT / TINSERT.
#include "ptosim/ops/move.hpp"

#include <cstdint>
#include <utility>

#include "../kernels/common/element_bits.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tmove(const char* instr, const TileView& dst, const TileView& src, const MoveSpec& s,
           bool dst_bounded_by_valid) {
    hazards::Scope hz(instr, hazards::move_pipe(src.data, dst.data));
    hz.write(dst);
    hz.read(src);
    validate::tile(dst, instr, "dst");
    validate::tile(src, instr, "src");
    validate::dtype_in(isa::kConvertible, src.dtype, instr, "src");
    validate::dtype_in(isa::kConvertible, dst.dtype, instr, "dst");
    PTOSIM_CHECK(
        s.rows >= 0 && s.cols >= 0 && s.src_row >= 0 && s.src_col >= 0 && s.dst_row >= 0 && s.dst_col >= 0,
        instr, "offsets and extents must not be negative");
    PTOSIM_CHECK(s.src_row + s.rows <= src.valid_rows && s.src_col + s.cols <= src.valid_cols, instr,
                 "the moved window must lie inside src's valid region", {"window.rows", s.rows},
                 {"window.cols", s.cols}, {"indexRow", s.src_row}, {"indexCol", s.src_col},
                 {"src.validRow", src.valid_rows}, {"src.validCol", src.valid_cols});
    if (dst_bounded_by_valid) {
        PTOSIM_CHECK(s.dst_row + s.rows <= dst.valid_rows && s.dst_col + s.cols <= dst.valid_cols, instr,
                     "the moved window must lie inside dst's valid region", {"window.rows", s.rows},
                     {"window.cols", s.cols}, {"indexRow", s.dst_row}, {"indexCol", s.dst_col},
                     {"dst.validRow", dst.valid_rows}, {"dst.validCol", dst.valid_cols});
    } else {
        PTOSIM_CHECK(s.dst_row + s.rows <= dst.rows() && s.dst_col + s.cols <= dst.cols(), instr,
                     "the moved window must fit dst's shape", {"window.rows", s.rows},
                     {"window.cols", s.cols}, {"dst.Rows", dst.rows()}, {"dst.Cols", dst.cols()});
    }
    if (s.rows == 0 || s.cols == 0)
        return;
    // Every layout's offset grows with the row and the column: the window's last element is its highest.
    const std::size_t end =
        dtype_bytes(dst.dtype, dst.layout.offset(s.dst_row + s.rows - 1, s.dst_col + s.cols - 1) + 1);
    PTOSIM_CHECK(end <= dst.capacity, instr, "the moved window reaches past the end of dst's buffer",
                 {"window_end_byte", end}, {"buffer_bytes_left", dst.capacity});
    if (!s.words.empty()) {
        PTOSIM_CHECK(static_cast<std::size_t>(s.src_col + s.cols) <= s.words.size(), instr,
                     "the quantisation tile needs one word per source column of the window",
                     {"columns", s.src_col + s.cols}, {"words", s.words.size()});
    }
    // The bytes read and the bytes written must not overlap (elements would be read after being written),
    // unless the move is in place: the same tile, layout, element size and window. Only the windows count:
    // pto-isa's kernels place tiles whose physical extents overlap where neither window reaches.
    // In place also when the tiles differ but the window's elements sit at the same bytes in both (plain
    // layouts, equal element size, the same first byte, row and column steps): a [1, 64] tile at the address
    // of a [1, 128] row view, TEXTRACTed from the view's columns 0..63 (pypto-lib's generated RoPE).
    const auto byte_at = [](const TileView& t, int32_t r, int32_t c) {
        return reinterpret_cast<std::uintptr_t>(t.data) + dtype_bytes(t.dtype, t.layout.offset(r, c));
    };
    const auto same_bytes = [&] {
        if (src.layout.is_boxed() || dst.layout.is_boxed() ||
            dtype_size(src.dtype) != dtype_size(dst.dtype) || dtype_is_twin(src.dtype) ||
            dtype_is_twin(dst.dtype))
            return false;
        const auto s0 = byte_at(src, s.src_row, s.src_col), d0 = byte_at(dst, s.dst_row, s.dst_col);
        if (s0 != d0)
            return false;
        if (s.rows > 1 &&
            byte_at(src, s.src_row + 1, s.src_col) - s0 != byte_at(dst, s.dst_row + 1, s.dst_col) - d0)
            return false;
        return s.cols <= 1 ||
               byte_at(src, s.src_row, s.src_col + 1) - s0 == byte_at(dst, s.dst_row, s.dst_col + 1) - d0;
    };
    const bool same_place =
        (src.data == dst.data && src.layout == dst.layout && dtype_size(src.dtype) == dtype_size(dst.dtype) &&
         !dtype_is_twin(src.dtype) && s.src_row == s.dst_row && s.src_col == s.dst_col) ||
        same_bytes();
    const auto span = [&](const TileView& t, int32_t r0, int32_t c0) {
        const auto first =
            reinterpret_cast<std::uintptr_t>(t.data) + dtype_bytes(t.dtype, t.layout.offset(r0, c0));
        const auto last = reinterpret_cast<std::uintptr_t>(t.data) +
                          dtype_bytes(t.dtype, t.layout.offset(r0 + s.rows - 1, c0 + s.cols - 1) + 1);
        return std::pair{first, last};
    };
    const auto [read0, read1] = span(src, s.src_row, s.src_col);
    const auto [write0, write1] = span(dst, s.dst_row, s.dst_col);
    PTOSIM_CHECK(same_place || read1 <= write0 || write1 <= read0, instr,
                 "the window written must not overlap the window read (unless the move is in place)");
    if (active_backend() == Backend::Simd && simd::tmove(dst, src, s))
        return;
    ref::tmove(dst, src, s);
}

std::vector<uint64_t> quant_words(const TileView& fp, const char* instr) {
    validate::tile(fp, instr, "fp");
    validate::dtype_in(isa::kConvertible, fp.dtype, instr, "fp");
    PTOSIM_CHECK(fp.valid_cols == 0 || fp.valid_rows >= 1, instr,
                 "the fp tile's words are its first valid row", {"fp.validRow", fp.valid_rows});
    std::vector<uint64_t> words(static_cast<std::size_t>(fp.valid_cols));
    for (int32_t i = 0; i < fp.valid_cols; ++i)
        words[static_cast<std::size_t>(i)] =
            prequant::cast_bits(fp.dtype, DType::U64, kernels::load_bits(fp, fp.layout.offset(0, i)));
    return words;
}

}  // namespace ptosim::ops
