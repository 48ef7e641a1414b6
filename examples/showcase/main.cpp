// The README's main job. For now: a device-style kernel that moves a matrix from global memory through a tile
// in the simulated Unified Buffer and back, launched on four simulated cores, printing what it did.
#include <pto/pto-inst.hpp>

#include <cstdio>
#include <vector>

using namespace pto;

constexpr int kRows = 16;
constexpr int kCols = 64;

AICORE void RoundTrip(__gm__ float __out__* out, __gm__ float __in__* in) {
    using G = GlobalTensor<float, Shape<1, 1, 1, kRows, kCols>, Stride<1, 1, 1, kCols, 1>>;
    using T = Tile<TileType::Vec, float, kRows, kCols>;
    const int64_t block = get_block_idx();
    G src(in + block * kRows * kCols), dst(out + block * kRows * kCols);
    T tile;
    TASSIGN(tile, 0x1000);
    Event<Op::TLOAD, Op::TSTORE_VEC> loaded = TLOAD(tile, src);
    TSTORE(dst, tile, loaded);
}

int main() {
    constexpr uint32_t kBlocks = 4;
    const size_t n = kBlocks * kRows * kCols, bytes = n * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    float *in, *out;
    aclrtMalloc((void**)&in, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&out, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<float> host(n);
    for (size_t i = 0; i < n; ++i)
        host[i] = static_cast<float>(i) * 0.25f;
    aclrtMemcpy(in, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);

    ptosim::launch(kBlocks, RoundTrip, out, in);
    aclrtSynchronizeStream(stream);

    std::vector<float> back(n);
    aclrtMemcpy(back.data(), bytes, out, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    size_t mismatches = 0;
    for (size_t i = 0; i < n; ++i)
        mismatches += back[i] != host[i];
    std::printf("ptosim: TLOAD -> tile (UB offset 0x1000, %dx%d float) -> TSTORE on %u simulated cores\n",
                kRows, kCols, kBlocks);
    std::printf("        %zu elements, %zu bytes per core, %s\n", n, bytes / kBlocks,
                mismatches == 0 ? "verified" : "MISMATCH");
    aclrtFree(in);
    aclrtFree(out);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return mismatches == 0 ? 0 : 1;
}
