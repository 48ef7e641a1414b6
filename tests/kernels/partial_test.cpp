// The partial ops (TPARTADD, TPARTMUL, TPARTMAX, TPARTMIN) through ops::execute, on the reference kernels and
// the fast kernels of every SIMD target, against an oracle written from their pages: where both sources are
// valid the binary operation (checked here against the same element-wise operation on one element), elsewhere
// in dst's valid region the larger source's element; nothing outside dst's valid region changes. Either
// source may be the larger, in place or not, and the run-time rule on the shapes.
#include <gtest/gtest.h>

#include <random>

#include "kernel_test.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"

namespace {

using namespace ptosim;
using isa::Op;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class PartialKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(PartialKernel);

// The binary row of a partial op: the oracle of the common region is that instruction on one element.
Op base_of(Op op) {
    switch (op) {
        case Op::TPARTADD:
            return Op::TADD;
        case Op::TPARTMUL:
            return Op::TMUL;
        case Op::TPARTMAX:
            return Op::TMAX;
        default:
            return Op::TMIN;
    }
}

void check(Op op, DType t, std::mt19937_64& rng, int32_t vr, int32_t vc, int32_t sr, int32_t sc,
           bool small_first, bool in_place) {
    const std::size_t es = dtype_size(t);
    UbTiles tiles(rng);
    const int32_t cols = static_cast<int32_t>(row_major_cols(es, vc, 1));
    const TileView big = tiles.place(t, vr + 1, cols, vr, vc);
    const TileView small = tiles.place(t, sr + 1, static_cast<int32_t>(row_major_cols(es, sc, 1)), sr, sc);
    for (const TileView* v : {&big, &small})
        for (int32_t r = 0; r < v->valid_rows; ++r)
            for (int32_t c = 0; c < v->valid_cols; ++c) {
                const uint64_t bits = rng() % 16 == 0 ? 0 : rng();
                std::memcpy(v->at(r, c), &bits, es);
            }
    const TileView dst = in_place ? big : tiles.place(t, vr + 2, cols, vr, vc);
    const TileView srcs[2] = {small_first ? small : big, small_first ? big : small};
    // The oracle, element by element: the binary row on a 1 x 1 tile for the common region.
    UbImage image;
    const TileView want = image.expected(dst);
    for (int32_t r = 0; r < vr; ++r)
        for (int32_t c = 0; c < vc; ++c) {
            if (r < sr && c < sc) {
                TileView one[2] = {srcs[0], srcs[1]}, out = want;
                for (TileView* v : {&one[0], &one[1], &out}) {
                    v->data = v->at(r, c);
                    v->layout = Layout::row_major(1, static_cast<int32_t>(row_major_cols(es, 1)));
                    v->valid_rows = v->valid_cols = 1;
                    v->capacity = SIZE_MAX;
                }
                // Copies of the two elements, so that the one-element run reads them even in place.
                alignas(32) std::byte a[32], b[32];
                std::memcpy(a, one[0].data, es);
                std::memcpy(b, one[1].data, es);
                one[0].data = a;
                one[1].data = b;
                ScopedBackend ref(Backend::Ref);
                ops::execute(base_of(op), {std::span<const TileView>(&out, 1), one, {}, {}});
            } else {
                std::memcpy(want.at(r, c), big.at(r, c), es);
            }
        }
    ops::execute(op, {std::span<const TileView>(&dst, 1), srcs, {}, {}});
    EXPECT_TRUE(image.matches_ub()) << isa::op_info(op).name << " " << dtype_name(t) << " dst " << vr << "x"
                                    << vc << " small " << sr << "x" << sc
                                    << (small_first ? " as src0" : " as src1")
                                    << (in_place ? " in place" : "") << ": " << image.matches_ub().message();
}

TEST_P(PartialKernel, MatchesTheOracle) {
    std::mt19937_64 rng(31);
    struct Shape {
        int32_t vr, vc, sr, sc;
    };
    constexpr Shape shapes[] = {{4, 16, 4, 16}, {8, 40, 3, 17}, {5, 7, 5, 2}, {16, 64, 0, 0}, {9, 33, 9, 0}};
    int cases = 0;
    for (const Op op : {Op::TPARTADD, Op::TPARTMUL, Op::TPARTMAX, Op::TPARTMIN})
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!dtype_code_valid(code) || !isa::op_info(op).kernel_types().contains(t))
                continue;
            for (const Shape& s : shapes)
                for (int variant = 0; variant < 3; ++variant, ++cases)
                    check(op, t, rng, s.vr, s.vc, s.sr, s.sc, variant == 1, variant == 2);
        }
    EXPECT_GT(cases, 400);
}

TEST_P(PartialKernel, TheSmallerSourceMustFitInside) {
    std::mt19937_64 rng(4);
    UbTiles tiles(rng);
    const TileView dst = tiles.place(DType::F32, 8, 16, 8, 16);
    const TileView wide = tiles.place(DType::F32, 8, 32, 4, 20);  // more columns than dst
    const TileView full = tiles.place(DType::F32, 8, 16, 8, 16);
    const TileView srcs[] = {full, wide};
    EXPECT_FAILS_UNTOUCHED(ops::execute(Op::TPARTADD, {std::span<const TileView>(&dst, 1), srcs, {}, {}}),
                           "TPARTADD: one source has dst's valid shape and the other fits inside it");
}

}  // namespace
