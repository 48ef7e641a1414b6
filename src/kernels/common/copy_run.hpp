// Copy a run of n elements of es bytes between two places with element steps (a memcpy when both are 1).
// The fast move and memory kernels copy piece by piece through this; offsets are computed once per piece.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ptosim::kernels {

namespace detail {
template <typename T>
void copy_strided(std::byte* dst, int64_t dst_step, const std::byte* src, int64_t src_step, int64_t n) {
    auto* d = reinterpret_cast<T*>(dst);
    const auto* s = reinterpret_cast<const T*>(src);
    for (int64_t k = 0; k < n; ++k)
        d[k * dst_step] = s[k * src_step];
}
}  // namespace detail

inline void copy_run(std::byte* dst, int64_t dst_step, const std::byte* src, int64_t src_step, int64_t n,
                     std::size_t es) {
    if (dst_step == 1 && src_step == 1) {
        std::memcpy(dst, src, static_cast<std::size_t>(n) * es);
        return;
    }
    switch (es) {
        case 1:
            detail::copy_strided<uint8_t>(dst, dst_step, src, src_step, n);
            break;
        case 2:
            detail::copy_strided<uint16_t>(dst, dst_step, src, src_step, n);
            break;
        case 4:
            detail::copy_strided<uint32_t>(dst, dst_step, src, src_step, n);
            break;
        default:
            detail::copy_strided<uint64_t>(dst, dst_step, src, src_step, n);
            break;
    }
}

}  // namespace ptosim::kernels
