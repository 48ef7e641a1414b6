#include "ptosim/core/dtype.hpp"

#include <array>
#include <cctype>
#include <string>

namespace ptosim {

namespace {

struct DTypeNames {
    DType type;
    std::string_view asm_name;
    std::string_view cpp_name;
    std::string_view mlir_name;  // "" when MLIR has no spelling we accept
};

constexpr std::array<DTypeNames, 26> kNames{{
    {DType::F64, "FP64", "double", "f64"},
    {DType::F32, "FP32", "float", "f32"},
    {DType::TF32, "TF32", "tf32", ""},
    {DType::HF32, "HF32", "hf32", ""},
    {DType::F16, "FP16", "half", "f16"},
    {DType::BF16, "BF16", "bfloat16_t", "bf16"},
    {DType::HIF8, "HiF8", "hifloat8", ""},
    {DType::E4M3, "E4M3", "float8_e4m3", "f8E4M3FN"},
    {DType::E5M2, "E5M2", "float8_e5m2", "f8E5M2"},
    {DType::E3M2, "E3M2", "float6_e3m2", ""},
    {DType::E2M3, "E2M3", "float6_e2m3", ""},
    {DType::E2M1X2, "E2M1X2", "float4_e2m1x2", ""},
    {DType::E1M2X2, "E1M2X2", "float4_e1m2x2", ""},
    {DType::E8M0, "E8M0", "float8_e8m0", "f8E8M0FNU"},
    {DType::HIF4X2, "HiF4X2", "hifloat4x2", ""},
    {DType::S64, "S64", "int64_t", "i64"},
    {DType::S32, "S32", "int32_t", "i32"},
    {DType::S16, "S16", "int16_t", "i16"},
    {DType::S8, "S8", "int8_t", "i8"},
    {DType::S4X2, "S4X2", "int4x2", ""},
    {DType::S4, "S4", "int4b_t", ""},
    {DType::U64, "U64", "uint64_t", "ui64"},
    {DType::U32, "U32", "uint32_t", "ui32"},
    {DType::U16, "U16", "uint16_t", "ui16"},
    {DType::U8, "U8", "uint8_t", "ui8"},
    {DType::U4X2, "U4X2", "uint4x2", ""},
}};

const DTypeNames* find(DType t) {
    for (const auto& n : kNames) {
        if (n.type == t)
            return &n;
    }
    return nullptr;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i]))) {
            return false;
        }
    }
    return true;
}

}  // namespace

std::string_view dtype_name(DType t) {
    const DTypeNames* n = find(t);
    return n ? n->asm_name : std::string_view("reserved");
}

std::string_view dtype_cpp_name(DType t) {
    const DTypeNames* n = find(t);
    return n ? n->cpp_name : std::string_view("reserved");
}

std::optional<DType> parse_dtype(std::string_view text) {
    for (const auto& n : kNames) {
        if (!dtype_code_valid(static_cast<unsigned>(n.type)))
            continue;  // S4: no assembly spelling
        if (iequals(text, n.asm_name) || (!n.mlir_name.empty() && iequals(text, n.mlir_name)))
            return n.type;
    }
    // Common aliases: F32/F16 for FP32/FP16, and the seed's lower-case "u16"/"s32" are covered by iequals.
    if (iequals(text, "F32"))
        return DType::F32;
    if (iequals(text, "F16"))
        return DType::F16;
    if (iequals(text, "F64"))
        return DType::F64;
    if (iequals(text, "f8E4M3"))  // PTOAS's spelling of MLIR's f8E4M3FN
        return DType::E4M3;
    return std::nullopt;
}

std::string_view dtype_pto_name(DType t) {
    switch (t) {
        case DType::F32:
            return "float32";
        case DType::F16:
            return "float16";
        case DType::BF16:
            return "bfloat16";
        case DType::S64:
            return "int64";
        case DType::S32:
            return "int32";
        case DType::S16:
            return "int16";
        case DType::S8:
            return "int8";
        case DType::U64:
            return "uint64";
        case DType::U32:
            return "uint32";
        case DType::U16:
            return "uint16";
        case DType::U8:
            return "uint8";
        default:
            return dtype_cpp_name(t);
    }
}

}  // namespace ptosim
