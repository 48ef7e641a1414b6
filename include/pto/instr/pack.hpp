// TPACK (docs/isa/TPACK.md): a tile narrowed element by element to the low bytes of each element (A5's
// packing stores); pto-isa's CPU simulation also converted other pairs, of which the CPU profile keeps
// integer widening.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/ops/pack.hpp"

namespace pto {

namespace detail {
template <typename D, typename S>
constexpr bool tpack_pair() {
    constexpr bool narrow =
        (sizeof(S) == 4 && (sizeof(D) == 2 || sizeof(D) == 1)) || (sizeof(S) == 2 && sizeof(D) == 1);
    constexpr bool widen =
        sizeof(S) < sizeof(D) && type_in<S>(ptosim::isa::kInts) && type_in<D>(ptosim::isa::kInts);
    return narrow || (ptosim::kArch == ptosim::Arch::CPU && widen);
}
}  // namespace detail

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TPACK(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc>, "TPACK",
                        "dst and src must be Tiles");
    // pto-isa declared it for A5 and its CPU simulation only.
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileDataDst>(ptosim::kArch == ptosim::Arch::A5 ||
                                                            ptosim::kArch == ptosim::Arch::CPU),
                        "TPACK", PTOSIM_AVAILABLE_RULE);
    if constexpr (is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc>) {
        using D = typename TileDataDst::DType;
        using S = typename TileDataSrc::DType;
        PTOSIM_STATIC_CHECK(
            (detail::tpack_pair<D, S>()), "TPACK",
            "src's element must be wider than dst's: 4 -> 2, 4 -> 1 or 2 -> 1 bytes (the CPU profile also "
            "widens an integer to a wider integer)");
        PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileType::Vec && TileDataSrc::Loc == TileType::Vec, "TPACK",
                            "dst and src must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK(
            detail::is_plain_row_major<TileDataDst>() && detail::is_plain_row_major<TileDataSrc>(), "TPACK",
            "dst and src must be row-major");
        PTOSIM_STATIC_CHECK((detail::same_static_valid_shape<TileDataDst, TileDataSrc>()), "TPACK",
                            "src's valid shape must be dst's");
    }
    PTOSIM_TSYNC(events...);
    ptosim::ops::tpack(dst.view(), src.view());
    return {};
}

}  // namespace pto
