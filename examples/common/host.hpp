// Host-side helpers the example programs share: global memory from aclrtMalloc and best-of-n timing.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace examples {

// n elements of T in global memory (aclrtMalloc), filled from and read back into host vectors of n elements.
template <typename T>
struct DeviceBuffer {
    T* p = nullptr;
    std::size_t n;
    explicit DeviceBuffer(std::size_t count) : n(count) {
        aclrtMalloc(reinterpret_cast<void**>(&p), n * sizeof(T), ACL_MEM_MALLOC_HUGE_FIRST);
    }
    ~DeviceBuffer() { aclrtFree(p); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    void put(const std::vector<T>& v) {
        aclrtMemcpy(p, n * sizeof(T), v.data(), n * sizeof(T), ACL_MEMCPY_HOST_TO_DEVICE);
    }
    void get(std::vector<T>& v) const {
        aclrtMemcpy(v.data(), n * sizeof(T), p, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST);
    }
};

// The shortest of `reps` runs of f, in seconds.
template <typename F>
double best_seconds(int reps, F&& f) {
    double best = 1e300;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

}  // namespace examples
