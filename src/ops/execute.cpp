// The descriptor-driven entry point: operand checks per family, then the kernel the row names.
#include "ptosim/ops/execute.hpp"

#include <array>
#include <cstring>
#include <string>

#include "kernels/elementwise/walk.hpp"
#include "kernels/kernel_tokens.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kSrcNames[] = {"src0", "src1", "src2"};

// The layouts an element-wise row takes: row-major tiles, or (a row whose device code has no isRowMajor
// assert, `any_major`) column-major ones too, all of one major order.
void elementwise_layouts(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();
    const bool col = d.any_major && o.dst[0].layout.is_col_major();
    const auto check = [&](const TileView& t, const char* name) {
        if (!col)
            validate::row_major(t, instr, name);
        else
            PTOSIM_CHECK(t.layout.is_col_major(), instr, "operands must all be row-major or all column-major",
                         {"operand", name}, {"layout", layout_kind_name(t.layout.kind)});
    };
    check(o.dst[0], "dst");
    for (std::size_t k = 0; k < o.src.size(); ++k)
        check(o.src[k], kSrcNames[k]);
    // A column-major tile with several rows and columns and a partial valid region: pto-isa's kernels walk
    // it with row-major strides (a5/TBinSOp.hpp, a2a3/TBinSOp.hpp), a different set of elements.
    const TileView& dst = o.dst[0];
    PTOSIM_STRICT_CHECK(!col || dst.layout.rows == 1 || dst.layout.cols == 1 ||
                            (dst.valid_rows == dst.layout.rows && dst.valid_cols == dst.layout.cols),
                        instr,
                        "a column-major tile with a partial valid region: ptosim computes the element-wise "
                        "result, pto-isa's device kernels walk such a tile with row-major strides",
                        {"Rows", dst.layout.rows}, {"Cols", dst.layout.cols}, {"validRow", dst.valid_rows},
                        {"validCol", dst.valid_cols});
}

// Element-wise families: one element type, tiles of one valid shape (elementwise_layouts); the destination
// may overlap a source only as the device streams them (validate::may_stream: in place, or a narrower or
// earlier destination).
void validate_elementwise(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();  // the row's name is a string literal
    const TileView& dst = o.dst[0];
    validate::tile(dst, instr, "dst");
    validate::dtype_in(d.kernel_types(), dst.dtype, instr, "dst");
    for (std::size_t k = 0; k < o.src.size(); ++k)
        validate::tile(o.src[k], instr, kSrcNames[k]);
    elementwise_layouts(d, o);
    for (std::size_t k = 0; k < o.src.size(); ++k) {
        const TileView& s = o.src[k];
        const char* name = kSrcNames[k];
        PTOSIM_CHECK(s.dtype == dst.dtype, instr, "every operand has the destination's element type",
                     {"operand", name}, {"dtype", dtype_cpp_name(s.dtype)},
                     {"dst", dtype_cpp_name(dst.dtype)});
        PTOSIM_CHECK(s.valid_rows == dst.valid_rows && s.valid_cols == dst.valid_cols, instr,
                     "every operand has the destination's valid shape", {"operand", name},
                     {"validRow", s.valid_rows}, {"validCol", s.valid_cols}, {"dst.validRow", dst.valid_rows},
                     {"dst.validCol", dst.valid_cols});
        validate::may_stream(dst, "dst", s, name, instr);
    }
}

// A column-major tile as the row-major tile of its transpose: element-wise instructions, which pair
// positions, walk column-major operands as the rows of their transposes (each column contiguous, in memory
// order).
TileView transposed(const TileView& t) {
    TileView v = t;
    v.layout = Layout::row_major(t.layout.cols, t.layout.rows);
    v.valid_rows = t.valid_cols;
    v.valid_cols = t.valid_rows;
    return v;
}

// The element types of a reduction: the destination's is the source's, or its widened type where the row
// allows it (half / bfloat16 -> float, int16 -> int32); an arg reduction's is one of its index types.
void reduction_types(const isa::OpInfo& d, const TileView& dst, const TileView& src) {
    const char* instr = d.name.data();
    validate::dtype_in(d.kernel_types(), src.dtype, instr, "src");
    if (!d.kernel_dst_types().empty()) {  // an arg reduction's index
        validate::dtype_in(d.kernel_dst_types(), dst.dtype, instr, "dst");
        return;
    }
    const bool widened = ((src.dtype == DType::F16 || src.dtype == DType::BF16) && dst.dtype == DType::F32) ||
                         (src.dtype == DType::S16 && dst.dtype == DType::S32);
    PTOSIM_CHECK(dst.dtype == src.dtype || (d.cpu_widen && widened), instr,
                 d.cpu_widen ? "dst has src's element type, or float for half / bfloat16, int32 for int16"
                             : "dst has src's element type",
                 {"src", dtype_cpp_name(src.dtype)}, {"dst", dtype_cpp_name(dst.dtype)});
}

// Row and column reductions: a row-major source; a row reduction writes column 0 of a row-major or
// column-major destination with the source's valid rows, a column reduction row 0 of a row-major one with its
// valid columns. At least one element is reduced per result.
void validate_reduce(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();
    const TileView& dst = o.dst[0];
    const TileView& src = o.src[0];
    validate::tile(dst, instr, "dst");
    validate::tile(src, instr, "src");
    validate::row_major(src, instr, "src");
    reduction_types(d, dst, src);
    if (d.family == isa::Family::RowReduce) {
        PTOSIM_CHECK(!dst.layout.is_boxed(), instr, "dst must be row-major ([R, k]) or column-major ([R, 1])",
                     {"layout", layout_kind_name(dst.layout.kind)});
        PTOSIM_CHECK(dst.valid_rows == src.valid_rows, instr, "dst has src's valid rows",
                     {"dst.validRow", dst.valid_rows}, {"src.validRow", src.valid_rows});
        PTOSIM_CHECK(src.valid_rows == 0 || (src.valid_cols >= 1 && dst.valid_cols >= 1), instr,
                     "each row needs at least one valid column in src and dst",
                     {"src.validCol", src.valid_cols}, {"dst.validCol", dst.valid_cols});
    } else {
        validate::row_major(dst, instr, "dst");
        PTOSIM_CHECK(dst.valid_cols == src.valid_cols, instr, "dst has src's valid columns",
                     {"dst.validCol", dst.valid_cols}, {"src.validCol", src.valid_cols});
        PTOSIM_CHECK(src.valid_cols == 0 || (src.valid_rows >= 1 && dst.valid_rows >= 1), instr,
                     "each column needs at least one valid row in src and dst",
                     {"src.validRow", src.valid_rows}, {"dst.validRow", dst.valid_rows});
    }
    // A row reduction of one row reads the whole row before it writes its one result, so its dst may lie over
    // the (dead) source, as kernels that reuse a chunk's scratch for its maximum write it (pto-isa's
    // dispatch_mega_combine swiglu.h: TROWMAX into the start of the abs region it reduces).
    if (!(d.family == isa::Family::RowReduce && src.valid_rows <= 1))
        validate::disjoint(dst, "dst", src, "src", instr);
}

// Row and column expansions: the tile operands as for the element-wise families; the vector operand
// (kernels::expansion_vector) is [R, 1] (any plain layout) or one 32-byte block per row (row-major) for a row
// expansion, a row-major [1.., C] tile for a column expansion.
void validate_expand(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();
    const TileView& dst = o.dst[0];
    validate::tile(dst, instr, "dst");
    validate::row_major(dst, instr, "dst");
    validate::dtype_in(d.kernel_types(), dst.dtype, instr, "dst");
    const std::size_t v = kernels::expansion_vector(o);
    for (std::size_t k = 0; k < o.src.size(); ++k) {
        const TileView& s = o.src[k];
        const char* name = kSrcNames[k];
        validate::tile(s, instr, name);
        PTOSIM_CHECK(s.dtype == dst.dtype, instr, "every operand has the destination's element type",
                     {"operand", name}, {"dtype", dtype_cpp_name(s.dtype)},
                     {"dst", dtype_cpp_name(dst.dtype)});
        if (k != v) {
            validate::row_major(s, instr, name);
            PTOSIM_CHECK(s.valid_rows == dst.valid_rows && s.valid_cols == dst.valid_cols, instr,
                         "the tile operand has the destination's valid shape", {"operand", name},
                         {"validRow", s.valid_rows}, {"validCol", s.valid_cols},
                         {"dst.validRow", dst.valid_rows}, {"dst.validCol", dst.valid_cols});
            validate::may_stream(dst, "dst", s, name, instr);
            continue;
        }
        if (d.family == isa::Family::RowExpand && o.src.size() == 1) {  // TROWEXPAND: column 0 of any width
            PTOSIM_CHECK(!s.layout.is_boxed() && s.valid_rows == dst.valid_rows && s.valid_cols >= 1, instr,
                         "src has dst's valid rows and at least one valid column (a plain layout)",
                         {"validRow", s.valid_rows}, {"validCol", s.valid_cols},
                         {"dst.validRow", dst.valid_rows});
        } else if (d.family == isa::Family::RowExpand) {
            const int32_t block = static_cast<int32_t>(32 / s.elem_size());
            PTOSIM_CHECK(!s.layout.is_boxed() && s.valid_rows == dst.valid_rows &&
                             (s.valid_cols == 1 || (s.valid_cols == block && s.layout.is_row_major())),
                         instr,
                         "the per-row vector is [R, 1] (validCol 1) or one 32-byte block per row (row-major, "
                         "validCol 32 / sizeof(T)) with dst's valid rows",
                         {"operand", name}, {"validRow", s.valid_rows}, {"validCol", s.valid_cols},
                         {"dst.validRow", dst.valid_rows});
        } else {
            validate::row_major(s, instr, name);
            PTOSIM_CHECK(s.valid_cols == dst.valid_cols && (dst.valid_rows == 0 || s.valid_rows >= 1), instr,
                         "the per-column vector is [1, C] with dst's valid columns", {"operand", name},
                         {"validRow", s.valid_rows}, {"validCol", s.valid_cols},
                         {"dst.validCol", dst.valid_cols});
        }
        validate::disjoint(dst, "dst", s, name, instr);
    }
}

// Partial ops: one element type, row-major tiles; one source has dst's valid shape and the other fits inside
// it (a source with an empty valid region counts as fitting). Returns the index of the larger source.
std::size_t validate_partial(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();
    const TileView& dst = o.dst[0];
    validate::tile(dst, instr, "dst");
    validate::row_major(dst, instr, "dst");
    validate::dtype_in(d.kernel_types(), dst.dtype, instr, "dst");
    for (std::size_t k = 0; k < 2; ++k) {
        const TileView& s = o.src[k];
        validate::tile(s, instr, kSrcNames[k]);
        validate::row_major(s, instr, kSrcNames[k]);
        PTOSIM_CHECK(s.dtype == dst.dtype, instr, "every operand has the destination's element type",
                     {"operand", kSrcNames[k]}, {"dtype", dtype_cpp_name(s.dtype)},
                     {"dst", dtype_cpp_name(dst.dtype)});
    }
    const int big = validate::partial_shapes(dst, o.src[0], o.src[1], instr);
    for (std::size_t k = 0; k < 2; ++k)
        if (!(o.src[k].data == dst.data && o.src[k].layout == dst.layout))
            validate::disjoint(dst, "dst", o.src[k], kSrcNames[k], instr);
    return static_cast<std::size_t>(big);
}

// Pair reductions: row-major tiles of one element type and one valid shape; dst may be src itself.
void validate_pair(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();
    const TileView& dst = o.dst[0];
    const TileView& src = o.src[0];
    validate::tile(dst, instr, "dst");
    validate::tile(src, instr, "src");
    validate::row_major(dst, instr, "dst");
    validate::row_major(src, instr, "src");
    validate::dtype_in(d.kernel_types(), src.dtype, instr, "src");
    PTOSIM_CHECK(dst.dtype == src.dtype, instr, "dst has src's element type",
                 {"src", dtype_cpp_name(src.dtype)}, {"dst", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(dst.valid_rows == src.valid_rows && dst.valid_cols == src.valid_cols, instr,
                 "dst has src's valid shape", {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols}, {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols});
    if (!(src.data == dst.data && src.layout == dst.layout))
        validate::disjoint(dst, "dst", src, "src", instr);
}

void check_counts(const isa::OpInfo& d, const Operands& o) {
    const char* instr = d.name.data();
    PTOSIM_CHECK(o.dst.size() == d.dsts, instr, "wrong number of destination tiles", {"got", o.dst.size()},
                 {"want", d.dsts});
    PTOSIM_CHECK(o.src.size() >= d.src_min && o.src.size() <= d.src_max, instr,
                 "wrong number of source tiles", {"got", o.src.size()}, {"min", d.src_min},
                 {"max", d.src_max});
    PTOSIM_CHECK(o.scalars.size() == d.scalars, instr, "wrong number of scalar operands",
                 {"got", o.scalars.size()}, {"want", d.scalars});
}

template <isa::Op OP>
void run_reduce(const Operands& o) {
    const isa::OpInfo& d = isa::op_info(OP);
    if (d.family == isa::Family::PairReduce)
        validate_pair(d, o);
    else
        validate_reduce(d, o);
    if (active_backend() == Backend::Simd && simd::reduce(OP, o))
        return;
    ref::reduce(OP, o);
}

template <isa::Op OP>
void run_elementwise(const Operands& o) {
    const isa::OpInfo& d = isa::op_info(OP);
    if (d.family == isa::Family::RowExpand || d.family == isa::Family::ColExpand) {
        validate_expand(d, o);
    } else {
        validate_elementwise(d, o);
        if (o.dst[0].layout.is_col_major()) {
            const TileView dst = transposed(o.dst[0]);
            std::array<TileView, 3> src{};
            for (std::size_t k = 0; k < o.src.size(); ++k)
                src[k] = transposed(o.src[k]);
            const Operands t{std::span<const TileView>(&dst, 1),
                             std::span<const TileView>(src.data(), o.src.size()), o.scalars, o.attrs};
            if (!(active_backend() == Backend::Simd && simd::elementwise(OP, t)))
                ref::elementwise(OP, t);
            return;
        }
    }
    if (active_backend() == Backend::Simd && simd::elementwise(OP, o))
        return;
    ref::elementwise(OP, o);
}

// The binary row whose functor is K (TADD for Add, ...): a partial op runs it on the sources' common region.
template <class K>
constexpr isa::Op binary_op_of() {
    isa::Op found = isa::Op::TADD;
    bool seen = false;
#define PTOSIM_OP(name, kernel_name, ...)                                     \
    if (!seen && isa::op_info(isa::Op::name).family == isa::Family::Binary && \
        std::is_same_v<K, kernels::fn::kernel_name>) {                        \
        found = isa::Op::name;                                                \
        seen = true;                                                          \
    }
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
    return found;
}

// Partial ops: the functor's binary row on the common region [0, small rows) x [0, small cols), then the rest
// of dst's valid region copied from the larger source (nothing to copy when dst is that source).
template <isa::Op OP, class K>
void run_partial(const Operands& o) {
    static constexpr isa::Op kBase = binary_op_of<K>();
    static_assert(
        isa::op_info(kBase).family == isa::Family::Binary &&
            (isa::op_info(OP).kernel_types().bits() & ~isa::op_info(kBase).kernel_types().bits()) == 0,
        "a partial op's types must be its binary row's");
    const isa::OpInfo& d = isa::op_info(OP);
    const std::size_t big = validate_partial(d, o);
    const TileView& dst = o.dst[0];
    const TileView& large = o.src[big];
    const TileView& small = o.src[1 - big];
    TileView common_dst = dst, srcs[2] = {o.src[0], o.src[1]};
    common_dst.valid_rows = srcs[0].valid_rows = srcs[1].valid_rows = small.valid_rows;
    common_dst.valid_cols = srcs[0].valid_cols = srcs[1].valid_cols = small.valid_cols;
    const Operands common{std::span<const TileView>(&common_dst, 1), srcs, {}, {}};
    if (small.valid_rows > 0 && small.valid_cols > 0 &&
        !(active_backend() == Backend::Simd && simd::elementwise(kBase, common)))
        ref::elementwise(kBase, common);
    if (large.data == dst.data)
        return;
    const std::size_t elem = dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const int32_t from = r < small.valid_rows ? small.valid_cols : 0;
        if (from < dst.valid_cols)
            std::memcpy(dst.at(r, from), large.at(r, from),
                        static_cast<std::size_t>(dst.valid_cols - from) * elem);
    }
}

template <isa::Op OP, class K>
void run_bespoke(const Operands& o) {
    K::run(isa::op_info(OP), o);
}

using Entry = void (*)(const Operands&);

template <isa::Op OP, class K>
constexpr Entry entry() {
    if constexpr (kernels::kHasRun<K>)
        return &run_bespoke<OP, K>;
    else if constexpr (kernels::kIsFunctor<K> && kernels::walks_elementwise(isa::op_info(OP).family))
        return &run_elementwise<OP>;
    else if constexpr (kernels::kIsFunctor<K> && isa::op_info(OP).family == isa::Family::Partial)
        return &run_partial<OP, K>;
    else if constexpr (kernels::kIsFunctor<K>)
        return &run_reduce<OP>;
    else
        return nullptr;
}

constexpr Entry kEntries[] = {
#define PTOSIM_OP(name, kernel_name, ...) entry<isa::Op::name, kernels::fn::kernel_name>(),
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
};

}  // namespace

bool has_kernel(isa::Op op) {
    return kEntries[static_cast<std::size_t>(op)] != nullptr;
}

void execute(isa::Op op, const Operands& operands) {
    hazards::Scope hz(isa::op_info(op).name, isa::op_info(op).pipe);
    for (const TileView& t : operands.dst)
        hz.write(t);
    for (const TileView& t : operands.src)
        hz.read(t);
    // Scalars take the element type of the tiles they combine with.
    const DType scalar_type = !operands.src.empty()   ? operands.src[0].dtype
                              : !operands.dst.empty() ? operands.dst[0].dtype
                                                      : DType::U64;
    for (const uint64_t bits : operands.scalars)
        hz.scalar(scalar_type, bits);
    const isa::OpInfo& d = isa::op_info(op);
    const Entry e = kEntries[static_cast<std::size_t>(op)];
    PTOSIM_CHECK(e != nullptr, d.name.data(), "not implemented by the kernel core yet");
    check_counts(d, operands);
    e(operands);
}

}  // namespace ptosim::ops
