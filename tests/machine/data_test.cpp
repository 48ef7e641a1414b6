// Input data (zero, fill, iota, values, random, file) and the dump tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>

#include "machine_test_util.hpp"
#include "ptosim/pto_as/parser.hpp"

namespace {

using namespace machine_test;
namespace P = ptosim::pto_as;

std::vector<std::byte> data_of(const std::string& directive, const std::string& base = "") {
    auto d = P::parse_linx_directive(directive, 1);
    EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.diags[0].message());
    P::Status status{};
    std::string why;
    const auto& t = d.value.tile;
    auto bytes =
        M::make_data(t.data, t.dtype, static_cast<std::size_t>(t.rows * t.cols), base, &status, &why);
    EXPECT_TRUE(bytes.has_value()) << why;
    return bytes.value_or(std::vector<std::byte>{});
}

template <typename T>
std::vector<T> as(const std::vector<std::byte>& b) {
    std::vector<T> v(b.size() / sizeof(T));
    std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
    return v;
}

TEST(Data, Kinds) {
    EXPECT_EQ(as<int16_t>(data_of(".tile T#1 s16 1x4")), (std::vector<int16_t>{0, 0, 0, 0}));
    EXPECT_EQ(as<int16_t>(data_of(".tile T#1 s16 1x4 fill -3")), (std::vector<int16_t>{-3, -3, -3, -3}));
    EXPECT_EQ(as<int16_t>(data_of(".tile T#1 s16 2x2 iota 10 -4")), (std::vector<int16_t>{10, 6, 2, -2}));
    EXPECT_EQ(as<uint8_t>(data_of(".tile T#1 u8 1x4 iota 254")), (std::vector<uint8_t>{254, 255, 0, 1}));
    EXPECT_EQ(as<float>(data_of(".tile T#1 fp32 1x3 iota 0.5 0.25")),
              (std::vector<float>{0.5f, 0.75f, 1.0f}));
    EXPECT_EQ(as<uint32_t>(data_of(".tile T#1 u32 1x4 values 1, 0x80000000")),
              (std::vector<uint32_t>{1, 0x80000000u, 0, 0}));
    EXPECT_EQ(as<uint16_t>(data_of(".tile T#1 fp16 1x2 values 1, -2")),
              (std::vector<uint16_t>{0x3c00, 0xc000}));
}

TEST(Data, RandomIsDeterministicAndInRange) {
    const auto a = as<int8_t>(data_of(".tile T#1 s8 8x64 random seed=5 min=-3 max=2"));
    EXPECT_EQ(a, as<int8_t>(data_of(".tile T#1 s8 8x64 random seed=5 min=-3 max=2")));
    EXPECT_NE(a, as<int8_t>(data_of(".tile T#1 s8 8x64 random seed=6 min=-3 max=2")));
    std::set<int> seen(a.begin(), a.end());
    EXPECT_EQ(seen, (std::set<int>{-3, -2, -1, 0, 1, 2}));
    for (float f : as<float>(data_of(".tile T#1 fp32 8x64 random seed=1"))) {
        EXPECT_GE(f, -100.0f);
        EXPECT_LT(f, 100.0f);
    }
    const auto u = as<uint64_t>(data_of(".tile T#1 u64 4x64 random seed=3"));
    EXPECT_GT(*std::max_element(u.begin(), u.end()), uint64_t{1} << 62);  // the whole range
    // Pinned values: the generator must not change under anyone's feet (programs and tests depend on it).
    EXPECT_EQ(as<uint32_t>(data_of(".tile T#1 u32 1x2 random seed=1")),
              (std::vector<uint32_t>{2298633409u, 1703865447u}));
}

TEST(Data, FilesAreRawLittleEndianElements) {
    const std::string dir = ::testing::TempDir();
    {
        std::ofstream f(dir + "/ptosim_data_test.bin", std::ios::binary);
        const uint16_t v[] = {1, 2, 0xffff};
        f.write(reinterpret_cast<const char*>(v), sizeof v);
    }
    EXPECT_EQ(as<uint16_t>(data_of(".tile T#1 u16 1x3 file=ptosim_data_test.bin", dir)),
              (std::vector<uint16_t>{1, 2, 0xffff}));
    std::remove((dir + "/ptosim_data_test.bin").c_str());
}

TEST(Dump, TablesOfTheValidRegion) {
    const Ran r = run_text(".tile T#1 s16 3x20 iota -5 1\n");
    const M::Entry& e = r.machine->entry(Hand::T, 1);
    EXPECT_EQ(M::format_tile("T#1", e, {}),
              "T#1: S16 3x20, valid 3x20, 128B, input\n"
              "[0, 0]  -5 -4 -3 -2 -1  0  1  2  3  4  5  6  7  8  9 10\n"
              "[0, 16] 11 12 13 14\n"
              "[1, 0]  15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30\n"
              "[1, 16] 31 32 33 34\n"
              "[2, 0]  35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50\n"
              "[2, 16] 51 52 53 54\n");
    M::DumpOptions o;
    o.region = P::Region{1, 2, 2, 5};
    o.hex = true;
    EXPECT_EQ(M::format_tile("x", e, o),
              "x: S16 3x20, valid 3x20, 128B, input\n"
              "[1, 2] 0x0011 0x0012 0x0013\n");
    o.region = P::Region{5, -1, 0, -1};
    EXPECT_EQ(M::format_tile("x", e, o), "x: S16 3x20, valid 3x20, 128B, input\n  (empty)\n");
}

TEST(Dump, Elements) {
    const auto text = [](auto v, DType t, bool hex = false) {
        return M::format_element(reinterpret_cast<const std::byte*>(&v), t, hex);
    };
    EXPECT_EQ(text(0.1f, DType::F32), "0.1");
    EXPECT_EQ(text(-2.5, DType::F64), "-2.5");
    EXPECT_EQ(text(uint16_t{0x3555}, DType::F16), "0.33325195");
    EXPECT_EQ(text(uint16_t{0x7fc0}, DType::BF16), "nan");
    EXPECT_EQ(text(uint16_t{0x7e00}, DType::BF16), "4.2535296e+37");
    EXPECT_EQ(text(int8_t{-7}, DType::S8), "-7");
    EXPECT_EQ(text(int8_t{-7}, DType::S8, true), "0xf9");
    EXPECT_EQ(text(uint64_t{~0ull}, DType::U64), "18446744073709551615");
}

}  // namespace
