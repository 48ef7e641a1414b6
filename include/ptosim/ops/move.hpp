// Moves between tiles of any type and layout (TMOV, TEXTRACT, TINSERT and their ReLU / quantising forms,
// docs/isa/TMOV.md): a window of the source is copied element by element to a window of the same shape in the
// destination, each element converted by the pre-quant rules (ptosim/core/pre_quant.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ptosim/core/pre_quant.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

struct MoveSpec {
    // The window: rows x cols elements from src(src_row + r, src_col + c) to dst(dst_row + r, dst_col + c).
    int32_t rows = 0, cols = 0;
    int32_t src_row = 0, src_col = 0;
    int32_t dst_row = 0, dst_col = 0;
    prequant::Relu relu = prequant::Relu::None;
    prequant::Mode mode = prequant::Mode::NoQuant;
    // The quantisation words: one scalar for every element, or (when `words` is not empty) one per source
    // column, words[src_col + c].
    uint64_t scalar = 0;
    std::span<const uint64_t> words;
    bool saturate = false;
};

namespace ops {
// Checked entry point; instr names the instruction in errors. The window must lie inside src's valid region,
// and inside dst's valid region (dst_bounded_by_valid: TINSERT) or physical shape (TMOV, whose window is
// src's valid region); element types must be convertible; dst must not overlap src unless the two are the
// same tile and the window does not move. Elements of dst outside the window are not touched.
void tmove(const char* instr, const TileView& dst, const TileView& src, const MoveSpec& spec,
           bool dst_bounded_by_valid = false);
// The quantisation words of an fp tile: element (0, i) for i < its valid columns, each converted to uint64_t
// as static_cast does (a uint64_t tile gives its values).
std::vector<uint64_t> quant_words(const TileView& fp, const char* instr);
}  // namespace ops

namespace ref {
// Element by element through both layouts; operands must already be valid.
void tmove(const TileView& dst, const TileView& src, const MoveSpec& spec);
}  // namespace ref

namespace simd {
// Piece by piece (runs contiguous or strided on both sides); false when the spec needs the reference kernel
// (ReLU, quantisation, or a conversion without a fast kernel).
bool tmove(const TileView& dst, const TileView& src, const MoveSpec& spec);
}  // namespace simd

}  // namespace ptosim
