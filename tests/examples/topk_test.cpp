// The top-k example kernel (examples/topk) against std::nth_element: the selected values are the k largest as
// a multiset, each sits at its index, indices ascend, ties at the threshold are taken in index order, and the
// masked output keeps exactly the selection.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ptosim/kernels/backend.hpp"
#include "topk/topk.hpp"

namespace {

void check_topk(const std::vector<uint16_t>& values, int64_t k, uint16_t fill = 0xFFFF) {
    const auto n = static_cast<int64_t>(values.size());
    topk::DeviceBuffers dev(n, k);
    aclrtMemcpy(dev.values, values.size() * 2, values.data(), values.size() * 2, ACL_MEMCPY_HOST_TO_DEVICE);
    topk::Select(dev, n, k, fill);
    std::vector<uint16_t> top(static_cast<size_t>(k)), masked(values.size());
    std::vector<uint32_t> where(static_cast<size_t>(k)), info(topk::kInfoWords);
    aclrtMemcpy(top.data(), top.size() * 2, dev.top_values, top.size() * 2, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(where.data(), where.size() * 4, dev.top_indices, where.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(masked.data(), masked.size() * 2, dev.masked, masked.size() * 2, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(info.data(), info.size() * 4, dev.info, info.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);

    std::vector<uint16_t> want = values;
    std::nth_element(want.begin(), want.begin() + (k - 1), want.end(), std::greater<>());
    const uint16_t threshold = want[static_cast<size_t>(k - 1)];
    const auto greater =
        std::count_if(values.begin(), values.end(), [&](uint16_t v) { return v > threshold; });
    const auto equal = std::count(values.begin(), values.end(), threshold);
    EXPECT_EQ(info[0], threshold);
    EXPECT_EQ(info[1], greater);
    EXPECT_EQ(info[2], k - greater);
    EXPECT_EQ(info[3], equal);

    // Expected selection: every value above the threshold and the first k - greater ties, in index order.
    std::vector<uint32_t> expect_where;
    std::vector<uint16_t> expect_masked(values.size(), fill);
    int64_t ties = k - greater;
    for (int64_t i = 0; i < n; ++i) {
        const uint16_t v = values[static_cast<size_t>(i)];
        if (v > threshold || (v == threshold && ties-- > 0)) {
            expect_where.push_back(static_cast<uint32_t>(i));
            expect_masked[static_cast<size_t>(i)] = v;
        }
    }
    ASSERT_EQ(expect_where.size(), static_cast<size_t>(k));
    EXPECT_TRUE(where == expect_where) << "selected indices differ";
    EXPECT_TRUE(masked == expect_masked) << "masked output differs";
    for (int64_t j = 0; j < k; ++j)
        ASSERT_EQ(top[static_cast<size_t>(j)], values[where[static_cast<size_t>(j)]]) << "selection " << j;
    want.resize(static_cast<size_t>(k));
    std::sort(want.begin(), want.end());
    std::sort(top.begin(), top.end());
    EXPECT_TRUE(top == want) << "the selected values are not the k largest";
}

std::vector<uint16_t> random_values(int64_t n, uint32_t range, std::mt19937_64& rng) {
    std::vector<uint16_t> v(static_cast<size_t>(n));
    for (auto& x : v)
        x = static_cast<uint16_t>(rng() % range);
    return v;
}

TEST(TopKExample, ShowcaseSize) {
    std::mt19937_64 rng(1);
    check_topk(random_values(131072, 65536, rng), 2048);
}

TEST(TopKExample, TiesAtTheThreshold) {
    std::mt19937_64 rng(2);
    // 300 distinct values: every threshold has hundreds of ties; k cuts through them.
    const auto v = random_values(100000, 300, rng);
    for (int64_t k : {1, 2, 333, 334, 5000, 99999, 100000})
        check_topk(v, k);
}

TEST(TopKExample, AllEqual) {
    const std::vector<uint16_t> v(70000, 0x4242);
    for (int64_t k : {1, 12345, 70000})
        check_topk(v, k);
}

TEST(TopKExample, ThresholdInTheLowestAndHighestBins) {
    std::mt19937_64 rng(3);
    std::vector<uint16_t> v = random_values(5000, 65536, rng);
    v[17] = 0xFFFF;
    v[4000] = 0xFFFF;
    check_topk(v, 1);
    check_topk(v, 2);
    check_topk(v, 5000);  // the smallest value is the threshold
    std::vector<uint16_t> low(3000, 0);
    low[5] = 1;
    check_topk(low, 2);
}

TEST(TopKExample, SeveralTilesAndCompactFlushes) {
    std::mt19937_64 rng(4);
    // More values than one UB tile and more selections than one compact staging tile.
    check_topk(random_values(3 * topk::kTile + 5, 1000, rng), topk::kCompact + 3000);
}

TEST(TopKExample, SmallInputs) {
    std::mt19937_64 rng(5);
    for (int64_t n : {1, 2, 31, 32, 33, 1000}) {
        const auto v = random_values(n, 50, rng);
        check_topk(v, 1);
        check_topk(v, n);
        check_topk(v, (n + 1) / 2);
    }
}

TEST(TopKExample, ReferenceKernels) {
    ptosim::ScopedBackend ref(ptosim::Backend::Ref);
    std::mt19937_64 rng(6);
    check_topk(random_values(20000, 2000, rng), 777);
}

}  // namespace
