// How the ISA model views the operands of a block: the roles the instruction's descriptor gives them
// (isa::Views), turned into tile shapes.
//
// A block describes its source tiles with its loop bounds (encoding.md §2.4): LB0 = ValidCol, LB1 = ValidRow,
// LB2 = Col, and the element type of the BSTART word; an entry of S bytes is then a row-major tile of
// Row = S / (Col * elemsize) rows. The destinations are described by nothing but their size class, so their
// shape follows from the operation (DstRule). docs/machine.md has the table.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "ptosim/isa/table.hpp"
#include "ptosim/machine/machine.hpp"

namespace ptosim::machine {

using isa::DstRule;
using isa::SrcRole;

// The views of an operation given nsrc sources: its descriptor's, except that TDEINTERLEAVE's destinations
// have half the columns only in its one-source form.
isa::Views op_views(const isa::OpInfo& op, std::size_t nsrc);

// What the loop bounds say about the sources.
struct BlockShape {
    DType type = DType::U8;  // BSTART DataType
    int32_t valid_rows = 0, valid_cols = 0, cols = 0;
    DType dst_type = DType::U8;  // B.DATR DstType (type when the block has none): the Index sources' type
};

// The loop-bound values (LBx = low 16 bits of GPR + imm) with the defaults of absent ones (docs/machine.md):
// LB1 = 1; LB2 = LB0; LB0 = LB2; neither LB0 nor LB2: one row filling an entry of `whole` bytes.
BlockShape block_shape(const linx::Block& b, const std::array<uint64_t, 32>& regs, uint32_t whole);

// The element type of a per-row source: the block's type (RowVector), float (RowScale).
constexpr DType row_vector_type(SrcRole role, DType block_type) {
    return role == SrcRole::RowScale ? DType::F32 : block_type;
}

// The view of a source entry of `size` bytes. false (and *why) when the shape does not fit the entry.
bool src_view(SrcRole role, const BlockShape& s, uint32_t size, TileShape* out, std::string* why);

// A destination's form before its size is known: element type, columns and valid shape. (A Mask source has
// the form of a Mask destination.)
struct DstForm {
    DType dtype = DType::U8;
    int32_t cols = 0, valid_rows = 0, valid_cols = 0;
};
// `k` is the destination's position (ValueIndex's second destination has the destination type).
DstForm dst_form(DstRule rule, const BlockShape& s, DType dst_type, std::size_t k = 0);

// The view of a destination entry of `size` bytes: Row = size / (cols * elemsize). false (and *why) when the
// valid rows do not fit.
bool dst_view(const DstForm& f, uint32_t size, TileShape* out, std::string* why);

}  // namespace ptosim::machine
