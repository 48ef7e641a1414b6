// The registry of runtime allocations that TLOAD/TSTORE/MSCATTER check global tensors against.
#include <gtest/gtest.h>

#include <cstddef>

#include <acl/acl.h>

#include "ptosim/runtime/allocations.hpp"

namespace {

namespace A = ptosim::allocations;

TEST(Allocations, ContainingFindsTheBlockOfEveryByteAndNothingElse) {
    alignas(64) static std::byte arena[256];
    A::add(arena + 64, 64);
    A::add(arena + 128, 32);
    EXPECT_FALSE(A::containing(arena + 63));
    for (int i = 64; i < 128; ++i) {
        const auto b = A::containing(arena + i);
        ASSERT_TRUE(b) << i;
        EXPECT_EQ(b->base, arena + 64);
        EXPECT_EQ(b->size, 64u);
    }
    EXPECT_EQ(A::containing(arena + 128)->base, arena + 128);  // the next block, adjacent
    EXPECT_EQ(A::containing(arena + 159)->base, arena + 128);
    EXPECT_FALSE(A::containing(arena + 160));  // one past the end
    EXPECT_TRUE(A::remove(arena + 64));
    EXPECT_FALSE(A::remove(arena + 64));
    EXPECT_FALSE(A::remove(arena + 129));  // only a block's base removes it
    EXPECT_FALSE(A::containing(arena + 100));
    EXPECT_TRUE(A::remove(arena + 128));
    EXPECT_FALSE(A::containing(arena + 130));
}

// Lookups remember the last block found; any change to the registry must invalidate that.
TEST(Allocations, ARememberedBlockDoesNotOutliveAChange) {
    alignas(64) static std::byte arena[128];
    A::add(arena, 128);
    ASSERT_TRUE(A::containing(arena + 100));
    ASSERT_TRUE(A::containing(arena + 100));  // now answered from the remembered block
    ASSERT_TRUE(A::remove(arena));
    EXPECT_FALSE(A::containing(arena + 100));
    A::add(arena, 64);  // the same base, smaller
    EXPECT_FALSE(A::containing(arena + 100));
    ASSERT_TRUE(A::containing(arena + 10));
    EXPECT_EQ(A::containing(arena + 10)->size, 64u);
    EXPECT_TRUE(A::remove(arena));
}

TEST(Allocations, AclMallocAndFreeRecordAndForget) {
    void* d = nullptr;
    ASSERT_EQ(aclrtMalloc(&d, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const auto b = A::containing(static_cast<std::byte*>(d) + 99);
    ASSERT_TRUE(b);
    EXPECT_EQ(b->base, d);
    EXPECT_EQ(b->size, 100u);
    void* h = nullptr;
    ASSERT_EQ(aclrtMallocHost(&h, 8), ACL_SUCCESS);
    EXPECT_TRUE(A::containing(h));
    EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
    EXPECT_FALSE(A::containing(h));
}

}  // namespace
