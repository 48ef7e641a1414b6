// A kernel and host launcher written the way pto-isa device code is written (qualifiers, GlobalTensor,
// TASSIGN, TLOAD/TSTORE, events, ACL host calls), built and run unchanged.
#include <gtest/gtest.h>

#include <pto/common/constants.hpp>
#include <pto/pto-inst.hpp>

#include <vector>

using namespace pto;

template <typename T, int kRows, int kCols>
AICORE void CopyKernel(__gm__ T __out__* out, __gm__ T __in__* in) {
    using GShape = Shape<1, 1, 1, kRows, kCols>;
    using GStride = Stride<1, 1, 1, kCols, 1>;
    using GlobalData = GlobalTensor<T, GShape, GStride>;
    using TileData = Tile<TileType::Vec, T, kRows, kCols, BLayout::RowMajor, -1, -1>;

    // Each block copies its own band of rows.
    const int64_t block = get_block_idx();
    GlobalData src(in + block * kRows * kCols);
    GlobalData dst(out + block * kRows * kCols);
    TileData tile(kRows, kCols);
    TASSIGN(tile, 0x0);
    Event<Op::TLOAD, Op::TSTORE_VEC> loaded;
    loaded = TLOAD(tile, src);
    set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    TSTORE(dst, tile, loaded);
    pipe_barrier(PIPE_ALL);
}

template <typename T, int kRows, int kCols>
void LaunchCopy(T* out, T* in, uint32_t blockDim, void* stream) {
    (void)stream;
    ptosim::launch(blockDim, CopyKernel<T, kRows, kCols>, out, in);
}

TEST(DeviceKernel, AclHostLauncherRoundTrip) {
    constexpr int kRows = NUM_16, kCols = NUM_64;
    constexpr uint32_t kBlocks = 4;
    const size_t bytes = kBlocks * kRows * kCols * sizeof(aclFloat16);

    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);

    aclFloat16 *inHost, *outHost, *inDevice, *outDevice;
    ASSERT_EQ(aclrtMallocHost((void**)(&inHost), bytes), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost((void**)(&outHost), bytes), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc((void**)&inDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc((void**)&outDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    for (size_t i = 0; i < bytes / sizeof(aclFloat16); ++i)
        inHost[i] = aclFloat16(static_cast<float>(i % 2048) * 0.5f);

    ASSERT_EQ(aclrtMemcpy(inDevice, bytes, inHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    LaunchCopy<aclFloat16, kRows, kCols>(outDevice, inDevice, kBlocks, stream);
    ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(outHost, bytes, outDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);

    for (size_t i = 0; i < bytes / sizeof(aclFloat16); ++i)
        ASSERT_EQ(outHost[i].bits(), inHost[i].bits()) << i;

    EXPECT_EQ(aclrtFree(inDevice), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(outDevice), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(inHost), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(outHost), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}
