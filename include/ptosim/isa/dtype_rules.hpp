// Element-type rules of the instructions, per architecture profile: the single source that the C++ API's
// static checks, the assembler's validation and the ISA model all consult.
#pragma once

#include "ptosim/core/arch.hpp"
#include "ptosim/core/dtype.hpp"

#include <cstdint>
#include <initializer_list>

namespace ptosim::isa {

// A set of element types (bit i = DType code i), so that each rule below reads like the list its page gives.
class DTypeSet {
  public:
    constexpr DTypeSet(std::initializer_list<DType> types) {
        for (DType t : types)
            bits_ |= uint32_t{1} << static_cast<unsigned>(t);
    }
    constexpr bool contains(DType t) const { return (bits_ >> static_cast<unsigned>(t)) & 1u; }
    constexpr DTypeSet operator|(DTypeSet other) const {
        DTypeSet u{};
        u.bits_ = bits_ | other.bits_;
        return u;
    }

  private:
    uint32_t bits_ = 0;
};

inline constexpr DTypeSet kInt8To32 = {DType::S8, DType::U8, DType::S16, DType::U16, DType::S32, DType::U32};
inline constexpr DTypeSet kInt16To32 = {DType::S16, DType::U16, DType::S32, DType::U32};
inline constexpr DTypeSet kInt64 = {DType::S64, DType::U64};
inline constexpr DTypeSet kFloat16To32 = {DType::F16, DType::BF16, DType::F32};

// THISTOGRAM (seeds 000/001, semantics.md): u16/u32 sources, u8 filter bytes, u8/u16/u32/u64 counts.
constexpr bool thistogram_available(Arch a) {
    return arch_caps(a).thistogram;
}
constexpr bool thistogram_src_ok(DType t) {
    return t == DType::U16 || t == DType::U32;
}
constexpr bool thistogram_dst_ok(DType t) {
    return t == DType::U8 || t == DType::U16 || t == DType::U32 || t == DType::U64;
}
constexpr bool thistogram_idx_ok(DType t) {
    return t == DType::U8;
}
// Which byte ids a source type has: BYTE_0..BYTE_1 for u16, BYTE_0..BYTE_3 for u32.
constexpr bool thistogram_byte_ok(DType src, int byte) {
    return byte >= 0 && (src == DType::U16 ? byte <= 1 : byte <= 3);
}

// TINTERLEAVE / TDEINTERLEAVE (seed 003).
constexpr bool interleave_available(Arch a) {
    return arch_caps(a).interleave;
}
constexpr bool interleave_dtype_ok(DType t) {
    return (kInt8To32 | kFloat16To32).contains(t);
}

// TCMP / TCMPS (seed 004, semantics.md).
constexpr bool tcmp_wide_src_ok(DType t) {
    return (kInt8To32 | kInt64 | kFloat16To32).contains(t);
}
constexpr bool tcmp_src_ok(Arch a, DType t) {
    if (arch_caps(a).tcmp_wide_dtypes)
        return tcmp_wide_src_ok(t);
    return t == DType::S32 || t == DType::F16 || t == DType::F32;
}
constexpr bool tcmps_src_ok(Arch a, DType t) {
    if (arch_caps(a).tcmp_wide_dtypes)
        return tcmp_wide_src_ok(t);
    return t == DType::S32 || t == DType::F32 || t == DType::F16 || t == DType::U16 || t == DType::S16;
}
constexpr bool tcmp_dst_ok(Arch a, DType t) {
    if (arch_caps(a).tcmp_wide_dtypes)
        return t == DType::U8 || t == DType::U32;
    return t == DType::U8;
}
constexpr bool tcmps_dst_ok(Arch a, DType t) {
    (void)a;
    return t == DType::U8 || t == DType::U32;
}
// On A2A3, int32 compares support only EQ and NE; every other mode behaves as EQ (with a one-time
// diagnostic).
constexpr bool tcmp_int32_eq_only(Arch a, DType t) {
    return arch_caps(a).tcmp_int32_eq_only && t == DType::S32;
}

// MSCATTER (pto-isa's MSCATTER page): the element types of the source tile and the table, the index types,
// and which element types each atomic write supports. A5 (SIMT atomics): Add on int32, uint32, float, half,
// bfloat16; Max/Min on int32, uint32, float. A2A3: Add on int8, int16, int32, half, bfloat16, float; no
// Max/Min. KIRIN9030 is undocumented and follows A5. The kernel core accepts the union of the profiles.
constexpr bool mscatter_src_ok(DType t) {
    return (kInt8To32 | kFloat16To32).contains(t);
}
constexpr bool mscatter_idx_ok(DType t) {
    return t == DType::S32 || t == DType::U32;
}
constexpr bool mscatter_add_ok(Arch a, DType t) {
    if (a == Arch::A2A3)
        return t == DType::S8 || t == DType::S16 || t == DType::S32 || t == DType::F16 || t == DType::BF16 ||
               t == DType::F32;
    return t == DType::S32 || t == DType::U32 || t == DType::F32 || t == DType::F16 || t == DType::BF16;
}
constexpr bool mscatter_minmax_ok(Arch a, DType t) {
    return a != Arch::A2A3 && (t == DType::S32 || t == DType::U32 || t == DType::F32);
}
constexpr bool mscatter_add_any_profile_ok(DType t) {
    return mscatter_add_ok(Arch::A5, t) || mscatter_add_ok(Arch::A2A3, t);
}

// TSEL (pto-isa's TSEL page): A5 and KIRIN9030 select 1-, 2-, 4- and 8-byte elements; A2A3 only 2- and 4-byte
// ones. The mask is a packed predicate (TCMP's layout) in uint8_t or uint32_t words.
constexpr bool tsel_dtype_ok(Arch a, DType t) {
    return (a == Arch::A2A3 ? kInt16To32 | kFloat16To32 : kInt8To32 | kInt64 | kFloat16To32).contains(t);
}
constexpr bool tsel_mask_ok(DType t) {
    return t == DType::U8 || t == DType::U32;
}

// TEXPANDS (pto-isa's TEXPANDS page): A2A3 fills 1-, 2- and 4-byte elements; A5 and KIRIN9030 also 8-byte
// integers.
constexpr bool texpands_dtype_ok(Arch a, DType t) {
    return (a == Arch::A2A3 ? kInt8To32 | kFloat16To32 : kInt8To32 | kInt64 | kFloat16To32).contains(t);
}

}  // namespace ptosim::isa
