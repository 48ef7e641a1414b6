// Checked conv entry points: TLOAD / TSTORE of conv tiles, TEXTRACT from a FRACTAL_Z tile, TTRANS between
// conv layouts and TIMG2COL.
#include "ptosim/ops/conv.hpp"

#include <string>

#include "ptosim/core/check.hpp"
#include "ptosim/ops/move.hpp"
#include "ptosim/runtime/allocations.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim {

const char* conv_layout_name(ConvLayout l) {
    switch (l) {
        case ConvLayout::NC1HWC0:
            return "NC1HWC0";
        case ConvLayout::NDC1HWC0:
            return "NDC1HWC0";
        case ConvLayout::GNC1HWC0:
            return "GNC1HWC0";
        case ConvLayout::NCHW:
            return "NCHW";
        case ConvLayout::GNCHW:
            return "GNCHW";
        case ConvLayout::NCDHW:
            return "NCDHW";
        case ConvLayout::FractalZ:
            return "FRACTAL_Z";
        case ConvLayout::FractalZ3D:
            return "FRACTAL_Z_3D";
        default:
            return "other";
    }
}

namespace ops {

namespace {

std::string dims_text(const int64_t* d, int n) {
    std::string s = "[";
    for (int i = 0; i < n; ++i) {
        if (i > 0)
            s += ',';
        s += std::to_string(d[i]);
    }
    s += ']';
    return s;
}

// A conv tile view is usable: storage, one to six positive extents, and its elements inside its buffer.
void conv_tile(const ConvView& t, const char* instr, const char* operand) {
    PTOSIM_CHECK(t.data != nullptr, instr, "conv tile has no storage", {"operand", operand});
    PTOSIM_CHECK(t.rank >= 1 && t.rank <= kConvMaxRank, instr, "a conv tile has one to six dimensions",
                 {"operand", operand}, {"rank", t.rank});
    for (int i = 0; i < t.rank; ++i)
        PTOSIM_CHECK(t.dims[i] >= 1 && t.dims[i] < (int64_t{1} << 31), instr,
                     "conv tile extents must be in 1..2^31-1", {"operand", operand}, {"dim", i},
                     {"extent", t.dims[i]});
    PTOSIM_CHECK(t.bytes() <= t.capacity, instr, "the conv tile reaches past the end of its buffer",
                 {"operand", operand}, {"bytes", t.bytes()}, {"buffer_bytes_left", t.capacity});
}

// Every element the map reaches lies in the global tensor's allocation (when the runtime made it).
void reach(const GlobalView& g, const ConvCopyMap& m, const char* instr) {
    const auto block = allocations::containing(g.data);
    if (!block)
        return;
    int64_t lo = 0, hi = 0;
    for (int d = 0; d < kConvMaxRank; ++d) {
        const int64_t span = (m.extent[d] - 1) * m.stride[d];
        (span < 0 ? lo : hi) += span;
    }
    const auto es = static_cast<int64_t>(dtype_size(g.dtype));
    const int64_t at = g.data - block->base;
    const int64_t first = at + lo * es, end = at + (hi + 1) * es;
    PTOSIM_CHECK(first >= 0 && end <= static_cast<int64_t>(block->size), instr,
                 "global tensor reaches outside its allocation", {"operand", "global tensor"},
                 {"first_byte", first}, {"end_byte", end}, {"allocation_bytes", block->size});
}

void copy_checks(const ConvView& t, const GlobalView& g, ConvLayout gl, const char* instr) {
    conv_tile(t, instr, "conv tile");
    validate::global(g, instr, "global tensor");
    PTOSIM_CHECK(!dtype_is_twin(t.dtype) && dtype_size(t.dtype) == dtype_size(g.dtype), instr,
                 "tile and global tensor element sizes must match (4-bit types are not supported)",
                 {"tile", dtype_cpp_name(t.dtype)}, {"global", dtype_cpp_name(g.dtype)});
    PTOSIM_CHECK(t.layout == ConvLayout::NC1HWC0 || t.layout == ConvLayout::NDC1HWC0 ||
                     t.layout == ConvLayout::FractalZ,
                 instr, "the conv tile's layout must be NC1HWC0, NDC1HWC0 or FRACTAL_Z",
                 {"layout", conv_layout_name(t.layout)});
    PTOSIM_CHECK(gl == t.layout, instr, "the global tensor's layout must be the conv tile's",
                 {"tile", conv_layout_name(t.layout)}, {"global", conv_layout_name(gl)});
}

}  // namespace

ConvCopyMap conv_copy_map(const ConvView& t, const GlobalView& g, ConvLayout, const char* instr) {
    const int64_t c0 = conv_c0(t.dtype);
    const int64_t* d = t.dims;
    const int64_t* gs = g.shape;
    const int64_t* st = g.stride;
    const auto mismatch = [&](bool ok, const char* rule) {
        PTOSIM_CHECK(ok, instr, rule, {"tile", dims_text(d, t.rank)}, {"global", dims_text(gs, 5)},
                     {"C0", c0});
    };
    ConvCopyMap m;
    switch (t.layout) {
        case ConvLayout::NC1HWC0:
        case ConvLayout::FractalZ: {
            if (t.layout == ConvLayout::FractalZ && t.rank == 4) {
                // [C1*H*W, N1, 16, C0]: the global tensor is [1, C1*H*W, N1, 16, C0] (the devices' form) or
                // [C1, H, W, N, C0] with N = 16 * N1.
                mismatch(d[2] == 16 && d[3] == c0, "a 4-D FRACTAL_Z tile is [C1*H*W, N1, 16, C0]");
                if (gs[0] == 1 && gs[1] == d[0] && gs[2] == d[1] && gs[3] == 16 && gs[4] == c0) {
                    m = {{1, 1, d[0], d[1], 16, c0}, {0, 0, st[1], st[2], st[3], st[4]}};
                } else {
                    mismatch(gs[0] * gs[1] * gs[2] == d[0] && gs[3] == 16 * d[1] && gs[4] == c0,
                             "the global tensor must be [1, C1*H*W, N1, 16, C0] or [C1, H, W, 16*N1, C0] "
                             "for this FRACTAL_Z tile");
                    m = {{gs[0], gs[1], gs[2], d[1], 16, c0},
                         {st[0], st[1], st[2], 16 * st[3], st[3], st[4]}};
                }
                return m;
            }
            // NC1HWC0 [N, C1, H, W(, C0)] and FRACTAL_Z [C1, H, W, N, C0]: the global tensor has the same
            // five extents.
            const bool nc1hwc0 = t.layout == ConvLayout::NC1HWC0;
            mismatch(nc1hwc0 ? (t.rank == 4 || (t.rank == 5 && d[4] == c0)) : (t.rank == 5 && d[4] == c0),
                     nc1hwc0 ? "an NC1HWC0 tile is [N, C1, H, W] or [N, C1, H, W, C0]"
                             : "a FRACTAL_Z tile is [C1*H*W, N1, 16, C0] or [C1, H, W, N, C0]");
            mismatch(gs[0] == d[0] && gs[1] == d[1] && gs[2] == d[2] && gs[3] == d[3] && gs[4] == c0,
                     "the global tensor's extents must be the conv tile's");
            m = {{1, d[0], d[1], d[2], d[3], c0}, {0, st[0], st[1], st[2], st[3], st[4]}};
            return m;
        }
        case ConvLayout::NDC1HWC0:
            // [N, D, C1, H, W(, C0)]; the global tensor's five extents are N, D, C1, H, W and each W position
            // holds C0 contiguous elements.
            mismatch(t.rank == 5 || (t.rank == 6 && d[5] == c0),
                     "an NDC1HWC0 tile is [N, D, C1, H, W] or [N, D, C1, H, W, C0]");
            mismatch(gs[0] == d[0] && gs[1] == d[1] && gs[2] == d[2] && gs[3] == d[3] && gs[4] == d[4],
                     "the global tensor's extents must be the conv tile's [N, D, C1, H, W]");
            m = {{d[0], d[1], d[2], d[3], d[4], c0}, {st[0], st[1], st[2], st[3], st[4], 1}};
            return m;
        default:
            mismatch(false, "the conv tile's layout must be NC1HWC0, NDC1HWC0 or FRACTAL_Z");
            return m;
    }
}

void tload_conv(const ConvView& dst, const GlobalView& src, ConvLayout gl) {
    hazards::Scope hz("TLOAD", hazards::Pipe::MTE2);
    hz.write(dst);
    hz.read(src);
    copy_checks(dst, src, gl, "TLOAD");
    const ConvCopyMap m = conv_copy_map(dst, src, gl, "TLOAD");
    reach(src, m, "TLOAD");
    ref::conv_copy(dst, src, m, true);
}

void tstore_conv(const GlobalView& dst, ConvLayout gl, const ConvView& src) {
    hazards::Scope hz("TSTORE", hazards::move_pipe(src.data, dst.data));
    hz.write(dst);
    hz.read(src);
    copy_checks(src, dst, gl, "TSTORE");
    const ConvCopyMap m = conv_copy_map(src, dst, gl, "TSTORE");
    reach(dst, m, "TSTORE");
    ref::conv_copy(src, dst, m, false);
}

void textract_conv(const TileView& dst, const ConvView& src, int32_t index_row, int32_t index_col) {
    hazards::Scope hz("TEXTRACT", hazards::move_pipe(src.data, dst.data));
    hz.write(dst);
    hz.read(src);
    constexpr const char* kInstr = "TEXTRACT";
    conv_tile(src, kInstr, "src");
    PTOSIM_CHECK(src.layout == ConvLayout::FractalZ && (src.rank == 4 || src.rank == 5), kInstr,
                 "src must be a FRACTAL_Z tile ([C1*H*W, N1, 16, C0] or [C1, H, W, N, C0])",
                 {"layout", conv_layout_name(src.layout)}, {"rank", src.rank});
    PTOSIM_CHECK(dst.layout.kind == Layout::Kind::Zn, kInstr, "dst must be a Zn tile (TileRight)");
    PTOSIM_CHECK(dtype_size(dst.dtype) == dtype_size(src.dtype) && !dtype_is_twin(src.dtype), kInstr,
                 "dst and src element sizes must match", {"dst", dtype_cpp_name(dst.dtype)},
                 {"src", dtype_cpp_name(src.dtype)});
    const int64_t c0 = conv_c0(src.dtype);
    const int64_t* d = src.dims;
    // The tile as the K x N matrix it holds: K = C1*H*W*C0 rows, N columns, in 16 x C0 fractals (a Zn
    // layout).
    int64_t k = 0, n = 0;
    if (src.rank == 4) {
        PTOSIM_CHECK(d[2] == 16 && d[3] == c0, kInstr, "a 4-D FRACTAL_Z tile is [C1*H*W, N1, 16, C0]",
                     {"tile", dims_text(d, 4)}, {"C0", c0});
        k = d[0] * c0, n = d[1] * 16;
    } else {
        PTOSIM_CHECK(d[4] == c0 && d[3] % 16 == 0, kInstr,
                     "a 5-D FRACTAL_Z tile is [C1, H, W, N, C0] with N a multiple of 16",
                     {"tile", dims_text(d, 5)}, {"C0", c0});
        k = d[0] * d[1] * d[2] * c0, n = d[3];
    }
    PTOSIM_CHECK(k < (int64_t{1} << 31) && n < (int64_t{1} << 31), kInstr,
                 "the FRACTAL_Z matrix is too large", {"K", k}, {"N", n});
    PTOSIM_CHECK(index_row >= 0 && index_col >= 0 && index_row % c0 == 0 && index_col % 16 == 0, kInstr,
                 "indexRow must be a multiple of C0 and indexCol a multiple of 16 (whole fractals move)",
                 {"indexRow", index_row}, {"indexCol", index_col}, {"C0", c0});
    TileView matrix;
    matrix.data = src.data;
    matrix.dtype = dst.dtype;  // same size; the move copies bits
    matrix.layout = Layout::boxed(Layout::Kind::Zn, static_cast<int32_t>(k), static_cast<int32_t>(n),
                                  static_cast<int32_t>(c0), 16);
    matrix.valid_rows = static_cast<int32_t>(k);
    matrix.valid_cols = static_cast<int32_t>(n);
    matrix.capacity = src.capacity;
    // Whole fractals: dst's valid region rounded up to C0 rows and 16 columns.
    MoveSpec s;
    s.rows = static_cast<int32_t>((dst.valid_rows + c0 - 1) / c0 * c0);
    s.cols = (dst.valid_cols + 15) / 16 * 16;
    s.src_row = index_row;
    s.src_col = index_col;
    tmove(kInstr, dst, matrix, s);
}

void ttrans_conv(const ConvView& dst, const ConvView& src) {
    hazards::Scope hz("TTRANS", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    constexpr const char* kInstr = "TTRANS";
    conv_tile(dst, kInstr, "dst");
    conv_tile(src, kInstr, "src");
    PTOSIM_CHECK(dtype_size(dst.dtype) == dtype_size(src.dtype) &&
                     dtype_is_twin(dst.dtype) == dtype_is_twin(src.dtype),
                 kInstr, "dst and src element sizes must match", {"dst", dtype_cpp_name(dst.dtype)},
                 {"src", dtype_cpp_name(src.dtype)});
    const int64_t c0 = conv_c0(src.dtype);
    const int64_t* s = src.dims;
    const int64_t* d = dst.dims;
    const auto ceil_div = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
    const auto shapes = [&](bool ok, const char* rule) {
        PTOSIM_CHECK(ok, kInstr, rule, {"src", dims_text(s, src.rank)}, {"dst", dims_text(d, dst.rank)},
                     {"C0", c0});
    };
    const ConvLayout from = src.layout, to = dst.layout;
    if (from == ConvLayout::NCHW && to == ConvLayout::NC1HWC0) {
        shapes(src.rank == 4 && dst.rank == 5 && d[0] == s[0] && d[1] == ceil_div(s[1], c0) && d[2] == s[2] &&
                   d[3] == s[3] && d[4] == c0,
               "NCHW [N, C, H, W] -> NC1HWC0 [N, ceil(C / C0), H, W, C0]");
    } else if (from == ConvLayout::GNCHW && to == ConvLayout::GNC1HWC0) {
        shapes(src.rank == 5 && dst.rank == 6 && d[0] == s[0] && d[1] == s[1] && d[2] == ceil_div(s[2], c0) &&
                   d[3] == s[3] && d[4] == s[4] && d[5] == c0,
               "GNCHW [G, N, C, H, W] -> GNC1HWC0 [G, N, ceil(C / C0), H, W, C0]");
    } else if (from == ConvLayout::NC1HWC0 && to == ConvLayout::NCHW) {
        shapes(src.rank == 5 && dst.rank == 4 && d[0] == s[0] && s[1] == ceil_div(d[1], c0) && d[2] == s[2] &&
                   d[3] == s[3] && s[4] == c0,
               "NC1HWC0 [N, ceil(C / C0), H, W, C0] -> NCHW [N, C, H, W]");
    } else if ((from == ConvLayout::NC1HWC0 || from == ConvLayout::GNC1HWC0) && to == ConvLayout::FractalZ) {
        const bool g = from == ConvLayout::GNC1HWC0;
        const int64_t* x = g ? s + 1 : s;  // N, C1, H, W, C0
        const int64_t groups = g ? s[0] : 1;
        shapes(src.rank == (g ? 6 : 5) && dst.rank == 4 && x[4] == c0 && d[3] == c0 &&
                   d[0] == groups * x[1] * x[2] * x[3] && d[2] >= 1 && d[1] == ceil_div(x[0], d[2]),
               g ? "GNC1HWC0 [G, N, C1, H, W, C0] -> FRACTAL_Z [G*C1*H*W, ceil(N / N0), N0, C0]"
                 : "NC1HWC0 [N, C1, H, W, C0] -> FRACTAL_Z [C1*H*W, ceil(N / N0), N0, C0]");
    } else if (from == ConvLayout::NCDHW && to == ConvLayout::FractalZ3D) {
        shapes(src.rank == 5 && dst.rank == 4 && d[3] == c0 &&
                   d[0] == s[2] * ceil_div(s[1], c0) * s[3] * s[4] && d[2] >= 1 &&
                   d[1] == ceil_div(s[0], d[2]),
               "NCDHW [N, C, D, H, W] -> FRACTAL_Z_3D [D*ceil(C / C0)*H*W, ceil(N / N0), N0, C0]");
    } else {
        PTOSIM_CHECK(false, kInstr,
                     "conv tiles convert NCHW -> NC1HWC0, NC1HWC0 -> NCHW, NC1HWC0 -> FRACTAL_Z, GNCHW -> "
                     "GNC1HWC0, GNC1HWC0 -> FRACTAL_Z or NCDHW -> FRACTAL_Z_3D",
                     {"src", conv_layout_name(from)}, {"dst", conv_layout_name(to)});
    }
    const auto a0 = reinterpret_cast<std::uintptr_t>(dst.data),
               b0 = reinterpret_cast<std::uintptr_t>(src.data);
    PTOSIM_CHECK(!(a0 < b0 + src.bytes() && b0 < a0 + dst.bytes()), kInstr, "dst must not overlap src");
    ref::ttrans_conv(dst, src);
}

void timg2col(const TileView& dst, const ConvView& src, const Img2colSpec& sp, int32_t pos_m, int32_t pos_k) {
    hazards::Scope hz("TIMG2COL", hazards::Pipe::MTE1);
    hz.write(dst);
    hz.read(src);
    constexpr const char* kInstr = "TIMG2COL";
    validate::tile(dst, kInstr, "dst");
    conv_tile(src, kInstr, "src");
    PTOSIM_CHECK(dtype_size(dst.dtype) == dtype_size(src.dtype) && !dtype_is_twin(src.dtype), kInstr,
                 "dst and src element types must match", {"dst", dtype_cpp_name(dst.dtype)},
                 {"src", dtype_cpp_name(src.dtype)});
    const int64_t c0 = conv_c0(src.dtype);
    const int64_t* d = src.dims;
    int64_t h = 0, w = 0;
    if (src.layout == ConvLayout::NC1HWC0) {
        PTOSIM_CHECK(src.rank == 4 || (src.rank == 5 && d[4] == c0), kInstr,
                     "an NC1HWC0 source is [N, C1, H, W] or [N, C1, H, W, C0]",
                     {"src", dims_text(d, src.rank)}, {"C0", c0});
        h = d[2], w = d[3];
    } else {
        PTOSIM_CHECK(src.layout == ConvLayout::NDC1HWC0 && (src.rank == 5 || (src.rank == 6 && d[5] == c0)),
                     kInstr, "the source must be NC1HWC0 or NDC1HWC0 ([N, D, C1, H, W(, C0)])",
                     {"layout", conv_layout_name(src.layout)}, {"src", dims_text(d, src.rank)});
        h = d[3], w = d[4];
    }
    PTOSIM_CHECK(sp.fmap_h == h && sp.fmap_w == w, kInstr,
                 "the feature-map register (SETFMATRIX) must hold the source's H and W", {"fmapH", sp.fmap_h},
                 {"fmapW", sp.fmap_w}, {"src.H", h}, {"src.W", w});
    PTOSIM_CHECK(sp.stride_h >= 1 && sp.stride_w >= 1 && sp.dilation_h >= 1 && sp.dilation_w >= 1 &&
                     sp.filter_h >= 1 && sp.filter_w >= 1,
                 kInstr, "stride, dilation and filter sizes must be at least 1", {"strideH", sp.stride_h},
                 {"strideW", sp.stride_w}, {"dilationH", sp.dilation_h}, {"dilationW", sp.dilation_w},
                 {"filterH", sp.filter_h}, {"filterW", sp.filter_w});
    PTOSIM_CHECK(sp.out_h() >= 1 && sp.out_w() >= 1, kInstr,
                 "the padded feature map must be at least one dilated filter high and wide",
                 {"outH", sp.out_h()}, {"outW", sp.out_w()});
    PTOSIM_CHECK(pos_m >= 0 && pos_k >= 0, kInstr, "posM and posK must not be negative");
    ref::timg2col(dst, src, sp, pos_m, pos_k);
}

}  // namespace ops
}  // namespace ptosim
