// Selects the k largest of generated uint16_t values with the PTO radix-select kernel (topk.hpp), and of the
// same values as floats with the sort kernel (topk_sort.hpp, on two blocks), and checks both: the radix
// select against std::nth_element, the sort against std::partial_sort. Usage: ptosim-topk [n k ...] (default
// 131072 2048).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "topk.hpp"
#include "topk_sort.hpp"

namespace {

// The sort kernel on the same values as floats: the k largest, largest first, ties by smaller index.
bool run_sort(const std::vector<uint16_t>& values, int64_t k) {
    const auto n = static_cast<int64_t>(values.size());
    std::vector<float> x(values.begin(), values.end());
    topk_sort::DeviceBuffers dev(n, k, 2);
    aclrtMemcpy(dev.values, x.size() * 4, x.data(), x.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    topk_sort::Select(dev, n, k);
    std::vector<float> pairs(static_cast<size_t>(2 * k));
    aclrtMemcpy(pairs.data(), pairs.size() * 4, dev.out, pairs.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    std::vector<uint32_t> want(values.size());
    for (size_t i = 0; i < want.size(); ++i)
        want[i] = static_cast<uint32_t>(i);
    std::partial_sort(want.begin(), want.begin() + k, want.end(),
                      [&](uint32_t a, uint32_t b) { return x[a] > x[b] || (x[a] == x[b] && a < b); });
    bool ok = true;
    for (int64_t j = 0; j < k && ok; ++j) {
        uint32_t index = 0;
        std::memcpy(&index, &pairs[static_cast<size_t>(2 * j + 1)], 4);
        ok = index == want[static_cast<size_t>(j)] && pairs[static_cast<size_t>(2 * j)] == x[index];
    }
    std::printf("top-%lld of %lld float values by sorting: %s\n", static_cast<long long>(k),
                static_cast<long long>(n), ok ? "verified" : "MISMATCH");
    return ok;
}

bool run(int64_t n, int64_t k, std::mt19937_64& rng) {
    std::vector<uint16_t> values(static_cast<size_t>(n));
    for (auto& v : values)
        v = static_cast<uint16_t>(rng() % 40000);  // many ties
    topk::DeviceBuffers dev(n, k);
    const size_t bytes = values.size() * sizeof(uint16_t);
    aclrtMemcpy(dev.values, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    topk::Select(dev, n, k, 0);
    std::vector<uint16_t> top(static_cast<size_t>(k));
    std::vector<uint32_t> where(static_cast<size_t>(k));
    aclrtMemcpy(top.data(), top.size() * 2, dev.top_values, top.size() * 2, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(where.data(), where.size() * 4, dev.top_indices, where.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    bool ok = true;
    for (int64_t j = 0; j < k; ++j)
        ok &= where[static_cast<size_t>(j)] < n &&
              values[where[static_cast<size_t>(j)]] == top[static_cast<size_t>(j)] &&
              (j == 0 || where[static_cast<size_t>(j)] > where[static_cast<size_t>(j - 1)]);
    std::vector<uint16_t> want = values;
    std::nth_element(want.begin(), want.begin() + (k - 1), want.end(), std::greater<>());
    want.resize(static_cast<size_t>(k));
    std::sort(want.begin(), want.end());
    std::sort(top.begin(), top.end());
    ok &= want == top;
    std::printf("top-%lld of %lld uint16_t values: %s\n", static_cast<long long>(k),
                static_cast<long long>(n), ok ? "verified" : "MISMATCH");
    return ok && (k > topk_sort::kMaxK || run_sort(values, k));
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::pair<int64_t, int64_t>> cases;
    for (int i = 1; i + 1 < argc; i += 2)
        cases.emplace_back(std::atoll(argv[i]), std::atoll(argv[i + 1]));
    if (cases.empty())
        cases.emplace_back(131072, 2048);
    aclInit(nullptr);
    aclrtSetDevice(0);
    std::mt19937_64 rng(2);
    bool ok = true;
    for (auto [n, k] : cases)
        ok &= run(n, k, rng);
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 1;
}
