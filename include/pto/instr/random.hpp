// TRANDOM (docs/isa/TRANDOM.md): counter-based random numbers (Philox-4x32, 7 or 10 rounds).
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/ops/random.hpp"

namespace pto {

// Reads key and counter and leaves them as they are: the next call with the same counter repeats the numbers.
template <uint16_t Rounds = 10, typename DstTile, typename... WaitEvents>
PTO_INST RecordEvent TRANDOM(DstTile& dst, TRandomKey& key, TRandomCounter& counter, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<DstTile>, "TRANDOM", "dst must be a Tile");
    // pto-isa declares it for A5 (and A6) and its CPU simulation only.
    PTOSIM_STATIC_CHECK(detail::profile_allows<DstTile>(ptosim::kArch == ptosim::Arch::A5 ||
                                                        ptosim::kArch == ptosim::Arch::CPU),
                        "TRANDOM", PTOSIM_AVAILABLE_RULE);
    if constexpr (is_tile_data_v<DstTile>) {
        using T = typename DstTile::DType;
        PTOSIM_STATIC_CHECK((std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>), "TRANDOM",
                            "dst's element type must be int32_t or uint32_t");
        PTOSIM_STATIC_CHECK(detail::is_plain_row_major<DstTile>(), "TRANDOM", "dst must be row-major");
        PTOSIM_STATIC_CHECK(DstTile::Loc == TileType::Vec, "TRANDOM", "dst must be a TileType::Vec tile");
    }
    PTOSIM_STATIC_CHECK(Rounds == 7 || Rounds == 10, "TRANDOM", "Rounds must be 7 or 10");
    PTOSIM_TSYNC(events...);
    ptosim::ops::trandom(dst.view(), {key[0], key[1]}, {counter[0], counter[1], counter[2], counter[3]},
                         Rounds);
    return {};
}

}  // namespace pto
