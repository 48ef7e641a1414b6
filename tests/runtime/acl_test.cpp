// The ACL host runtime: success paths and error codes for bad arguments (never a crash).
#include <gtest/gtest.h>

#include <acl/acl.h>

#include <string>

namespace {

TEST(Acl, MallocCopyFree) {
    void* d = nullptr;
    ASSERT_EQ(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(d) % 64, 0u);
    const char msg[] = "hello";
    EXPECT_EQ(aclrtMemcpy(d, 64, msg, sizeof msg, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_STREQ(static_cast<char*>(d), "hello");
    EXPECT_EQ(aclrtMemset(d, 64, 'x', 3), ACL_SUCCESS);
    EXPECT_EQ(static_cast<char*>(d)[2], 'x');
    EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
}

TEST(Acl, BadArgumentsReturnErrors) {
    void* d = nullptr;
    EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMalloc(&d, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    ASSERT_EQ(aclrtMalloc(&d, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    char big[32] = {};
    EXPECT_EQ(aclrtMemcpy(d, 16, big, 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("destMax"), std::string::npos);
    EXPECT_EQ(aclrtMemcpy(nullptr, 16, big, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemset(d, 16, 0, 17), ACL_ERROR_INVALID_PARAM);
    int stack = 0;
    EXPECT_EQ(aclrtFree(&stack), ACL_ERROR_INVALID_PARAM);  // not ours: reported, not freed
    EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(d), ACL_ERROR_INVALID_PARAM);  // double free is reported
}

TEST(Acl, CopiesMustStayInsideTheirAllocations) {
    void* d = nullptr;
    ASSERT_EQ(aclrtMalloc(&d, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    char* p = static_cast<char*>(d);
    char big[32] = {};
    // destMax is the caller's claim; the allocation is what is really there.
    EXPECT_EQ(aclrtMemcpy(p + 8, 32, big, 9, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("destination allocation"), std::string::npos);
    EXPECT_EQ(aclrtMemcpy(p + 8, 32, big, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(big, 32, p + 4, 13, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("source allocation"), std::string::npos);
    EXPECT_EQ(aclrtMemcpy(big, 32, p + 4, 12, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemset(p + 15, 64, 0, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemset(p + 15, 64, 0, 1), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
}

TEST(Acl, DeviceAndStream) {
    EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    int32_t dev = -1;
    EXPECT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
    EXPECT_EQ(dev, 0);
    aclrtStream s = nullptr;
    EXPECT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    EXPECT_NE(s, nullptr);
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_INVALID_DEVICE);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

}  // namespace
