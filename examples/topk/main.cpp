// Selects the k largest of generated uint16_t values with the PTO radix-select kernel (topk.hpp) and checks
// the result against std::nth_element. Usage: ptosim-topk [n k ...] (default 131072 2048).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

#include "topk.hpp"

namespace {

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
    return ok;
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
