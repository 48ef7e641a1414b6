// Exporting a kernel from a shared library, for hosts that load kernels at run time: the Python package's
// ptosim.Kernel (docs/python.md), built with CMake's ptosim_add_kernel_library().
//
//   AICORE void Scale(__gm__ float* out, __gm__ float* in, int n) { ... }
//   PTOSIM_EXPORT_KERNEL(scale, Scale)
//   PTOSIM_EXPORT_KERNEL(attention_f32_d64, FlashAttention<float, 64>)   // a template: name the instance
//
// defines two `extern "C"` functions:
//
//   void scale(void* const* args);         // runs Scale on the calling thread: args[i] points to the
//                                          // i-th argument's value (a pointer, or a scalar of its type)
//   const char* scale_ptosim_signature();  // "ptosim-kernel-1:f32*,f32*,i32"
//
// The host launches the first on each block (ptosim::launch_blocks) and checks its arguments against the
// second: the kernel's parameters are pointers to element types (global memory) and element-type scalars,
// spelled i8 i16 i32 i64 u8 u16 u32 u64 f16 bf16 f32 f64 (a trailing * for a pointer; const and __gm__ do not
// show). Any other parameter type does not compile.
#pragma once

#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "ptosim/core/dtype.hpp"

namespace ptosim::kernel_export {

inline constexpr const char* kAbi = "ptosim-kernel-1";

constexpr const char* type_name(DType t) {
    switch (t) {
        case DType::S8:
            return "i8";
        case DType::S16:
            return "i16";
        case DType::S32:
            return "i32";
        case DType::S64:
            return "i64";
        case DType::U8:
            return "u8";
        case DType::U16:
            return "u16";
        case DType::U32:
            return "u32";
        case DType::U64:
            return "u64";
        case DType::F16:
            return "f16";
        case DType::BF16:
            return "bf16";
        case DType::F32:
            return "f32";
        case DType::F64:
            return "f64";
        default:
            return nullptr;
    }
}

template <typename P>
constexpr bool parameter_ok() {
    using T = std::remove_cv_t<std::remove_pointer_t<P>>;
    if constexpr (HasDType<T>::value)
        return type_name(dtype_of<T>) != nullptr && std::is_trivially_copyable_v<P>;
    else
        return false;
}

template <typename P>
std::string parameter_name() {
    using T = std::remove_cv_t<std::remove_pointer_t<P>>;
    return std::string(type_name(dtype_of<T>)) + (std::is_pointer_v<P> ? "*" : "");
}

template <typename... P>
std::string signature(void (*)(P...)) {
    static_assert((parameter_ok<P>() && ...),
                  "PTOSIM_EXPORT_KERNEL: every parameter must be a pointer to an element type (int8_t .. "
                  "uint64_t, half, bfloat16_t, float, double) or such a scalar");
    std::string s = std::string(kAbi) + ":";
    ((s += parameter_name<P>() + ","), ...);
    if (s.back() == ',')
        s.pop_back();
    return s;
}

template <typename P>
P load(const void* slot) {
    P value;
    std::memcpy(static_cast<void*>(&value), slot, sizeof(P));
    return value;
}

template <typename... P, std::size_t... I>
void invoke(void (*fn)(P...), void* const* args, std::index_sequence<I...>) {
    (void)args;  // a kernel without parameters
    fn(load<P>(args[I])...);
}

template <typename... P>
void invoke(void (*fn)(P...), void* const* args) {
    invoke(fn, args, std::index_sequence_for<P...>{});
}

}  // namespace ptosim::kernel_export

#define PTOSIM_EXPORT_KERNEL(symbol, ...)                                                       \
    extern "C" __attribute__((visibility("default"))) void symbol(void* const* ptosim_args) {   \
        ::ptosim::kernel_export::invoke(&__VA_ARGS__, ptosim_args);                             \
    }                                                                                           \
    extern "C" __attribute__((visibility("default"))) const char* symbol##_ptosim_signature() { \
        static const std::string text = ::ptosim::kernel_export::signature(&__VA_ARGS__);       \
        return text.c_str();                                                                    \
    }
