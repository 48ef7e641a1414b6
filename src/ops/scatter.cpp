// Checked MSCATTER. Everything, including every index when the policy is ScatterOOB::Undefined, is validated
// before the first write, so a failed check leaves the table untouched.
#include <cstdint>

#include <algorithm>
#include <utility>
#include <vector>

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/ops/scatter.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kInstr = "MSCATTER";
constexpr int64_t kMaxTableElements = int64_t{1} << 48;

bool plain_layout(const TileView& t) {
    return t.layout.is_row_major() || t.layout.is_col_major();
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

// Rejects the first index outside [0, capacity) (ScatterOOB::Undefined).
void check_indices(const TileView& idx, int64_t capacity, const char* what) {
    validate::indices_in_range(
        idx, capacity, kInstr,
        "index outside the table (ScatterOOB::Undefined; use Skip, Clamp or Wrap to allow it)", what);
}

// The byte ranges MSCATTER writes (address, length), sorted and merged where they touch.
std::vector<std::pair<uint64_t, uint64_t>> written_pieces(const GlobalView& table, const TileView& src,
                                                          const TileView& idx, ScatterPolicy policy) {
    const auto es = static_cast<uint64_t>(src.elem_size());
    const auto base = reinterpret_cast<uint64_t>(table.data);
    std::vector<std::pair<uint64_t, uint64_t>> pieces;
    if (policy.mode == Coalesce::Elem) {
        int64_t capacity = 1;
        for (int64_t e : table.shape)
            capacity *= e;
        for (int32_t r = 0; r < src.valid_rows; ++r)
            for (int32_t c = 0; c < src.valid_cols; ++c)
                if (const int64_t slot =
                        scatter_remap(validate::index_value(idx, r, c), capacity, policy.oob);
                    slot >= 0)
                    pieces.emplace_back(base + static_cast<uint64_t>(slot) * es, es);
    } else {
        const bool idx_is_row = idx.valid_rows == 1 && idx.valid_cols == src.valid_rows;
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            const int64_t index =
                idx_is_row ? validate::index_value(idx, 0, r) : validate::index_value(idx, r, 0);
            const int64_t row = scatter_remap(index, table.rows(), policy.oob);
            if (row < 0)
                continue;
            for (int32_t c = 0; c < src.valid_cols; ++c)
                pieces.emplace_back(base + static_cast<uint64_t>(table.offset(row, c)) * es, es);
        }
    }
    std::sort(pieces.begin(), pieces.end());
    std::vector<std::pair<uint64_t, uint64_t>> merged;
    for (const auto& [lo, len] : pieces) {
        if (!merged.empty() && lo <= merged.back().first + merged.back().second)
            merged.back().second = std::max(merged.back().second, lo + len - merged.back().first);
        else
            merged.emplace_back(lo, len);
    }
    return merged;
}

}  // namespace

void mscatter(const GlobalView& table, const TileView& src, const TileView& idx, ScatterPolicy policy) {
    hazards::Scope hz("MSCATTER", hazards::Pipe::V);
    hz.read(src);
    hz.read(idx);
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
        PTOSIM_CHECK(validate::packed(table), kInstr,
                     "Coalesce::Elem needs a contiguous table (packed row-major strides): indices are flat "
                     "element offsets");
        if (policy.oob == ScatterOob::Undefined) {
            int64_t capacity = 1;
            for (int64_t e : table.shape)
                capacity *= e;
            check_indices(idx, capacity, "tableSize");
        }
    } else {
        validate::one_index_per_row(idx, src.valid_rows, kInstr,
                                    "Coalesce::Row needs one index per source row: idx valid shape 1 x R or "
                                    "R x 1 (R = src valid rows)",
                                    "src.validRow");
        PTOSIM_CHECK(table.shape[4] == src.valid_cols, kInstr,
                     "Coalesce::Row needs table rows as wide as src (shape[4] == src valid columns)",
                     {"table.shape4", table.shape[4]}, {"src.validCol", src.valid_cols});
        if (policy.oob == ScatterOob::Undefined)
            check_indices(idx, table.rows(), "tableRows");
    }

    // The footprint is the elements the indices pick (after the out-of-range policy), not the whole table:
    // blocks that scatter into disjoint elements of one tensor do not race.
    if (hazards::enabled())
        hz.write_pieces(table, written_pieces(table, src, idx, policy), policy.atomic != ScatterAtomic::None);

    if (active_backend() == Backend::Ref) {
        ref::mscatter(table, src, idx, policy);
    } else {
        simd::mscatter(table, src, idx, policy);
    }
}

}  // namespace ptosim::ops
