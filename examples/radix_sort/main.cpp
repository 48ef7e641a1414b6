// Sorts generated uint16_t and uint32_t keys with the PTO radix-sort kernels (radix_sort.hpp) and checks the
// result against std::sort. Usage: ptosim-radix-sort [n ...] (default 1048576).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "radix_sort.hpp"

namespace {

template <typename T>
bool run(int64_t n, uint32_t blocks, std::mt19937_64& rng) {
    std::vector<T> keys(static_cast<size_t>(n));
    for (auto& k : keys)
        k = static_cast<T>(rng());
    radix::DeviceBuffers<T> dev(n, blocks);
    const size_t bytes = keys.size() * sizeof(T);
    aclrtMemcpy(dev.keys, bytes, keys.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    double best = 1e30;
    for (int rep = 0; rep < 3; ++rep) {
        const auto t0 = std::chrono::steady_clock::now();
        radix::Sort(dev, n);
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::vector<T> got(keys.size());
    aclrtMemcpy(got.data(), bytes, dev.out, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    std::sort(keys.begin(), keys.end());
    const bool ok = got == keys;
    std::printf("radix sort %-8s n=%-9lld %s  %.1f Mkeys/s\n", sizeof(T) == 2 ? "uint16_t" : "uint32_t",
                static_cast<long long>(n), ok ? "verified" : "MISMATCH", n / best * 1e-6);
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int64_t> sizes;
    for (int i = 1; i < argc; ++i)
        sizes.push_back(std::atoll(argv[i]));
    if (sizes.empty())
        sizes.push_back(1 << 20);
    aclInit(nullptr);
    aclrtSetDevice(0);
    std::mt19937_64 rng(1);
    bool ok = true;
    for (int64_t n : sizes) {
        ok &= run<uint16_t>(n, 1, rng);
        ok &= run<uint32_t>(n, 1, rng);
    }
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 1;
}
