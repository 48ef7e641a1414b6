// Element-type rules of the instructions, per architecture profile: the single source that the C++ API's
// static checks, the assembler's validation and the ISA model all consult.
#pragma once

#include "ptosim/core/arch.hpp"
#include "ptosim/core/dtype.hpp"

namespace ptosim::isa {

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
    switch (t) {
        case DType::S8:
        case DType::U8:
        case DType::S16:
        case DType::U16:
        case DType::S32:
        case DType::U32:
        case DType::F16:
        case DType::BF16:
        case DType::F32:
            return true;
        default:
            return false;
    }
}

// TCMP / TCMPS (seed 004, semantics.md).
constexpr bool tcmp_wide_src_ok(DType t) {
    switch (t) {
        case DType::S8:
        case DType::U8:
        case DType::S16:
        case DType::U16:
        case DType::S32:
        case DType::U32:
        case DType::S64:
        case DType::U64:
        case DType::F16:
        case DType::BF16:
        case DType::F32:
            return true;
        default:
            return false;
    }
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
    switch (t) {
        case DType::S8:
        case DType::U8:
        case DType::S16:
        case DType::U16:
        case DType::S32:
        case DType::U32:
        case DType::F16:
        case DType::BF16:
        case DType::F32:
            return true;
        default:
            return false;
    }
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
    switch (t) {
        case DType::S16:
        case DType::U16:
        case DType::S32:
        case DType::U32:
        case DType::F16:
        case DType::BF16:
        case DType::F32:
            return true;
        case DType::S8:
        case DType::U8:
        case DType::S64:
        case DType::U64:
            return a != Arch::A2A3;
        default:
            return false;
    }
}
constexpr bool tsel_mask_ok(DType t) {
    return t == DType::U8 || t == DType::U32;
}

// TEXPANDS (pto-isa's TEXPANDS page): A2A3 fills 1-, 2- and 4-byte elements; A5 and KIRIN9030 also 8-byte
// integers.
constexpr bool texpands_dtype_ok(Arch a, DType t) {
    switch (t) {
        case DType::S8:
        case DType::U8:
        case DType::S16:
        case DType::U16:
        case DType::S32:
        case DType::U32:
        case DType::F16:
        case DType::BF16:
        case DType::F32:
            return true;
        case DType::S64:
        case DType::U64:
            return a != Arch::A2A3;
        default:
            return false;
    }
}

}  // namespace ptosim::isa
