#include "ptosim/core/ub.hpp"

#include <cstdint>
#include <cstring>
#include <new>

namespace ptosim::ub {

namespace {

struct AlignedDelete {
    void operator()(std::byte* p) const { ::operator delete[](p, std::align_val_t{64}); }
};

std::byte* allocate_zeroed(std::size_t bytes) {
    auto* p = static_cast<std::byte*>(::operator new[](bytes == 0 ? 1 : bytes, std::align_val_t{64}));
    std::memset(p, 0, bytes);
    return p;
}

std::unique_ptr<std::byte[], AlignedDelete>& thread_ub() {
    thread_local std::unique_ptr<std::byte[], AlignedDelete> ub;
    return ub;
}

}  // namespace

std::byte* base() {
    auto& ub = thread_ub();
    if (!ub)
        ub.reset(allocate_zeroed(kSize));
    return ub.get();
}

void clear() {
    std::memset(base(), 0, kSize);
}

bool contains(const void* p, std::size_t n) {
    const auto b = reinterpret_cast<std::uintptr_t>(base());
    const auto q = reinterpret_cast<std::uintptr_t>(p);
    return q >= b && n <= kSize && q - b <= kSize - n;
}

std::shared_ptr<std::byte[]> allocate_auto(std::size_t bytes) {
    return std::shared_ptr<std::byte[]>(allocate_zeroed(bytes), AlignedDelete{});
}

}  // namespace ptosim::ub
