// Checked TFILLPAD, TCONCAT, TTRANS and the storage checks of TRESHAPE / TSUBVIEW.
#include "ptosim/ops/rearrange.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../kernels/common/element_bits.hpp"
#include "../kernels/common/pad.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/ops/move.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

// The element types of TFILLPAD and TTRANS: one, two or four bytes, one element per byte or more.
void byte_sized(const TileView& t, const char* instr, const char* operand) {
    PTOSIM_CHECK(!dtype_is_twin(t.dtype) && (t.elem_size() == 1 || t.elem_size() == 2 || t.elem_size() == 4),
                 instr, "element type must be 1, 2 or 4 bytes wide", {"operand", operand},
                 {"dtype", dtype_cpp_name(t.dtype)});
}
// TFILLPAD also pads the cube buffer's 4-bit tiles (the MX operands, two elements a byte).
void fill_sized(const TileView& t, const char* instr, const char* operand) {
    if (!dtype_is_twin(t.dtype))
        byte_sized(t, instr, operand);
}

// Bytes from t.data to the end of element (r, c) (offsets grow with the row and the column in every layout).
std::size_t end_of(const TileView& t, int32_t r, int32_t c) {
    return dtype_bytes(t.dtype, t.layout.offset(r, c) + 1);
}

// [first, last) addresses of the block [0, rows) x [0, cols) of t.
std::pair<std::uintptr_t, std::uintptr_t> block(const TileView& t, int32_t rows, int32_t cols) {
    const auto base = reinterpret_cast<std::uintptr_t>(t.data);
    return {base, base + end_of(t, rows - 1, cols - 1)};
}

// rows x cols elements from src(row, 0) to dst(row, dst_col).
MoveSpec window(int32_t rows, int32_t cols, int32_t row, int32_t dst_col) {
    MoveSpec m;
    m.rows = rows;
    m.cols = cols;
    m.src_row = m.dst_row = row;
    m.dst_col = dst_col;
    return m;
}

bool apart(std::pair<std::uintptr_t, std::uintptr_t> a, std::pair<std::uintptr_t, std::uintptr_t> b) {
    return a.second <= b.first || b.second <= a.first;
}

}  // namespace

uint64_t pad_bits(DType t, Pad pad) {
    std::byte bytes[8];
    kernels::pad_value_bytes(t, pad, bytes);
    uint64_t bits = 0;
    std::memcpy(&bits, bytes, dtype_size(t));
    return bits;
}

void tfillpad(const char* instr, const TileView& dst, const TileView& src, const FillPadSpec& s) {
    hazards::Scope hz(instr, hazards::fill_pipe(dst.data));
    hz.write(dst);
    hz.read(src);
    validate::tile(dst, instr, "dst");
    validate::tile(src, instr, "src");
    fill_sized(dst, instr, "dst");
    PTOSIM_CHECK(src.elem_size() == dst.elem_size() && dtype_is_twin(src.dtype) == dtype_is_twin(dst.dtype),
                 instr, "src and dst elements must have the same size",
                 {"src.dtype", dtype_cpp_name(src.dtype)}, {"dst.dtype", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(s.keep_rows >= 0 && s.keep_cols >= 0 && s.keep_rows <= s.fill_rows &&
                     s.keep_cols <= s.fill_cols && s.fill_rows <= dst.rows() && s.fill_cols <= dst.cols(),
                 instr, "the kept and padded regions must fit dst's shape", {"keep.rows", s.keep_rows},
                 {"keep.cols", s.keep_cols}, {"fill.rows", s.fill_rows}, {"fill.cols", s.fill_cols},
                 {"dst.Rows", dst.rows()}, {"dst.Cols", dst.cols()});
    if (s.fill_rows == 0 || s.fill_cols == 0)
        return;
    const std::size_t end = end_of(dst, s.fill_rows - 1, s.fill_cols - 1);
    PTOSIM_CHECK(end <= dst.capacity, instr, "the padded region reaches past the end of dst's buffer",
                 {"region_end_byte", end}, {"buffer_bytes_left", dst.capacity});
    if (s.copy && s.keep_rows > 0 && s.keep_cols > 0) {
        PTOSIM_CHECK(s.keep_rows <= src.valid_rows && s.keep_cols <= src.valid_cols, instr,
                     "the copied block must lie inside src's valid region", {"rows", s.keep_rows},
                     {"cols", s.keep_cols}, {"src.validRow", src.valid_rows},
                     {"src.validCol", src.valid_cols});
        const bool in_place = src.data == dst.data && src.layout == dst.layout;
        PTOSIM_CHECK(
            in_place || apart(block(src, s.keep_rows, s.keep_cols), block(dst, s.fill_rows, s.fill_cols)),
            instr, "dst must be src itself or not overlap it");
    }
    if (active_backend() == Backend::Simd && !dtype_is_twin(dst.dtype) && simd::tfillpad(dst, src, s))
        return;
    ref::tfillpad(dst, src, s);
}

void tconcat(const TileView& dst, const TileView& src0, const TileView& src1) {
    hazards::Scope hz("TCONCAT", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src0);
    hz.read(src1);
    constexpr const char* kInstr = "TCONCAT";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src0, kInstr, "src0");
    validate::tile(src1, kInstr, "src1");
    PTOSIM_CHECK(src0.valid_rows == dst.valid_rows && src1.valid_rows == dst.valid_rows, kInstr,
                 "src0, src1 and dst must have the same valid rows", {"dst.validRow", dst.valid_rows},
                 {"src0.validRow", src0.valid_rows}, {"src1.validRow", src1.valid_rows});
    PTOSIM_CHECK(src0.valid_cols + src1.valid_cols == dst.valid_cols, kInstr,
                 "dst's valid columns must be src0's plus src1's", {"dst.validCol", dst.valid_cols},
                 {"src0.validCol", src0.valid_cols}, {"src1.validCol", src1.valid_cols});
    PTOSIM_CHECK(src0.dtype == dst.dtype && src1.dtype == dst.dtype, kInstr,
                 "src0, src1 and dst must have the same element type");
    const MoveSpec first = window(dst.valid_rows, src0.valid_cols, 0, 0);
    const MoveSpec second = window(dst.valid_rows, src1.valid_cols, 0, src0.valid_cols);
    // Both windows are checked before either is written.
    const auto dst_part = [&](const MoveSpec& m) {
        const auto base = reinterpret_cast<std::uintptr_t>(dst.data);
        return std::pair{base + dtype_bytes(dst.dtype, dst.layout.offset(0, m.dst_col)),
                         base + end_of(dst, m.rows - 1, m.dst_col + m.cols - 1)};
    };
    if (dst.valid_rows > 0 && src0.valid_cols > 0 && src1.valid_cols > 0) {
        PTOSIM_CHECK(apart(block(src0, dst.valid_rows, src0.valid_cols), dst_part(second)), kInstr,
                     "dst must not overlap src0");
        PTOSIM_CHECK(apart(block(src1, dst.valid_rows, src1.valid_cols), dst_part(first)), kInstr,
                     "dst must not overlap src1");
    }
    tmove(kInstr, dst, src0, first, true);
    tmove(kInstr, dst, src1, second, true);
}

void tconcat(const TileView& dst, const TileView& src0, const TileView& src1, const ConcatCounts& idx) {
    hazards::Scope hz("TCONCAT", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src0);
    hz.read(src1);
    constexpr const char* kInstr = "TCONCAT";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src0, kInstr, "src0");
    validate::tile(src1, kInstr, "src1");
    validate::tile(idx.src0_idx, kInstr, "src0Idx");
    validate::tile(idx.src1_idx, kInstr, "src1Idx");
    validate::dtype_in(isa::kInt8To32, idx.src0_idx.dtype, kInstr, "src0Idx");
    PTOSIM_CHECK(idx.src1_idx.dtype == idx.src0_idx.dtype, kInstr,
                 "src0Idx and src1Idx must have the same type");
    PTOSIM_CHECK(src0.dtype == dst.dtype && src1.dtype == dst.dtype, kInstr,
                 "src0, src1 and dst must have the same element type");
    PTOSIM_CHECK(src0.valid_rows == dst.valid_rows && src1.valid_rows == dst.valid_rows, kInstr,
                 "src0, src1 and dst must have the same valid rows", {"dst.validRow", dst.valid_rows},
                 {"src0.validRow", src0.valid_rows}, {"src1.validRow", src1.valid_rows});
    const int32_t rows = dst.valid_rows;
    const auto idx_rows_ok = [&](const TileView& t) {
        return t.valid_rows >= rows && (rows == 0 || t.valid_cols >= 1);
    };
    PTOSIM_CHECK(idx_rows_ok(idx.src0_idx) && idx_rows_ok(idx.src1_idx), kInstr,
                 "the index tiles need column 0 of every valid row of dst", {"dst.validRow", rows},
                 {"src0Idx.validRow", idx.src0_idx.valid_rows},
                 {"src1Idx.validRow", idx.src1_idx.valid_rows});
    if (idx.dst_idx != nullptr) {
        validate::tile(*idx.dst_idx, kInstr, "dstIdx");
        PTOSIM_CHECK(idx.dst_idx->dtype == idx.src0_idx.dtype, kInstr,
                     "dstIdx and src0Idx must have the same type");
        PTOSIM_CHECK(idx_rows_ok(*idx.dst_idx), kInstr,
                     "the index tiles need column 0 of every valid row of dst", {"dst.validRow", rows},
                     {"dstIdx.validRow", idx.dst_idx->valid_rows});
    }
    const uint64_t size = idx.src0_idx.elem_size();
    std::vector<int32_t> n0(static_cast<std::size_t>(rows)), n1(n0.size());
    std::vector<uint64_t> sums(n0.size());
    for (int32_t r = 0; r < rows; ++r) {
        const uint64_t b0 = kernels::load_bits(idx.src0_idx, idx.src0_idx.layout.offset(r, 0));
        const uint64_t b1 = kernels::load_bits(idx.src1_idx, idx.src1_idx.layout.offset(r, 0));
        const auto c0 = static_cast<int32_t>(std::min<uint64_t>(b0 / size, dst.valid_cols));
        const auto c1 = static_cast<int32_t>(std::min<uint64_t>(b1 / size, dst.valid_cols - c0));
        PTOSIM_CHECK(c0 <= src0.valid_cols && c1 <= src1.valid_cols, kInstr,
                     "a row's counts must lie inside src0's and src1's valid columns", {"row", r}, {"n0", c0},
                     {"n1", c1}, {"src0.validCol", src0.valid_cols}, {"src1.validCol", src1.valid_cols});
        n0[static_cast<std::size_t>(r)] = c0;
        n1[static_cast<std::size_t>(r)] = c1;
        sums[static_cast<std::size_t>(r)] = b0 + b1;
    }
    if (rows > 0) {
        const auto dst_all = block(dst, rows, dst.valid_cols);
        PTOSIM_CHECK(apart(block(src0, rows, src0.valid_cols), dst_all) &&
                         apart(block(src1, rows, src1.valid_cols), dst_all),
                     kInstr, "dst must not overlap src0 or src1");
        if (idx.dst_idx != nullptr) {
            const auto out = block(*idx.dst_idx, rows, 1);
            PTOSIM_CHECK(apart(out, dst_all) && apart(out, block(src0, rows, src0.valid_cols)) &&
                             apart(out, block(src1, rows, src1.valid_cols)),
                         kInstr, "dstIdx must not overlap dst, src0 or src1");
        }
    }
    for (int32_t r = 0; r < rows; ++r) {
        const auto i = static_cast<std::size_t>(r);
        tmove(kInstr, dst, src0, window(1, n0[i], r, 0), true);
        tmove(kInstr, dst, src1, window(1, n1[i], r, n0[i]), true);
        if (idx.dst_idx != nullptr)
            kernels::store_bits(*idx.dst_idx, idx.dst_idx->layout.offset(r, 0), sums[i]);
    }
}

void ttrans(const TileView& dst, const TileView& src) {
    hazards::Scope hz("TTRANS", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    constexpr const char* kInstr = "TTRANS";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    byte_sized(src, kInstr, "src");
    PTOSIM_CHECK(src.elem_size() == dst.elem_size() && !dtype_is_twin(dst.dtype), kInstr,
                 "src and dst elements must have the same size", {"src.dtype", dtype_cpp_name(src.dtype)},
                 {"dst.dtype", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(src.valid_cols <= dst.rows() && src.valid_rows <= dst.cols(), kInstr,
                 "dst's shape must hold the transposed valid region of src", {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols}, {"dst.Rows", dst.rows()}, {"dst.Cols", dst.cols()});
    if (src.valid_rows == 0 || src.valid_cols == 0)
        return;
    const std::size_t end = end_of(dst, src.valid_cols - 1, src.valid_rows - 1);
    PTOSIM_CHECK(end <= dst.capacity, kInstr, "the transposed region reaches past the end of dst's buffer",
                 {"region_end_byte", end}, {"buffer_bytes_left", dst.capacity});
    PTOSIM_CHECK(
        apart(block(src, src.valid_rows, src.valid_cols), block(dst, src.valid_cols, src.valid_rows)), kInstr,
        "dst must not overlap src");
    if (active_backend() == Backend::Simd && simd::ttrans(dst, src))
        return;
    ref::ttrans(dst, src);
}

std::size_t alias_view(const char* instr, const TileView& dst, const TileView& src, std::size_t offset) {
    PTOSIM_CHECK(src.data != nullptr, instr, "src has no storage");
    PTOSIM_CHECK(offset <= src.capacity, instr, "the view starts past the end of src's buffer",
                 {"offset_bytes", offset}, {"buffer_bytes", src.capacity});
    const std::size_t left = src.capacity - offset;
    PTOSIM_CHECK(dst.valid_bytes() <= left, instr, "dst's valid region reaches past the end of src's buffer",
                 {"offset_bytes", offset}, {"valid_bytes", dst.valid_bytes()}, {"buffer_bytes_left", left});
    return left;
}

}  // namespace ptosim::ops
