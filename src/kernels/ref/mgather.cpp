// Reference MGATHER, following pto-isa's page: walk the destination's valid region; for each element (Elem)
// or row (Row) take its index as the device does (the bits as uint32_t), map an index outside the table as
// the GatherOOB policy says, and copy the table element (or row) into the tile, or zero for GatherOOB::Zero.
#include <cstdint>
#include <cstring>

#include "ptosim/ops/mgather.hpp"

namespace ptosim::ref {

namespace {

uint32_t read_index(const TileView& idx, int32_t r, int32_t c) {
    uint32_t v;
    std::memcpy(&v, idx.at(r, c), sizeof v);
    return v;
}

// Element offset of flat table element i: a packed ND table is one array; an NZ table (A2A3) is its logical
// rows x columns matrix, row-major.
int64_t flat_offset(const GlobalView& table, int64_t i) {
    if (table.layout == GlobalLayout::NZ)
        return table.offset(i / table.cols(), i % table.cols());
    return i;
}

}  // namespace

void mgather(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy) {
    const std::size_t es = dst.elem_size();
    if (policy.mode == Coalesce::Elem) {
        int64_t capacity = 1;
        for (int64_t e : table.shape)
            capacity *= e;
        for (int32_t r = 0; r < dst.valid_rows; ++r) {
            for (int32_t c = 0; c < dst.valid_cols; ++c) {
                const int64_t slot = gather_remap(read_index(idx, r, c), capacity, policy.oob);
                if (slot < 0)
                    std::memset(dst.at(r, c), 0, es);
                else
                    std::memcpy(dst.at(r, c),
                                table.data + flat_offset(table, slot) * static_cast<int64_t>(es), es);
            }
        }
        return;
    }
    const int64_t rows = table.rows();
    const bool idx_is_row = idx.valid_rows == 1 && idx.valid_cols == dst.valid_rows;
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const uint32_t index = idx_is_row ? read_index(idx, 0, r) : read_index(idx, r, 0);
        const int64_t row = gather_remap(index, rows, policy.oob);
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            if (row < 0)
                std::memset(dst.at(r, c), 0, es);
            else
                std::memcpy(dst.at(r, c), table.data + table.offset(row, c) * static_cast<int64_t>(es), es);
        }
    }
}

}  // namespace ptosim::ref
