#include "ptosim/core/ub.hpp"

#include <cstdint>
#include <cstring>
#include <new>

namespace ptosim::ub {

void clear() {
    std::memset(base(), 0, size());
}

bool contains(const void* p, std::size_t n) {
    const auto b = reinterpret_cast<std::uintptr_t>(base());
    const auto q = reinterpret_cast<std::uintptr_t>(p);
    const std::size_t s = size();
    return q >= b && n <= s && q - b <= s - n;
}

std::shared_ptr<std::byte[]> allocate_auto(std::size_t bytes) {
    auto* p = static_cast<std::byte*>(::operator new[](bytes == 0 ? 1 : bytes, std::align_val_t{64}));
    std::memset(p, 0, bytes);
    return std::shared_ptr<std::byte[]>(p,
                                        [](std::byte* q) { ::operator delete[](q, std::align_val_t{64}); });
}

}  // namespace ptosim::ub
