#include "ptosim/runtime/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ptosim/core/diagnostic.hpp"
#include "ptosim/core/status.hpp"

namespace ptosim {

namespace {

unsigned default_threads() {
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    if (const char* env = std::getenv("PTOSIM_THREADS"); env && *env) {  // set and not empty
        char* end = nullptr;
        errno = 0;
        const long v = std::strtol(env, &end, 10);
        if (end != env && *end == '\0' && errno == 0 && v >= 1 && v <= 1024)
            return static_cast<unsigned>(v);
        // Said once, so that a typo does not silently run with another thread count than the user asked for.
        warn_once("PTOSIM_THREADS", "PTOSIM_THREADS=" + diag::quoted(env) +
                                        " is not a thread count from 1 to 1024; using " +
                                        std::to_string(hardware) + " (the hardware threads)");
    }
    return hardware;
}

std::atomic<unsigned>& configured_threads() {
    static std::atomic<unsigned> n{default_threads()};
    return n;
}

thread_local bool t_in_task = false;

using Fn = std::function<void(int64_t, int64_t)>;

// One parallel_for call. It lives on the caller's stack; workers register as users while they touch it, and
// the caller does not return before every user is gone.
struct Job {
    const Fn* f = nullptr;
    int64_t n = 0;
    unsigned chunks = 0;
    std::atomic<unsigned> next{0};
    std::atomic<unsigned> pending{0};
    int users = 0;             // guarded by Pool::mutex_
    std::exception_ptr error;  // guarded by Pool::mutex_
};

// Workers sleep on a condition variable between jobs, after spinning briefly: back-to-back kernel calls (the
// common case inside a kernel) then avoid the wake-up latency.
class Pool {
  public:
    ~Pool() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
            generation_.fetch_add(1, std::memory_order_release);
        }
        wake_.notify_all();
        for (auto& t : workers_)
            t.join();
    }

    // Run the job's chunks on up to chunks-1 workers plus the caller. Returns false (nothing run) when
    // another thread is using the pool.
    bool run(unsigned chunks, int64_t n, const Fn& f) {
        std::unique_lock<std::mutex> user(use_mutex_, std::try_to_lock);
        if (!user.owns_lock())
            return false;
        ensure_workers(chunks - 1);
        Job job;
        job.f = &f;
        job.n = n;
        job.chunks = chunks;
        job.pending.store(chunks, std::memory_order_relaxed);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            current_ = &job;
            generation_.fetch_add(1, std::memory_order_release);
        }
        wake_.notify_all();
        work(job);
        for (int spin = 0; job.pending.load(std::memory_order_acquire) != 0 && spin < 4096; ++spin) {
            std::this_thread::yield();
        }
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return job.pending.load(std::memory_order_acquire) == 0; });
        current_ = nullptr;
        done_.wait(lock, [&] { return job.users == 0; });
        if (job.error)
            std::rethrow_exception(job.error);
        return true;
    }

  private:
    void ensure_workers(unsigned wanted) {
        while (workers_.size() < wanted) {
            const uint64_t seen = generation_.load(std::memory_order_acquire);
            workers_.emplace_back([this, seen] { worker_loop(seen); });
        }
    }

    void work(Job& job) {
        for (unsigned c = job.next.fetch_add(1, std::memory_order_relaxed); c < job.chunks;
             c = job.next.fetch_add(1, std::memory_order_relaxed)) {
            const int64_t begin = job.n * c / job.chunks;
            const int64_t end = job.n * (c + 1) / job.chunks;
            t_in_task = true;
            try {
                (*job.f)(begin, end);
            } catch (...) {
                std::lock_guard<std::mutex> lock(mutex_);
                if (!job.error)
                    job.error = std::current_exception();
            }
            t_in_task = false;
            if (job.pending.fetch_sub(1, std::memory_order_acq_rel) == 1) {
                std::lock_guard<std::mutex> lock(mutex_);
                done_.notify_all();
            }
        }
    }

    void worker_loop(uint64_t seen) {
        for (;;) {
            const auto spin_until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
            while (generation_.load(std::memory_order_acquire) == seen &&
                   std::chrono::steady_clock::now() < spin_until) {
                std::this_thread::yield();
            }
            Job* job = nullptr;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
                seen = generation_.load(std::memory_order_acquire);
                if (stop_)
                    return;
                job = current_;
                if (job == nullptr)
                    continue;
                ++job->users;
            }
            work(*job);
            std::lock_guard<std::mutex> lock(mutex_);
            if (--job->users == 0)
                done_.notify_all();
        }
    }

    std::mutex use_mutex_;  // one parallel_for on the pool at a time
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::vector<std::thread> workers_;
    std::atomic<uint64_t> generation_{0};
    bool stop_ = false;
    Job* current_ = nullptr;
};

Pool& pool() {
    static Pool p;
    return p;
}

}  // namespace

unsigned num_threads() {
    return configured_threads().load(std::memory_order_relaxed);
}

void set_num_threads(unsigned n) {
    configured_threads().store(n == 0 ? default_threads() : n);
}

unsigned parallel_chunks(int64_t n, int64_t grain) {
    if (t_in_task || n <= 0)
        return 1;
    const int64_t g = std::max<int64_t>(grain, 1);
    const int64_t by_size = n / g;
    const int64_t chunks = std::min<int64_t>(by_size, num_threads());
    return chunks < 2 ? 1u : static_cast<unsigned>(chunks);
}

void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& f) {
    if (n <= 0)
        return;
    const unsigned chunks = parallel_chunks(n, grain);
    if (chunks > 1 && pool().run(chunks, n, f))
        return;
    const bool was = t_in_task;
    t_in_task = true;
    try {
        f(0, n);
    } catch (...) {
        t_in_task = was;
        throw;
    }
    t_in_task = was;
}

}  // namespace ptosim
