// A SIMD load/store copy loop, the baseline for store-heavy kernels: glibc's memcpy copies L2-sized buffers
// with `rep movsb`, which on some cores writes whole cache lines without first reading them (no read for
// ownership); a kernel made of vector stores cannot do that, so this loop shows what vector stores reach.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "copy_loop.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "copy_loop.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::bench::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void CopyLoop(const std::byte* src, std::byte* dst, std::size_t bytes) {
    const hn::ScalableTag<uint8_t> d;
    const std::size_t lanes = hn::Lanes(d);
    const auto* s = reinterpret_cast<const uint8_t*>(src);
    auto* o = reinterpret_cast<uint8_t*>(dst);
    std::size_t i = 0;
    for (; i + 2 * lanes <= bytes; i += 2 * lanes) {
        const auto a = hn::LoadU(d, s + i), b = hn::LoadU(d, s + i + lanes);
        hn::StoreU(a, d, o + i);
        hn::StoreU(b, d, o + i + lanes);
    }
    for (; i < bytes; ++i)
        o[i] = s[i];
}

}  // namespace ptosim::bench::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::bench {
HWY_EXPORT(CopyLoop);

void copy_loop(const std::byte* src, std::byte* dst, std::size_t bytes) {
    HWY_DYNAMIC_DISPATCH(CopyLoop)(src, dst, bytes);
}
}  // namespace ptosim::bench
#endif
