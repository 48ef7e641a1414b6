// Reference TMOV / TEXTRACT / TINSERT: element by element over the window, each element read and written
// through its tile's layout and converted by the one pre-quant rule (ptosim::prequant::convert_element).
#include "ptosim/ops/move.hpp"
#include "../common/element_bits.hpp"

namespace ptosim::ref {

void tmove(const TileView& dst, const TileView& src, const MoveSpec& s) {
    for (int32_t r = 0; r < s.rows; ++r) {
        for (int32_t c = 0; c < s.cols; ++c) {
            const uint64_t q = s.words.empty() ? s.scalar : s.words[static_cast<std::size_t>(s.src_col + c)];
            const uint64_t x = kernels::load_bits(src, src.layout.offset(s.src_row + r, s.src_col + c));
            const uint64_t y =
                prequant::convert_element(src.dtype, dst.dtype, x, s.mode, q, s.relu, s.saturate);
            kernels::store_bits(dst, dst.layout.offset(s.dst_row + r, s.dst_col + c), y);
        }
    }
}

}  // namespace ptosim::ref
