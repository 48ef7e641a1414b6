// Row and column reductions and expansions through ops::execute, on the reference kernels and the fast
// kernels of every SIMD target, against an oracle written here from the instruction pages: a reduction folds
// its row (column) in order from the first element, a row sum of half / bfloat16 in float (rounded once at
// the end), a column sum or a product of half rounding at every step, integers wrapping, maximum / minimum
// propagating NaN; an expansion is the element-wise operation with the vector's element of the row (column).
// Every element type, destinations in each allowed layout, the widened destinations of the CPU profile,
// vectors on either side, and the run-time rules.
#include <gtest/gtest.h>
#include <hwy/targets.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using isa::Op;
using ptosim::testing::at;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class ReduceKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(ReduceKernel);

using LD = long double;

template <typename T>
constexpr bool kSmall = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;
template <typename T>
constexpr bool kFloating = kSmall<T> || std::is_same_v<T, float>;

template <typename T>
T canonical_nan() {
    if constexpr (std::is_same_v<T, float>)
        return std::bit_cast<float>(0x7FC00000u);
    else if constexpr (std::is_same_v<T, float16>)
        return float16::from_bits(0x7E00);
    else
        return bfloat16::from_bits(0x7FC0);
}

// An exact value rounded once to T (nearest even); NaN: T's canonical NaN.
template <typename T>
T round_to(LD v) {
    if (std::isnan(v))
        return canonical_nan<T>();
    if constexpr (std::is_same_v<T, float>)
        return static_cast<float>(v);
    else
        return T(static_cast<double>(v));  // one rounded operation: double in between is innocuous
}
template <typename T>
LD val(T x) {
    if constexpr (kFloating<T>)
        return static_cast<LD>(static_cast<float>(x));
    else
        return static_cast<LD>(x);
}

LD fmaximum(LD a, LD b) {
    if (std::isnan(a) || std::isnan(b))
        return NAN;
    if (a == 0 && b == 0)
        return std::signbit(a) ? b : a;
    return a > b ? a : b;
}
LD fminimum(LD a, LD b) {
    if (std::isnan(a) || std::isnan(b))
        return NAN;
    if (a == 0 && b == 0)
        return std::signbit(a) ? a : b;
    return a < b ? a : b;
}

template <typename T>
T wrap(uint64_t v) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(v));
}

// The reduction of xs (source type TS) into TD, in order.
template <typename TS, typename TD>
TD reduce_oracle(Op op, const std::vector<TS>& xs) {
    const bool sum = op == Op::TROWSUM || op == Op::TCOLSUM;
    const bool prod = op == Op::TROWPROD || op == Op::TCOLPROD;
    const bool max = op == Op::TROWMAX || op == Op::TCOLMAX;
    if constexpr (kFloating<TD>) {
        if (op == Op::TROWSUM) {  // float accumulator, +0 first, one rounding at the end for half / bfloat16
            float acc = 0.0f;
            for (TS x : xs)
                acc = acc + static_cast<float>(x);
            return round_to<TD>(acc);
        }
        if (sum) {  // TCOLSUM: in the destination type from +0, rounded at every step
            TD acc = round_to<TD>(0);
            for (TS x : xs)
                acc = round_to<TD>(val(acc) + val(x));
            return acc;
        }
        if (prod) {  // in the destination type, rounded at every step
            TD acc = round_to<TD>(val(xs[0]));
            for (std::size_t i = 1; i < xs.size(); ++i)
                acc = round_to<TD>(val(acc) * val(xs[i]));
            return acc;
        }
        LD acc = val(xs[0]);
        for (std::size_t i = 1; i < xs.size(); ++i)
            acc = max ? fmaximum(acc, val(xs[i])) : fminimum(acc, val(xs[i]));
        return round_to<TD>(acc);
    } else {
        if (sum || prod) {
            uint64_t acc = sum ? 0 : 1;
            for (TS x : xs)
                acc = sum ? acc + static_cast<uint64_t>(static_cast<int64_t>(x))
                          : acc * static_cast<uint64_t>(static_cast<int64_t>(x));
            return wrap<TD>(acc);
        }
        TD acc = static_cast<TD>(xs[0]);
        for (std::size_t i = 1; i < xs.size(); ++i)
            acc = max ? std::max<TD>(acc, static_cast<TD>(xs[i])) : std::min<TD>(acc, static_cast<TD>(xs[i]));
        return acc;
    }
}

// The element-wise step of an expansion: f(a, b), one rounding (EXPDIF: the difference rounded, then exp).
template <typename T>
T expand_oracle(Op op, T a, T b) {
    const std::string_view n = isa::op_info(op).name;
    const auto ends = [&](std::string_view s) {
        return n.size() >= s.size() && n.substr(n.size() - s.size()) == s;
    };
    if (op == Op::TROWEXPAND || op == Op::TCOLEXPAND)
        return b;
    if constexpr (kFloating<T>) {
        const LD x = val(a), y = val(b);
        if (ends("EXPDIF"))
            return round_to<T>(std::exp(val(round_to<T>(x - y))));
        if (ends("ADD"))
            return round_to<T>(x + y);
        if (ends("SUB"))
            return round_to<T>(x - y);
        if (ends("MUL"))
            return round_to<T>(x * y);
        if (ends("DIV"))
            return round_to<T>(x / y);
        if (ends("MAX"))
            return round_to<T>(fmaximum(x, y));
        return round_to<T>(fminimum(x, y));
    } else {
        using U = std::make_unsigned_t<T>;
        const auto ua = static_cast<uint64_t>(static_cast<U>(a)),
                   ub = static_cast<uint64_t>(static_cast<U>(b));
        if (ends("ADD"))
            return wrap<T>(ua + ub);
        if (ends("SUB"))
            return wrap<T>(ua - ub);
        if (ends("MUL"))
            return wrap<T>(ua * ub);
        if (ends("DIV")) {
            if (b == 0)
                return static_cast<T>(~U{0});
            if (std::is_signed_v<T> && a == std::numeric_limits<T>::min() && b == T(-1))
                return a;
            return static_cast<T>(a / b);
        }
        if (ends("MAX"))
            return std::max(a, b);
        return std::min(a, b);
    }
}

template <typename T>
T random_value(std::mt19937_64& rng, bool product) {
    if constexpr (kFloating<T>) {
        const unsigned pick = rng() % 32;
        if (pick == 0)
            return T(NAN);
        if (pick == 1)
            return T(-0.0f);
        if (pick == 2)
            return T(std::numeric_limits<float>::infinity());
        std::uniform_real_distribution<float> d(product ? 0.5f : -100.0f, product ? 2.0f : 100.0f);
        return T(d(rng) * (product && (rng() & 1) ? -1.0f : 1.0f));
    } else {
        return static_cast<T>(rng());
    }
}

template <typename T>
bool same_bits(T a, T b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// One reduction of a vr x vc source; the destination in `layout` (row reduction: row-major [vr + 1, k] or
// column-major [vr, 1]; column reduction: row-major [2, cols]).
template <typename TS, typename TD>
void check_reduce(const isa::OpInfo& d, std::mt19937_64& rng, int32_t vr, int32_t vc, int layout_kind) {
    const bool row = d.family == isa::Family::RowReduce;
    UbTiles tiles(rng);
    const TileView src = tiles.place(dtype_of<TS>, vr + 1, row_major_cols(sizeof(TS), vc, 1), vr, vc);
    TileView dst;
    if (row)
        dst = layout_kind == 0   ? tiles.place(dtype_of<TD>, vr + 1, row_major_cols(sizeof(TD), 1), vr, 1)
              : layout_kind == 1 ? tiles.place(dtype_of<TD>, Layout::col_major(vr, 1), vr, 1)
                                 : tiles.place(dtype_of<TD>, vr, row_major_cols(sizeof(TD), vc), vr, vc);
    else
        dst = tiles.place(dtype_of<TD>, 2, row_major_cols(sizeof(TD), vc, layout_kind), 1, vc);
    const bool product = d.op == Op::TROWPROD || d.op == Op::TCOLPROD;
    for (int32_t r = 0; r < vr; ++r)
        for (int32_t c = 0; c < vc; ++c)
            at<TS>(src, r, c) = random_value<TS>(rng, product);
    UbImage image;
    const TileView want = image.expected(dst);
    const int32_t n = row ? vr : vc, len = row ? vc : vr;
    for (int32_t i = 0; i < n; ++i) {
        std::vector<TS> xs;
        for (int32_t j = 0; j < len; ++j)
            xs.push_back(row ? at<TS>(src, i, j) : at<TS>(src, j, i));
        at<TD>(want, row ? i : 0, row ? 0 : i) = reduce_oracle<TS, TD>(d.op, xs);
    }
    ops::execute(d.op, {std::span<const TileView>(&dst, 1), std::span<const TileView>(&src, 1), {}, {}});
    if (image.matches_ub())
        return;
    for (int32_t i = 0; i < n; ++i) {
        const TD got = at<TD>(dst, row ? i : 0, row ? 0 : i), exp = at<TD>(want, row ? i : 0, row ? 0 : i);
        if (!same_bits(got, exp))
            FAIL() << d.name << " " << dtype_name(dtype_of<TS>) << "->" << dtype_name(dtype_of<TD>) << " "
                   << vr << "x" << vc << " layout " << layout_kind << " result " << i << ": got "
                   << static_cast<double>(got) << ", want " << static_cast<double>(exp);
    }
    FAIL() << d.name << " wrote outside its results: " << image.matches_ub().message();
}

// The index an arg reduction must return: the first NaN if there is one (maximum and minimum propagate NaN);
// otherwise the first element equal to the maximum (minimum), +0 counting as greater than -0.
template <typename T>
int32_t arg_oracle(bool max, const std::vector<T>& xs) {
    if constexpr (kFloating<T>) {
        for (std::size_t i = 0; i < xs.size(); ++i)
            if (std::isnan(static_cast<float>(xs[i])))
                return static_cast<int32_t>(i);
    }
    const auto key = [](T x) {  // a total order: -0 just below +0
        const LD v = val(x);
        return std::pair<LD, int>{v, v == 0 && std::signbit(v) ? 0 : 1};
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < xs.size(); ++i)
        if (max ? key(xs[i]) > key(xs[best]) : key(xs[i]) < key(xs[best]))
            best = i;
    return static_cast<int32_t>(best);
}

// One arg reduction of a vr x vc source with many ties (values from a small set, signed zeros, NaN), into an
// index tile of TI, and the value form's TROWMAX / ... on the same source.
template <typename TS, typename TI>
void check_arg(const isa::OpInfo& d, std::mt19937_64& rng, int32_t vr, int32_t vc) {
    const bool row = d.family == isa::Family::RowReduce;
    const bool max = d.op == Op::TROWARGMAX || d.op == Op::TCOLARGMAX;
    UbTiles tiles(rng);
    const TileView src = tiles.place(dtype_of<TS>, vr, row_major_cols(sizeof(TS), vc), vr, vc);
    const TileView dst = row ? tiles.place(dtype_of<TI>, Layout::col_major(vr, 1), vr, 1)
                             : tiles.place(dtype_of<TI>, 1, row_major_cols(sizeof(TI), vc), 1, vc);
    for (int32_t r = 0; r < vr; ++r)
        for (int32_t c = 0; c < vc; ++c) {
            const int pick = static_cast<int>(rng() % 64);
            if constexpr (kFloating<TS>)
                at<TS>(src, r, c) = pick == 0  ? TS(NAN)
                                    : pick < 4 ? TS(pick == 1 ? -0.0f : 0.0f)
                                               : TS(static_cast<float>(pick % 7) - 3);
            else
                at<TS>(src, r, c) = static_cast<TS>(pick % 7 - 3);
        }
    UbImage image;
    const TileView want = image.expected(dst);
    const int32_t n = row ? vr : vc, len = row ? vc : vr;
    for (int32_t i = 0; i < n; ++i) {
        std::vector<TS> xs;
        for (int32_t j = 0; j < len; ++j)
            xs.push_back(row ? at<TS>(src, i, j) : at<TS>(src, j, i));
        at<TI>(want, row ? i : 0, row ? 0 : i) = static_cast<TI>(arg_oracle(max, xs));
    }
    ops::execute(d.op, {std::span<const TileView>(&dst, 1), std::span<const TileView>(&src, 1), {}, {}});
    if (!image.matches_ub()) {
        for (int32_t i = 0; i < n; ++i)
            EXPECT_EQ(at<TI>(dst, row ? i : 0, row ? 0 : i), at<TI>(want, row ? i : 0, row ? 0 : i))
                << d.name << " " << dtype_name(dtype_of<TS>) << " " << vr << "x" << vc << " result " << i;
        FAIL() << d.name << ": " << image.matches_ub().message();
    }
}

TEST_P(ReduceKernel, ArgReductionsMatchTheOracle) {
    std::mt19937_64 rng(21);
    int cases = 0;
    for (const Op op : {Op::TROWARGMAX, Op::TROWARGMIN, Op::TCOLARGMAX, Op::TCOLARGMIN}) {
        const isa::OpInfo& d = isa::op_info(op);
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!dtype_code_valid(code) || !d.kernel_types().contains(t))
                continue;
            visit_dtype(t, [&](auto tag) {
                using T = decltype(tag);
                if constexpr (!std::is_same_v<T, double>)
                    for (const auto& [vr, vc] : {std::pair{1, 1}, {3, 5}, {16, 64}, {17, 33}, {40, 9}}) {
                        check_arg<T, int32_t>(d, rng, vr, vc);
                        check_arg<T, uint32_t>(d, rng, vr, vc);
                        cases += 2;
                    }
            });
        }
    }
    EXPECT_GT(cases, 300);
}

TEST_P(ReduceKernel, ReductionsMatchTheOracle) {
    std::mt19937_64 rng(14);
    struct Shape {
        int32_t vr, vc;
    };
    constexpr Shape shapes[] = {{1, 1}, {3, 5}, {4, 4}, {16, 64}, {17, 33}, {33, 7}, {20, 130}};
    int cases = 0;
    for (const isa::OpInfo& d : isa::kOps) {
        if ((d.family != isa::Family::RowReduce && d.family != isa::Family::ColReduce) ||
            !d.kernel_dst_types().empty())  // the arg reductions: below
            continue;
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!dtype_code_valid(code) || !d.kernel_types().contains(t))
                continue;
            visit_dtype(t, [&](auto tag) {
                using T = decltype(tag);
                if constexpr (!std::is_same_v<T, double>)  // no instruction here takes double
                    for (const Shape& s : shapes)
                        for (int layout = 0; layout < (d.family == isa::Family::RowReduce ? 3 : 2);
                             ++layout) {
                            check_reduce<T, T>(d, rng, s.vr, s.vc, layout);
                            ++cases;
                            if constexpr (kSmall<T>) {
                                if (d.cpu_widen) {
                                    check_reduce<T, float>(d, rng, s.vr, s.vc, layout);
                                    ++cases;
                                }
                            } else if constexpr (std::is_same_v<T, int16_t>) {
                                if (d.cpu_widen) {
                                    check_reduce<T, int32_t>(d, rng, s.vr, s.vc, layout);
                                    ++cases;
                                }
                            }
                        }
            });
        }
    }
    EXPECT_GT(cases, 500);
}

// One expansion: dst (vr x vc) = op(tile, vector) with the vector as src `vec_pos` (0 or 1; one-source forms:
// 0) in shape `vec_kind` (row: 0 = [R, 1] column-major, 1 = [R, k] row-major with validCol 1, 2 = one 32-byte
// block per row, or for TROWEXPAND a source as wide as dst, of which column 0 is read; column: [2, C]
// row-major).
template <typename T>
void check_expand(const isa::OpInfo& d, std::mt19937_64& rng, int32_t vr, int32_t vc, int vec_pos,
                  int vec_kind, bool in_place) {
    const bool row = d.family == isa::Family::RowExpand;
    constexpr int32_t kBlock = static_cast<int32_t>(32 / sizeof(T));
    const bool one_source = d.src_min == 1;
    UbTiles tiles(rng);
    TileView vec;
    if (row && one_source && vec_kind == 2)  // TROWEXPAND reads column 0 of a source of any width
        vec = tiles.place(dtype_of<T>, vr, row_major_cols(sizeof(T), vc), vr, vc);
    else if (row)
        vec = vec_kind == 0   ? tiles.place(dtype_of<T>, Layout::col_major(vr, 1), vr, 1)
              : vec_kind == 1 ? tiles.place(dtype_of<T>, vr, row_major_cols(sizeof(T), 1), vr, 1)
                              : tiles.place(dtype_of<T>, vr, kBlock, vr, kBlock);
    else
        vec = tiles.place(dtype_of<T>, 2, row_major_cols(sizeof(T), vc), 1, vc);
    const int32_t period = row ? (one_source ? 1 : vec.valid_cols) : 0;
    TileView full = tiles.place(dtype_of<T>, vr + 1, row_major_cols(sizeof(T), vc, 1), vr, vc);
    TileView dst = in_place && !one_source
                       ? full
                       : tiles.place(dtype_of<T>, vr + 1, row_major_cols(sizeof(T), vc, 2), vr, vc);
    for (int32_t r = 0; r < vec.valid_rows; ++r)
        for (int32_t c = 0; c < vec.valid_cols; ++c)
            at<T>(vec, r, c) = random_value<T>(rng, false);
    for (int32_t r = 0; r < vr; ++r)
        for (int32_t c = 0; c < vc; ++c)
            at<T>(full, r, c) = random_value<T>(rng, false);
    std::vector<TileView> srcs;
    if (one_source)
        srcs = {vec};
    else if (vec_pos == 0)
        srcs = {vec, full};
    else
        srcs = {full, vec};
    UbImage image;
    const TileView want = image.expected(dst);
    for (int32_t r = 0; r < vr; ++r)
        for (int32_t c = 0; c < vc; ++c) {
            const T v = row ? at<T>(vec, r, period > 0 ? c % period : c) : at<T>(vec, 0, c);
            const T x = at<T>(full, r, c);
            at<T>(want, r, c) = one_source     ? v
                                : vec_pos == 0 ? expand_oracle<T>(d.op, v, x)
                                               : expand_oracle<T>(d.op, x, v);
        }
    ops::execute(d.op, {std::span<const TileView>(&dst, 1), srcs, {}, {}});
    if (image.matches_ub())
        return;
    for (int32_t r = 0; r < vr; ++r)
        for (int32_t c = 0; c < vc; ++c)
            if (!same_bits(at<T>(dst, r, c), at<T>(want, r, c)))
                FAIL() << d.name << " " << dtype_name(dtype_of<T>) << " " << vr << "x" << vc << " vector src"
                       << vec_pos << " kind " << vec_kind << (in_place ? " in place" : "") << " at (" << r
                       << ", " << c << "): got " << static_cast<double>(at<T>(dst, r, c)) << ", want "
                       << static_cast<double>(at<T>(want, r, c));
    FAIL() << d.name << " wrote outside its valid region: " << image.matches_ub().message();
}

TEST_P(ReduceKernel, ExpansionsMatchTheOracle) {
    std::mt19937_64 rng(15);
    struct Shape {
        int32_t vr, vc;
    };
    constexpr Shape shapes[] = {{1, 1}, {3, 17}, {4, 64}, {5, 100}};
    int cases = 0;
    for (const isa::OpInfo& d : isa::kOps) {
        if (d.family != isa::Family::RowExpand && d.family != isa::Family::ColExpand)
            continue;
        const bool row = d.family == isa::Family::RowExpand;
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!dtype_code_valid(code) || !d.kernel_types().contains(t))
                continue;
            visit_dtype(t, [&](auto tag) {
                using T = decltype(tag);
                if constexpr (!std::is_same_v<T, double>)  // no instruction here takes double
                    for (const Shape& s : shapes)
                        for (int pos = 0; pos < (d.src_min == 1 ? 1 : 2); ++pos)
                            for (int kind = 0; kind < (row ? 3 : 1); ++kind)
                                for (int in_place = 0; in_place < 2; ++in_place) {
                                    // A full-shape vector ties with the tile (the tile is then src0).
                                    const int32_t vcols =
                                        kind == 2 ? static_cast<int32_t>(32 / sizeof(T)) : 1;
                                    if (pos == 0 && row && s.vc == vcols)
                                        continue;
                                    if (pos == 0 && !row && s.vr == 1)
                                        continue;
                                    check_expand<T>(d, rng, s.vr, s.vc, pos, kind, in_place == 1);
                                    ++cases;
                                }
            });
        }
    }
    EXPECT_GT(cases, 500);
}

// TPAIRREDUCESUM: dst[r, k] = src[r, 2k] + src[r, 2k + 1] (one rounding, integers wrapping) for k < vc / 2;
// nothing else changes (an odd last column has no partner and writes nothing). In place too.
TEST_P(ReduceKernel, PairSumsMatchTheOracle) {
    std::mt19937_64 rng(41);
    const isa::OpInfo& d = isa::op_info(Op::TPAIRREDUCESUM);
    int cases = 0;
    for (unsigned code = 0; code < 32; ++code) {
        const auto t = static_cast<DType>(code);
        if (!dtype_code_valid(code) || !d.kernel_types().contains(t))
            continue;
        visit_dtype(t, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (!std::is_same_v<T, double>)
                for (const auto& [vr, vc] : {std::pair{1, 1}, {2, 2}, {3, 7}, {16, 64}, {5, 129}})
                    for (const bool in_place : {false, true}) {
                        UbTiles tiles(rng);
                        const int32_t cols = static_cast<int32_t>(row_major_cols(sizeof(T), vc, 1));
                        const TileView src = tiles.place(t, vr + 1, cols, vr, vc);
                        for (int32_t r = 0; r < vr; ++r)
                            for (int32_t c = 0; c < vc; ++c)
                                at<T>(src, r, c) = random_value<T>(rng, false);
                        const TileView dst = in_place ? src : tiles.place(t, vr + 2, cols, vr, vc);
                        UbImage image;
                        const TileView want = image.expected(dst);
                        for (int32_t r = 0; r < vr; ++r)
                            for (int32_t k = 0; k < vc / 2; ++k)
                                at<T>(want, r, k) = expand_oracle<T>(Op::TROWEXPANDADD, at<T>(src, r, 2 * k),
                                                                     at<T>(src, r, 2 * k + 1));
                        ops::execute(
                            d.op,
                            {std::span<const TileView>(&dst, 1), std::span<const TileView>(&src, 1), {}, {}});
                        EXPECT_TRUE(image.matches_ub())
                            << dtype_name(t) << " " << vr << "x" << vc << (in_place ? " in place" : "")
                            << ": " << image.matches_ub().message();
                        ++cases;
                    }
        });
    }
    EXPECT_GT(cases, 60);
}

// The fast kernels must take the common reductions themselves (an oracle test passes just as well when they
// hand everything to the reference kernel, and once did): on every vector target, each of these runs in
// simd::reduce. The scalar target leaves every reduction to the reference kernel.
TEST_P(ReduceKernel, FastKernelsTakeTheCommonCases) {
    if (GetParam().backend != Backend::Simd)
        GTEST_SKIP() << "the reference kernels have no fast path";
    const bool scalar = GetParam().target == HWY_SCALAR;
    struct Case {
        Op op;
        DType src, dst;
    };
    constexpr Case cases[] = {
        {Op::TROWSUM, DType::F32, DType::F32},    {Op::TROWSUM, DType::F16, DType::F16},
        {Op::TROWSUM, DType::BF16, DType::F32},   {Op::TROWPROD, DType::F32, DType::F32},
        {Op::TROWSUM, DType::S32, DType::S32},    {Op::TROWMAX, DType::F16, DType::F16},
        {Op::TROWMIN, DType::F32, DType::F32},    {Op::TCOLSUM, DType::F32, DType::F32},
        {Op::TCOLSUM, DType::F16, DType::F32},    {Op::TCOLMAX, DType::S16, DType::S16},
        {Op::TCOLPROD, DType::S32, DType::S32},   {Op::TROWARGMAX, DType::F32, DType::S32},
        {Op::TROWARGMIN, DType::F16, DType::U32}, {Op::TROWARGMAX, DType::S8, DType::S32},
        {Op::TCOLARGMAX, DType::F32, DType::S32}, {Op::TCOLARGMIN, DType::BF16, DType::U32},
        {Op::TCOLARGMAX, DType::S32, DType::S32},
    };
    std::mt19937_64 rng(3);
    for (const Case& c : cases) {
        UbTiles tiles(rng);
        const bool row = isa::op_info(c.op).family == isa::Family::RowReduce;
        const TileView src = tiles.place(c.src, 16, 64, 16, 64);
        const TileView dst = row ? tiles.place(c.dst, 16, 1, 16, 1) : tiles.place(c.dst, 1, 64, 1, 64);
        const ops::Operands o{std::span<const TileView>(&dst, 1), std::span<const TileView>(&src, 1), {}, {}};
        EXPECT_EQ(simd::reduce(c.op, o), !scalar)
            << isa::op_info(c.op).name << " " << dtype_name(c.src) << " -> " << dtype_name(c.dst);
    }
}

TEST_P(ReduceKernel, Rules) {
    std::mt19937_64 rng(16);
    UbTiles tiles(rng);
    const TileView src = tiles.place(DType::F32, 8, 16, 8, 16);
    const TileView dst_ok = tiles.place(DType::F32, 8, 8, 8, 1);
    const TileView short_dst = tiles.place(DType::F32, 8, 8, 7, 1);
    const TileView half_dst = tiles.place(DType::F16, 8, 16, 8, 1);
    const TileView col_dst = tiles.place(DType::F32, 1, 16, 1, 15);
    const auto run = [](Op op, const TileView& d, std::vector<TileView> s) {
        ops::execute(op, {std::span<const TileView>(&d, 1), s, {}, {}});
    };
    EXPECT_NO_THROW(run(Op::TROWSUM, dst_ok, {src}));
    EXPECT_CHECK_FAILS(run(Op::TROWSUM, short_dst, {src}), "TROWSUM: dst has src's valid rows");
    EXPECT_CHECK_FAILS(run(Op::TROWMAX, half_dst, {src}), "TROWMAX: dst has src's element type");
    EXPECT_CHECK_FAILS(run(Op::TCOLSUM, col_dst, {src}), "TCOLSUM: dst has src's valid columns");
    EXPECT_CHECK_FAILS(run(Op::TROWSUM, src, {src}), "TROWSUM: a destination tile must not overlap");
    // Expansions: the vector's shape.
    const TileView full = tiles.place(DType::F32, 8, 16, 8, 16);
    const TileView out = tiles.place(DType::F32, 8, 16, 8, 16);
    const TileView bad_vec = tiles.place(DType::F32, 8, 8, 8, 3);
    const TileView row_vec = tiles.place(DType::F32, Layout::col_major(8, 1), 8, 1);
    EXPECT_NO_THROW(run(Op::TROWEXPANDADD, out, {full, row_vec}));
    EXPECT_CHECK_FAILS(run(Op::TROWEXPANDADD, out, {full, bad_vec}), "TROWEXPANDADD: the per-row vector is");
    EXPECT_CHECK_FAILS(run(Op::TCOLEXPANDMUL, out, {full, row_vec}), "TCOLEXPANDMUL: tile must be row-major");
}

}  // namespace
