// Kernels written in the style of pto-isa's A5 tile implementations (a vector-function loop over a tile in
// the Unified Buffer: plt_b32 for the tail of each row, vlds, the operation, vsts), on the CCE intrinsics,
// must give the same bits as ptosim's tile instruction on the same inputs: TADD, TSUB, TMUL, TDIV, TMAX,
// TMIN, TEXP, TSQRT, TABS, TNEG, TRELU, TADDS, TMULS, TMAXS, TMINS, for float (and half for a few), and
// TROWMAX (vmax merging into an accumulator, vcmax, a ONEPT_B32 store), over full and ragged valid regions,
// with special values among the inputs.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <pto/pto-inst.hpp>

#include "ptosim/cce/cce.hpp"
#include "ptosim/core/ub.hpp"
#include "support/backend_test.hpp"

namespace {

using namespace pto;

// ---- the kernels, as an A5 device implementation writes them -------------------------------------------

// The predicate of a row's next register and the NORM store of its element size.
template <typename T>
struct Lanes;
template <>
struct Lanes<float> {
    static vector_bool tail(uint32_t& remaining) { return plt_b32(remaining, POST_UPDATE); }
    static constexpr auto kStore = NORM_B32;
};
template <>
struct Lanes<half> {
    static vector_bool tail(uint32_t& remaining) { return plt_b16(remaining, POST_UPDATE); }
    static constexpr auto kStore = NORM_B16;
};

// dst = Op(src0, src1) over rows x cols of row-major tiles `stride` elements wide.
template <typename T, typename Op>
void vf_binary(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint32_t rows, uint32_t cols,
               uint32_t stride) {
    constexpr uint32_t kPerRepeat = CCE_VL / sizeof(T);
    const uint16_t repeats = static_cast<uint16_t>((cols + kPerRepeat - 1) / kPerRepeat);
    __VEC_SCOPE__ {
        ptosim::cce::Vector<T> a, b, c;
        vector_bool preg;
        for (uint16_t i = 0; i < rows; ++i) {
            uint32_t remaining = cols;
            for (uint16_t j = 0; j < repeats; ++j) {
                preg = Lanes<T>::tail(remaining);
                vlds(a, src0, i * stride + j * kPerRepeat, NORM);
                vlds(b, src1, i * stride + j * kPerRepeat, NORM);
                Op::run(c, a, b, preg);
                vsts(c, dst, i * stride + j * kPerRepeat, Lanes<T>::kStore, preg);
            }
        }
    }
}

// dst = Op(src) over rows x cols.
template <typename T, typename Op>
void vf_unary(__ubuf__ T* dst, __ubuf__ T* src, uint32_t rows, uint32_t cols, uint32_t stride) {
    constexpr uint32_t kPerRepeat = CCE_VL / sizeof(T);
    const uint16_t repeats = static_cast<uint16_t>((cols + kPerRepeat - 1) / kPerRepeat);
    __VEC_SCOPE__ {
        ptosim::cce::Vector<T> a, c;
        vector_bool preg;
        for (uint16_t i = 0; i < rows; ++i) {
            uint32_t remaining = cols;
            for (uint16_t j = 0; j < repeats; ++j) {
                preg = Lanes<T>::tail(remaining);
                vlds(a, src, i * stride + j * kPerRepeat, NORM);
                Op::run(c, a, preg);
                vsts(c, dst, i * stride + j * kPerRepeat, Lanes<T>::kStore, preg);
            }
        }
    }
}

// dst = Op(src, scalar) over rows x cols.
template <typename T, typename Op>
void vf_scalar(__ubuf__ T* dst, __ubuf__ T* src, T scalar, uint32_t rows, uint32_t cols, uint32_t stride) {
    constexpr uint32_t kPerRepeat = CCE_VL / sizeof(T);
    const uint16_t repeats = static_cast<uint16_t>((cols + kPerRepeat - 1) / kPerRepeat);
    __VEC_SCOPE__ {
        ptosim::cce::Vector<T> a, c;
        vector_bool preg;
        for (uint16_t i = 0; i < rows; ++i) {
            uint32_t remaining = cols;
            for (uint16_t j = 0; j < repeats; ++j) {
                preg = Lanes<T>::tail(remaining);
                vlds(a, src, i * stride + j * kPerRepeat, NORM);
                Op::run(c, a, scalar, preg);
                vsts(c, dst, i * stride + j * kPerRepeat, Lanes<T>::kStore, preg);
            }
        }
    }
}

// The whole tile as one run of registers, the pointers post-updated (the layout of a tile whose valid region
// is all of it: TBinOps_1D's case).
void vf_add_post_update(__ubuf__ float* dst, __ubuf__ float* src0, __ubuf__ float* src1, uint32_t count) {
    constexpr uint32_t kPerRepeat = CCE_VL / sizeof(float);
    const uint16_t repeats = static_cast<uint16_t>((count + kPerRepeat - 1) / kPerRepeat);
    __VEC_SCOPE__ {
        vector_f32 a, b, c;
        uint32_t remaining = count;
        for (uint16_t i = 0; i < repeats; ++i) {
            vector_bool preg = plt_b32(remaining, POST_UPDATE);
            vlds(a, src0, kPerRepeat, NORM, POST_UPDATE);
            vlds(b, src1, kPerRepeat, NORM, POST_UPDATE);
            vadd(c, a, b, preg, MODE_ZEROING);
            vsts(c, dst, kPerRepeat, NORM_B32, preg, POST_UPDATE);
        }
    }
}

// The largest element of each row (TROWMAX into an [R, 1] column): a running vmax that merges each register
// into the accumulator under the row's tail predicate, then vcmax across the lanes and a one-point store.
void vf_row_max(__ubuf__ float* dst, __ubuf__ float* src, uint32_t rows, uint32_t cols, uint32_t stride) {
    constexpr uint32_t kPerRepeat = CCE_VL / sizeof(float);
    const uint16_t repeats = static_cast<uint16_t>((cols + kPerRepeat - 1) / kPerRepeat);
    __VEC_SCOPE__ {
        vector_f32 row, acc, red;
        const vector_bool all = pset_b32(PAT_ALL);
        for (uint16_t i = 0; i < rows; ++i) {
            vbr(acc, -std::numeric_limits<float>::infinity());
            uint32_t remaining = cols;
            for (uint16_t j = 0; j < repeats; ++j) {
                vector_bool preg = plt_b32(remaining, POST_UPDATE);
                vlds(row, src, i * stride + j * kPerRepeat, NORM);
                vmax(acc, acc, row, preg, MODE_MERGING);
            }
            vcmax(red, acc, all, MODE_ZEROING);
            vsts(red, dst, i, ONEPT_B32, all);
        }
    }
}

#define BINARY_OP(NAME, INTR, TILE)                         \
    struct NAME {                                           \
        template <typename V>                               \
        static void run(V& d, V& a, V& b, vector_bool& p) { \
            INTR(d, a, b, p, MODE_ZEROING);                 \
        }                                                   \
        template <typename TD, typename TS>                 \
        static void tile(TD& d, TS& a, TS& b) {             \
            TILE(d, a, b);                                  \
        }                                                   \
    };
#define UNARY_OP(NAME, INTR, TILE)                    \
    struct NAME {                                     \
        template <typename V>                         \
        static void run(V& d, V& a, vector_bool& p) { \
            INTR(d, a, p, MODE_ZEROING);              \
        }                                             \
        template <typename TD, typename TS>           \
        static void tile(TD& d, TS& a) {              \
            TILE(d, a);                               \
        }                                             \
    };
#define SCALAR_OP(NAME, INTR, TILE)                        \
    struct NAME {                                          \
        template <typename V, typename S>                  \
        static void run(V& d, V& a, S s, vector_bool& p) { \
            INTR(d, a, s, p, MODE_ZEROING);                \
        }                                                  \
        template <typename TD, typename TS, typename S>    \
        static void tile(TD& d, TS& a, S s) {              \
            TILE(d, a, s);                                 \
        }                                                  \
    };
BINARY_OP(OpAdd, vadd, TADD)
BINARY_OP(OpSub, vsub, TSUB)
BINARY_OP(OpMul, vmul, TMUL)
BINARY_OP(OpDiv, vdiv, TDIV)
BINARY_OP(OpMax, vmax, TMAX)
BINARY_OP(OpMin, vmin, TMIN)
UNARY_OP(OpExp, vexp, TEXP)
UNARY_OP(OpSqrt, vsqrt, TSQRT)
UNARY_OP(OpAbs, vabs, TABS)
UNARY_OP(OpNeg, vneg, TNEG)
UNARY_OP(OpRelu, vrelu, TRELU)
SCALAR_OP(OpAdds, vadds, TADDS)
SCALAR_OP(OpMuls, vmuls, TMULS)
SCALAR_OP(OpMaxs, vmaxs, TMAXS)
SCALAR_OP(OpMins, vmins, TMINS)

// ---- the comparison -------------------------------------------------------------------------------------

constexpr int kRows = 8;
constexpr int kCols = 160;  // two registers and a half of float per row; one and a quarter of half
constexpr uint32_t kSrc0 = 0x0, kSrc1 = 0x10000, kDstTile = 0x20000, kDstCce = 0x30000;

template <typename T>
T* ub_at(uint32_t offset) {
    return static_cast<T*>(static_cast<void*>(ptosim::ub::base() + offset));
}

// Random values with the special ones among them (signed zeros, infinities, NaN, subnormals).
template <typename T>
void fill(T* p, uint32_t seed, bool positive) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(positive ? 0.0f : -8.0f, 8.0f);
    const float specials[] = {0.0f,
                              -0.0f,
                              std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(),
                              std::numeric_limits<float>::quiet_NaN(),
                              1e-40f,
                              -1e-40f,
                              1.0f};
    for (int i = 0; i < kRows * kCols; ++i) {
        float v = i % 37 < 8 ? specials[i % 37] : dist(rng);
        if (positive)
            v = std::fabs(v);
        p[i] = static_cast<T>(v);
    }
}

template <typename T>
bool same_bits(const T* a, const T* b, int n, int* first) {
    for (int i = 0; i < n; ++i)
        if (std::memcmp(a + i, b + i, sizeof(T)) != 0) {
            *first = i;
            return false;
        }
    return true;
}

// Both destinations start as the same garbage: the tile instruction and the kernel must leave the elements
// outside the valid region alike (untouched).
template <typename T>
void clear_destinations() {
    std::memset(static_cast<void*>(ub_at<T>(kDstTile)), 0x5A, kRows * kCols * sizeof(T));
    std::memset(static_cast<void*>(ub_at<T>(kDstCce)), 0x5A, kRows * kCols * sizeof(T));
}

struct Region {
    int rows, cols;
};
const Region kRegions[] = {{kRows, kCols}, {5, 131}, {1, 1}, {kRows, 64}, {3, 65}};

template <typename T>
using VTile = Tile<TileType::Vec, T, kRows, kCols, BLayout::RowMajor, -1, -1>;

template <typename T, typename Op>
void check_binary(bool positive) {
    fill(ub_at<T>(kSrc0), 1, positive);
    fill(ub_at<T>(kSrc1), 2, positive);
    for (const Region r : kRegions) {
        clear_destinations<T>();
        VTile<T> a(r.rows, r.cols), b(r.rows, r.cols), d(r.rows, r.cols);
        TASSIGN(a, kSrc0);
        TASSIGN(b, kSrc1);
        TASSIGN(d, kDstTile);
        Op::tile(d, a, b);
        vf_binary<T, Op>(ub_at<T>(kDstCce), ub_at<T>(kSrc0), ub_at<T>(kSrc1), r.rows, r.cols, kCols);
        int first = -1;
        EXPECT_TRUE(same_bits(ub_at<T>(kDstTile), ub_at<T>(kDstCce), kRows * kCols, &first))
            << "valid " << r.rows << "x" << r.cols << ": first difference at element " << first;
    }
}

template <typename T, typename Op>
void check_unary(bool positive) {
    fill(ub_at<T>(kSrc0), 3, positive);
    for (const Region r : kRegions) {
        clear_destinations<T>();
        VTile<T> a(r.rows, r.cols), d(r.rows, r.cols);
        TASSIGN(a, kSrc0);
        TASSIGN(d, kDstTile);
        Op::tile(d, a);
        vf_unary<T, Op>(ub_at<T>(kDstCce), ub_at<T>(kSrc0), r.rows, r.cols, kCols);
        int first = -1;
        EXPECT_TRUE(same_bits(ub_at<T>(kDstTile), ub_at<T>(kDstCce), kRows * kCols, &first))
            << "valid " << r.rows << "x" << r.cols << ": first difference at element " << first;
    }
}

template <typename T, typename Op>
void check_scalar(T scalar) {
    fill(ub_at<T>(kSrc0), 4, false);
    for (const Region r : kRegions) {
        clear_destinations<T>();
        VTile<T> a(r.rows, r.cols), d(r.rows, r.cols);
        TASSIGN(a, kSrc0);
        TASSIGN(d, kDstTile);
        Op::tile(d, a, scalar);
        vf_scalar<T, Op>(ub_at<T>(kDstCce), ub_at<T>(kSrc0), scalar, r.rows, r.cols, kCols);
        int first = -1;
        EXPECT_TRUE(same_bits(ub_at<T>(kDstTile), ub_at<T>(kDstCce), kRows * kCols, &first))
            << "valid " << r.rows << "x" << r.cols << ": first difference at element " << first;
    }
}

class CceA5KernelTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(CceA5KernelTest);

TEST_P(CceA5KernelTest, BinaryFloat) {
    check_binary<float, OpAdd>(false);
    check_binary<float, OpSub>(false);
    check_binary<float, OpMul>(false);
    check_binary<float, OpDiv>(false);
    check_binary<float, OpMax>(false);
    check_binary<float, OpMin>(false);
}

TEST_P(CceA5KernelTest, BinaryHalf) {
    check_binary<half, OpAdd>(false);
    check_binary<half, OpMul>(false);
    check_binary<half, OpMax>(false);
}

TEST_P(CceA5KernelTest, UnaryFloat) {
    check_unary<float, OpExp>(false);
    check_unary<float, OpSqrt>(true);
    check_unary<float, OpAbs>(false);
    check_unary<float, OpNeg>(false);
    check_unary<float, OpRelu>(false);
}

TEST_P(CceA5KernelTest, UnaryHalf) {
    check_unary<half, OpExp>(false);
    check_unary<half, OpAbs>(false);
}

TEST_P(CceA5KernelTest, VectorScalarFloat) {
    check_scalar<float, OpAdds>(1.25f);
    check_scalar<float, OpMuls>(-3.5f);
    check_scalar<float, OpMaxs>(0.5f);
    check_scalar<float, OpMins>(-0.0f);
}

TEST_P(CceA5KernelTest, PostUpdateLoopOverAWholeTile) {
    fill(ub_at<float>(kSrc0), 5, false);
    fill(ub_at<float>(kSrc1), 6, false);
    clear_destinations<float>();
    VTile<float> a(kRows, kCols), b(kRows, kCols), d(kRows, kCols);
    TASSIGN(a, kSrc0);
    TASSIGN(b, kSrc1);
    TASSIGN(d, kDstTile);
    TADD(d, a, b);
    vf_add_post_update(ub_at<float>(kDstCce), ub_at<float>(kSrc0), ub_at<float>(kSrc1), kRows * kCols);
    int first = -1;
    EXPECT_TRUE(same_bits(ub_at<float>(kDstTile), ub_at<float>(kDstCce), kRows * kCols, &first)) << first;
}

TEST_P(CceA5KernelTest, RowMaxThroughAReduction) {
    using Col = Tile<TileType::Vec, float, kRows, 1, BLayout::ColMajor, -1, -1>;
    for (const Region r : kRegions) {
        for (const bool specials : {false, true}) {
            fill(ub_at<float>(kSrc0), 7, false);
            if (!specials)  // the finite values only, then with infinities and NaN among them
                for (int i = 0; i < kRows * kCols; ++i)
                    if (!std::isfinite(ub_at<float>(kSrc0)[i]))
                        ub_at<float>(kSrc0)[i] = 0.25f * static_cast<float>(i % 11);
            clear_destinations<float>();
            VTile<float> a(r.rows, r.cols), tmp(r.rows, r.cols);
            Col d(r.rows, 1);
            TASSIGN(a, kSrc0);
            TASSIGN(tmp, kSrc1);
            TASSIGN(d, kDstTile);
            TROWMAX(d, a, tmp);
            vf_row_max(ub_at<float>(kDstCce), ub_at<float>(kSrc0), r.rows, r.cols, kCols);
            int first = -1;
            EXPECT_TRUE(same_bits(ub_at<float>(kDstTile), ub_at<float>(kDstCce), kRows, &first))
                << "valid " << r.rows << "x" << r.cols << (specials ? " with specials" : "")
                << ": first difference in row " << first;
        }
    }
}

}  // namespace
