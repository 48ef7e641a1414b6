// Fast THISTOGRAM. Per source row:
//  - the selected byte is read with a byte load at its offset in the element (no shift or mask per element);
//  - a filter (the bytes above the counted one must equal the idx prefix) is evaluated 64 elements at a time
//    with vector compares into a 64-bit pass mask; sparse masks are walked bit by bit, dense ones are counted
//    branch-free, so rows where few elements pass cost little more than the compares;
//  - short rows count into one table, long unfiltered rows into four interleaved tables (breaking the
//    store-to-load dependency when neighbouring elements share a bin);
//  - the 256-bin inclusive scan runs as eight independent chains plus a vector fix-up.
// Results are bit-identical to ref::thistogram (tests/kernels/histogram_test.cpp runs both).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/histogram.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <bit>
#include <cstdint>
#include <cstring>

#include "ptosim/ops/histogram.hpp"

static_assert(std::endian::native == std::endian::little,
              "simd THISTOGRAM: reads the counted byte at its little-endian offset in the element");

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Bit i of the result is set when element i of p[0..63] satisfies (x >> shift) == want.
template <typename T>
HWY_INLINE uint64_t PassMask64(const T* HWY_RESTRICT p, int shift, T want) {
    const hn::ScalableTag<T> d;
    constexpr size_t kMaxLanes = 64;
    const size_t n = hn::Lanes(d);
    const auto vwant = hn::Set(d, want);
    // One pass: compare and collect the mask bits (a movemask per vector costs about what an "any lane set?"
    // pre-test would, and dense filters then pay for the compares once).
    uint64_t mask = 0;
    for (size_t i = 0; i < kMaxLanes; i += n) {
        const auto m = hn::Eq(hn::ShiftRightSame(hn::LoadU(d, p + i), shift), vwant);
        uint8_t bits[8] = {};
        hn::StoreMaskBits(d, m, bits);
        uint64_t b;
        std::memcpy(&b, bits, sizeof(b));
        if (n < 64)
            b &= (uint64_t{1} << n) - 1;
        mask |= b << i;
    }
    return mask;
}

// Count byte `offset` of each element that passes; Elem is the element width in bytes.
template <typename T>
void CountFiltered(const T* HWY_RESTRICT row, int32_t n, int offset, int shift, T want,
                   uint32_t* HWY_RESTRICT counts) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(row);
    int32_t c = 0;
    for (; c + 64 <= n; c += 64) {
        uint64_t m = PassMask64(row + c, shift, want);
        if (m == 0)
            continue;
        const uint8_t* b = bytes + static_cast<size_t>(c) * sizeof(T) + offset;
        if (m == ~uint64_t{0}) {
            for (int i = 0; i < 64; ++i)
                ++counts[b[i * sizeof(T)]];
        } else if (std::popcount(m) >= 40) {
            for (int i = 0; i < 64; ++i)
                counts[b[i * sizeof(T)]] += static_cast<uint32_t>((m >> i) & 1u);
        } else {
            do {
                const int i = std::countr_zero(m);
                ++counts[b[i * sizeof(T)]];
                m &= m - 1;
            } while (m != 0);
        }
    }
    for (; c < n; ++c) {
        if (static_cast<T>(row[c] >> shift) == want)
            ++counts[bytes[static_cast<size_t>(c) * sizeof(T) + offset]];
    }
}

template <typename T>
void CountAll(const T* HWY_RESTRICT row, int32_t n, int offset, uint32_t* HWY_RESTRICT counts) {
    const uint8_t* b = reinterpret_cast<const uint8_t*>(row) + offset;
    constexpr size_t s = sizeof(T);
    if (n < 2048) {
        for (int32_t c = 0; c < n; ++c)
            ++counts[b[c * s]];
        return;
    }
    // Four tables: consecutive elements falling into the same bin no longer wait on each other's store.
    alignas(64) uint32_t t[3][256] = {};
    int32_t c = 0;
    for (; c + 4 <= n; c += 4) {
        ++counts[b[c * s]];
        ++t[0][b[(c + 1) * s]];
        ++t[1][b[(c + 2) * s]];
        ++t[2][b[(c + 3) * s]];
    }
    for (; c < n; ++c)
        ++counts[b[c * s]];
    for (int k = 0; k < 256; ++k)
        counts[k] += t[0][k] + t[1][k] + t[2][k];
}

// Inclusive prefix sums of 256 counts. A plain loop is one 256-long dependency chain (~170 ns here); instead,
// four independent chains each scan 64 bins four lanes at a time (in-register scan plus a broadcast carry),
// and the last three quarters then get the totals of the quarters before them.
HWY_INLINE void InclusiveScan256(const uint32_t* HWY_RESTRICT counts, uint32_t* HWY_RESTRICT out) {
#if HWY_TARGET == HWY_SCALAR
    uint32_t acc = 0;
    for (int k = 0; k < 256; ++k)
        out[k] = acc += counts[k];
#else
    const hn::FixedTag<uint32_t, 4> d;
    using V = hn::Vec<decltype(d)>;
    // Scan four lanes in register and add the running carry; the carry becomes the last lane.
    const auto step = [&](const uint32_t* in, uint32_t* o, V carry) HWY_ATTR {
        V x = hn::LoadU(d, in);
        x = hn::Add(x, hn::ShiftLeftLanes<1>(d, x));
        x = hn::Add(x, hn::ShiftLeftLanes<2>(d, x));
        x = hn::Add(x, carry);
        hn::StoreU(x, d, o);
        return hn::Broadcast<3>(x);
    };
    V c0 = hn::Zero(d), c1 = hn::Zero(d), c2 = hn::Zero(d), c3 = hn::Zero(d);
    for (int j = 0; j < 64; j += 4) {
        c0 = step(counts + j, out + j, c0);
        c1 = step(counts + 64 + j, out + 64 + j, c1);
        c2 = step(counts + 128 + j, out + 128 + j, c2);
        c3 = step(counts + 192 + j, out + 192 + j, c3);
    }
    const V off1 = c0, off2 = hn::Add(off1, c1), off3 = hn::Add(off2, c2);
    for (int j = 0; j < 64; j += 4) {
        hn::StoreU(hn::Add(hn::LoadU(d, out + 64 + j), off1), d, out + 64 + j);
        hn::StoreU(hn::Add(hn::LoadU(d, out + 128 + j), off2), d, out + 128 + j);
        hn::StoreU(hn::Add(hn::LoadU(d, out + 192 + j), off3), d, out + 192 + j);
    }
#endif
}

template <typename D>
void StoreRow(const uint32_t* HWY_RESTRICT cum, D* HWY_RESTRICT out) {
    for (int k = 0; k < 256; ++k)
        out[k] = static_cast<D>(cum[k]);
}

void HistogramRows(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte) {
    const int k = static_cast<int>(byte);
    alignas(64) uint32_t counts[256];
    alignas(64) uint32_t cum[256];
    // The filter compares the bits above byte k with the idx prefix; u16 BYTE_0 takes its prefix per row.
    const bool u16 = src.dtype == DType::U16;
    const bool filtered = u16 ? k == 0 : k < 3;
    uint32_t global_want = 0;
    if (!u16) {
        for (int j = 3; j > k; --j) {
            global_want = (global_want << 8) | *reinterpret_cast<const uint8_t*>(idx.at(3 - j, 0));
        }
    }
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        std::memset(counts, 0, sizeof(counts));
        if (u16) {
            const uint16_t* row = src.row<uint16_t>(r);
            if (filtered) {
                const auto want = static_cast<uint16_t>(*reinterpret_cast<const uint8_t*>(idx.at(r, 0)));
                CountFiltered<uint16_t>(row, src.valid_cols, 0, 8, want, counts);
            } else {
                CountAll<uint16_t>(row, src.valid_cols, 1, counts);
            }
        } else {
            const uint32_t* row = src.row<uint32_t>(r);
            if (filtered) {
                CountFiltered<uint32_t>(row, src.valid_cols, k, 8 * (k + 1), global_want, counts);
            } else {
                CountAll<uint32_t>(row, src.valid_cols, 3, counts);
            }
        }
        switch (dst.dtype) {
            case DType::U32:
                InclusiveScan256(counts, dst.row<uint32_t>(r));
                break;
            case DType::U8:
                InclusiveScan256(counts, cum);
                StoreRow(cum, dst.row<uint8_t>(r));
                break;
            case DType::U16:
                InclusiveScan256(counts, cum);
                StoreRow(cum, dst.row<uint16_t>(r));
                break;
            default:
                InclusiveScan256(counts, cum);
                StoreRow(cum, dst.row<uint64_t>(r));
                break;
        }
    }
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(HistogramRows);

void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte) {
    HWY_DYNAMIC_DISPATCH(HistogramRows)(dst, src, idx, byte);
}
}  // namespace ptosim::simd
#endif
