// Checked MSCATTER. Everything, including every index when the policy is ScatterOOB::Undefined, is validated
// before the first write, so a failed check leaves the table untouched.
#include <cstdint>

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/ops/scatter.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kInstr = "MSCATTER";
constexpr int64_t kMaxTableElements = int64_t{1} << 48;

bool plain_layout(const TileView& t) {
    return t.layout.is_row_major() || t.layout.is_col_major();
}

// The ND table is one dense block: every dimension with more than one element has the stride of a packed
// row-major tensor (dimensions of extent 1 may carry any stride).
bool contiguous(const GlobalView& g) {
    int64_t expect = 1;
    for (int d = 4; d >= 0; --d) {
        if (g.shape[d] > 1 && g.stride[d] != expect)
            return false;
        expect *= g.shape[d];
    }
    return true;
}

void check_table(const GlobalView& table, const TileView& src) {
    validate::global(table, kInstr, "table");
    PTOSIM_CHECK(table.dtype == src.dtype, kInstr, "the table and src must have the same element type",
                 {"table", dtype_cpp_name(table.dtype)}, {"src", dtype_cpp_name(src.dtype)});
    PTOSIM_CHECK(table.layout == GlobalLayout::ND, kInstr, "the table must be a Layout::ND global tensor");
    int64_t elements = 1;
    for (int64_t e : table.shape) {
        PTOSIM_CHECK(elements <= kMaxTableElements / e, kInstr, "the table has more than 2^48 elements");
        elements *= e;
    }
}

// Element (r, c) of the index tile, int32_t or uint32_t, as a signed value.
int64_t index_value(const TileView& idx, int32_t r, int32_t c) {
    const std::byte* p = idx.at(r, c);
    if (idx.dtype == DType::S32)
        return *reinterpret_cast<const int32_t*>(p);
    return *reinterpret_cast<const uint32_t*>(p);
}

// Rejects the first index outside [0, capacity) (ScatterOOB::Undefined). The common case is one vectorised
// min/max scan of the index tile (it runs before every such scatter); only a failure walks it again to report
// the first offending position.
void check_indices(const TileView& idx, int64_t capacity, const char* what) {
    int64_t lo = 0, hi = 0;
    simd::mscatter_index_range(idx, lo, hi);
    if (lo >= 0 && hi < capacity) [[likely]]
        return;
    for (int32_t r = 0; r < idx.valid_rows; ++r) {
        for (int32_t c = 0; c < idx.valid_cols; ++c) {
            const int64_t v = index_value(idx, r, c);
            PTOSIM_CHECK(
                v >= 0 && v < capacity, kInstr,
                "index outside the table (ScatterOOB::Undefined; use Skip, Clamp or Wrap to allow it)",
                {"idx.row", r}, {"idx.col", c}, {"index", v}, {what, capacity});
        }
    }
}

}  // namespace

void mscatter(const GlobalView& table, const TileView& src, const TileView& idx, ScatterPolicy policy) {
    validate::tile(src, kInstr, "src");
    validate::tile(idx, kInstr, "idx");
    PTOSIM_CHECK(static_cast<unsigned>(policy.mode) <= 1u, kInstr, "Coalesce mode must be Row or Elem",
                 {"mode", static_cast<unsigned>(policy.mode)});
    PTOSIM_CHECK(static_cast<unsigned>(policy.atomic) <= 3u, kInstr,
                 "ScatterAtomicOp must be None, Add, Max or Min",
                 {"atomic", static_cast<unsigned>(policy.atomic)});
    PTOSIM_CHECK(static_cast<unsigned>(policy.oob) <= 3u, kInstr,
                 "ScatterOOB must be Undefined, Skip, Clamp or Wrap",
                 {"oob", static_cast<unsigned>(policy.oob)});
    validate::dtype_in(isa::op_info(isa::Op::MSCATTER).kernel_types(), src.dtype, kInstr, "src");
    validate::dtype_in(isa::kScatterIndex, idx.dtype, kInstr, "idx");
    PTOSIM_CHECK(plain_layout(src), kInstr, "src must be row-major or column-major (no boxed layout)",
                 {"layout", layout_kind_name(src.layout.kind)});
    PTOSIM_CHECK(plain_layout(idx), kInstr, "idx must be row-major or column-major (no boxed layout)",
                 {"layout", layout_kind_name(idx.layout.kind)});
    PTOSIM_CHECK(src.valid_rows >= 1 && src.valid_cols >= 1, kInstr,
                 "src must have at least one valid element", {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols});
    if (policy.atomic == ScatterAtomic::Add) {
        validate::dtype_in(isa::kScatterAdd.any(), src.dtype, "MSCATTER (ScatterAtomicOp::Add)", "src");
    } else if (policy.atomic != ScatterAtomic::None) {
        validate::dtype_in(isa::kScatterMinMax.any(), src.dtype, "MSCATTER (ScatterAtomicOp::Max/Min)",
                           "src");
    }
    check_table(table, src);

    if (policy.mode == Coalesce::Elem) {
        PTOSIM_CHECK(idx.valid_rows == src.valid_rows && idx.valid_cols == src.valid_cols, kInstr,
                     "Coalesce::Elem needs idx with the valid shape of src (one index per element)",
                     {"idx.validRow", idx.valid_rows}, {"idx.validCol", idx.valid_cols},
                     {"src.validRow", src.valid_rows}, {"src.validCol", src.valid_cols});
        PTOSIM_CHECK(contiguous(table), kInstr,
                     "Coalesce::Elem needs a contiguous table (packed row-major strides): indices are flat "
                     "element offsets");
        if (policy.oob == ScatterOob::Undefined) {
            int64_t capacity = 1;
            for (int64_t e : table.shape)
                capacity *= e;
            check_indices(idx, capacity, "tableSize");
        }
    } else {
        const bool one_row = idx.valid_rows == 1 && idx.valid_cols == src.valid_rows;
        const bool one_col = idx.valid_cols == 1 && idx.valid_rows == src.valid_rows;
        PTOSIM_CHECK(one_row || one_col, kInstr,
                     "Coalesce::Row needs one index per source row: idx valid shape 1 x R or R x 1 (R = src "
                     "valid rows)",
                     {"idx.validRow", idx.valid_rows}, {"idx.validCol", idx.valid_cols},
                     {"src.validRow", src.valid_rows});
        PTOSIM_CHECK(table.shape[4] == src.valid_cols, kInstr,
                     "Coalesce::Row needs table rows as wide as src (shape[4] == src valid columns)",
                     {"table.shape4", table.shape[4]}, {"src.validCol", src.valid_cols});
        if (policy.oob == ScatterOob::Undefined)
            check_indices(idx, table.rows(), "tableRows");
    }

    if (active_backend() == Backend::Ref) {
        ref::mscatter(table, src, idx, policy);
    } else {
        simd::mscatter(table, src, idx, policy);
    }
}

}  // namespace ptosim::ops
