// Checked MGATHER. Everything, including every index when the policy is GatherOOB::Undefined and every byte
// of global memory the instruction touches, is validated before the first write, so a failed check leaves the
// destination (and the scratch buffer of the GM -> L1 Elem form) untouched.
#include <cstdint>
#include <cstring>
#include <vector>

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/ops/mgather.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kInstr = "MGATHER";
constexpr int64_t kMaxTableElements = int64_t{1} << 48;
constexpr int32_t kFractalRows = 16;  // FRACTAL_NZ_ROW
constexpr int32_t kC0Bytes = 32;      // C0_SIZE_BYTE

bool plain_layout(const TileView& t) {
    return t.layout.is_row_major() || t.layout.is_col_major();
}

// pto-isa's NZ tile: column-major 16 x C0 boxes (C0 = 32 bytes of elements), row-major inside.
bool nz_layout(const TileView& t) {
    return t.layout.kind == Layout::Kind::Nz && t.layout.inner_rows == kFractalRows &&
           static_cast<std::size_t>(t.layout.inner_cols) * t.elem_size() == kC0Bytes;
}

int64_t elements(const GlobalView& g) {
    int64_t n = 1;
    for (int64_t e : g.shape)
        n *= e;
    return n;
}

void check_policy(GatherPolicy policy) {
    PTOSIM_CHECK(static_cast<unsigned>(policy.mode) <= 1u, kInstr, "Coalesce mode must be Row or Elem",
                 {"mode", static_cast<unsigned>(policy.mode)});
    PTOSIM_CHECK(static_cast<unsigned>(policy.oob) <= 3u, kInstr,
                 "GatherOOB must be Undefined, Clamp, Wrap or Zero",
                 {"oob", static_cast<unsigned>(policy.oob)});
}

void check_dst(const TileView& dst) {
    validate::tile(dst, kInstr, "dst");
    validate::dtype_in(kGatherData.any(), dst.dtype, kInstr, "dst");
    PTOSIM_CHECK(dst.valid_rows >= 1 && dst.valid_cols >= 1, kInstr,
                 "dst must have at least one valid element", {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols});
}

void check_table(const GlobalView& table, const TileView& dst) {
    validate::global(table, kInstr, "table");
    PTOSIM_CHECK(table.dtype == dst.dtype, kInstr, "the table and dst must have the same element type",
                 {"table", dtype_cpp_name(table.dtype)}, {"dst", dtype_cpp_name(dst.dtype)});
    int64_t n = 1;
    for (int64_t e : table.shape) {
        PTOSIM_CHECK(n <= kMaxTableElements / e, kInstr, "the table has more than 2^48 elements");
        n *= e;
    }
}

// The shape rules of one mode, the table's addressing, and (GatherOOB::Undefined) every index.
void check_mode(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy) {
    if (policy.mode == Coalesce::Elem) {
        PTOSIM_CHECK(idx.valid_rows == dst.valid_rows && idx.valid_cols == dst.valid_cols, kInstr,
                     "Coalesce::Elem needs idx with the valid shape of dst (one index per element)",
                     {"idx.validRow", idx.valid_rows}, {"idx.validCol", idx.valid_cols},
                     {"dst.validRow", dst.valid_rows}, {"dst.validCol", dst.valid_cols});
        PTOSIM_CHECK(
            table.layout == GlobalLayout::NZ || validate::packed(table), kInstr,
            "Coalesce::Elem needs a contiguous ND table (packed row-major strides): indices are flat "
            "element offsets");
        if (policy.oob == GatherOob::Undefined)
            validate::indices_in_range(
                idx, elements(table), kInstr,
                "index outside the table (GatherOOB::Undefined; use Clamp, Wrap or Zero to allow it)",
                "tableSize");
        return;
    }
    validate::one_index_per_row(
        idx, dst.valid_rows, kInstr,
        "Coalesce::Row needs one index per destination row: idx valid shape 1 x R or R "
        "x 1 (R = dst valid rows)",
        "dst.validRow");
    PTOSIM_CHECK(table.cols() >= dst.valid_cols, kInstr,
                 "Coalesce::Row needs table rows at least as wide as dst's valid columns",
                 {"table.cols", table.cols()}, {"dst.validCol", dst.valid_cols});
    if (policy.oob == GatherOob::Undefined)
        validate::indices_in_range(
            idx, table.rows(), kInstr,
            "index outside the table (GatherOOB::Undefined; use Clamp, Wrap or Zero to allow it)",
            "tableRows");
}

void run(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy) {
    if (active_backend() == Backend::Ref) {
        ref::mgather(dst, table, idx, policy);
    } else {
        simd::mgather(dst, table, idx, policy);
    }
}

// The global index tensor of a GM -> L1 form, copied into a row-major index tile of `rows` x `cols` (the
// device reads it with the scalar unit; the copy lets the kernels and the index scan take one kind of index
// operand). `rows` x `cols` must lie inside its ND matrix.
std::vector<uint32_t> read_global_indices(const GlobalView& idx, int32_t rows, int32_t cols, TileView& view) {
    std::vector<uint32_t> buf(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
    for (int32_t r = 0; r < rows; ++r)
        for (int32_t c = 0; c < cols; ++c)
            std::memcpy(&buf[static_cast<std::size_t>(r) * cols + c], idx.data + idx.offset(r, c) * 4, 4);
    view = TileView{reinterpret_cast<std::byte*>(buf.data()), idx.dtype, Layout::row_major(rows, cols), rows,
                    cols};
    return buf;
}

void check_global_indices(const GlobalView& idx) {
    validate::global(idx, kInstr, "idx");
    validate::dtype_in(kGatherIndex, idx.dtype, kInstr, "idx");
    PTOSIM_CHECK(idx.layout == GlobalLayout::ND, kInstr, "the index tensor must be Layout::ND");
}

// The operands both GM -> L1 forms share: an NZ L1 destination, an ND table, a global index tensor.
void check_l1_operands(const TileView& dst, const GlobalView& table, const GlobalView& idx,
                       GatherPolicy policy) {
    check_policy(policy);
    check_dst(dst);
    PTOSIM_CHECK(nz_layout(dst), kInstr,
                 "the GM -> L1 forms need an NZ destination (BLayout::ColMajor, SLayout::RowMajor, 512-byte "
                 "boxes)",
                 {"layout", layout_kind_name(dst.layout.kind)});
    validate::whole_tile(dst, kInstr, "dst");
    check_table(table, dst);
    PTOSIM_CHECK(table.layout == GlobalLayout::ND, kInstr, "the table must be a Layout::ND global tensor");
    check_global_indices(idx);
}

// Byte range [first, end) of a global tensor with non-negative strides (the tensors checked here).
std::pair<const std::byte*, const std::byte*> byte_range(const GlobalView& g) {
    int64_t hi = 0;
    for (int d = 0; d < 5; ++d)
        hi += (g.shape[d] - 1) * (g.stride[d] > 0 ? g.stride[d] : 0);
    return {g.data, g.data + (hi + 1) * static_cast<int64_t>(dtype_size(g.dtype))};
}

bool overlap(const GlobalView& a, const GlobalView& b) {
    const auto [a0, a1] = byte_range(a);
    const auto [b0, b1] = byte_range(b);
    return a0 < b1 && b0 < a1;
}

}  // namespace

void mgather(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy) {
    hazards::Scope hz("MGATHER", hazards::Pipe::V);
    hz.write(dst);
    hz.read(table);
    hz.read(idx);
    check_policy(policy);
    check_dst(dst);
    validate::tile(idx, kInstr, "idx");
    validate::dtype_in(kGatherIndex, idx.dtype, kInstr, "idx");
    PTOSIM_CHECK(plain_layout(idx), kInstr, "idx must be row-major or column-major (no boxed layout)",
                 {"layout", layout_kind_name(idx.layout.kind)});
    validate::disjoint(dst, "dst", idx, "idx", kInstr);
    check_table(table, dst);
    PTOSIM_CHECK(table.layout == GlobalLayout::ND || table.layout == GlobalLayout::NZ, kInstr,
                 "the table must be a Layout::ND (or, with an NZ destination, Layout::NZ) global tensor");
    if (table.layout == GlobalLayout::ND) {
        PTOSIM_CHECK(plain_layout(dst), kInstr,
                     "with an ND table dst must be row-major or column-major (no boxed layout)",
                     {"layout", layout_kind_name(dst.layout.kind)});
    } else {
        // The A2A3 device's NZ pairing (npu/a2a3/MGather.hpp): 16-row blocks of C0 columns on both sides.
        PTOSIM_CHECK(nz_layout(dst), kInstr,
                     "an NZ table needs an NZ dst (BLayout::ColMajor, SLayout::RowMajor, 512-byte boxes)",
                     {"layout", layout_kind_name(dst.layout.kind)});
        PTOSIM_CHECK(table.shape[3] == kFractalRows &&
                         table.shape[4] * static_cast<int64_t>(dst.elem_size()) == kC0Bytes,
                     kInstr, "an NZ table needs shape[3] == 16 and shape[4] == 32 / sizeof(T)",
                     {"shape3", table.shape[3]}, {"shape4", table.shape[4]});
    }
    check_mode(dst, table, idx, policy);
    run(dst, table, idx, policy);
}

void mgather_l1_rows(const TileView& dst, const GlobalView& table, const GlobalView& idx, GatherOob oob) {
    hazards::Scope hz("MGATHER", hazards::Pipe::MTE2);
    hz.write_whole(dst);
    hz.read(table);
    hz.read(idx);
    const GatherPolicy policy{Coalesce::Row, oob};
    check_l1_operands(dst, table, idx, policy);
    const int32_t r = dst.valid_rows;
    const bool one_row = idx.rows() == 1 && idx.cols() >= r;
    const bool one_col = idx.cols() == 1 && idx.rows() >= r;
    PTOSIM_CHECK(one_row || one_col, kInstr,
                 "Coalesce::Row needs an index tensor holding one index per destination row (1 x R or R x 1, "
                 "R = dst valid rows)",
                 {"idx.rows", idx.rows()}, {"idx.cols", idx.cols()}, {"dst.validRow", r});
    TileView idx_tile;
    const auto buf =
        one_row ? read_global_indices(idx, 1, r, idx_tile) : read_global_indices(idx, r, 1, idx_tile);
    check_mode(dst, table, idx_tile, policy);
    if (oob == GatherOob::Zero)
        std::memset(dst.data, 0, dst.bytes());
    run(dst, table, idx_tile, policy);
}

void mgather_l1_elems(const TileView& dst, const GlobalView& table, const GlobalView& idx,
                      const GlobalView& scratch, GatherOob oob) {
    hazards::Scope hz("MGATHER", hazards::Pipe::MTE2);
    hz.write_whole(dst);
    hz.read(table);
    hz.read(idx);
    hz.write(scratch);
    const GatherPolicy policy{Coalesce::Elem, oob};
    check_l1_operands(dst, table, idx, policy);
    PTOSIM_CHECK(idx.rows() >= dst.valid_rows && idx.cols() >= dst.valid_cols, kInstr,
                 "Coalesce::Elem needs an index tensor holding dst's valid shape (one index per element)",
                 {"idx.rows", idx.rows()}, {"idx.cols", idx.cols()}, {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols});
    validate::global(scratch, kInstr, "scratch");
    PTOSIM_CHECK(scratch.dtype == dst.dtype, kInstr,
                 "the scratch tensor and dst must have the same element type",
                 {"scratch", dtype_cpp_name(scratch.dtype)}, {"dst", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(scratch.layout == GlobalLayout::ND && validate::packed(scratch), kInstr,
                 "the scratch tensor must be a contiguous Layout::ND tensor");
    const auto tile_elems = static_cast<int64_t>(dst.layout.size());
    PTOSIM_CHECK(elements(scratch) >= tile_elems, kInstr,
                 "the scratch tensor must hold the whole destination tile (Rows x Cols elements)",
                 {"scratch.elements", elements(scratch)}, {"tile.elements", tile_elems});
    GlobalView staged = scratch;  // the part the device writes
    staged.shape[0] = staged.shape[1] = staged.shape[2] = staged.shape[3] = 1;
    staged.shape[4] = tile_elems;
    staged.stride[4] = 1;
    PTOSIM_CHECK(!overlap(staged, table) && !overlap(staged, idx), kInstr,
                 "the scratch tensor must not overlap the table or the index tensor");
    TileView idx_tile;
    const auto buf = read_global_indices(idx, dst.valid_rows, dst.valid_cols, idx_tile);
    check_mode(dst, table, idx_tile, policy);
    // The device clears the scratch buffer, gathers into it in the tile's NZ order and copies all of it to
    // the tile: gathering into the cleared tile and copying the tile out gives both the same bytes.
    std::memset(dst.data, 0, dst.bytes());
    run(dst, table, idx_tile, policy);
    std::memcpy(scratch.data, dst.data, dst.bytes());
}

}  // namespace ptosim::ops
