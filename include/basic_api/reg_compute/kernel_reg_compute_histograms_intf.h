// AscendC register API: Histograms (Ascend 950PR/950DT only; the A5 profile).
//
// Histograms<uint8_t, uint16_t, mode, type>(dstReg, srcReg, mask) adds to each of dstReg's 128 uint16_t lanes
// the number of selected srcReg lanes (256 x uint8_t) that equal (FREQUENCY) or do not exceed (ACCUMULATE)
// the lane's value: lane n stands for value n (BIN0) or 128 + n (BIN1). Sums wrap modulo 65536. The mask
// selects source lanes (one bit per byte); every dst lane is written. Semantics: ptosim/reg/histogram.hpp.
#pragma once

#include <cstdint>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"
#include "ptosim/reg/histogram.hpp"
// The Histograms page names only this header, and its example also uses CreateMask, Duplicate, LoadAlign and
// StoreAlign: include them so that the example compiles with the one header the page names.
#include "basic_api/reg_compute/kernel_reg_compute_datacopy_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_maskreg_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_duplicate_intf.h"

namespace AscendC {
namespace Reg {

template <typename T = DefaultType, typename U = DefaultType, HistogramsBinType mode, HistogramsType type,
          typename S, typename V>
__simd_callee__ inline void Histograms(V& dstReg, S& srcReg, MaskReg& mask) {
    PTOSIM_STATIC_CHECK(
        detail::kRegHistograms<S>, "Histograms",
        "available only on the A5 profile (Ascend 950PR/950DT); this translation unit targets "
        "the " PTOSIM_REG_PROFILE " profile");
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<S> && detail::kIsRegTensor<V>, "Histograms",
                        "dstReg and srcReg must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, S>), "Histograms",
                        "T must be the element type of srcReg");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<U, V>), "Histograms",
                        "U must be the element type of dstReg");
    PTOSIM_STATIC_CHECK(
        (std::is_same_v<detail::ElemOf<S>, uint8_t>), "Histograms",
        "source type T must be uint8_t (T = uint8_t, U = uint16_t is the only supported pair)");
    PTOSIM_STATIC_CHECK(
        (std::is_same_v<detail::ElemOf<V>, uint16_t>), "Histograms",
        "destination type U must be uint16_t (T = uint8_t, U = uint16_t is the only supported pair)");
    PTOSIM_STATIC_CHECK(mode == HistogramsBinType::BIN0 || mode == HistogramsBinType::BIN1, "Histograms",
                        "mode must be BIN0 or BIN1");
    PTOSIM_STATIC_CHECK(type == HistogramsType::FREQUENCY || type == HistogramsType::ACCUMULATE, "Histograms",
                        "type must be FREQUENCY or ACCUMULATE");
    if constexpr (detail::kRegHistograms<S> && std::is_same_v<detail::ElemOf<S>, uint8_t> &&
                  std::is_same_v<detail::ElemOf<V>, uint16_t>) {
        ptosim::reg::histogram_u8(dstReg.elems, srcReg.elems, mask, mode == HistogramsBinType::BIN1,
                                  type == HistogramsType::ACCUMULATE);
    }
}

}  // namespace Reg
}  // namespace AscendC
