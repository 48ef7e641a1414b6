// TPACK through the C++ API (A5 profile): every narrowing size pair keeps the low bytes of each element's
// bits (whatever the types: a float's low 16 bits, not its value), on valid regions smaller than the tiles
// with different row strides; padding untouched; the run-time shape check.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class PackApiTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(PackApiTest);

template <typename T>
uint64_t bits_of(T v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

// Source element (r, c)'s bits: every byte different, so a wrong byte shows.
uint64_t source_bits(int r, int c, std::size_t size) {
    const uint64_t x = 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(r * 1000 + c + 1);
    return size == 8 ? x : x % (uint64_t{1} << (8 * size));
}

template <typename D, typename S>
void check_pack() {
    constexpr int kRows = 6, kSrcCols = 48, kDstCols = 64;  // different row strides
    using Src = Tile<TileType::Vec, S, kRows, kSrcCols, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Dst = Tile<TileType::Vec, D, kRows, kDstCols, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    const int vr = 5, vc = 37;
    Src src(vr, vc);
    Dst dst(vr, vc);
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x4000);
    for (int r = 0; r < kRows; ++r) {
        for (int c = 0; c < kSrcCols; ++c) {
            const uint64_t b = source_bits(r, c, sizeof(S));
            S v;
            std::memcpy(static_cast<void*>(&v), &b, sizeof(S));
            src.SetElement(r, c, v);
        }
    }
    D marker;
    const uint64_t marker_bits = 0xA5A5A5A5A5A5A5A5ull;
    std::memcpy(static_cast<void*>(&marker), &marker_bits, sizeof(D));
    for (int r = 0; r < kRows; ++r)
        for (int c = 0; c < kDstCols; ++c)
            dst.SetElement(r, c, marker);
    TPACK(dst, src);
    const uint64_t modulus = uint64_t{1} << (8 * sizeof(D));
    int bad = 0;
    for (int r = 0; r < kRows; ++r) {
        for (int c = 0; c < kDstCols; ++c) {
            const bool valid = r < vr && c < vc;
            const uint64_t want = valid ? source_bits(r, c, sizeof(S)) % modulus : bits_of(marker);
            const uint64_t got = bits_of(dst.GetElement(r, c));
            if (got != want && ++bad <= 5)
                ADD_FAILURE() << "(" << r << ", " << c << "): got " << std::hex << got << " want " << want;
        }
    }
    EXPECT_EQ(bad, 0);
}

TEST_P(PackApiTest, FourToTwoBytes) {
    check_pack<uint16_t, uint32_t>();
    check_pack<int16_t, int32_t>();
    check_pack<half, float>();  // the float's low 16 bits: a narrowing store, not a conversion
    check_pack<bfloat16_t, int32_t>();
}

TEST_P(PackApiTest, FourToOneByte) {
    check_pack<int8_t, int32_t>();
    check_pack<uint8_t, float>();
}

TEST_P(PackApiTest, TwoToOneByte) {
    check_pack<uint8_t, int16_t>();
    check_pack<int8_t, half>();
}

TEST_P(PackApiTest, NegativeIntegersWrap) {
    using Src = Tile<TileType::Vec, int32_t, 1, 8>;
    Src src;
    Tile<TileType::Vec, int8_t, 1, 32, BLayout::RowMajor, 1, 8> dst;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x100);
    const int32_t in[8] = {-1, -128, 127, 128, 255, 256, -129, 0x12345678};
    const int8_t out[8] = {-1, -128, 127, -128, -1, 0, 127, 0x78};
    for (int c = 0; c < 8; ++c)
        src.SetElement(0, c, in[c]);
    TPACK(dst, src);
    for (int c = 0; c < 8; ++c)
        EXPECT_EQ(dst.GetElement(0, c), out[c]) << c;
}

TEST_P(PackApiTest, RunTimeChecks) {
    using Src = Tile<TileType::Vec, int32_t, 4, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Dst = Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    Src src(4, 16);
    Dst dst(4, 15);
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x1000);
    EXPECT_CHECK_FAILS(TPACK(dst, src), "src's valid shape must be dst's");
    Dst same(4, 16);
    TASSIGN(same, 0x1000);
    ptosim::TileView wide = src.view();
    wide.dtype = ptosim::DType::S64;
    EXPECT_CHECK_FAILS(ptosim::ops::tpack(same.view(), wide), "element sizes must narrow");
}

}  // namespace
