// Run-time element types of the kernel core.
//
// The enumerator values are the Linx block-encoding DataType codes (shared encoding.md §3.1), so the
// decoder's 5-bit field and the kernel core speak the same language without a translation table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "ptosim/core/float16.hpp"
#include "ptosim/core/narrow_float.hpp"

namespace ptosim {

enum class DType : uint8_t {
    F64 = 0,
    F32 = 1,
    TF32 = 2,
    HF32 = 3,
    F16 = 4,
    BF16 = 5,
    HIF8 = 6,
    E4M3 = 7,
    E5M2 = 8,
    E3M2 = 9,
    E2M3 = 10,
    E2M1X2 = 11,
    E1M2X2 = 12,
    E8M0 = 13,
    HIF4X2 = 14,
    S64 = 16,
    S32 = 17,
    S16 = 18,
    S8 = 19,
    S4X2 = 20,
    // Not an encoding code (21 is reserved there, so the assembler and decoder reject it): a signed 4-bit
    // integer alone in the low nibble of a byte, pto-isa's `int4b_t` (its CPU simulation's TCVT type).
    S4 = 21,
    U64 = 24,
    U32 = 25,
    U16 = 26,
    U8 = 27,
    U4X2 = 28,
};

// True for the codes the encoding defines (15, 21..23, 29..31 are reserved; S4 uses 21 inside ptosim only).
constexpr bool dtype_code_valid(unsigned code) {
    return code <= 14 || (code >= 16 && code <= 20) || (code >= 24 && code <= 28);
}

// Bytes per element. Packed 4-bit pairs (E2M1X2, ..., U4X2) report 1: one byte holds a pair.
constexpr std::size_t dtype_size(DType t) {
    switch (t) {
        case DType::F64:
        case DType::S64:
        case DType::U64:
            return 8;
        case DType::F32:
        case DType::TF32:
        case DType::HF32:
        case DType::S32:
        case DType::U32:
            return 4;
        case DType::F16:
        case DType::BF16:
        case DType::S16:
        case DType::U16:
            return 2;
        default:
            return 1;
    }
}

// Packed 4-bit types: two elements per byte (element i in the low nibble of byte i / 2 when i is even, the
// high nibble when odd). A tile or tensor of them counts elements, not bytes.
constexpr bool dtype_is_twin(DType t) {
    return t == DType::E2M1X2 || t == DType::E1M2X2 || t == DType::HIF4X2 || t == DType::S4X2 ||
           t == DType::U4X2;
}
// Bytes that n consecutive elements starting at element 0 occupy.
constexpr std::size_t dtype_bytes(DType t, std::size_t n) {
    return dtype_is_twin(t) ? (n + 1) / 2 : n * dtype_size(t);
}

constexpr bool dtype_is_float(DType t) {
    return static_cast<unsigned>(t) <= 14;
}
constexpr bool dtype_is_signed_int(DType t) {
    return t == DType::S64 || t == DType::S32 || t == DType::S16 || t == DType::S8 || t == DType::S4X2 ||
           t == DType::S4;
}
constexpr bool dtype_is_unsigned_int(DType t) {
    return t == DType::U64 || t == DType::U32 || t == DType::U16 || t == DType::U8 || t == DType::U4X2;
}

// The assembly spelling (encoding.md §3.1): "U32", "FP16", "S8", ...
std::string_view dtype_name(DType t);
// The C++ spelling used in messages: "uint32_t", "half", "int8_t", ...
std::string_view dtype_cpp_name(DType t);
// pto-isa's spelling in its printed tiles and instruction traces: "float32", "float16", "int8", "uint32", ...
// (the C++ spelling for the types it has no name for).
std::string_view dtype_pto_name(DType t);
// Parse an assembly spelling, case-insensitive; also accepts the MLIR spellings (f32, ui16, i8, bf16, ...).
std::optional<DType> parse_dtype(std::string_view text);

// C++ type -> DType.
template <typename T>
struct DTypeOf;
template <>
struct DTypeOf<int8_t> : std::integral_constant<DType, DType::S8> {};
template <>
struct DTypeOf<uint8_t> : std::integral_constant<DType, DType::U8> {};
template <>
struct DTypeOf<int16_t> : std::integral_constant<DType, DType::S16> {};
template <>
struct DTypeOf<uint16_t> : std::integral_constant<DType, DType::U16> {};
template <>
struct DTypeOf<int32_t> : std::integral_constant<DType, DType::S32> {};
template <>
struct DTypeOf<uint32_t> : std::integral_constant<DType, DType::U32> {};
template <>
struct DTypeOf<int64_t> : std::integral_constant<DType, DType::S64> {};
template <>
struct DTypeOf<uint64_t> : std::integral_constant<DType, DType::U64> {};
template <>
struct DTypeOf<float16> : std::integral_constant<DType, DType::F16> {};
template <>
struct DTypeOf<bfloat16> : std::integral_constant<DType, DType::BF16> {};
template <>
struct DTypeOf<float> : std::integral_constant<DType, DType::F32> {};
template <>
struct DTypeOf<double> : std::integral_constant<DType, DType::F64> {};
template <>
struct DTypeOf<NarrowFloat<narrow::Format::E4M3>> : std::integral_constant<DType, DType::E4M3> {};
template <>
struct DTypeOf<NarrowFloat<narrow::Format::E5M2>> : std::integral_constant<DType, DType::E5M2> {};
template <>
struct DTypeOf<NarrowFloat<narrow::Format::E8M0>> : std::integral_constant<DType, DType::E8M0> {};
template <>
struct DTypeOf<NarrowFloat<narrow::Format::HiF8>> : std::integral_constant<DType, DType::HIF8> {};
template <>
struct DTypeOf<NarrowFloat<narrow::Format::E2M1>> : std::integral_constant<DType, DType::E2M1X2> {};
template <>
struct DTypeOf<NarrowFloat<narrow::Format::E1M2>> : std::integral_constant<DType, DType::E1M2X2> {};

template <typename T>
inline constexpr DType dtype_of = DTypeOf<std::remove_cv_t<T>>::value;

template <typename T, typename = void>
struct HasDType : std::false_type {};
template <typename T>
struct HasDType<T, std::void_t<decltype(DTypeOf<std::remove_cv_t<T>>::value)>> : std::true_type {};

// Call f(T{}) with the C++ type of a DType (for the types the kernels compute on); returns false otherwise.
template <typename F>
bool visit_dtype(DType t, F&& f) {
    switch (t) {
        case DType::S8:
            f(int8_t{});
            return true;
        case DType::U8:
            f(uint8_t{});
            return true;
        case DType::S16:
            f(int16_t{});
            return true;
        case DType::U16:
            f(uint16_t{});
            return true;
        case DType::S32:
            f(int32_t{});
            return true;
        case DType::U32:
            f(uint32_t{});
            return true;
        case DType::S64:
            f(int64_t{});
            return true;
        case DType::U64:
            f(uint64_t{});
            return true;
        case DType::F16:
            f(float16{});
            return true;
        case DType::BF16:
            f(bfloat16{});
            return true;
        case DType::F32:
            f(float{});
            return true;
        case DType::F64:
            f(double{});
            return true;
        default:
            return false;
    }
}

}  // namespace ptosim
