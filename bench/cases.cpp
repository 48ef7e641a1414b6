#include "cases.hpp"

#include <cstdint>
#include <cstring>
#include <random>
#include <type_traits>
#include <vector>

#include "blas_yardstick.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/compare.hpp"
#include "ptosim/ops/convert.hpp"
#include "ptosim/ops/execute.hpp"
#include "ptosim/ops/histogram.hpp"
#include "ptosim/ops/interleave.hpp"
#include "ptosim/ops/matmul.hpp"
#include "ptosim/ops/memory.hpp"
#include "ptosim/ops/micro.hpp"
#include "ptosim/ops/move.hpp"
#include "ptosim/ops/quant.hpp"
#include "ptosim/ops/sort.hpp"

namespace ptosim::bench {

namespace {

// A tile with its own zero-filled, 64-byte aligned storage.
struct OwnedTile {
    std::shared_ptr<std::byte[]> storage;
    TileView view;
};

OwnedTile make_tile(DType t, int32_t rows, int32_t cols, bool col_major = false) {
    OwnedTile o;
    o.storage = ub::allocate_auto(static_cast<std::size_t>(rows) * cols * dtype_size(t));
    o.view = {o.storage.get(), t, col_major ? Layout::col_major(rows, cols) : Layout::row_major(rows, cols),
              rows, cols};
    return o;
}

template <typename T, typename Gen>
void fill(const TileView& v, Gen&& gen) {
    T* p = v.ptr<T>();
    for (std::size_t i = 0; i < v.layout.size(); ++i)
        p[i] = gen();
}

std::mt19937_64& rng() {
    static std::mt19937_64 r(20261129);
    return r;
}

// THISTOGRAM over a src tile whose filter passes about 1 in `pass_inverse` elements (1 = all pass).
Case histogram_case(DType src_type, int32_t rows, int32_t cols, int byte, int pass_inverse, unsigned threads,
                    const std::string& suffix = "") {
    struct State {
        OwnedTile dst, src, idx;
    };
    auto s = std::make_shared<State>();
    s->src = make_tile(src_type, rows, cols);
    s->dst = make_tile(DType::U32, rows, 256);
    s->idx = make_tile(DType::U8, rows < 32 ? 32 : (rows + 31) / 32 * 32, 1, /*col_major=*/true);
    const bool u16 = src_type == DType::U16;
    // Filter bytes: u16 rows filter on 0x5A; u32 filters on the prefix 0x12, 0x34, 0x56.
    uint8_t* idx = s->idx.view.ptr<uint8_t>();
    for (int32_t r = 0; r < s->idx.view.layout.rows; ++r)
        idx[r] = u16 ? 0x5A : 0;
    if (!u16) {
        idx[0] = 0x12;
        idx[1] = 0x34;
        idx[2] = 0x56;
    }
    auto& g = rng();
    if (u16) {
        fill<uint16_t>(s->src.view, [&] {
            const auto v = static_cast<uint16_t>(g());
            return byte == 0 && pass_inverse == 1 ? static_cast<uint16_t>(0x5A00 | (v & 0xFF)) : v;
        });
    } else {
        // The bytes above the counted one must equal the prefix (byte 3 = 0x12, byte 2 = 0x34, byte 1 =
        // 0x56). For a pass rate of 1/256 the lowest of those bytes stays random.
        constexpr uint32_t kPrefix[4] = {0, 0x56, 0x34, 0x12};
        fill<uint32_t>(s->src.view, [&] {
            auto v = static_cast<uint32_t>(g());
            for (int j = byte + 1; j < 4; ++j) {
                if (pass_inverse != 1 && j == byte + 1)
                    continue;
                v = (v & ~(0xFFu << (8 * j))) | (kPrefix[j] << (8 * j));
            }
            return v;
        });
    }
    Case c;
    c.op = "THISTOGRAM";
    c.name = std::string(u16 ? "u16_" : "u32_") + std::to_string(rows) + "x" + std::to_string(cols) +
             "_byte" + std::to_string(byte);
    const bool filtered = u16 ? byte == 0 : byte < 3;
    if (filtered)
        c.name += pass_inverse == 1 ? "_pass1" : "_pass1of256";
    c.name += suffix;
    c.input_bytes = s->src.view.bytes();
    c.threads = threads;
    c.run = [s, byte] {
        ops::thistogram(s->dst.view, s->src.view, s->idx.view, static_cast<HistByte>(byte));
    };
    c.state = s;
    return c;
}

template <typename T>
void fill_values(const TileView& v) {
    auto& g = rng();
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16>) {
        fill<T>(v, [&] { return T(static_cast<float>(static_cast<int>(g() % 2001) - 1000) * 0.25f); });
    } else {
        fill<T>(v, [&] { return static_cast<T>(g()); });
    }
}

template <typename T>
Case compare_case(const std::string& op, int32_t rows, int32_t cols, const std::string& suffix = "") {
    struct State {
        OwnedTile dst, src0, src1;
    };
    auto s = std::make_shared<State>();
    const DType t = dtype_of<T>;
    s->src0 = make_tile(t, rows, cols);
    s->src1 = make_tile(t, rows, cols);
    s->dst = make_tile(DType::U8, rows, (cols / 8 + 31) / 32 * 32);
    s->dst.view.valid_cols = cols / 8;
    fill_values<T>(s->src0.view);
    fill_values<T>(s->src1.view);
    Case c;
    c.op = op;
    c.name = std::string(dtype_name(t)) + "_" + std::to_string(rows) + "x" + std::to_string(cols) + suffix;
    c.threads = 1;
    if (op == "TCMP") {
        c.input_bytes = 2 * s->src0.view.bytes();
        c.run = [s] { ops::tcmp(s->dst.view, s->src0.view, s->src1.view, CmpMode::LT); };
    } else {
        c.input_bytes = s->src0.view.bytes();
        const uint64_t scalar = scalar_bits(T(3));
        c.run = [s, scalar] { ops::tcmps(s->dst.view, s->src0.view, scalar, CmpMode::GT); };
    }
    c.state = s;
    return c;
}

Case interleave_case(const std::string& op, DType t, int32_t rows, int32_t cols,
                     const std::string& suffix = "") {
    struct State {
        OwnedTile dst0, dst1, src0, src1;
    };
    auto s = std::make_shared<State>();
    s->dst0 = make_tile(t, rows, cols);
    s->dst1 = make_tile(t, rows, cols);
    s->src0 = make_tile(t, rows, cols);
    s->src1 = make_tile(t, rows, cols);
    auto& g = rng();
    for (auto* v : {&s->src0.view, &s->src1.view}) {
        auto* p = reinterpret_cast<uint8_t*>(v->data);
        for (std::size_t i = 0; i < v->bytes(); ++i)
            p[i] = static_cast<uint8_t>(g());
    }
    Case c;
    c.op = op;
    c.name = std::string(dtype_name(t)) + "_" + std::to_string(rows) + "x" + std::to_string(cols) + suffix;
    c.input_bytes = 2 * s->src0.view.bytes();
    c.threads = 1;
    if (op == "TINTERLEAVE") {
        c.run = [s] { ops::tinterleave(s->dst1.view, s->dst0.view, s->src1.view, s->src0.view); };
    } else {
        c.run = [s] { ops::tdeinterleave(s->dst1.view, s->dst0.view, s->src1.view, s->src0.view); };
    }
    c.state = s;
    return c;
}

// An element-wise instruction through ops::execute on rows x cols tiles of type t, sources filled with values
// in [lo, hi] (integers: random bits), a scalar of 3 when the instruction takes one.
// An element-wise, reduction or expansion instruction on rows x cols source tiles: a reduction writes [rows,
// 1] or [1, cols], an expansion's last source is its [rows, 1] or [1, cols] vector.
Case elementwise_case(isa::Op op, DType t, int32_t rows, int32_t cols, float lo, float hi) {
    const isa::OpInfo& d = isa::op_info(op);
    using isa::Family;
    const bool per_row = d.family == Family::RowReduce || d.family == Family::RowExpand;
    const bool vector_family = per_row || d.family == Family::ColReduce || d.family == Family::ColExpand;
    const int32_t vec_rows = per_row ? rows : 1, vec_cols = per_row ? 1 : cols;
    const bool reduce = d.family == Family::RowReduce || d.family == Family::ColReduce;
    struct State {
        OwnedTile dst;
        std::vector<OwnedTile> src;
        std::vector<TileView> src_views;
        std::vector<uint64_t> scalars;
    };
    auto s = std::make_shared<State>();
    // An arg reduction writes int32 indices.
    const DType dst_type = d.kernel_dst_types().empty() ? t : DType::S32;
    s->dst = reduce ? make_tile(dst_type, vec_rows, vec_cols) : make_tile(t, rows, cols);
    auto& g = rng();
    std::uniform_real_distribution<float> dist(lo, hi);
    std::size_t input_bytes = 0;
    for (int k = 0; k < d.src_min; ++k) {
        const bool vec = vector_family && !reduce && k + 1 == d.src_min;
        s->src.push_back(vec ? make_tile(t, vec_rows, vec_cols) : make_tile(t, rows, cols));
        const TileView& v = s->src.back().view;
        visit_dtype(t, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16> ||
                          std::is_same_v<T, bfloat16>)
                fill<T>(v, [&] { return T(dist(g)); });
            else
                fill<T>(v, [&] { return static_cast<T>(g()); });
        });
        s->src_views.push_back(v);
        input_bytes += v.bytes();
    }
    if (d.scalars == 1) {
        visit_dtype(t, [&](auto tag) { s->scalars.push_back(scalar_bits(decltype(tag)(3))); });
    }
    Case c;
    c.op = std::string(d.name);
    c.name = std::string(dtype_name(t)) + "_" + std::to_string(rows) + "x" + std::to_string(cols);
    c.input_bytes = input_bytes;
    c.threads = 1;
    c.run = [s, op] {
        ops::execute(op, {std::span<const TileView>(&s->dst.view, 1), s->src_views, s->scalars, {}});
    };
    c.state = s;
    return c;
}

// TCVT of a rows x cols tile from st to dt (float sources uniform in [-1000, 1000], integers of any value).
Case convert_case(DType st, DType dt, convert::RoundMode mode, int32_t rows, int32_t cols) {
    struct State {
        OwnedTile dst, src;
    };
    auto s = std::make_shared<State>();
    s->src = make_tile(st, rows, cols);
    s->dst = make_tile(dt, rows, cols);
    auto& g = rng();
    std::uniform_real_distribution<float> dist(-1000, 1000);
    visit_dtype(st, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>)
            fill<T>(s->src.view, [&] { return T(dist(g)); });
        else
            fill<T>(s->src.view, [&] { return static_cast<T>(g()); });
    });
    Case c;
    c.op = "TCVT";
    c.name = std::string(dtype_name(st)) + "_to_" + std::string(dtype_name(dt)) + "_" + std::to_string(rows) +
             "x" + std::to_string(cols) + (mode == convert::RoundMode::Trunc ? "_trunc" : "");
    c.input_bytes = s->src.view.bytes();
    c.threads = 1;
    c.run = [s, mode] { ops::tcvt(s->dst.view, s->src.view, mode); };
    c.state = s;
    return c;
}

// TMATMUL C[M x N] = A[M x K] x B[K x N] on the cube's tiles: Left Nz, Right Zn (boxes of 16 rows x 32
// bytes), Acc Nz (16 x 16); inputs uniform in [-1, 1] (int8: any value). Counts 2 M K N operations.
Case matmul_case(DType in, int32_t m, int32_t k, int32_t n) {
    struct State {
        std::shared_ptr<std::byte[]> a_mem, b_mem, c_mem;
        TileView a, b, c;
    };
    auto s = std::make_shared<State>();
    const DType acc = in == DType::S8 ? DType::S32 : DType::F32;
    const auto per32 = static_cast<int32_t>(32 / dtype_size(in));
    const auto place = [](std::shared_ptr<std::byte[]>& mem, DType t, Layout layout) {
        mem = ub::allocate_auto(dtype_bytes(t, layout.size()));
        return TileView{mem.get(), t, layout, layout.rows, layout.cols};
    };
    s->a = place(s->a_mem, in, Layout::boxed(Layout::Kind::Nz, m, k, 16, per32));
    s->b = place(s->b_mem, in, Layout::boxed(Layout::Kind::Zn, k, n, per32, 16));
    s->c = place(s->c_mem, acc, Layout::boxed(Layout::Kind::Nz, m, n, 16, 16));
    auto& g = rng();
    std::uniform_real_distribution<float> dist(-1, 1);
    for (const TileView* v : {&s->a, &s->b})
        visit_dtype(in, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16> ||
                          std::is_same_v<T, bfloat16>)
                fill<T>(*v, [&] { return T(dist(g)); });
            else
                fill<T>(*v, [&] { return static_cast<T>(g()); });
        });
    Case c;
    c.op = "TMATMUL";
    c.name = std::string(dtype_name(in)) + "_to_" + std::string(dtype_name(acc)) + "_" + std::to_string(m) +
             "x" + std::to_string(k) + "x" + std::to_string(n) + "_Nz_Zn_Nz";
    c.input_bytes = s->a.bytes() + s->b.bytes();
    c.threads = 1;
    c.flops = 2.0 * m * k * n;
    c.run = [s] { ops::tmatmul(s->c, s->a, s->b, nullptr, nullptr); };
    if (in != DType::S8) {  // OpenBLAS has no integer GEMM
        c.yardstick = sgemm_runner(m, k, n);
        c.yardstick_name = "openblas_sgemm";
    }
    c.state = s;
    return c;
}

// TMOV of a rows x cols tile between layouts, converting when the types differ: the cube's feeds (Mat Nz ->
// Left Nz, Mat Nz -> Right Zn, a per-box transpose) and the accumulator's way out (Acc Nz float -> Vec ND
// half).
Case move_case(DType st, Layout::Kind sk, DType dt, Layout::Kind dk, int32_t rows, int32_t cols) {
    struct State {
        std::shared_ptr<std::byte[]> src_mem, dst_mem;
        TileView src, dst;
    };
    auto s = std::make_shared<State>();
    const auto layout = [&](DType t, Layout::Kind k) {
        const auto per32 = static_cast<int32_t>(32 / dtype_size(t));
        const bool acc = t == DType::F32 && k == Layout::Kind::Nz && st != dt;  // the L0C box is 16 x 16
        switch (k) {
            case Layout::Kind::RowMajor:
                return Layout::row_major(rows, cols);
            case Layout::Kind::Nz:
                return Layout::boxed(k, rows, cols, 16, acc ? 16 : per32);
            default:
                return Layout::boxed(k, rows, cols, per32, 16);
        }
    };
    const auto place = [](std::shared_ptr<std::byte[]>& mem, DType t, Layout l) {
        mem = ub::allocate_auto(dtype_bytes(t, l.size()));
        return TileView{mem.get(), t, l, l.rows, l.cols};
    };
    s->src = place(s->src_mem, st, layout(st, sk));
    s->dst = place(s->dst_mem, dt, layout(dt, dk));
    auto& g = rng();
    std::uniform_real_distribution<float> dist(-1000, 1000);
    visit_dtype(st, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>)
            fill<T>(s->src, [&] { return T(dist(g)); });
        else
            fill<T>(s->src, [&] { return static_cast<T>(g()); });
    });
    Case c;
    c.op = "TMOV";
    c.name = std::string(dtype_name(st)) + "_" + std::string(layout_kind_name(sk)) + "_to_" +
             std::string(dtype_name(dt)) + "_" + std::string(layout_kind_name(dk)) + "_" +
             std::to_string(rows) + "x" + std::to_string(cols);
    c.input_bytes = s->src.bytes();
    c.threads = 1;
    c.run = [s, rows, cols] {
        MoveSpec m;
        m.rows = rows;
        m.cols = cols;
        ops::tmove("TMOV", s->dst, s->src, m);
    };
    c.state = s;
    return c;
}

// TLOAD of a rows x cols block of a larger row-major matrix (rows `stride` elements apart) into a tile: Nz,
// as the cube kernels load their operands into Mat tiles, or row-major, as the vector kernels load theirs.
Case load_case(DType t, Layout::Kind k, int32_t rows, int32_t cols, int64_t stride) {
    struct State {
        std::vector<std::byte> global;
        std::shared_ptr<std::byte[]> tile_mem;
        TileView tile;
        GlobalView g;
    };
    auto s = std::make_shared<State>();
    const std::size_t es = dtype_size(t);
    s->global.resize(static_cast<std::size_t>(rows) * static_cast<std::size_t>(stride) * es);
    auto& g = rng();
    for (std::byte& b : s->global)
        b = static_cast<std::byte>(g());
    const Layout l = k == Layout::Kind::RowMajor
                         ? Layout::row_major(rows, cols)
                         : Layout::boxed(k, rows, cols, 16, static_cast<int32_t>(32 / es));
    s->tile_mem = ub::allocate_auto(dtype_bytes(t, l.size()));
    s->tile = TileView{s->tile_mem.get(), t, l, rows, cols};
    s->g.data = s->global.data();
    s->g.dtype = t;
    s->g.shape[3] = rows;
    s->g.shape[4] = cols;
    s->g.stride[3] = stride;
    s->g.stride[2] = s->g.stride[1] = s->g.stride[0] = stride * rows;
    Case c;
    c.op = "TLOAD";
    c.name = std::string(dtype_name(t)) + "_ND_to_" + std::string(layout_kind_name(k)) + "_" +
             std::to_string(rows) + "x" + std::to_string(cols);
    c.input_bytes = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * es;
    c.threads = 1;
    c.run = [s] { ops::tload(s->tile, s->g, Pad::Null); };
    c.state = s;
    return c;
}

// TDEQUANT of a rows x cols int8 / int16 tile (any values) with per-row [R, 1] scale and offset.
// TQUANT INT8_SYM (int8) or INT8_ASYM (uint8) of a rows x cols float tile with per-row [R, 1] parameters.
Case quant_case(bool asym, int32_t rows, int32_t cols) {
    struct State {
        OwnedTile dst, src, scale, offset;
    };
    auto s = std::make_shared<State>();
    s->src = make_tile(DType::F32, rows, cols);
    s->dst = make_tile(asym ? DType::U8 : DType::S8, rows, cols);
    s->scale = make_tile(DType::F32, rows, 1, /*col_major=*/true);
    s->offset = make_tile(DType::F32, rows, 1, /*col_major=*/true);
    auto& g = rng();
    std::uniform_real_distribution<float> dist(-4, 4);
    fill<float>(s->src.view, [&] { return dist(g); });
    fill<float>(s->scale.view, [&] { return 40.0f + dist(g); });
    fill<float>(s->offset.view, [&] { return 128.0f + dist(g); });
    Case c;
    c.op = "TQUANT";
    c.name = std::string(asym ? "INT8_ASYM" : "INT8_SYM") + "_" + std::to_string(rows) + "x" +
             std::to_string(cols);
    c.input_bytes = s->src.view.bytes();
    c.threads = 1;
    c.run = [s, asym] {
        ops::tquant(s->dst.view, s->src.view, s->scale.view, asym ? &s->offset.view : nullptr);
    };
    c.state = s;
    return c;
}

Case dequant_case(DType st, int32_t rows, int32_t cols) {
    struct State {
        OwnedTile dst, src, scale, offset;
    };
    auto s = std::make_shared<State>();
    s->src = make_tile(st, rows, cols);
    s->dst = make_tile(DType::F32, rows, cols);
    s->scale = make_tile(DType::F32, rows, 1, /*col_major=*/true);
    s->offset = make_tile(DType::F32, rows, 1, /*col_major=*/true);
    auto& g = rng();
    std::uniform_real_distribution<float> dist(-4, 4);
    fill<float>(s->scale.view, [&] { return dist(g) / 64.0f; });
    fill<float>(s->offset.view, [&] { return dist(g); });
    if (st == DType::S8)
        fill<int8_t>(s->src.view, [&] { return static_cast<int8_t>(g()); });
    else
        fill<int16_t>(s->src.view, [&] { return static_cast<int16_t>(g()); });
    Case c;
    c.op = "TDEQUANT";
    c.name = std::string(dtype_name(st)) + "_" + std::to_string(rows) + "x" + std::to_string(cols);
    c.input_bytes = s->src.view.bytes();
    c.threads = 1;
    c.run = [s] { ops::tdequant(s->dst.view, s->src.view, s->scale.view, s->offset.view); };
    c.state = s;
    return c;
}

// TSORT32 on rows x cols float values (indices 0, 1, ...), and TMRGSORT of four lists of `pairs` float pairs
// each (every list sorted first, by TSORT32 and single-tile merges; `pairs` is 32 times a power of 4).
Case sort32_case(int32_t rows, int32_t cols) {
    struct State {
        OwnedTile dst, src, idx;
    };
    auto s = std::make_shared<State>();
    s->src = make_tile(DType::F32, rows, cols);
    s->idx = make_tile(DType::U32, rows, cols);
    s->dst = make_tile(DType::F32, rows, 2 * cols);
    fill_values<float>(s->src.view);
    uint32_t next = 0;
    fill<uint32_t>(s->idx.view, [&] { return next++; });
    Case c;
    c.op = "TSORT32";
    c.name = "f32_" + std::to_string(rows) + "x" + std::to_string(cols);
    c.input_bytes = s->src.view.bytes() + s->idx.view.bytes();
    c.threads = 1;
    c.run = [s] { ops::tsort32(s->dst.view, s->src.view, s->idx.view, false); };
    c.state = s;
    return c;
}

Case merge4_case(int32_t pairs) {
    struct State {
        OwnedTile dst, tmp, lists[4];
    };
    auto s = std::make_shared<State>();
    for (auto& l : s->lists) {
        // Sorted lists: TSORT32 blocks of 32 merged four at a time until one block spans the list.
        OwnedTile values = make_tile(DType::F32, 1, pairs), idx = make_tile(DType::U32, 1, pairs);
        fill_values<float>(values.view);
        uint32_t next = 0;
        fill<uint32_t>(idx.view, [&] { return next++; });
        l = make_tile(DType::F32, 1, 2 * pairs);
        ops::tsort32(l.view, values.view, idx.view, false);
        OwnedTile scratch = make_tile(DType::F32, 1, 2 * pairs);
        for (uint32_t block = 64; 4 * block <= static_cast<uint32_t>(2 * pairs); block *= 4) {
            ops::tmrgsort_blocks(scratch.view, l.view, block);
            std::memcpy(l.view.data, scratch.view.data, l.view.bytes());
        }
    }
    s->dst = make_tile(DType::F32, 1, 8 * pairs);
    s->tmp = make_tile(DType::F32, 1, 8 * pairs);
    Case c;
    c.op = "TMRGSORT";
    c.name = "f32_4x" + std::to_string(pairs) + "pairs";
    c.input_bytes = 4 * s->lists[0].view.bytes();
    c.threads = 1;
    c.run = [s] {
        const TileView srcs[] = {s->lists[0].view, s->lists[1].view, s->lists[2].view, s->lists[3].view};
        ops::tmrgsort(s->dst.view, s->tmp.view, srcs, false);
    };
    c.state = s;
    return c;
}

// The micro level's element-wise loop, as an A5 kernel writes TADD with micro-instructions: per 256-byte
// register, vlds both sources, vadd under an all-true predicate, vsts. Timed beside TADD on the same tiles.
Case micro_add_case(int32_t rows, int32_t cols) {
    struct MicroState {
        OwnedTile dst, a, b;
        std::vector<TileView> srcs;
    };
    auto s = std::make_shared<MicroState>();
    s->dst = make_tile(DType::F32, rows, cols);
    s->a = make_tile(DType::F32, rows, cols);
    s->b = make_tile(DType::F32, rows, cols);
    s->srcs = {s->a.view, s->b.view};
    auto& g = rng();
    std::uniform_real_distribution<float> dist(-100, 100);
    fill<float>(s->a.view, [&] { return dist(g); });
    fill<float>(s->b.view, [&] { return dist(g); });
    const std::size_t bytes = s->a.view.bytes();
    Case c;
    c.op = "MICRO";
    c.name = "vlds_vadd_vsts_f32_" + std::to_string(rows) + "x" + std::to_string(cols);
    c.input_bytes = 2 * bytes;
    c.threads = 1;
    c.run = [s, bytes] {
        const auto kernel = micro::binary_kernel(isa::MOp::vadd, DType::F32);
        const micro::Preg all = micro::Preg::all(4);
        const auto* pa = s->a.view.ptr<std::byte>();
        const auto* pb = s->b.view.ptr<std::byte>();
        auto* pd = s->dst.view.ptr<std::byte>();
        micro::VReg x, y, z;
        const auto fn = kernel.get();
        for (std::size_t off = 0; off < bytes; off += micro::kVL) {
            micro::load(x, pa + off);
            micro::load(y, pb + off);
            fn(z, x, y, all, false);
            micro::store(pd + off, z, all, 4);
        }
    };
    c.yardstick = [s] {
        ops::execute(isa::Op::TADD, {std::span<const TileView>(&s->dst.view, 1), s->srcs, {}, {}});
    };
    c.yardstick_name = "tadd";
    c.state = s;
    return c;
}

}  // namespace

std::vector<Case> all_cases() {
    std::vector<Case> cases;
    // THISTOGRAM: every byte mode; filtered modes at pass rates 1/256 and 1.
    cases.push_back(histogram_case(DType::U16, 64, 1024, 1, 1, 1));
    for (int pass : {256, 1})
        cases.push_back(histogram_case(DType::U16, 64, 1024, 0, pass, 1));
    cases.push_back(histogram_case(DType::U32, 32, 2048, 3, 1, 1));
    for (int byte : {2, 1, 0}) {
        for (int pass : {256, 1})
            cases.push_back(histogram_case(DType::U32, 32, 2048, byte, pass, 1));
    }
    // UB-sized tiles (src + dst fill most of the 512 KiB UB), on one and on two threads.
    for (unsigned threads : {1u, 2u}) {
        const std::string suffix = threads == 1 ? "_ub" : "_ub_2threads";
        cases.push_back(histogram_case(DType::U16, 160, 1024, 1, 1, threads, suffix));
        cases.push_back(histogram_case(DType::U16, 160, 1024, 0, 1, threads, suffix));
        cases.push_back(histogram_case(DType::U32, 56, 2048, 3, 1, threads, suffix));
    }
    // TCMP / TCMPS.
    for (const std::string op : {"TCMP", "TCMPS"}) {
        cases.push_back(compare_case<float>(op, 64, 512));
        cases.push_back(compare_case<float16>(op, 64, 1024));
        cases.push_back(compare_case<int32_t>(op, 64, 512));
        cases.push_back(compare_case<uint8_t>(op, 64, 2048));
        cases.push_back(compare_case<float>(op, 112, 512, "_ub"));
    }
    // Element-wise families (the realistic tiles of softmax / attention / fused element-wise kernels).
    cases.push_back(elementwise_case(isa::Op::TADD, DType::F32, 64, 512, -100, 100));
    cases.push_back(micro_add_case(64, 512));
    cases.push_back(elementwise_case(isa::Op::TMUL, DType::F16, 64, 1024, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TADDS, DType::S32, 64, 512, 0, 0));
    cases.push_back(elementwise_case(isa::Op::TMAXS, DType::F32, 64, 512, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TDIV, DType::F32, 64, 512, 0.5f, 100));
    cases.push_back(elementwise_case(isa::Op::TEXP, DType::F32, 64, 512, -20, 20));
    cases.push_back(elementwise_case(isa::Op::TEXP, DType::F16, 64, 1024, -10, 10));
    cases.push_back(elementwise_case(isa::Op::TRSQRT, DType::F32, 64, 512, 0.001f, 1000));
    cases.push_back(elementwise_case(isa::Op::TLOG, DType::F32, 64, 512, 0.001f, 1000));
    // Reductions and expansions (softmax's steps: row max, subtract, exp-difference, row sum, divide).
    cases.push_back(elementwise_case(isa::Op::TROWSUM, DType::F32, 64, 512, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TROWSUM, DType::F16, 64, 1024, -1, 1));
    cases.push_back(elementwise_case(isa::Op::TROWMAX, DType::F16, 64, 1024, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TCOLSUM, DType::F32, 64, 512, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TCOLMAX, DType::F32, 64, 512, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TROWARGMAX, DType::F32, 64, 512, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TCOLARGMAX, DType::F32, 64, 512, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TROWEXPANDSUB, DType::F32, 64, 512, -100, 100));
    cases.push_back(elementwise_case(isa::Op::TROWEXPANDEXPDIF, DType::F32, 64, 512, -10, 10));
    cases.push_back(elementwise_case(isa::Op::TCOLEXPANDMUL, DType::F16, 64, 1024, -10, 10));
    // Conversions of mixed-precision kernels.
    cases.push_back(convert_case(DType::F32, DType::F16, convert::RoundMode::Rint, 64, 512));
    cases.push_back(convert_case(DType::F16, DType::F32, convert::RoundMode::Rint, 64, 512));
    cases.push_back(convert_case(DType::F32, DType::BF16, convert::RoundMode::Rint, 64, 512));
    cases.push_back(convert_case(DType::F32, DType::S32, convert::RoundMode::Trunc, 64, 512));
    cases.push_back(convert_case(DType::S32, DType::F32, convert::RoundMode::Rint, 64, 512));
    cases.push_back(convert_case(DType::F16, DType::S8, convert::RoundMode::Rint, 64, 1024));
    cases.push_back(quant_case(false, 64, 512));
    cases.push_back(quant_case(true, 64, 512));
    cases.push_back(dequant_case(DType::S8, 64, 1024));
    cases.push_back(dequant_case(DType::S16, 64, 512));
    // The cube's matmul (M x K x N).
    cases.push_back(matmul_case(DType::F32, 128, 128, 128));
    cases.push_back(matmul_case(DType::F16, 128, 256, 128));
    cases.push_back(matmul_case(DType::S8, 128, 512, 128));
    // The cube's feeds: TLOAD of a 1024-wide matrix's block into Mat Nz (GEMM's A and B), and a Vec tile's
    // rows.
    cases.push_back(load_case(DType::F32, Layout::Kind::Nz, 128, 128, 1024));
    cases.push_back(load_case(DType::F16, Layout::Kind::Nz, 128, 256, 1024));
    cases.push_back(load_case(DType::F32, Layout::Kind::RowMajor, 64, 512, 1024));
    cases.push_back(move_case(DType::F16, Layout::Kind::Nz, DType::F16, Layout::Kind::Nz, 128, 256));
    cases.push_back(move_case(DType::F16, Layout::Kind::Nz, DType::F16, Layout::Kind::Zn, 256, 128));
    cases.push_back(move_case(DType::F32, Layout::Kind::Nz, DType::F16, Layout::Kind::RowMajor, 128, 128));
    // TINTERLEAVE / TDEINTERLEAVE.
    for (const std::string op : {"TINTERLEAVE", "TDEINTERLEAVE"}) {
        cases.push_back(interleave_case(op, DType::F32, 64, 256));
        cases.push_back(interleave_case(op, DType::S16, 64, 512));
        cases.push_back(interleave_case(op, DType::F32, 128, 256, "_ub"));
    }
    // Sorting: TSORT32's blocks of 32 and a four-list merge (a TopK's steps).
    cases.push_back(sort32_case(64, 512));
    cases.push_back(merge4_case(512));
    return cases;
}

}  // namespace ptosim::bench
