// TDEQUANT through ops::execute, on the reference kernel and the fast kernels of every SIMD target, against
// an oracle written from the page: (x - offset) rounded to float, then times scale rounded to float, with the
// row's parameters from column 0 of a column-major [R, 1] or a row-major [R, 8] tile; nothing outside dst's
// valid region changes; a failed check writes nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <limits>
#include <random>

#include "kernel_test.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"
#include "ptosim/ops/quant.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using isa::Op;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class DeQuantKernel : public ptosim::testing::KernelTest {
  protected:
    std::mt19937_64 rng_{77};
};
PTOSIM_INSTANTIATE_KERNEL_TEST(DeQuantKernel);

// The exact difference of a small integer and a parameter with few significant bits, rounded once to float;
// the double product of two floats is exact, so rounding it once gives the float product.
float oracle(int64_t x, float offset, float scale) {
    const float shifted = static_cast<float>(static_cast<double>(x) - static_cast<double>(offset));
    return static_cast<float>(static_cast<double>(shifted) * static_cast<double>(scale));
}

void run(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    const TileView srcs[] = {src, scale, offset};
    ops::execute(Op::TDEQUANT, {std::span<const TileView>(&dst, 1), srcs, {}, {}});
}

TEST_P(DeQuantKernel, MatchesTheOracle) {
    std::uniform_int_distribution<int> pick(-4096, 4096);
    int cases = 0;
    for (const DType st : {DType::S8, DType::S16}) {
        for (const int32_t vc : {0, 1, 7, 15, 16, 17, 64, 70, 131}) {
            for (const bool col_major_params : {true, false}) {
                const int32_t vr = 5;
                UbTiles tiles(rng_);
                const TileView src = tiles.place(st, vr + 1, row_major_cols(dtype_size(st), vc, 1), vr, vc);
                const TileView dst = tiles.place(DType::F32, vr + 2, row_major_cols(4, vc, 1), vr, vc);
                const Layout pl = col_major_params ? Layout::col_major(8, 1) : Layout::row_major(vr, 8);
                const int32_t pcols = col_major_params ? 1 : 8;
                const TileView scale = tiles.place(DType::F32, pl, vr, pcols);
                const TileView offset = tiles.place(DType::F32, pl, vr, pcols);
                for (int32_t r = 0; r < vr; ++r) {
                    // Parameters with few significant bits keep the oracle's difference exact; scales of any
                    // size exercise the product's rounding, subnormals and overflow.
                    const float o = static_cast<float>(pick(rng_)) / 8.0f;
                    const float s = std::ldexp(static_cast<float>(rng_() % 0xFFFFFF + 1) / 16777216.0f,
                                               static_cast<int>(rng_() % 280) - 150);
                    std::memcpy(offset.at(r, 0), &o, 4);
                    std::memcpy(scale.at(r, 0), &s, 4);
                    for (int32_t c = 0; c < vc; ++c) {
                        const uint64_t bits = rng_();
                        std::memcpy(src.at(r, c), &bits, dtype_size(st));
                    }
                }
                UbImage image;
                const TileView want = image.expected(dst);
                for (int32_t r = 0; r < vr; ++r) {
                    float s = 0, o = 0;
                    std::memcpy(&s, scale.at(r, 0), 4);
                    std::memcpy(&o, offset.at(r, 0), 4);
                    for (int32_t c = 0; c < vc; ++c) {
                        int64_t x = 0;
                        if (st == DType::S8)
                            x = *reinterpret_cast<const int8_t*>(src.at(r, c));
                        else
                            x = *reinterpret_cast<const int16_t*>(src.at(r, c));
                        const float y = oracle(x, o, s);
                        std::memcpy(want.at(r, c), &y, 4);
                    }
                }
                run(dst, src, scale, offset);
                EXPECT_TRUE(image.matches_ub()) << dtype_name(st) << " validCol " << vc
                                                << (col_major_params ? " [R,1] params" : " [R,8] params");
                ++cases;
            }
        }
    }
    EXPECT_EQ(cases, 36);
}

TEST_P(DeQuantKernel, RunTimeRules) {
    UbTiles tiles(rng_);
    const TileView src = tiles.place(DType::S8, 4, 32, 4, 32);
    const TileView dst = tiles.place(DType::F32, 4, 32, 4, 32);
    const TileView scale = tiles.place(DType::F32, Layout::col_major(8, 1), 4, 1);
    const TileView short_offset = tiles.place(DType::F32, Layout::col_major(8, 1), 3, 1);
    const TileView narrow_src = tiles.place(DType::S8, 4, 32, 4, 31);
    const TileView half_dst = tiles.place(DType::F16, 4, 32, 4, 32);
    const TileView u8_src = tiles.place(DType::U8, 4, 32, 4, 32);
    EXPECT_FAILS_UNTOUCHED(run(dst, src, scale, short_offset),
                           "TDEQUANT: scale and offset have dst's valid rows");
    EXPECT_FAILS_UNTOUCHED(run(dst, narrow_src, scale, scale), "TDEQUANT: src has dst's valid shape");
    EXPECT_FAILS_UNTOUCHED(run(half_dst, src, scale, scale), "TDEQUANT: element type not supported");
    EXPECT_FAILS_UNTOUCHED(run(dst, u8_src, scale, scale), "TDEQUANT: element type not supported");
    EXPECT_FAILS_UNTOUCHED(run(scale, src, scale, scale), "TDEQUANT");
}

// The nearest integer to v, ties to even, clamped to [lo, hi]; NaN gives 0.
int quant_oracle(double v, int lo, int hi) {
    if (v != v)
        return 0;
    if (v <= lo)
        return lo;
    if (v >= hi)
        return hi;
    const double f = std::floor(v);
    const double frac = v - f;
    const auto i = static_cast<int>(f);
    if (frac > 0.5 || (frac == 0.5 && i % 2 != 0))
        return i + 1;
    return i;
}

TEST_P(DeQuantKernel, QuantMatchesTheOracle) {
    std::uniform_int_distribution<int> pick(-2000, 2000);
    const float specials[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), 1e30f, -1e30f, 0.5f, 1.5f, 2.5f, -0.5f,
                              -2.5f, 127.5f, -128.5f, 255.5f, -0.0f,
                              // just below a half: a "+0.5 then truncate" rounding gets these wrong
                              0.49999997f, -0.49999997f, 2.4999998f, 126.49999f};
    for (const bool asym : {false, true}) {
        for (const int32_t vc : {1, 13, 16, 64, 67}) {
            const int32_t vr = 6;
            UbTiles tiles(rng_);
            const DType dt = asym ? DType::U8 : DType::S8;
            const TileView src = tiles.place(DType::F32, vr, row_major_cols(4, vc, 1), vr, vc);
            const TileView dst = tiles.place(dt, vr + 1, row_major_cols(1, vc, 1), vr, vc);
            const TileView scale = tiles.place(DType::F32, Layout::col_major(8, 1), vr, 1);
            const TileView offset = tiles.place(DType::F32, Layout::col_major(8, 1), vr, 1);
            for (int32_t r = 0; r < vr; ++r) {
                const float s = r == 0 ? 1.0f : static_cast<float>(pick(rng_)) / 256.0f;
                const float o = static_cast<float>(pick(rng_)) / 16.0f;
                std::memcpy(scale.at(r, 0), &s, 4);
                std::memcpy(offset.at(r, 0), &o, 4);
                for (int32_t c = 0; c < vc; ++c) {
                    const float x =
                        r == 0 ? specials[c % std::size(specials)] : static_cast<float>(pick(rng_)) / 64.0f;
                    std::memcpy(src.at(r, c), &x, 4);
                }
            }
            UbImage image;
            const TileView want = image.expected(dst);
            for (int32_t r = 0; r < vr; ++r) {
                float s = 0, o = 0;
                std::memcpy(&s, scale.at(r, 0), 4);
                std::memcpy(&o, offset.at(r, 0), 4);
                for (int32_t c = 0; c < vc; ++c) {
                    float x = 0;
                    std::memcpy(&x, src.at(r, c), 4);
                    // Products and sums of these values are exact in double: one rounding to float each.
                    float v = static_cast<float>(static_cast<double>(x) * s);
                    if (asym)
                        v = static_cast<float>(static_cast<double>(v) + o);
                    const int q = quant_oracle(v, asym ? 0 : -128, asym ? 255 : 127);
                    *reinterpret_cast<uint8_t*>(want.at(r, c)) = static_cast<uint8_t>(q);
                }
            }
            const TileView srcs[] = {src, scale, offset};
            ops::execute(
                Op::TQUANT,
                {std::span<const TileView>(&dst, 1), std::span<const TileView>(srcs, asym ? 3 : 2), {}, {}});
            EXPECT_TRUE(image.matches_ub()) << (asym ? "INT8_ASYM" : "INT8_SYM") << " validCol " << vc << ": "
                                            << image.matches_ub().message();
        }
    }
}

TEST_P(DeQuantKernel, QuantRunTimeRules) {
    UbTiles tiles(rng_);
    const TileView src = tiles.place(DType::F32, 4, 32, 4, 32);
    const TileView s8 = tiles.place(DType::S8, 4, 32, 4, 32);
    const TileView u8 = tiles.place(DType::U8, 4, 32, 4, 32);
    const TileView scale = tiles.place(DType::F32, Layout::col_major(8, 1), 4, 1);
    const TileView short_scale = tiles.place(DType::F32, Layout::col_major(8, 1), 3, 1);
    const TileView row_scale = tiles.place(DType::F32, 4, 8, 4, 1);
    const auto run_q = [&](const TileView& d, const TileView& s, const TileView* off) {
        ops::tquant(d, src, s, off);
    };
    EXPECT_FAILS_UNTOUCHED(run_q(u8, scale, nullptr), "TQUANT: INT8_SYM (int8_t dst) takes no offset");
    EXPECT_FAILS_UNTOUCHED(run_q(s8, scale, &scale), "TQUANT: INT8_SYM (int8_t dst) takes no offset");
    EXPECT_FAILS_UNTOUCHED(run_q(s8, short_scale, nullptr), "TQUANT: scale and offset have at least src's");
    EXPECT_FAILS_UNTOUCHED(run_q(s8, row_scale, nullptr),
                           "TQUANT: scale and offset hold one parameter per row");
}

}  // namespace
