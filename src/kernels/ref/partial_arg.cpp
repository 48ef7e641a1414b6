// Reference TPARTARGMAX / TPARTARGMIN: on the common region a comparison per element picks src0's or src1's
// value and index; the rest of dst's valid region is the larger source's.
#include <cstdint>
#include <cstring>

#include "ptosim/core/float16.hpp"
#include "ptosim/ops/partial_arg.hpp"

namespace ptosim::ref {

namespace {

// Whether element pair (a = src0, b = src1) takes src1's value: b strictly beyond a, or (A2A3) unordered.
template <typename T>
bool takes_src1(ops::ArgPick pick, ops::Unordered unordered, T a, T b) {
    const float x = static_cast<float>(a), y = static_cast<float>(b);  // exact for half
    const bool beyond = pick == ops::ArgPick::Max ? y > x : y < x;
    return beyond || (unordered == ops::Unordered::Src1 && (x != x || y != y));
}

template <typename T, typename I>
void run(ops::ArgPick pick, ops::Unordered unordered, int big, const TileView& dv, const TileView& di,
         const TileView& s0v, const TileView& s1v, const TileView& s0i, const TileView& s1i) {
    const TileView& bv = big == 0 ? s0v : s1v;
    const TileView& bi = big == 0 ? s0i : s1i;
    const TileView& small = big == 0 ? s1v : s0v;
    const int32_t common_rows = small.valid_cols == 0 ? 0 : small.valid_rows;
    const int32_t common_cols = small.valid_rows == 0 ? 0 : small.valid_cols;
    for (int32_t r = 0; r < dv.valid_rows; ++r) {
        T* out_v = dv.row<T>(r);
        I* out_i = di.row<I>(r);
        int32_t c = 0;
        if (r < common_rows) {
            const T* a = s0v.row<T>(r);
            const T* b = s1v.row<T>(r);
            const I* ai = s0i.row<I>(r);
            const I* bi_row = s1i.row<I>(r);
            for (; c < common_cols; ++c) {
                const bool one = takes_src1(pick, unordered, a[c], b[c]);
                const T v = one ? b[c] : a[c];
                const I i = one ? bi_row[c] : ai[c];
                out_v[c] = v;
                out_i[c] = i;
            }
        }
        const auto rest = static_cast<std::size_t>(dv.valid_cols - c);
        if (rest > 0 && out_v + c != bv.row<T>(r) + c)
            std::memcpy(out_v + c, bv.row<T>(r) + c, rest * sizeof(T));
        if (rest > 0 && out_i + c != bi.row<I>(r) + c)
            std::memcpy(out_i + c, bi.row<I>(r) + c, rest * sizeof(I));
    }
}

template <typename T>
void run_value(ops::ArgPick pick, ops::Unordered unordered, int big, const TileView& dv, const TileView& di,
               const TileView& s0v, const TileView& s1v, const TileView& s0i, const TileView& s1i) {
    if (di.elem_size() == 2)
        run<T, uint16_t>(pick, unordered, big, dv, di, s0v, s1v, s0i, s1i);
    else
        run<T, uint32_t>(pick, unordered, big, dv, di, s0v, s1v, s0i, s1i);
}

}  // namespace

void tpartarg(ops::ArgPick pick, ops::Unordered unordered, int big, const TileView& dst_val,
              const TileView& dst_idx, const TileView& src0_val, const TileView& src1_val,
              const TileView& src0_idx, const TileView& src1_idx) {
    if (dst_val.dtype == DType::F16)
        run_value<float16>(pick, unordered, big, dst_val, dst_idx, src0_val, src1_val, src0_idx, src1_idx);
    else
        run_value<float>(pick, unordered, big, dst_val, dst_idx, src0_val, src1_val, src0_idx, src1_idx);
}

}  // namespace ptosim::ref
