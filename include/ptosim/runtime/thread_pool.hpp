// The kernel core's persistent thread pool. Worker threads are created once (on first parallel use) and
// reused; a kernel splits a large tile by rows with parallel_for, and the calling thread always takes a
// share.
//
// Thread count: PTOSIM_THREADS at first use (default: the number of hardware threads), or set_num_threads().
// Work runs inline, with no synchronisation at all, when it is too small to split (fewer than two grains),
// when one thread is configured, when called from inside a pool task, or while another thread is using the
// pool.
#pragma once

#include <cstdint>
#include <functional>

namespace ptosim {

unsigned num_threads();
// 0 restores the default (PTOSIM_THREADS or the hardware thread count). Takes effect at the next
// parallel_for.
void set_num_threads(unsigned n);

// Run f(begin, end) over contiguous, disjoint chunks covering [0, n), each at least `grain` long (except when
// n itself is smaller). Returns when every chunk has finished; the first exception thrown by a chunk is
// rethrown.
void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& f);

// How many chunks parallel_for(n, grain, ...) would use right now (1 = inline).
unsigned parallel_chunks(int64_t n, int64_t grain);

class ScopedNumThreads {
  public:
    explicit ScopedNumThreads(unsigned n) : previous_(num_threads()) { set_num_threads(n); }
    ~ScopedNumThreads() { set_num_threads(previous_); }
    ScopedNumThreads(const ScopedNumThreads&) = delete;
    ScopedNumThreads& operator=(const ScopedNumThreads&) = delete;

  private:
    unsigned previous_;
};

}  // namespace ptosim
