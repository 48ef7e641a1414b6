// Reference TCMP / TCMPS: zero the destination tile, then set bit (c mod W) of word floor(c / W) of row r
// when src0[r, c] <mode> rhs holds.
#include <cstring>
#include <type_traits>

#include "../common/compare_scalar.hpp"
#include "ptosim/ops/compare.hpp"

namespace ptosim::ref {

namespace {

// rhs(r, c) is the right-hand operand of element (r, c).
template <typename Word, typename T, typename Rhs>
void pack_rows(const TileView& dst, const TileView& src0, CmpMode mode, Rhs rhs) {
    constexpr int32_t w = 8 * sizeof(Word);
    std::memset(dst.data, 0, dst.bytes());
    for (int32_t r = 0; r < src0.valid_rows; ++r) {
        const T* a = src0.row<T>(r);
        Word* words = dst.row<Word>(r);
        for (int32_t c = 0; c < src0.valid_cols; ++c) {
            if (kernels::compare_holds(a[c], rhs(r, c), mode))
                words[c / w] |= static_cast<Word>(Word{1} << (c % w));
        }
    }
}

template <typename T, typename Rhs>
void compare(const TileView& dst, const TileView& src0, CmpMode mode, Rhs rhs) {
    if (dst.dtype == DType::U8)
        pack_rows<uint8_t, T>(dst, src0, mode, rhs);
    else
        pack_rows<uint32_t, T>(dst, src0, mode, rhs);
}

}  // namespace

void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode) {
    visit_dtype(src0.dtype, [&](auto zero) {
        using T = decltype(zero);
        compare<T>(dst, src0, mode, [&](int32_t r, int32_t c) { return src1.row<T>(r)[c]; });
    });
}

void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode) {
    visit_dtype(src0.dtype, [&](auto zero) {
        using T = decltype(zero);
        const T rhs = scalar_from_bits<T>(scalar);
        compare<T>(dst, src0, mode, [rhs](int32_t, int32_t) { return rhs; });
    });
}

}  // namespace ptosim::ref
