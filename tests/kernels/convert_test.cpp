// TCVT through ops::tcvt, on the reference kernel and the fast kernels of every SIMD target: each element
// must be convert_bits of its source element (the element rules, proved against an independent oracle in
// tests/core/convert_test.cpp), under the rounding and saturation the mode and the pair's defaults give;
// nothing outside dst's valid region changes. The fast pairs get every half / bfloat16 code and float
// patterns around every half and bfloat16 rounding boundary; the other pairs, layouts, 4-bit packing,
// in-place runs and the run-time rules get smaller cases.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/convert.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace ptosim;
using convert::RoundMode;
using convert::SatMode;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class ConvertKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(ConvertKernel);

constexpr RoundMode kModes[] = {RoundMode::None, RoundMode::Rint,  RoundMode::Round, RoundMode::Floor,
                                RoundMode::Ceil, RoundMode::Trunc, RoundMode::Odd};
constexpr SatMode kSats[] = {SatMode::On, SatMode::Off, SatMode::Default};

uint64_t get(const TileView& t, std::size_t i) {
    if (dtype_is_twin(t.dtype))
        return (std::to_integer<unsigned>(t.data[i / 2]) >> ((i % 2) * 4)) & 0xFu;
    uint64_t v = 0;
    std::memcpy(&v, t.data + i * t.elem_size(), t.elem_size());
    return v;
}
void put(const TileView& t, std::size_t i, uint64_t v) {
    if (dtype_is_twin(t.dtype)) {
        const unsigned shift = (i % 2) * 4;
        t.data[i / 2] = (t.data[i / 2] & std::byte(~(0xFu << shift))) | std::byte((v & 0xFu) << shift);
        return;
    }
    std::memcpy(t.data + i * t.elem_size(), &v, t.elem_size());
}

// Converts `inputs` (element bits of st) in tiles of rows x cols (valid vr x vc, the given layouts) and
// checks every element and every byte around them.
void check(DType st, DType dt, const std::vector<uint64_t>& inputs, RoundMode mode, SatMode sat,
           std::mt19937_64& rng, int32_t rows = 16, int32_t cols = 96, int32_t vr = 15, int32_t vc = 91,
           bool col_major = false, bool in_place = false, bool canon = false) {
    const auto layout = [&](DType t) {
        // Rows (columns) of 32 bytes or more; the 4-bit types count elements.
        const int32_t per32 = dtype_is_twin(t) ? 64 : static_cast<int32_t>(32 / dtype_size(t));
        return col_major ? Layout::col_major((rows + per32 - 1) / per32 * per32, cols)
                         : Layout::row_major(rows, (cols + per32 - 1) / per32 * per32);
    };
    UbTiles tiles(rng);
    const TileView src = tiles.place(st, layout(st), vr, vc);
    TileView dst = src;  // in place: the same storage seen with dst's element type (of src's size)
    if (in_place)
        dst.dtype = dt;
    else
        dst = tiles.place(dt, layout(dt), vr, vc);
    const convert::Rounding r = convert::rounding_for(mode, st, dt);
    const convert::Saturation s = convert::saturation_for(sat, st, dt);
    UbImage image;
    // Chunks of the valid region's size until every input ran (once when the region is empty).
    for (std::size_t next = 0, round = 0; round == 0 || (vr * vc > 0 && next < inputs.size()); ++round) {
        for (int32_t i = 0; i < vr; ++i)
            for (int32_t c = 0; c < vc; ++c)
                put(src, src.layout.offset(i, c), inputs[next++ % inputs.size()]);
        image.capture();
        const TileView want = image.expected(dst);
        for (int32_t i = 0; i < vr; ++i)
            for (int32_t c = 0; c < vc; ++c) {
                uint64_t v = convert::convert_bits(st, dt, get(src, src.layout.offset(i, c)), r, s);
                put(want, want.layout.offset(i, c), canon ? convert::canonicalize(dt, v) : v);
            }
        ops::tcvt(dst, src, mode, sat, canon);
        const auto ok = image.matches_ub();
        ASSERT_TRUE(ok) << dtype_name(st) << " -> " << dtype_name(dt) << " mode " << static_cast<int>(mode)
                        << " sat " << static_cast<int>(sat) << (col_major ? " col-major" : "")
                        << (in_place ? " in place" : "");
    }
}

std::vector<uint64_t> every_code(int bits) {
    std::vector<uint64_t> v(std::size_t{1} << bits);
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = i;
    return v;
}

// Float patterns: every high half with low halves at and around the half (bit 12) and bfloat16 (bit 15)
// rounding boundaries, the ends (0xFFFF: the float just below the next binade, such as 0.5 - 2^-25, which a
// "+0.5 then truncate" rounding gets wrong), and random ones.
std::vector<uint64_t> float_patterns(std::mt19937_64& rng) {
    static constexpr uint32_t kLow[] = {0x0000, 0x0FFF, 0x1000, 0x1001, 0x3000,
                                        0x7FFF, 0x8000, 0x8001, 0xFFFF};
    std::vector<uint64_t> v;
    for (uint32_t hi = 0; hi < 0x10000; ++hi) {
        for (const uint32_t lo : kLow)
            v.push_back(hi << 16 | lo);
        v.push_back(hi << 16 | (rng() & 0xFFFF));
    }
    return v;
}

TEST_P(ConvertKernel, FastPairsGiveTheElementRuleForEveryHalfAndBfloat16Code) {
    std::mt19937_64 rng(1);
    for (const DType st : {DType::F16, DType::BF16})
        for (const SatMode sat : kSats)
            check(st, DType::F32, every_code(16), RoundMode::Rint, sat, rng);
    // half -> int8 / uint8: every rounding mode (Odd runs the reference kernel) and saturation, so both the
    // clamping and the wrapping (through int16 for int8, int32 for uint8) are covered.
    for (const DType dt : {DType::S8, DType::U8})
        for (const SatMode sat : kSats)
            for (const RoundMode mode : kModes)
                check(DType::F16, dt, every_code(16), mode, sat, rng);
}

TEST_P(ConvertKernel, FastPairsGiveTheElementRuleAroundEveryRoundingBoundary) {
    std::mt19937_64 rng(2);
    const std::vector<uint64_t> floats = float_patterns(rng);
    for (const DType dt : {DType::F16, DType::BF16})
        for (const SatMode sat : kSats)
            check(DType::F32, dt, floats, RoundMode::Rint, sat, rng);  // the fast kernel's one mode
    for (const SatMode sat : kSats)
        for (const RoundMode mode : kModes)
            check(DType::F32, DType::S32, floats, mode, sat, rng);
    std::vector<uint64_t> ints = floats;
    for (int k = 0; k < 32; ++k)
        for (const int64_t d : {-1, 0, 1})
            ints.push_back(static_cast<uint32_t>((int64_t{1} << k) + d));
    for (const RoundMode mode : {RoundMode::Rint, RoundMode::Trunc})
        check(DType::S32, DType::F32, ints, mode, SatMode::Default, rng);
}

TEST_P(ConvertKernel, EveryPairGivesTheElementRule) {
    std::mt19937_64 rng(3);
    std::vector<uint64_t> inputs;
    for (int i = 0; i < 1000; ++i) {
        const uint64_t x = rng();
        inputs.push_back(i % 4 == 0 ? x & 0xFF : i % 4 == 1 ? x & 0xFFFF : x);
    }
    for (unsigned a = 0; a < 32; ++a)
        for (unsigned b = 0; b < 32; ++b) {
            const auto st = static_cast<DType>(a), dt = static_cast<DType>(b);
            if (!isa::kConvertible.contains(st) || !isa::kConvertible.contains(dt))
                continue;
            for (const RoundMode mode : {RoundMode::Rint, RoundMode::Odd})
                for (const SatMode sat : {SatMode::On, SatMode::Off})
                    check(st, dt, inputs, mode, sat, rng, 5, 70, 4, 67);
        }
}

TEST_P(ConvertKernel, LayoutsInPlaceCanonAndValidRegions) {
    std::mt19937_64 rng(4);
    std::vector<uint64_t> inputs = float_patterns(rng);
    inputs.resize(5000);
    inputs.push_back(0x7FA00001);  // a signalling NaN with a payload
    for (const DType dt : {DType::F16, DType::BF16, DType::S32, DType::F32, DType::E4M3, DType::E2M1X2}) {
        check(DType::F32, dt, inputs, RoundMode::Rint, SatMode::Default, rng, 40, 24, 37, 21, true);
        check(DType::F32, dt, inputs, RoundMode::Rint, SatMode::Off, rng, 16, 96, 15, 91, false, false, true);
        check(DType::F32, dt, inputs, RoundMode::Rint, SatMode::On, rng, 3, 64, 0, 64);
        check(DType::F32, dt, inputs, RoundMode::Rint, SatMode::On, rng, 3, 64, 3, 0);
    }
    check(DType::F32, DType::S32, inputs, RoundMode::Round, SatMode::On, rng, 16, 96, 15, 91, false, true);
    check(DType::S32, DType::F32, inputs, RoundMode::Rint, SatMode::On, rng, 16, 96, 15, 91, false, true);
    check(DType::BF16, DType::F16, inputs, RoundMode::Ceil, SatMode::On, rng, 16, 96, 15, 91, false, true);
}

TEST_P(ConvertKernel, DstValidRegionSmallerThanSrcs) {
    std::mt19937_64 rng(5);
    UbTiles tiles(rng);
    const TileView src = tiles.place(DType::F32, 8, 16, 8, 16);
    const TileView dst = tiles.place(DType::F16, 8, 16, 5, 9);
    UbImage image;
    const TileView want = image.expected(dst);
    for (int32_t r = 0; r < 5; ++r)
        for (int32_t c = 0; c < 9; ++c)
            put(want, want.layout.offset(r, c),
                convert::convert_bits(DType::F32, DType::F16, get(src, src.layout.offset(r, c)),
                                      convert::Rounding::Rint, convert::Saturation::On));
    ops::tcvt(dst, src, RoundMode::Rint);
    EXPECT_TRUE(image.matches_ub());
}

TEST_P(ConvertKernel, RunTimeRulesFailAndWriteNothing) {
    std::mt19937_64 rng(6);
    UbTiles tiles(rng);
    const TileView src = tiles.place(DType::F32, 8, 16, 8, 16);
    const TileView small = tiles.place(DType::F32, 8, 16, 4, 16);
    const TileView dst = tiles.place(DType::F16, 8, 16, 8, 16);
    const TileView tf32 = tiles.place(DType::TF32, 8, 16, 8, 16);
    EXPECT_FAILS_UNTOUCHED(ops::tcvt(dst, small, RoundMode::Rint),
                           "TCVT: src's valid region must cover dst's");
    EXPECT_FAILS_UNTOUCHED(ops::tcvt(dst, tf32, RoundMode::Rint), "TCVT: element type not supported");
    EXPECT_FAILS_UNTOUCHED(ops::tcvt(dst, src, static_cast<RoundMode>(9)),
                           "TCVT: rounding mode must be one of");
    TileView overlapping = dst;
    overlapping.data -= 32;  // the destination starts inside the source: its writes overtake the reads
    overlapping.dtype = DType::F32;
    EXPECT_FAILS_UNTOUCHED(ops::tcvt(dst, overlapping, RoundMode::Rint),
                           "TCVT: a destination overlapping a source must start at or before it");
    TileView boxed = dst;
    boxed.layout = Layout::boxed(Layout::Kind::Nz, 16, 16, 16, 16);
    EXPECT_FAILS_UNTOUCHED(ops::tcvt(boxed, src, RoundMode::Rint),
                           "TCVT: tiles must be row-major or column-major");
}

}  // namespace
