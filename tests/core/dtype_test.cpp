#include "ptosim/core/dtype.hpp"

#include <gtest/gtest.h>

namespace {

using ptosim::DType;

TEST(DType, CodesFollowTheEncodingTable) {
    EXPECT_EQ(static_cast<int>(DType::F32), 1);
    EXPECT_EQ(static_cast<int>(DType::F16), 4);
    EXPECT_EQ(static_cast<int>(DType::S32), 17);
    EXPECT_EQ(static_cast<int>(DType::U32), 25);
    EXPECT_EQ(static_cast<int>(DType::U8), 27);
    for (unsigned c : {15u, 21u, 22u, 23u, 29u, 30u, 31u})
        EXPECT_FALSE(ptosim::dtype_code_valid(c)) << c;
    for (unsigned c : {0u, 14u, 16u, 20u, 24u, 28u})
        EXPECT_TRUE(ptosim::dtype_code_valid(c)) << c;
}

TEST(DType, SizesAndNames) {
    EXPECT_EQ(ptosim::dtype_size(DType::U64), 8u);
    EXPECT_EQ(ptosim::dtype_size(DType::BF16), 2u);
    EXPECT_EQ(ptosim::dtype_size(DType::U8), 1u);
    EXPECT_EQ(ptosim::dtype_name(DType::U16), "U16");
    EXPECT_EQ(ptosim::dtype_cpp_name(DType::F16), "half");
}

TEST(DType, ParsesAssemblyAndMlirSpellings) {
    EXPECT_EQ(ptosim::parse_dtype("u32"), DType::U32);
    EXPECT_EQ(ptosim::parse_dtype("FP16"), DType::F16);
    EXPECT_EQ(ptosim::parse_dtype("f32"), DType::F32);
    EXPECT_EQ(ptosim::parse_dtype("ui16"), DType::U16);
    EXPECT_EQ(ptosim::parse_dtype("i8"), DType::S8);
    EXPECT_EQ(ptosim::parse_dtype("bf16"), DType::BF16);
    EXPECT_FALSE(ptosim::parse_dtype("u33").has_value());
}

TEST(DType, CppTypesMapToCodes) {
    static_assert(ptosim::dtype_of<uint16_t> == DType::U16);
    static_assert(ptosim::dtype_of<ptosim::float16> == DType::F16);
    static_assert(ptosim::dtype_of<const int64_t> == DType::S64);
    int visited = 0;
    EXPECT_TRUE(ptosim::visit_dtype(DType::U32, [&](auto v) { visited = sizeof(v); }));
    EXPECT_EQ(visited, 4);
    EXPECT_FALSE(ptosim::visit_dtype(DType::E4M3, [](auto) {}));
}

}  // namespace
