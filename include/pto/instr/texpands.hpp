// TEXPANDS: broadcast a scalar into every valid element of a tile (docs/isa/TEXPANDS.md).
#pragma once

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/isa/dtype_rules.hpp"
#include "ptosim/ops/compare.hpp"
#include "ptosim/ops/fill.hpp"

namespace pto {

template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TEXPANDS(TileData& dst, typename TileData::DType scalar, WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TEXPANDS", "dst must be a Tile");
    constexpr bool a2a3 = ptosim::kArch == ptosim::Arch::A2A3;
    constexpr ptosim::DType t = ptosim::dtype_of<typename TileData::DType>;
    PTOSIM_STATIC_CHECK(a2a3 || isa::texpands_dtype_ok(ptosim::kArch, t), "TEXPANDS",
                        "dst dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, "
                        "uint64_t, half, bfloat16_t or float");
    PTOSIM_STATIC_CHECK(!a2a3 || isa::texpands_dtype_ok(ptosim::kArch, t), "TEXPANDS",
                        "on the A2A3 profile dst dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, "
                        "uint32_t, half, bfloat16_t or float");
    PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Vec, "TEXPANDS", "dst must be a TileType::Vec tile");
    PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileData>(), "TEXPANDS", "dst must be row-major");
    TSYNC(events...);
    ptosim::ops::texpands(dst.view(), ptosim::scalar_bits(scalar));
    return {};
}

}  // namespace pto
