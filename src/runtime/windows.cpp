#include "ptosim/runtime/windows.hpp"

#include <cstring>

#include "ptosim/core/check.hpp"
#include "ptosim/runtime/allocations.hpp"

namespace ptosim {

namespace {
constexpr std::size_t kAlign = 64;
std::size_t round_up(std::size_t n, std::size_t a) {
    return (n + a - 1) / a * a;
}
}  // namespace

RankWindows::RankWindows(uint32_t nranks, std::size_t bytes) : nranks_(nranks), bytes_(bytes) {
    PTOSIM_CHECK(nranks >= 1 && nranks <= 4096, "RankWindows", "the rank count must be in 1..4096",
                 {"nranks", nranks});
    PTOSIM_CHECK(bytes >= 1 && bytes <= (std::size_t{1} << 36), "RankWindows",
                 "a window must have 1 byte .. 64 GiB", {"bytes", bytes});
    // Windows are separated by one alignment unit so that no two are adjacent: a transfer that runs off the
    // end of one window is reported instead of landing in the next.
    pitch_ = round_up(bytes, kAlign) + kAlign;
    storage_ = std::make_unique<std::byte[]>(pitch_ * nranks + kAlign);
    std::memset(storage_.get(), 0, pitch_ * nranks + kAlign);
    const auto raw = reinterpret_cast<std::uintptr_t>(storage_.get());
    first_ = storage_.get() + (round_up(raw, kAlign) - raw);
    for (uint32_t r = 0; r < nranks_; ++r)
        allocations::add(base(r), bytes_);
}

RankWindows::~RankWindows() {
    for (uint32_t r = 0; r < nranks_; ++r)
        allocations::remove(base(r));
}

std::byte* RankWindows::base(uint32_t rank) const {
    PTOSIM_CHECK(rank < nranks_, "RankWindows", "no such rank", {"rank", rank}, {"nranks", nranks_});
    return first_ + static_cast<std::size_t>(rank) * pitch_;
}

std::size_t RankWindows::alloc(std::size_t bytes, std::size_t align) {
    PTOSIM_CHECK(align >= 1 && (align & (align - 1)) == 0, "RankWindows", "alignment must be a power of two",
                 {"align", align});
    const std::size_t at = round_up(used_, align);
    PTOSIM_CHECK(at <= bytes_ && bytes <= bytes_ - at, "RankWindows", "the windows are full",
                 {"requested", bytes}, {"used", used_}, {"window bytes", bytes_});
    used_ = at + bytes;
    return at;
}

std::size_t RankWindows::offset_of(const void* p) const {
    const auto* b = static_cast<const std::byte*>(p);
    if (b >= first_) {
        const auto d = static_cast<std::size_t>(b - first_);
        if (d / pitch_ < nranks_ && d % pitch_ < bytes_)
            return d % pitch_;
    }
    PTOSIM_CHECK(false, "RankWindows", "the pointer is in no rank's window");
    return 0;
}

}  // namespace ptosim
