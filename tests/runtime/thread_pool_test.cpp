#include "ptosim/runtime/thread_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

TEST(ThreadPool, ChunksCoverTheRangeOnce) {
    ptosim::ScopedNumThreads threads(4);
    for (int64_t n : {1, 2, 7, 64, 1000, 4097}) {
        std::vector<std::atomic<int>> hits(static_cast<std::size_t>(n));
        ptosim::parallel_for(n, 1, [&](int64_t b, int64_t e) {
            EXPECT_LT(b, e);
            for (int64_t i = b; i < e; ++i)
                hits[static_cast<std::size_t>(i)]++;
        });
        for (auto& h : hits)
            ASSERT_EQ(h.load(), 1);
    }
}

TEST(ThreadPool, SmallWorkRunsInlineOnTheCaller) {
    ptosim::ScopedNumThreads threads(4);
    EXPECT_EQ(ptosim::parallel_chunks(100, 64), 1u);
    const auto caller = std::this_thread::get_id();
    ptosim::parallel_for(100, 64, [&](int64_t b, int64_t e) {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        EXPECT_EQ(b, 0);
        EXPECT_EQ(e, 100);
    });
}

TEST(ThreadPool, ChunkCountFollowsThreadsAndGrain) {
    ptosim::ScopedNumThreads threads(3);
    EXPECT_EQ(ptosim::parallel_chunks(1000, 10), 3u);
    EXPECT_EQ(ptosim::parallel_chunks(25, 10), 2u);
    ptosim::set_num_threads(1);
    EXPECT_EQ(ptosim::parallel_chunks(1000, 10), 1u);
}

TEST(ThreadPool, NestedCallsRunInline) {
    ptosim::ScopedNumThreads threads(2);
    std::atomic<int> inner_total{0};
    ptosim::parallel_for(2, 1, [&](int64_t, int64_t) {
        EXPECT_EQ(ptosim::parallel_chunks(1000, 1), 1u);
        ptosim::parallel_for(10, 1, [&](int64_t b, int64_t e) { inner_total += static_cast<int>(e - b); });
    });
    EXPECT_EQ(inner_total.load(), 20);
}

TEST(ThreadPool, ExceptionsReachTheCaller) {
    ptosim::ScopedNumThreads threads(2);
    EXPECT_THROW(ptosim::parallel_for(100, 1,
                                      [](int64_t b, int64_t) {
                                          if (b > 0)
                                              throw std::runtime_error("chunk failed");
                                      }),
                 std::runtime_error);
    // The pool still works afterwards.
    std::atomic<int64_t> sum{0};
    ptosim::parallel_for(100, 1, [&](int64_t b, int64_t e) { sum += e - b; });
    EXPECT_EQ(sum.load(), 100);
}

TEST(ThreadPool, ConcurrentCallersAllComplete) {
    ptosim::ScopedNumThreads threads(2);
    std::atomic<int64_t> total{0};
    std::vector<std::thread> callers;
    for (int t = 0; t < 4; ++t) {
        callers.emplace_back([&] {
            for (int rep = 0; rep < 200; ++rep) {
                ptosim::parallel_for(64, 1, [&](int64_t b, int64_t e) { total += e - b; });
            }
        });
    }
    for (auto& c : callers)
        c.join();
    EXPECT_EQ(total.load(), 4 * 200 * 64);
}

}  // namespace
