// Fast TMATMUL: the reference kernel's bits (src/kernels/ref/matmul.cpp), vectorised over the output columns.
//
// Each output keeps the reference's chain: s = 0, then for k = 0 .. K-1 in order s = fma(a(i, k), b(k, j),
// s), then the old accumulator or the bias added once. A vector lane is one output (i, j), so the k loop runs
// in order in every lane and hn::MulAdd is the fused step when it is one instruction (HWY_NATIVE_FMA).
// Targets without FMA (SSSE3, SSE4, EMU128, where Highway emulates MulAdd as a rounded Mul and an Add) run
// the reference kernel for float accumulators. int8 inputs accumulate exactly in int32 (products of int8
// values fit in int16 pairs, the sum wraps like the reference's), so their order does not matter and every
// target but HWY_SCALAR takes them: pairs of k are multiplied and added by ReorderWidenMulAccumulate.
//
// The operands are first packed, whatever their layout, into panels of the accumulation type (half and
// bfloat16 widen to float exactly, int8 to int16): b into strips of kNV vectors' width (K rows of NR
// contiguous columns), a into blocks of kMR rows (K columns of kMR interleaved rows), so the inner loop loads
// a strip row and broadcasts the block's values. A register block of up to kMR rows x kNV vectors runs the
// whole k chain, then goes out through c's layout with the old accumulator (or the bias) added.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/matmul.cpp"
#include <hwy/aligned_allocator.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "ptosim/core/float16.hpp"
#include "ptosim/ops/matmul.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace {
namespace hn = hwy::HWY_NAMESPACE;

// Register block: kMR rows of a x kNV vectors of output columns (24 accumulators with 32 vector registers, 12
// with 16).
constexpr int kMR = 6;
constexpr int kNV = HWY_MAX_BYTES >= 64 ? 4 : 2;

// Float accumulators (half, bfloat16 and float inputs): one fused multiply-add per k.
struct FloatPath {
    using Acc = float;
    using Packed = float;
    static constexpr int kGroup = 1;  // k values per packed element group
    using D = hn::ScalableTag<float>;
    using DP = D;
    static hn::Vec<DP> Broadcast(const Packed* p) { return hn::Set(DP(), *p); }
    static hn::Vec<D> Step(hn::Vec<DP> a, hn::Vec<DP> b, hn::Vec<D> acc, hn::Vec<D>&) {
        return hn::MulAdd(a, b, acc);
    }
    static hn::Vec<D> Finish(hn::Vec<D> acc, hn::Vec<D>) { return acc; }
};

#if HWY_TARGET != HWY_SCALAR  // one lane: no int16 pairs
// int32 accumulators (int8 inputs): pairs of k as int16, multiplied and summed exactly, added wrapping.
struct IntPath {
    using Acc = int32_t;
    using Packed = int16_t;
    static constexpr int kGroup = 2;
    using D = hn::ScalableTag<int32_t>;
    using DP = hn::Repartition<int16_t, D>;
    static hn::Vec<DP> Broadcast(const Packed* p) {
        int32_t pair;
        std::memcpy(&pair, p, sizeof pair);
        return hn::BitCast(DP(), hn::Set(D(), pair));
    }
    static hn::Vec<D> Step(hn::Vec<DP> a, hn::Vec<DP> b, hn::Vec<D> acc, hn::Vec<D>& acc1) {
        return hn::ReorderWidenMulAccumulate(D(), a, b, acc, acc1);
    }
    static hn::Vec<D> Finish(hn::Vec<D> acc, hn::Vec<D> acc1) {
        return hn::RearrangeToOddPlusEven(acc, acc1);
    }
};
#endif

int32_t Lanes32() {
    return static_cast<int32_t>(hn::Lanes(hn::ScalableTag<float>()));
}

// Grow-only scratch of one thread: the panels of the last call stay allocated for the next.
template <typename T>
T* Scratch(hwy::AlignedFreeUniquePtr<T[]>& buf, std::size_t& size, std::size_t n) {
    if (n > size) {
        buf = hwy::AllocateAligned<T>(n);
        size = n;
    }
    return buf.get();
}

// ---------------------------------------------------------------------------------------------------------------
// Packing

// n elements from src (step apart) into out, converted exactly to the packed type.
template <typename In, typename Packed>
void ConvertRun(const In* src, int64_t step, int32_t n, Packed* out) {
    int32_t t = 0;
    if (step == 1) {
        if constexpr (std::is_same_v<In, Packed>) {
            std::memcpy(out, src, sizeof(In) * static_cast<std::size_t>(n));
            return;
        } else if constexpr (std::is_same_v<In, int8_t> || std::is_same_v<In, bfloat16> ||
                             (std::is_same_v<In, float16> && HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2)) {
            // int8 -> int16 sign-extends, bfloat16 -> float shifts, half -> float is F16C: all exact.
            using HIn = std::conditional_t<
                std::is_same_v<In, int8_t>, int8_t,
                std::conditional_t<std::is_same_v<In, bfloat16>, hwy::bfloat16_t, hwy::float16_t>>;
            const hn::ScalableTag<Packed> d;
            const hn::Rebind<HIn, decltype(d)> din;
            const auto lanes = static_cast<int32_t>(hn::Lanes(d));
            const auto* in = reinterpret_cast<const HIn*>(src);
            for (; t + lanes <= n; t += lanes)
                hn::StoreU(hn::PromoteTo(d, hn::LoadU(din, in + t)), d, out + t);
        }
    }
    for (; t < n; ++t)
        out[t] = static_cast<Packed>(src[t * step]);
}

struct Span {
    std::size_t offset;
    int32_t first, count;
    int64_t step;
};

// Calls f(line, offset, first, count, step) for the spans of lines 0 .. lines - 1 (rows when `rows`, else
// columns) over positions 0 .. len - 1. The spans are asked of the layout once per band of lines that share
// them (a row or column of boxes; every line of a plain layout) and moved by the line step for the others.
template <class F>
void ForEachLine(const Layout& lay, bool rows, int32_t lines, int32_t len, F&& f) {
    thread_local std::vector<Span> spans;
    const int32_t band = lay.is_boxed() ? (rows ? lay.inner_rows : lay.inner_cols) : lines;
    const int64_t line_step =
        rows ? lay.col_step() : lay.row_step();  // (r, c) to (r + 1, c), or to (r, c + 1)
    const auto collect = [&](std::size_t off, int32_t first, int32_t count, int64_t step) {
        spans.push_back({off, first, count, step});
    };
    for (int32_t b0 = 0; b0 < lines; b0 += band) {
        spans.clear();
        if (rows)
            lay.for_each_row_span(b0, 0, len, collect);
        else
            lay.for_each_col_span(b0, 0, len, collect);
        for (int32_t line = b0; line < std::min(lines, b0 + band); ++line) {
            const auto shift = static_cast<std::size_t>((line - b0) * line_step);
            for (const Span& sp : spans)
                f(line, sp.offset + shift, sp.first, sp.count, sp.step);
        }
    }
}

// Packs the np x nq region of tile t (p: a's rows or b's columns; q: k) into panels of width w: element
// (p, q) goes to dst[(p / w) * S + (q / G) * (G * w) + (p % w) * G + q % G], S = ceil(nq / G) * G * w, the
// missing columns of the last panel and the missing k of the last group zero (w = 1: one row of K per p).
// The tile is walked in its contiguous direction; runs that land contiguously are converted in place, the
// others through a small buffer.
template <typename In, int G, typename Packed>
void Pack(const TileView& t, bool p_is_row, int32_t np, int32_t nq, int32_t w, Packed* dst) {
    const int32_t groups = (nq + G - 1) / G;
    const int32_t panels = (np + w - 1) / w;
    const int64_t panel = int64_t{groups} * G * w;
    if (np % w != 0)
        std::fill_n(dst + (panels - 1) * panel, panel, Packed{0});
    if (nq % G != 0)
        for (int32_t s = 0; s < panels; ++s)
            std::fill_n(dst + s * panel + (groups - 1) * G * w, G * w, Packed{0});
    const auto* src = reinterpret_cast<const In*>(t.data);
    constexpr int32_t kChunk = 256;
    alignas(64) Packed buf[kChunk];
    // Element x of the run at src + off (step apart) goes to out[x * stride] (k grouped as G when paired).
    const auto scatter = [&](std::size_t off, int64_t step, int32_t n, Packed* out, int64_t stride,
                             bool paired) {
        for (int32_t done = 0; done < n; done += kChunk) {
            const int32_t len = std::min(kChunk, n - done);
            const Packed* from = buf;
            if constexpr (std::is_same_v<In, Packed>) {
                if (step == 1)
                    from = src + off + done;
                else
                    ConvertRun(src + off + done * step, step, len, buf);
            } else {
                ConvertRun(src + off + done * step, step, len, buf);
            }
            for (int32_t x = 0; x < len; ++x) {
                const int32_t e = done + x;
                out[paired ? (e / G) * stride + e % G : e * stride] = from[x];
            }
        }
    };
    // Runs along q (p fixed) or along p (q fixed), whichever is contiguous in the tile.
    if ((p_is_row ? t.layout.row_step() : t.layout.col_step()) == 1) {
        ForEachLine(t.layout, p_is_row, np, nq,
                    [&](int32_t p, std::size_t off, int32_t q0, int32_t n, int64_t step) {
                        Packed* out = dst + (p / w) * panel + (p % w) * G;
                        if (w == 1) {  // k contiguous
                            ConvertRun(src + off, step, n, out + q0);
                        } else {  // q0 starts a group: runs start at box edges, whose sizes are even
                            scatter(off, step, n, out + (q0 / G) * (G * w) + q0 % G, int64_t{G} * w, G > 1);
                        }
                    });
    } else {
        ForEachLine(t.layout, !p_is_row, nq, np,
                    [&](int32_t q, std::size_t off, int32_t p0, int32_t n, int64_t step) {
                        Packed* base = dst + (q / G) * (G * w) + q % G;
                        for (int32_t done = 0; done < n;) {  // one piece per panel
                            const int32_t p = p0 + done, r = p % w, len = std::min(n - done, w - r);
                            Packed* out = base + (p / w) * panel + r * G;
                            if (w == 1) {  // each p its own panel
                                scatter(off + static_cast<std::size_t>(done * step), step, n - done, out,
                                        panel, false);
                                break;
                            }
                            if (G == 1)
                                ConvertRun(src + off + done * step, step, len, out);
                            else
                                scatter(off + static_cast<std::size_t>(done * step), step, len, out, G,
                                        false);
                            done += len;
                        }
                    });
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The register block

// R rows x NV vectors of outputs over `groups` k groups: ap is the block's first row of a (rows a_row apart),
// bp the column strip's panel, both at the first group. The chain starts from zero (`first`) or from the sums
// so far in out (rows ldc apart), which receives the sums, plus the bias (padded to whole vectors) when
// given.
template <class P, int R, int NV>
void Block(const typename P::Packed* HWY_RESTRICT ap, std::size_t a_row,
           const typename P::Packed* HWY_RESTRICT bp, int32_t groups, bool first,
           const typename P::Acc* HWY_RESTRICT bias, typename P::Acc* HWY_RESTRICT out, std::size_t ldc) {
    const typename P::D d;
    const typename P::DP dp;
    using V = hn::Vec<decltype(d)>;
    const std::size_t lanes = hn::Lanes(d);
    const std::size_t nr = kNV * lanes;
    constexpr int G = P::kGroup;
    V acc[R][NV], acc1[R][NV];
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < NV; ++v) {
            acc[r][v] = first ? hn::Zero(d) : hn::Load(d, out + r * ldc + v * lanes);
            acc1[r][v] = hn::Zero(d);
        }
    for (int32_t x = 0; x < groups; ++x) {
        const typename P::Packed* brow = bp + static_cast<std::size_t>(x) * G * nr;
        const typename P::Packed* acol = ap + static_cast<std::size_t>(x) * G;
        hn::Vec<decltype(dp)> bv[NV];
        for (int v = 0; v < NV; ++v)
            bv[v] = hn::LoadU(dp, brow + v * lanes * G);
        for (int r = 0; r < R; ++r) {
            const auto av = P::Broadcast(acol + r * a_row);
            for (int v = 0; v < NV; ++v)
                acc[r][v] = P::Step(av, bv[v], acc[r][v], acc1[r][v]);
        }
    }
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < NV; ++v) {
            V s = P::Finish(acc[r][v], acc1[r][v]);
            if (bias != nullptr)
                s = hn::Add(s, hn::LoadU(d, bias + v * lanes));  // s + bias, as the reference
            hn::Store(s, d, out + r * ldc + v * lanes);
        }
}

template <class P>
using BlockFn = void (*)(const typename P::Packed*, std::size_t, const typename P::Packed*, int32_t, bool,
                         const typename P::Acc*, typename P::Acc*, std::size_t);

template <class P, int NV, int... R>
constexpr std::array<BlockFn<P>, sizeof...(R)> RowBlocks(std::integer_sequence<int, R...>) {
    return {&Block<P, R + 1, NV>...};
}
// Blocks<P>()[nv - 1][rows - 1]: the block for the last rows and the last strip's vectors.
template <class P, int... NV>
constexpr auto Blocks(std::integer_sequence<int, NV...>) {
    return std::array{RowBlocks<P, NV + 1>(std::make_integer_sequence<int, kMR>())...};
}

// ---------------------------------------------------------------------------------------------------------------
// Output

template <typename Acc>
Acc AddOnce(Acc old, Acc s) {
    if constexpr (std::is_same_v<Acc, float>)
        return old + s;
    else  // wrapping
        return static_cast<Acc>(static_cast<uint32_t>(old) + static_cast<uint32_t>(s));
}

// n elements from src to dst, both contiguous.
template <typename T>
void CopyRun(const T* HWY_RESTRICT src, int32_t n, T* HWY_RESTRICT dst) {
    const hn::ScalableTag<T> d;
    const auto lanes = static_cast<int32_t>(hn::Lanes(d));
    int32_t x = 0;
    for (; x + lanes <= n; x += lanes)
        hn::StoreU(hn::LoadU(d, src + x), d, dst + x);
    for (; x < n; ++x)
        dst[x] = src[x];
}

// The m x n sums (rows ldc apart), plus acc_in when given, stored through c's layout.
template <typename Acc>
void WriteOut(const TileView& c, const TileView* acc_in, int32_t m, int32_t n, Acc* sums, std::size_t ldc) {
    if (acc_in != nullptr) {
        const auto* old = reinterpret_cast<const Acc*>(acc_in->data);
        ForEachLine(acc_in->layout, true, m, n,
                    [&](int32_t i, std::size_t off, int32_t c0, int32_t len, int64_t step) {
                        Acc* s = sums + i * ldc + c0;
                        const Acc* v = old + off;
                        int32_t x = 0;
                        if (step == 1) {
                            const hn::ScalableTag<Acc> d;
                            const auto lanes = static_cast<int32_t>(hn::Lanes(d));
                            for (; x + lanes <= len; x += lanes)  // old + s, as the reference
                                hn::StoreU(hn::Add(hn::LoadU(d, v + x), hn::LoadU(d, s + x)), d, s + x);
                        }
                        for (; x < len; ++x)
                            s[x] = AddOnce(v[x * step], s[x]);
                    });
    }
    auto* dst = reinterpret_cast<Acc*>(c.data);
    ForEachLine(c.layout, true, m, n, [&](int32_t i, std::size_t off, int32_t c0, int32_t len, int64_t step) {
        const Acc* s = sums + i * ldc + c0;
        if (step == 1) {
            CopyRun(s, len, dst + off);
            return;
        }
        for (int32_t x = 0; x < len; ++x)
            dst[off + x * step] = s[x];
    });
}

// ---------------------------------------------------------------------------------------------------------------

template <class P, typename In>
void Run(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
         const TileView* bias) {
    using Packed = typename P::Packed;
    using Acc = typename P::Acc;
    constexpr int G = P::kGroup;
    const int32_t m = a.valid_rows, k = a.valid_cols, n = b.valid_cols;
    if (m <= 0 || n <= 0)
        return;
    const int32_t nr = kNV * Lanes32();
    const int32_t groups = (k + G - 1) / G;
    const int32_t strips = (n + nr - 1) / nr;
    const std::size_t a_row = static_cast<std::size_t>(groups) * G;
    const std::size_t b_panel = static_cast<std::size_t>(groups) * G * static_cast<std::size_t>(nr);
    const std::size_t ldc = static_cast<std::size_t>(strips) * nr;

    thread_local hwy::AlignedFreeUniquePtr<Packed[]> a_buf, b_buf;
    thread_local hwy::AlignedFreeUniquePtr<Acc[]> c_buf, bias_buf;
    thread_local std::size_t a_size = 0, b_size = 0, c_size = 0, bias_size = 0;
    // At least one element, so that k = 0 still has valid (unread) panel pointers.
    Packed* ap = Scratch(a_buf, a_size, std::max<std::size_t>(1, m * a_row));
    Packed* bp = Scratch(b_buf, b_size, std::max<std::size_t>(1, strips * b_panel));
    Acc* sums = Scratch(c_buf, c_size, m * ldc);
    Pack<In, G>(a, true, m, k, 1, ap);
    Pack<In, G>(b, false, n, k, nr, bp);
    // The old accumulator wins over the bias, as in the reference.
    const Acc* bias_row = nullptr;
    if (bias != nullptr && acc_in == nullptr) {
        Acc* row = Scratch(bias_buf, bias_size, ldc);
        std::fill_n(row, ldc, Acc{0});
        const auto* src = reinterpret_cast<const Acc*>(bias->data);
        bias->layout.for_each_row_span(0, 0, n, [&](std::size_t off, int32_t c0, int32_t len, int64_t step) {
            for (int32_t x = 0; x < len; ++x)
                row[c0 + x] = src[off + x * step];
        });
        bias_row = row;
    }

    // Per strip, k in chunks whose strip panel (32 KiB) stays in the L1 cache while every row block runs it;
    // the sums wait in `sums` between chunks (stored and reloaded exactly).
    static constexpr auto kBlocks = Blocks<P>(std::make_integer_sequence<int, kNV>());
    const auto chunk = std::max<int32_t>(1, static_cast<int32_t>(32768 / (sizeof(Packed) * G * nr)));
    for (int32_t jb = 0; jb < strips; ++jb) {
        const int32_t j0 = jb * nr, cols = std::min(nr, n - j0);
        const int32_t nv = (cols + Lanes32() - 1) / Lanes32();
        for (int32_t x0 = 0; x0 < std::max(groups, 1); x0 += chunk) {
            const int32_t len = std::min(chunk, groups - x0);
            const bool last = x0 + chunk >= groups;
            for (int32_t i0 = 0; i0 < m; i0 += kMR)
                kBlocks[nv - 1][std::min(kMR, m - i0) - 1](
                    ap + i0 * a_row + static_cast<std::size_t>(x0) * G, a_row,
                    bp + jb * b_panel + static_cast<std::size_t>(x0) * G * nr, len, x0 == 0,
                    last && bias_row != nullptr ? bias_row + j0 : nullptr, sums + i0 * ldc + j0, ldc);
        }
    }
    WriteOut(c, acc_in, m, n, sums, ldc);
}

}  // namespace

bool Matmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
            const TileView* bias) {
#if HWY_TARGET != HWY_SCALAR
    if (a.dtype == DType::S8) {
        Run<IntPath, int8_t>(c, a, b, acc_in, bias);
        return true;
    }
#endif
#if HWY_NATIVE_FMA
    switch (a.dtype) {
        case DType::F16:
            Run<FloatPath, float16>(c, a, b, acc_in, bias);
            return true;
        case DType::BF16:
            Run<FloatPath, bfloat16>(c, a, b, acc_in, bias);
            return true;
        case DType::F32:
            Run<FloatPath, float>(c, a, b, acc_in, bias);
            return true;
        default:
            break;
    }
#endif
    // Here MulAdd would round the product: the reference kernel keeps the fused steps.
    (void)c, (void)a, (void)b, (void)acc_in, (void)bias;
    return false;
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(Matmul);

bool tmatmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
             const TileView* bias) {
    return HWY_DYNAMIC_DISPATCH(Matmul)(c, a, b, acc_in, bias);
}
}  // namespace ptosim::simd
#endif
