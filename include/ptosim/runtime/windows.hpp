// Symmetric memory for simulated ranks (launch_ranks): one global-memory window per rank, all the same size,
// as HCCL's per-rank windows (windowsIn) or a shmem heap. A buffer allocated once (alloc) lives at the same
// offset in every window, so a rank addresses a peer's copy of it by translating its own pointer (peer), the
// way pto-isa's tests build a ParallelGroup from CommRemotePtr.
//
// Ranks are threads of one process, so a peer's window is ordinary host memory: every rank reads and writes
// it directly. Each window is registered as a global-memory block (ptosim/runtime/allocations.hpp), so a
// transfer that runs past the end of a window is a run-time check error, not silent corruption.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace ptosim {

class RankWindows {
  public:
    // nranks zero-filled windows of `bytes` bytes each, 64-byte aligned.
    RankWindows(uint32_t nranks, std::size_t bytes);
    ~RankWindows();
    RankWindows(const RankWindows&) = delete;
    RankWindows& operator=(const RankWindows&) = delete;

    uint32_t nranks() const { return nranks_; }
    std::size_t bytes() const { return bytes_; }
    std::byte* base(uint32_t rank) const;

    // Reserves `bytes` bytes at the same offset of every window (a bump allocator: call it before the ranks
    // start, as the host allocates window buffers before the launch); returns the offset.
    std::size_t alloc(std::size_t bytes, std::size_t align = 64);

    // The buffer at `offset` in rank's window.
    template <typename T>
    T* at(uint32_t rank, std::size_t offset) const {
        return reinterpret_cast<T*>(base(rank) + offset);
    }
    // The same buffer in peer's window as `local` (a pointer into any rank's window).
    template <typename T>
    T* peer(T* local, uint32_t peer_rank) const {
        return reinterpret_cast<T*>(base(peer_rank) + offset_of(local));
    }
    // The offset of p in the window that holds it; a pointer into no window is a check error.
    std::size_t offset_of(const void* p) const;

  private:
    uint32_t nranks_;
    std::size_t bytes_;
    std::size_t used_ = 0;
    std::unique_ptr<std::byte[]> storage_;
    std::byte* first_ = nullptr;  // window 0, 64-byte aligned inside storage_
    std::size_t pitch_ = 0;       // bytes from one window to the next
};

}  // namespace ptosim
