#include "ptosim/runtime/launch.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "ptosim/core/check.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/intra_block.hpp"
#include "ptosim/sync/wait.hpp"

namespace ptosim {

namespace {

// Collects the first exception thrown by any of several threads.
class FirstError {
  public:
    void capture() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!error_)
            error_ = std::current_exception();
    }
    void rethrow() {
        if (error_)
            std::rethrow_exception(error_);
    }

  private:
    std::mutex mutex_;
    std::exception_ptr error_;
};

// One simulated core's run of the kernel body: its launch context, cleared intra-block flags, and a fresh
// hazard-checker state that is checked for flags left set when the body returns; `index` is the core's place
// among the launch's cores, whose global-memory accesses the checker compares.
void run_core(const ExecContext& context, const std::function<void()>& body, const hazards::Launch& launch,
              uint32_t index) {
    ScopedExecContext scope(context);
    sync::reset_solo_flags();
    hazards::begin_core(&launch, index);
    try {
        body();
    } catch (...) {
        hazards::abandon_core();  // the next core run on this thread starts clean
        throw;
    }
    hazards::end_core();
}

}  // namespace

void launch_blocks(uint32_t block_dim, const std::function<void()>& body) {
    if (block_dim == 0)
        return;
    if (block_dim == 1) {
        sync::Participants group(1);
        sync::Participant self(group);
        LaunchShared shared;
        const hazards::Launch checked(1);
        run_core({0, 1, 0, 1, exec_context().task_cookie, &shared}, body, checked, 0);
        return;
    }
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    const unsigned workers = std::min<unsigned>(block_dim, hw);
    const uint64_t cookie = exec_context().task_cookie;
    std::atomic<uint32_t> next{0};
    FirstError error;
    sync::Participants group(workers);
    LaunchShared shared;
    shared.threads = workers;
    const hazards::Launch checked(block_dim);
    auto work = [&] {
        sync::Participant self(group);
        for (uint32_t b = next.fetch_add(1); b < block_dim; b = next.fetch_add(1)) {
            try {
                run_core({b, block_dim, 0, 1, cookie, &shared}, body, checked, b);
            } catch (...) {
                error.capture();
            }
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(workers);
    for (unsigned i = 0; i < workers; ++i)
        threads.emplace_back(work);
    for (auto& t : threads)
        t.join();
    error.rethrow();
}

void launch_cores(uint32_t block_dim, uint32_t subblock_dim, const std::function<void()>& body) {
    subblock_dim = std::max<uint32_t>(1, subblock_dim);
    const uint32_t cores = block_dim * subblock_dim;
    const uint64_t cookie = exec_context().task_cookie;
    FirstError error;
    sync::Participants group(cores);
    LaunchShared shared;
    shared.threads = cores;
    const hazards::Launch checked(cores);
    std::vector<std::thread> threads;
    threads.reserve(cores);
    for (uint32_t core = 0; core < cores; ++core) {
        threads.emplace_back([&, core] {
            sync::Participant self(group);
            try {
                run_core({core / subblock_dim, block_dim, core % subblock_dim, subblock_dim, cookie, &shared},
                         body, checked, core);
            } catch (...) {
                error.capture();
            }
        });
    }
    for (auto& t : threads)
        t.join();
    error.rethrow();
}

void launch_ranks(uint32_t nranks, const std::function<void(uint32_t rank)>& body) {
    PTOSIM_CHECK(nranks >= 1 && nranks <= 4096, "launch_ranks", "the rank count must be in 1..4096",
                 {"nranks", nranks});
    const uint64_t cookie = exec_context().task_cookie;
    FirstError error;
    sync::Participants group(nranks);
    const hazards::Launch checked(nranks);
    std::vector<std::thread> threads;
    threads.reserve(nranks);
    for (uint32_t rank = 0; rank < nranks; ++rank) {
        threads.emplace_back([&, rank] {
            sync::Participant self(group);
            set_rank(rank, nranks);
            try {
                run_core(
                    {0, 1, 0, 1, cookie}, [&] { body(rank); }, checked, rank);
            } catch (...) {
                error.capture();
            }
            set_rank(0, 1);
        });
    }
    for (auto& t : threads)
        t.join();
    error.rethrow();
}

uint32_t configured_core_count() {
    static const uint32_t n = [] {
        const char* v = std::getenv("PTO_CPU_SIM_NUM_CORES");
        if (v == nullptr || *v == '\0')
            return 4u;
        char* end = nullptr;
        const unsigned long cores = std::strtoul(v, &end, 10);
        PTOSIM_CHECK(end != nullptr && *end == '\0' && cores >= 1 && cores <= 4096, "ptosim",
                     "PTO_CPU_SIM_NUM_CORES must be a core count in 1..4096", {"value", v});
        return static_cast<uint32_t>(cores);
    }();
    return n;
}

}  // namespace ptosim
