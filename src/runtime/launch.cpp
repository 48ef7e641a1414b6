#include "ptosim/runtime/launch.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace ptosim {

namespace {
thread_local uint32_t t_block_idx = 0;
thread_local uint32_t t_block_num = 1;

struct BlockScope {
    BlockScope(uint32_t idx, uint32_t num) : saved_idx(t_block_idx), saved_num(t_block_num) {
        t_block_idx = idx;
        t_block_num = num;
    }
    ~BlockScope() {
        t_block_idx = saved_idx;
        t_block_num = saved_num;
    }
    uint32_t saved_idx, saved_num;
};
}  // namespace

uint32_t block_idx() {
    return t_block_idx;
}
uint32_t block_num() {
    return t_block_num;
}

void launch_blocks(uint32_t block_dim, const std::function<void()>& body) {
    if (block_dim == 0)
        return;
    if (block_dim == 1) {
        BlockScope scope(0, 1);
        body();
        return;
    }
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    const unsigned workers = std::min<unsigned>(block_dim, hw);
    std::atomic<uint32_t> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto work = [&] {
        for (uint32_t b = next.fetch_add(1); b < block_dim; b = next.fetch_add(1)) {
            try {
                BlockScope scope(b, block_dim);
                body();
            } catch (...) {
                std::lock_guard<std::mutex> lock(error_mutex);
                if (!error)
                    error = std::current_exception();
            }
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(workers);
    for (unsigned i = 0; i < workers; ++i)
        threads.emplace_back(work);
    for (auto& t : threads)
        t.join();
    if (error)
        std::rethrow_exception(error);
}

}  // namespace ptosim
