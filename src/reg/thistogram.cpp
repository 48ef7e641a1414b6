// THISTOGRAM through the register layer: every step is an AscendC::Reg operation on 256-byte registers, in
// the shape of the A5 implementation (pto-isa include/pto/npu/a5/THistogram.hpp). Per source row:
//
//   for each chunk of 256 elements (the tail masked with UpdateMask):
//     byte extraction   LoadAlign DIST_DINTLV_B8 splits the chunk's bytes (u16: low/high byte registers;
//                       u32: two loads and two DeInterleave give one register per byte 0..3)
//     filter            Compare EQ of each higher byte against its idx byte (LoadAlign DIST_BRC_B8),
//                       And-ed into the chunk mask
//     count             cumulative byte histogram into uint16_t counters, BIN0 (values 0..127) and BIN1
//                       (128..255): one chunk adds at most 256, so the counters cannot wrap
//     widen             Cast uint16_t -> uint32_t, even and odd counters (RegLayout ZERO / ONE), Add into
//                       uint32_t accumulators, Duplicate 0 into the uint16_t counters for the next chunk
//   store               uint32_t: StoreAlign DIST_INTLV_B32 re-interleaves even and odd counters (as the A5);
//                       other destination types: Interleave to bin order, then Cast (NO_SAT) and DeInterleave
//                       to narrow (u8, u16), or an interleaving store with a zero register (u64)
//
// Chistv2 ACCUMULATE counts "value <= bin", across both halves, so the counters are already THISTOGRAM's
// inclusive prefix sums. The accumulators are exact (a UB row holds far fewer than 2^32 elements); the narrow
// destinations keep them modulo 2^bits, as the reference does.
#include "ptosim/reg/thistogram.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
#include "ptosim/core/check.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/reg/histogram.hpp"

namespace ptosim::reg {

namespace {

namespace Reg = AscendC::Reg;
using Reg::MaskReg;
using Reg::RegTensor;

// Byte k of an element is the byte at address offset k (as on the A5); byte extraction by de-interleaving
// relies on it.
static_assert(std::endian::native == std::endian::little, "reg::thistogram assumes a little-endian host");

constexpr const char* kInstr = "THISTOGRAM (register implementation)";
constexpr uint32_t kChunk = ptosim::reg::kVL;  // elements per chunk: one register of their selected bytes

constexpr Reg::CastTrait kWidenEven = {Reg::RegLayout::ZERO, Reg::SatMode::UNKNOWN,
                                       Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::UNKNOWN};
constexpr Reg::CastTrait kWidenOdd = {Reg::RegLayout::ONE, Reg::SatMode::UNKNOWN, Reg::MaskMergeMode::ZEROING,
                                      AscendC::RoundMode::UNKNOWN};
constexpr Reg::CastTrait kNarrowLowBits = {Reg::RegLayout::ZERO, Reg::SatMode::NO_SAT,
                                           Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::UNKNOWN};

// chistv2: Reg::Histograms<uint8_t, uint16_t, bin, HistogramsType::ACCUMULATE>. It goes to the semantics core
// that Reg::Histograms calls, because THISTOGRAM is also a KIRIN9030 instruction while Reg::Histograms
// compiles under the A5 profile only; the arithmetic is the same function either way.
template <Reg::HistogramsBinType bin>
__simd_callee__ inline void CumulativeHistogram(RegTensor<uint16_t>& dst, RegTensor<uint8_t>& src,
                                                MaskReg& mask) {
    histogram_u8(dst.elems, src.elems, mask, bin == Reg::HistogramsBinType::BIN1, /*cumulative=*/true);
}

// The counting state of one row. Half h covers byte values 128h .. 128h + 127; even[h][i] and odd[h][i] hold
// the counts of bins 128h + 2i and 128h + 2i + 1.
struct Bins {
    RegTensor<uint16_t> chunk[2];  // this chunk's counters (zero between chunks)
    RegTensor<uint32_t> even[2];
    RegTensor<uint32_t> odd[2];
};

__simd_callee__ inline void ClearBins(Bins& b) {
    for (int h = 0; h < 2; ++h) {
        Reg::Duplicate(b.chunk[h], uint16_t{0});
        Reg::Duplicate(b.even[h], uint32_t{0});
        Reg::Duplicate(b.odd[h], uint32_t{0});
    }
}

// Counts the selected lanes of `bytes` into the accumulators: the A5's histogram_b8i_b32o.
__simd_callee__ inline void CountChunk(Bins& b, RegTensor<uint8_t>& bytes, MaskReg& selected) {
    MaskReg allB16 = Reg::CreateMask<uint16_t>();
    MaskReg allB32 = Reg::CreateMask<uint32_t>();
    CumulativeHistogram<Reg::HistogramsBinType::BIN0>(b.chunk[0], bytes, selected);
    CumulativeHistogram<Reg::HistogramsBinType::BIN1>(b.chunk[1], bytes, selected);
    RegTensor<uint32_t> wide;
    for (int h = 0; h < 2; ++h) {
        Reg::Cast<uint32_t, uint16_t, kWidenEven>(wide, b.chunk[h], allB16);
        Reg::Add(b.even[h], b.even[h], wide, allB32);
        Reg::Cast<uint32_t, uint16_t, kWidenOdd>(wide, b.chunk[h], allB16);
        Reg::Add(b.odd[h], b.odd[h], wide, allB32);
        Reg::Duplicate(b.chunk[h], uint16_t{0});
    }
}

// Writes the 256 counters of a row to out[0 .. 255], as DstT.
template <typename DstT>
__simd_callee__ inline void StoreBins(__ubuf__ DstT* out, Bins& b) {
    MaskReg allB32 = Reg::CreateMask<uint32_t>();
    if constexpr (std::is_same_v<DstT, uint32_t>) {
        Reg::StoreAlign<uint32_t, Reg::StoreDist::DIST_INTLV_B32>(out, b.even[0], b.odd[0], allB32);
        Reg::StoreAlign<uint32_t, Reg::StoreDist::DIST_INTLV_B32>(out + 128, b.even[1], b.odd[1], allB32);
    } else {
        RegTensor<uint32_t> q[4];  // q[k] = bins 64k .. 64k + 63, in order
        Reg::Interleave(q[0], q[1], b.even[0], b.odd[0]);
        Reg::Interleave(q[2], q[3], b.even[1], b.odd[1]);
        if constexpr (std::is_same_v<DstT, uint64_t>) {
            // A little-endian uint64_t count is the uint32_t pair (count, 0).
            RegTensor<uint32_t> zero;
            Reg::Duplicate(zero, uint32_t{0});
            auto* out32 = reinterpret_cast<__ubuf__ uint32_t*>(out);
            for (uint32_t k = 0; k < 4; ++k)
                Reg::StoreAlign<uint32_t, Reg::StoreDist::DIST_INTLV_B32>(out32 + 128 * k, q[k], zero,
                                                                          allB32);
        } else if constexpr (std::is_same_v<DstT, uint16_t>) {
            // Narrowing leaves each count in the even uint16_t lane (odd lanes 0); de-interleaving two such
            // registers gathers the even lanes: 128 counts in order.
            RegTensor<uint16_t> n[4], counts, spare;
            for (uint32_t k = 0; k < 4; ++k)
                Reg::Cast<uint16_t, uint32_t, kNarrowLowBits>(n[k], q[k], allB32);
            MaskReg allB16 = Reg::CreateMask<uint16_t>();
            Reg::DeInterleave(counts, spare, n[0], n[1]);
            Reg::StoreAlign(out, counts, allB16);
            Reg::DeInterleave(counts, spare, n[2], n[3]);
            Reg::StoreAlign(out + 128, counts, allB16);
        } else {
            static_assert(std::is_same_v<DstT, uint8_t>);
            // Each count lands in lane 4j of its uint8_t register; two rounds of de-interleaving gather them.
            RegTensor<uint8_t> n[4], half0, half1, counts, spare;
            for (uint32_t k = 0; k < 4; ++k)
                Reg::Cast<uint8_t, uint32_t, kNarrowLowBits>(n[k], q[k], allB32);
            Reg::DeInterleave(half0, spare, n[0], n[1]);
            Reg::DeInterleave(half1, spare, n[2], n[3]);
            Reg::DeInterleave(counts, spare, half0, half1);
            MaskReg allB8 = Reg::CreateMask<uint8_t>();
            Reg::StoreAlign(out, counts, allB8);
        }
    }
}

// One row of a uint16_t source. BYTE_1 (high byte) is unfiltered; BYTE_0 counts the low byte of the elements
// whose high byte equals *idx.
template <typename DstT, bool kLowByte>
__simd_vf__ inline void HistogramRowU16(__ubuf__ DstT* dst, __ubuf__ uint8_t* src, __ubuf__ uint8_t* idx,
                                        uint32_t validCols) {
    RegTensor<uint8_t> wanted;
    if constexpr (kLowByte)
        Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_BRC_B8>(wanted, idx);
    Bins bins;
    ClearBins(bins);
    uint32_t remaining = validCols;
    const uint32_t chunks = (validCols + kChunk - 1) / kChunk;
    for (uint32_t c = 0; c < chunks; ++c) {
        MaskReg valid = Reg::UpdateMask<uint8_t>(remaining);
        RegTensor<uint8_t> low, high;
        Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_DINTLV_B8>(low, high, src + 2 * kChunk * c);
        if constexpr (kLowByte) {
            MaskReg selected;
            Reg::Compare<uint8_t, AscendC::CMPMODE::EQ>(selected, high, wanted, valid);
            CountChunk(bins, low, selected);
        } else {
            CountChunk(bins, high, valid);
        }
    }
    StoreBins(dst, bins);
}

// One row of a uint32_t source, counting byte kByte of the elements whose higher bytes 3, 2, 1 (those above
// kByte) equal *idx[0], *idx[1], *idx[2].
template <typename DstT, int kByte>
__simd_vf__ inline void HistogramRowU32(__ubuf__ DstT* dst, __ubuf__ uint8_t* src,
                                        __ubuf__ uint8_t* const* idx, uint32_t validCols) {
    RegTensor<uint8_t> wanted[3];  // wanted[i]: the value byte 3 - i must have
    for (int i = 0; i < 3 - kByte; ++i)
        Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_BRC_B8>(wanted[i], idx[i]);
    Bins bins;
    ClearBins(bins);
    uint32_t remaining = validCols;
    const uint32_t chunks = (validCols + kChunk - 1) / kChunk;
    for (uint32_t c = 0; c < chunks; ++c) {
        MaskReg valid = Reg::UpdateMask<uint8_t>(remaining);
        // Even address bytes of elements 0..127 of the chunk are their bytes 0 and 2 in turn, odd ones bytes
        // 1 and 3; de-interleaving the two halves' registers separates the four bytes of all 256 elements.
        RegTensor<uint8_t> even0, odd0, even1, odd1, bytes[4];
        __ubuf__ uint8_t* chunk = src + 4 * kChunk * c;
        Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_DINTLV_B8>(even0, odd0, chunk);
        Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_DINTLV_B8>(even1, odd1, chunk + 2 * kChunk);
        Reg::DeInterleave(bytes[0], bytes[2], even0, even1);
        Reg::DeInterleave(bytes[1], bytes[3], odd0, odd1);
        MaskReg selected = valid;
        for (int j = 3; j > kByte; --j) {
            MaskReg equal;
            Reg::Compare<uint8_t, AscendC::CMPMODE::EQ>(equal, bytes[j], wanted[3 - j], valid);
            Reg::And(selected, selected, equal, valid);
        }
        CountChunk(bins, bytes[kByte], selected);
    }
    StoreBins(dst, bins);
}

// The source's rows as byte pointers: the loads de-interleave bytes.
__ubuf__ uint8_t* src_row(const TileView& src, int32_t r) {
    return reinterpret_cast<__ubuf__ uint8_t*>(src.data) +
           static_cast<std::size_t>(r) * src.cols() * src.elem_size();
}
__ubuf__ uint8_t* idx_byte(const TileView& idx, int32_t r) {
    return reinterpret_cast<__ubuf__ uint8_t*>(idx.at(r, 0));
}

template <typename DstT>
void run_rows(const TileView& dst, const TileView& src, const TileView& idx, int k) {
    const auto cols = static_cast<uint32_t>(src.valid_cols);
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        DstT* out = dst.row<DstT>(r);
        __ubuf__ uint8_t* in = src_row(src, r);
        if (src.dtype == DType::U16) {
            if (k == 0)
                HistogramRowU16<DstT, true>(out, in, idx_byte(idx, r), cols);
            else
                HistogramRowU16<DstT, false>(out, in, nullptr, cols);
            continue;
        }
        // The uint32_t filter bytes are idx[0..2-k, 0], the same for every row.
        __ubuf__ uint8_t* filter[3] = {};
        for (int i = 0; i < 3 - k; ++i)
            filter[i] = idx_byte(idx, i);
        switch (k) {
            case 0:
                HistogramRowU32<DstT, 0>(out, in, filter, cols);
                break;
            case 1:
                HistogramRowU32<DstT, 1>(out, in, filter, cols);
                break;
            case 2:
                HistogramRowU32<DstT, 2>(out, in, filter, cols);
                break;
            default:
                HistogramRowU32<DstT, 3>(out, in, filter, cols);
                break;
        }
    }
}

}  // namespace

void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte) {
    if (src.valid_rows == 0)
        return;
    // Chunks are read whole; outside the simulated UB the bytes after a row's valid columns may not exist.
    PTOSIM_CHECK(
        ub::contains(src.data, 1), kInstr,
        "the source must be in the simulated Unified Buffer (rows are read in whole 256-element chunks)");
    const int k = static_cast<int>(byte);
    switch (dst.dtype) {
        case DType::U8:
            run_rows<uint8_t>(dst, src, idx, k);
            break;
        case DType::U16:
            run_rows<uint16_t>(dst, src, idx, k);
            break;
        case DType::U32:
            run_rows<uint32_t>(dst, src, idx, k);
            break;
        default:
            run_rows<uint64_t>(dst, src, idx, k);
            break;
    }
}

}  // namespace ptosim::reg
