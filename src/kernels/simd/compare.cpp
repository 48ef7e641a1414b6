// Fast TCMP / TCMPS: vector compares packed straight into mask bits. Bits are LSB-first and little-endian, so
// a row of u32 mask words is byte for byte the same as a row of u8 words: both are written as a byte stream,
// 64 elements (8 bytes) at a time. half and bfloat16 are widened to float, which holds every value exactly,
// except in TCMPS, which tests their raw 16-bit patterns against one or two ranges (raw_ranges.hpp); integers
// compare by value, floats by IEEE 754 (NaN unordered: only NE holds; +0 == -0). Bit-identical to ref::tcmp /
// ref::tcmps (tests/kernels/compare_test.cpp runs both).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/compare.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/common/compare_scalar.hpp"
#include "kernels/common/raw_ranges.hpp"
#include "ptosim/ops/compare.hpp"

static_assert(std::endian::native == std::endian::little,
              "simd TCMP: mask bytes are written as the little-endian image of the mask words");

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The lane type a tile element is compared as, and how a vector of elements becomes a vector of that type.
template <typename T>
struct Lane {
    using type = T;
};
template <>
struct Lane<float16> {
    using type = float;
};
template <>
struct Lane<bfloat16> {
    using type = float;
};

// Load n elements starting at p as comparable lanes (d is a tag of Lane<T>::type).
template <typename T, class D>
HWY_INLINE hn::Vec<D> LoadLanes(D d, const T* HWY_RESTRICT p) {
    if constexpr (std::is_same_v<T, float16> && HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2) {
        // x86 AVX2 and better always have F16C, whose conversion is exact for every half including NaN.
        const hn::Rebind<hwy::float16_t, D> dh;
        return hn::PromoteTo(d, hn::LoadU(dh, reinterpret_cast<const hwy::float16_t*>(p)));
    } else if constexpr (std::is_same_v<T, float16>) {
        // Widen the bits exactly with integer ops (Highway's emulated half conversion on targets without F16C
        // does not keep NaN): magnitude bits shifted into float position and scaled by 2^112 give every
        // finite half, subnormals included; exponent 31 (inf/NaN) becomes exponent 255.
        const hn::RebindToUnsigned<D> du;
        const hn::Rebind<uint16_t, D> du16;
        const auto h = hn::PromoteTo(du, hn::LoadU(du16, reinterpret_cast<const uint16_t*>(p)));
        const auto magnitude = hn::ShiftLeft<13>(hn::And(h, hn::Set(du, 0x7FFFu)));
        const auto finite = hn::Mul(hn::BitCast(d, magnitude), hn::Set(d, 0x1p112f));
        const auto special = hn::BitCast(d, hn::Or(magnitude, hn::Set(du, 0x7F800000u)));
        const auto is_special =
            hn::RebindMask(d, hn::Eq(hn::And(h, hn::Set(du, 0x7C00u)), hn::Set(du, 0x7C00u)));
        const auto value = hn::IfThenElse(is_special, special, finite);
        return hn::Or(value, hn::BitCast(d, hn::ShiftLeft<16>(hn::And(h, hn::Set(du, 0x8000u)))));
    } else if constexpr (std::is_same_v<T, bfloat16>) {
        // bfloat16 is the top half of a float: widen the bits and shift them into place.
        const hn::RebindToUnsigned<D> du;
        const hn::Rebind<uint16_t, D> du16;
        const auto bits = hn::PromoteTo(du, hn::LoadU(du16, reinterpret_cast<const uint16_t*>(p)));
        return hn::BitCast(d, hn::ShiftLeft<16>(bits));
    } else {
        return hn::LoadU(d, p);
    }
}

template <CmpMode kMode, class D, class V>
HWY_INLINE hn::Mask<D> Compare(D d, V a, V b) {
    using L = hn::TFromD<D>;
    (void)d;
    if constexpr (kMode == CmpMode::EQ) {
        return hn::Eq(a, b);
    } else if constexpr (kMode == CmpMode::NE) {
        return hn::Not(hn::Eq(a, b));
    } else if constexpr (kMode == CmpMode::LT) {
        return hn::Lt(a, b);
    } else if constexpr (kMode == CmpMode::GT) {
        return hn::Gt(a, b);
    } else if constexpr (kMode == CmpMode::LE) {
        if constexpr (hwy::IsFloat<L>())
            return hn::Le(a, b);
        return hn::Not(hn::Gt(a, b));
    } else {
        if constexpr (hwy::IsFloat<L>())
            return hn::Ge(a, b);
        return hn::Not(hn::Lt(a, b));
    }
}

// The bits of one vector's mask, lane 0 in bit 0.
template <class D>
HWY_INLINE uint64_t MaskBits(D d, hn::Mask<D> m) {
    uint8_t bytes[8] = {};
    hn::StoreMaskBits(d, m, bytes);
    uint64_t bits;
    std::memcpy(&bits, bytes, sizeof(bits));
    const size_t n = hn::Lanes(d);
    return n < 64 ? bits & ((uint64_t{1} << n) - 1) : bits;
}

// Mask bits of 64 elements: bit i = (a[i] <mode> b[i]); b is either a second row or a broadcast scalar.
template <typename T, bool kScalar, CmpMode kMode>
HWY_INLINE uint64_t Mask64(const T* HWY_RESTRICT a, const T* HWY_RESTRICT b,
                           hn::Vec<hn::ScalableTag<typename Lane<T>::type>> vb) {
    using L = typename Lane<T>::type;
    const hn::ScalableTag<L> d;
    const size_t n = hn::Lanes(d);
    uint64_t mask = 0;
    for (size_t i = 0; i < 64; i += n) {
        const auto va = LoadLanes<T>(d, a + i);
        const auto m = kScalar ? Compare<kMode>(d, va, vb) : Compare<kMode>(d, va, LoadLanes<T>(d, b + i));
        mask |= MaskBits(d, m) << i;
    }
    return mask;
}

// Mask bits of 64 half or bfloat16 elements in kRanges raw ranges (kernels::RawRanges): 16-bit lanes, twice
// as many per vector as the widened float path, and two integer operations per range.
template <int kRanges>
HWY_INLINE uint64_t RangeMask64(const uint16_t* HWY_RESTRICT a, const kernels::RawRanges& in) {
    const hn::ScalableTag<int16_t> d;
    const auto shift0 = hn::Set(d, in.range[0].shift), limit0 = hn::Set(d, in.range[0].limit);
    const auto shift1 = hn::Set(d, in.range[1].shift), limit1 = hn::Set(d, in.range[1].limit);
    const auto in_set = [&](size_t i) {
        const auto h = hn::LoadU(d, reinterpret_cast<const int16_t*>(a + i));
        const auto m = hn::Lt(hn::Add(h, shift0), limit0);
        if constexpr (kRanges == 1) {
            return m;
        } else {
            return hn::Or(m, hn::Lt(hn::Add(h, shift1), limit1));
        }
    };
    uint64_t mask = 0;
#if HWY_TARGET == HWY_AVX2
    // Two masks of 16-bit lanes packed to bytes and read with one movemask (Highway's StoreMaskBits reads
    // each with a movemask and a pext); the permute undoes the pack's interleaving of 128-bit halves.
    for (size_t i = 0; i < 64; i += 32) {
        const auto m0 = hn::VecFromMask(d, in_set(i)), m1 = hn::VecFromMask(d, in_set(i + 16));
        const __m256i bytes =
            _mm256_permute4x64_epi64(_mm256_packs_epi16(m0.raw, m1.raw), _MM_SHUFFLE(3, 1, 2, 0));
        mask |= uint64_t{static_cast<uint32_t>(_mm256_movemask_epi8(bytes))} << i;
    }
#else
    for (size_t i = 0; i < 64; i += hn::Lanes(d))
        mask |= MaskBits(d, in_set(i)) << i;
#endif
    return in.invert ? ~mask : mask;
}

// The rows of CompareRows below, with RangeMask64 for the 64-element chunks. (One row walker taking the chunk
// and tail as callables served both at first; it measured 30-40 % slower for the other dtypes.)
template <typename T, int kRanges>
void WriteRangeMasks(const TileView& dst, const TileView& src0, const kernels::RawRanges& ranges, T rhs,
                     CmpMode mode) {
    std::memset(dst.data, 0, dst.bytes());
    const int32_t n = src0.valid_cols;
    for (int32_t r = 0; r < src0.valid_rows; ++r) {
        const T* a = src0.row<T>(r);
        auto* out =
            reinterpret_cast<uint8_t*>(dst.data) + static_cast<size_t>(r) * dst.layout.cols * dst.elem_size();
        int32_t c = 0;
        for (; c + 64 <= n; c += 64) {
            const uint64_t m = RangeMask64<kRanges>(reinterpret_cast<const uint16_t*>(a + c), ranges);
            std::memcpy(out + c / 8, &m, sizeof(m));
        }
        for (; c < n; ++c) {
            if (kernels::compare_holds(a[c], rhs, mode))
                out[c / 8] |= static_cast<uint8_t>(1u << (c % 8));
        }
    }
}

// TCMPS on half or bfloat16 by raw ranges; false (nothing written) when the scalar has none (kernels::
// raw_ranges: a NaN scalar, or an empty set such as LT -inf), which the widened float path then handles.
template <typename T>
bool CompareScalarByRanges(const TileView& dst, const TileView& src0, uint64_t scalar_bits, CmpMode mode) {
    const auto ranges = kernels::raw_ranges<T>(static_cast<uint16_t>(scalar_bits), mode);
    if (!ranges)
        return false;
    const T rhs = scalar_from_bits<T>(scalar_bits);
    if (ranges->count == 1)
        WriteRangeMasks<T, 1>(dst, src0, *ranges, rhs, mode);
    else
        WriteRangeMasks<T, 2>(dst, src0, *ranges, rhs, mode);
    return true;
}

template <typename T, bool kScalar, CmpMode kMode>
void CompareRows(const TileView& dst, const TileView& src0, const TileView* src1, uint64_t scalar_bits_,
                 CmpMode mode) {
    using L = typename Lane<T>::type;
    const hn::ScalableTag<L> d;
    const T rhs = scalar_from_bits<T>(scalar_bits_);
    const auto vb = hn::Set(d, static_cast<L>(rhs));
    std::memset(dst.data, 0, dst.bytes());
    const int32_t n = src0.valid_cols;
    for (int32_t r = 0; r < src0.valid_rows; ++r) {
        const T* a = src0.row<T>(r);
        const T* b = kScalar ? nullptr : src1->row<T>(r);
        auto* out =
            reinterpret_cast<uint8_t*>(dst.data) + static_cast<size_t>(r) * dst.layout.cols * dst.elem_size();
        int32_t c = 0;
        for (; c + 64 <= n; c += 64) {
            const uint64_t m = Mask64<T, kScalar, kMode>(a + c, b ? b + c : nullptr, vb);
            std::memcpy(out + c / 8, &m, sizeof(m));
        }
        for (; c < n; ++c) {
            if (kernels::compare_holds(a[c], kScalar ? rhs : b[c], mode))
                out[c / 8] |= static_cast<uint8_t>(1u << (c % 8));
        }
    }
}

// The mode becomes a template argument here, once per call, so that the inner loop is a straight run of
// loads, compares and mask stores.
template <typename T, bool kScalar>
void CompareRowsAnyMode(const TileView& dst, const TileView& src0, const TileView* src1, uint64_t scalar,
                        CmpMode mode) {
    switch (mode) {
        case CmpMode::EQ:
            return CompareRows<T, kScalar, CmpMode::EQ>(dst, src0, src1, scalar, mode);
        case CmpMode::NE:
            return CompareRows<T, kScalar, CmpMode::NE>(dst, src0, src1, scalar, mode);
        case CmpMode::LT:
            return CompareRows<T, kScalar, CmpMode::LT>(dst, src0, src1, scalar, mode);
        case CmpMode::LE:
            return CompareRows<T, kScalar, CmpMode::LE>(dst, src0, src1, scalar, mode);
        case CmpMode::GT:
            return CompareRows<T, kScalar, CmpMode::GT>(dst, src0, src1, scalar, mode);
        case CmpMode::GE:
            return CompareRows<T, kScalar, CmpMode::GE>(dst, src0, src1, scalar, mode);
    }
}

void CompareTiles(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode) {
    visit_dtype(src0.dtype,
                [&](auto zero) { CompareRowsAnyMode<decltype(zero), false>(dst, src0, &src1, 0, mode); });
}

void CompareScalar(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode) {
    visit_dtype(src0.dtype, [&](auto zero) {
        using T = decltype(zero);
        if constexpr (std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>) {
            if (CompareScalarByRanges<T>(dst, src0, scalar, mode))
                return;
        }
        CompareRowsAnyMode<T, true>(dst, src0, nullptr, scalar, mode);
    });
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(CompareTiles);
HWY_EXPORT(CompareScalar);

void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode) {
    HWY_DYNAMIC_DISPATCH(CompareTiles)(dst, src0, src1, mode);
}

void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode) {
    HWY_DYNAMIC_DISPATCH(CompareScalar)(dst, src0, scalar, mode);
}
}  // namespace ptosim::simd
#endif
