// MSCATTER: write a UB tile into a global-memory table through an index tile, element by element
// (Coalesce::Elem) or row by row (Coalesce::Row), with optional atomic combining and an out-of-bounds policy
// (docs/isa/MSCATTER.md).
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "pto/instr/tload.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/scatter.hpp"

namespace pto {

// pto-isa's MSCATTER policies (include/pto/common/type.hpp there), same names and values.
enum class Coalesce : uint8_t {
    Row = 0,   // table[idx[r], :] = src[r, :]   (one index per source row)
    Elem = 1,  // table[idx[r, c]] = src[r, c]   (idx has src's valid shape)
};
enum class ScatterAtomicOp : uint8_t { None = 0, Add = 1, Max = 2, Min = 3 };
enum class ScatterOOB : uint8_t { Undefined = 0, Skip = 1, Clamp = 2, Wrap = 3 };
enum class ScatterConflict : uint8_t { Last = 0, Default = 1 };

static_assert(static_cast<int>(Coalesce::Elem) == static_cast<int>(ptosim::Coalesce::Elem) &&
              static_cast<int>(ScatterAtomicOp::Min) == static_cast<int>(ptosim::ScatterAtomic::Min) &&
              static_cast<int>(ScatterOOB::Wrap) == static_cast<int>(ptosim::ScatterOob::Wrap));

namespace detail {

template <typename TileT>
constexpr bool is_plain_layout() {
    return !TileT::isBoxedLayout;
}

// Static valid extents a == b (a dynamic extent is left to the run-time check).
template <Coalesce Mode, typename TileSrc, typename TileIdx>
constexpr bool mscatter_idx_shape_ok() {
    if constexpr (Mode == Coalesce::Elem) {
        return static_equal(TileIdx::ValidRow, TileSrc::ValidRow) &&
               static_equal(TileIdx::ValidCol, TileSrc::ValidCol);
    } else {
        // 1 x R or R x 1: rejected statically only when neither can hold.
        const bool one_row =
            static_equal(TileIdx::ValidRow, 1) && static_equal(TileIdx::ValidCol, TileSrc::ValidRow);
        const bool one_col =
            static_equal(TileIdx::ValidCol, 1) && static_equal(TileIdx::ValidRow, TileSrc::ValidRow);
        return one_row || one_col;
    }
}

}  // namespace detail

// One template serves every pto-isa form: MSCATTER(table, src, idx) (Coalesce::Row, as pto-isa's default),
// MSCATTER<Mode>(...), MSCATTER<Mode, Atomic>(...), MSCATTER<Mode, Atomic, Oob>(...) and
// MSCATTER<Mode, Atomic, Oob, Conflict>(...). Writes that collide are applied in row-major source order, so
// the last one wins (Conflict::Last; ptosim resolves Conflict::Default the same way).
template <Coalesce Mode = Coalesce::Row, ScatterAtomicOp Atomic = ScatterAtomicOp::None,
          ScatterOOB Oob = ScatterOOB::Undefined, ScatterConflict Conflict = ScatterConflict::Last,
          typename GlobalTable, typename TileSrc, typename TileIdx, typename... WaitEvents>
PTO_INST RecordEvent MSCATTER(GlobalTable& table, TileSrc& src, TileIdx& indexes, WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalTable>, "MSCATTER", "the table must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileSrc> && is_tile_data_v<TileIdx>, "MSCATTER",
                        "src and idx must be Tiles");
    if constexpr (is_global_data_v<GlobalTable> && is_tile_data_v<TileSrc> && is_tile_data_v<TileIdx>) {
        using T = typename TileSrc::DType;
        constexpr ptosim::DType t = ptosim::dtype_of<T>;
        constexpr bool a2a3 = ptosim::kArch == ptosim::Arch::A2A3;
        PTOSIM_STATIC_CHECK((detail::type_on_profile<isa::Op::MSCATTER, T>()), "MSCATTER",
                            PTOSIM_TYPE_RULE("MSCATTER", "src element type"));
        PTOSIM_STATIC_CHECK((std::is_same_v<typename GlobalTable::RawDType, T>), "MSCATTER",
                            "the table's element type must be the source tile's");
        PTOSIM_STATIC_CHECK(detail::type_in<typename TileIdx::DType>(isa::kScatterIndex), "MSCATTER",
                            "idx dtype must be int32_t or uint32_t");
        PTOSIM_STATIC_CHECK(TileSrc::Loc == TileType::Vec && TileIdx::Loc == TileType::Vec, "MSCATTER",
                            "src and idx must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK(GlobalTable::layout == Layout::ND, "MSCATTER", "the table must be Layout::ND");
        PTOSIM_STATIC_CHECK(detail::is_plain_layout<TileSrc>() && detail::is_plain_layout<TileIdx>(),
                            "MSCATTER", "src and idx must be row-major or column-major (no boxed layout)");
        PTOSIM_STATIC_CHECK(
            !a2a3 || (detail::is_plain_row_major<TileSrc>() && detail::is_plain_row_major<TileIdx>()),
            "MSCATTER", "on the A2A3 profile src and idx must be row-major");
        constexpr bool minmax = Atomic == ScatterAtomicOp::Max || Atomic == ScatterAtomicOp::Min;
        PTOSIM_STATIC_CHECK(
            Atomic != ScatterAtomicOp::Add || isa::kScatterAdd.for_arch(ptosim::kArch).contains(t),
            "MSCATTER", PTOSIM_TYPE_RULE("MSCATTER", "ScatterAtomicOp::Add on this element type"));
        PTOSIM_STATIC_CHECK(
            !minmax || isa::kScatterMinMax.for_arch(ptosim::kArch).contains(t), "MSCATTER",
            PTOSIM_TYPE_RULE("MSCATTER", "ScatterAtomicOp::Max and Min on this element type"));
        constexpr bool idx_ok = detail::mscatter_idx_shape_ok<Mode, TileSrc, TileIdx>();
        PTOSIM_STATIC_CHECK(Mode != Coalesce::Elem || idx_ok, "MSCATTER",
                            "Coalesce::Elem needs idx with the valid shape of src");
        PTOSIM_STATIC_CHECK(Mode != Coalesce::Row || idx_ok, "MSCATTER",
                            "Coalesce::Row needs idx with valid shape 1 x R or R x 1 (R = src valid rows)");
    }
    (void)Conflict;
    PTOSIM_TSYNC(events...);
    ptosim::ops::mscatter(detail::global_view(table), src.view(), indexes.view(),
                          {static_cast<ptosim::Coalesce>(Mode), static_cast<ptosim::ScatterAtomic>(Atomic),
                           static_cast<ptosim::ScatterOob>(Oob)});
    return {};
}

}  // namespace pto
