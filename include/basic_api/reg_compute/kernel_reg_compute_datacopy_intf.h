// AscendC register API: moving data between the Unified Buffer and registers with aligned accesses.
//
// - LoadAlign<T, dist>(dstReg, srcAddr): one register from UB. DIST_NORM, DIST_BRC_Bn, DIST_US_Bn,
//   DIST_DS_Bn, DIST_UNPACK_Bn, DIST_UNPACK4_B8, DIST_E2B_Bn, DIST_BLK.
// - LoadAlign<T, dist>(dst0, dst1, srcAddr): 2 x VL de-interleaved, even / odd elements (DIST_DINTLV_Bn).
// - StoreAlign<T, dist>(dstAddr, srcReg, mask): one register to UB, masked. DIST_NORM, DIST_NORM_Bn,
//   DIST_FIRST_ELEMENT_Bn (mask ignored), DIST_PACK_Bn, DIST_PACK4_B32.
// - StoreAlign<T, dist>(dstAddr, src0, src1, mask): 2 x VL interleaved (DIST_INTLV_Bn; mask ignored).
// - The PostLiteral::POST_MODE_UPDATE forms: the same, then the address += the stride.
// - LoadAlign(maskReg, srcAddr) / StoreAlign(dstAddr, maskReg): a predicate from / to UB (32 bytes).
//
// Each distribution is a row of ptosim's isa/micro_dist.def (its rule, footprint and alignment; the micro
// core runs it), under AscendC's name for it. Every access is checked (check_ub_access): the row's alignment,
// and no access that starts in the simulated UB may run past its end. Distributions AscendC documents but
// ptosim does not run (DIST_BDINTLV, DIST_SPLTnCHN, DIST_MRGnCHN: the rows say why) fail to compile.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_micro.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"
#include "ptosim/isa/micro.hpp"
#include "ptosim/ops/micro.hpp"

namespace AscendC {
namespace Reg {

namespace detail {

using ptosim::isa::MDist;

// AscendC's distributions as the rows of ptosim's isa/micro_dist.def (the rule, the footprint and the
// alignment are the row's). kNoDist: a distribution the operation's form does not take.
inline constexpr auto kNoDist = static_cast<MDist>(0xFF);

constexpr MDist load_dist_row(LoadDist d) {
    switch (d) {
        case LoadDist::DIST_NORM:
            return MDist::NORM;
        case LoadDist::DIST_BRC_B8:
            return MDist::BRC_B8;
        case LoadDist::DIST_BRC_B16:
            return MDist::BRC_B16;
        case LoadDist::DIST_BRC_B32:
            return MDist::BRC_B32;
        case LoadDist::DIST_US_B8:
            return MDist::US_B8;
        case LoadDist::DIST_US_B16:
            return MDist::US_B16;
        case LoadDist::DIST_DS_B8:
            return MDist::DS_B8;
        case LoadDist::DIST_DS_B16:
            return MDist::DS_B16;
        case LoadDist::DIST_UNPACK_B8:
            return MDist::UNPK_B8;
        case LoadDist::DIST_UNPACK_B16:
            return MDist::UNPK_B16;
        case LoadDist::DIST_UNPACK_B32:
            return MDist::UNPK_B32;
        case LoadDist::DIST_UNPACK4_B8:
            return MDist::UNPK4_B8;
        case LoadDist::DIST_E2B_B16:
            return MDist::E2B_B16;
        case LoadDist::DIST_E2B_B32:
            return MDist::E2B_B32;
        case LoadDist::DIST_BLK:
            return MDist::BLK;
        case LoadDist::DIST_SPLT4CHN_B8:
            return MDist::SPLT4CHN_B8;
        case LoadDist::DIST_SPLT2CHN_B8:
            return MDist::SPLT2CHN_B8;
        case LoadDist::DIST_SPLT2CHN_B16:
            return MDist::SPLT2CHN_B16;
        default:  // the de-interleaving ones take two registers
            return kNoDist;
    }
}
constexpr MDist load2_dist_row(LoadDist d) {
    switch (d) {
        case LoadDist::DIST_DINTLV_B8:
            return MDist::DINTLV_B8;
        case LoadDist::DIST_DINTLV_B16:
            return MDist::DINTLV_B16;
        case LoadDist::DIST_DINTLV_B32:
            return MDist::DINTLV_B32_X2;
        case LoadDist::DIST_BDINTLV:
            return MDist::BDINTLV;
        default:
            return kNoDist;
    }
}
constexpr MDist store_dist_row(StoreDist d) {
    switch (d) {
        case StoreDist::DIST_NORM:
            return MDist::NORM_ST;
        case StoreDist::DIST_NORM_B8:
            return MDist::NORM_B8;
        case StoreDist::DIST_NORM_B16:
            return MDist::NORM_B16;
        case StoreDist::DIST_NORM_B32:
            return MDist::NORM_B32;
        case StoreDist::DIST_FIRST_ELEMENT_B8:
            return MDist::ONEPT_B8;
        case StoreDist::DIST_FIRST_ELEMENT_B16:
            return MDist::ONEPT_B16;
        case StoreDist::DIST_FIRST_ELEMENT_B32:
            return MDist::ONEPT_B32;
        case StoreDist::DIST_PACK_B16:
            return MDist::PK_B16;
        case StoreDist::DIST_PACK_B32:
            return MDist::PK_B32;
        case StoreDist::DIST_PACK_B64:
            return MDist::PK_B64;
        case StoreDist::DIST_PACK4_B32:
            return MDist::PK4_B32;
        case StoreDist::DIST_MRG4CHN_B8:
            return MDist::MRG4CHN_B8;
        case StoreDist::DIST_MRG2CHN_B8:
            return MDist::MRG2CHN_B8;
        case StoreDist::DIST_MRG2CHN_B16:
            return MDist::MRG2CHN_B16;
        default:  // the interleaving ones take two registers
            return kNoDist;
    }
}
constexpr MDist store2_dist_row(StoreDist d) {
    switch (d) {
        case StoreDist::DIST_INTLV_B8:
            return MDist::INTLV_B8;
        case StoreDist::DIST_INTLV_B16:
            return MDist::INTLV_B16;
        case StoreDist::DIST_INTLV_B32:
            return MDist::INTLV_B32;
        default:
            return kNoDist;
    }
}

// The form takes the distribution, and ptosim runs it.
constexpr bool runs(MDist d) {
    return d != kNoDist && ptosim::isa::dist_info(d).shape != ptosim::isa::DistShape::Unmodelled;
}
// The distribution's element width (B8 ... B64) is sizeof(T), or it has none.
constexpr bool width_fits(MDist d, std::size_t size) {
    return d == kNoDist || ptosim::isa::dist_info(d).size == 0 || ptosim::isa::dist_info(d).size == size;
}

// The pointer's element type must be the register's, and a sized distribution must match the element size.
template <typename T, typename R>
inline constexpr bool kSameElement = std::is_same_v<std::remove_cv_t<T>, ElemOf<R>>;

template <typename E>
inline constexpr uint32_t kSize = static_cast<uint32_t>(sizeof(E));

template <MDist row, typename U, typename E>
inline void load_single(U& dst, const E* src) {
    const auto& info = ptosim::isa::dist_info(row);
    check_ub_access("LoadAlign", src, ptosim::isa::dist_bytes(info, kSize<E>),
                    ptosim::isa::dist_align(info, kSize<E>));
    ptosim::micro::VReg r;
    ptosim::micro::load(r, src, row, kSize<E>);
    from_vreg(dst, r);
}

template <MDist row, typename U, typename E>
inline void store_single(E* dst, const U& src, const MaskReg& mask) {
    if constexpr (ptosim::isa::dist_info(row).shape == ptosim::isa::DistShape::Norm) {
        // Only selected elements are written, so the access ends after the last selected one.
        constexpr uint32_t N = U::kLanes;
        uint32_t end = 0;
        for (uint32_t j = 0; j < N; ++j)
            end = mask.active<E>(j) ? j + 1 : end;
        check_ub_access("StoreAlign", dst, end * sizeof(E), 32);
        for (uint32_t j = 0; j < end; ++j) {
            if (mask.active<E>(j))
                dst[j] = src.elems[j];
        }
    } else {
        const ptosim::micro::Extent e = ptosim::micro::store_extent(mask, row, kSize<E>);
        check_ub_access("StoreAlign", dst, e.end,
                        ptosim::isa::dist_align(ptosim::isa::dist_info(row), kSize<E>));
        ptosim::micro::store(dst, to_vreg(src), mask, row, kSize<E>);
    }
}

}  // namespace detail

// ---- vector register <- UB
// ----------------------------------------------------------------------------------

template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr) {
    constexpr auto row = detail::load_dist_row(dist);
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "LoadAlign", "dstReg must be a RegTensor");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U>), "LoadAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(detail::runs(row), "LoadAlign",
                        "one-register loads support DIST_NORM, DIST_BRC_Bn, DIST_US_Bn, DIST_DS_Bn, "
                        "DIST_UNPACK_Bn, DIST_UNPACK4_B8, DIST_E2B_Bn and DIST_BLK only (DIST_SPLTnCHN: "
                        "ptosim does not run them, docs/isa/micro.md)");
    PTOSIM_STATIC_CHECK(detail::width_fits(row, sizeof(T)), "LoadAlign",
                        "the distribution's element width (B8/B16/B32) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U> && detail::runs(row) &&
                  detail::width_fits(row, sizeof(T)))
        detail::load_single<row>(dstReg, srcAddr);
}

template <typename T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T*& srcAddr, int32_t postUpdateStride) {
    PTOSIM_STATIC_CHECK(postMode == PostLiteral::POST_MODE_UPDATE, "LoadAlign",
                        "the post-update form supports POST_MODE_UPDATE only");
    LoadAlign<T, dist>(dstReg, srcAddr);
    srcAddr += postUpdateStride;
}

template <typename T = DefaultType, LoadDist dist, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ T* srcAddr) {
    constexpr auto row = detail::load2_dist_row(dist);
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "LoadAlign", "dstReg0 and dstReg1 must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U>), "LoadAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(detail::runs(row), "LoadAlign",
                        "two-register loads support DIST_DINTLV_B8/B16/B32 only (DIST_BDINTLV: ptosim does "
                        "not run it, docs/isa/micro.md)");
    PTOSIM_STATIC_CHECK(row == detail::kNoDist || detail::width_fits(row, sizeof(T)), "LoadAlign",
                        "the distribution's element width (B8/B16/B32) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U> && detail::runs(row) &&
                  detail::width_fits(row, sizeof(T))) {
        detail::check_ub_access("LoadAlign", srcAddr, 2 * ptosim::reg::kVL, 32);
        ptosim::micro::VReg lo, hi;
        ptosim::micro::load2(lo, hi, srcAddr, row);
        detail::from_vreg(dstReg0, lo);
        detail::from_vreg(dstReg1, hi);
    }
}

// ---- UB <- vector register
// ----------------------------------------------------------------------------------

template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, MaskReg& mask) {
    constexpr auto row = detail::store_dist_row(dist);
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "StoreAlign", "srcReg must be a RegTensor");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U> && !std::is_const_v<T>), "StoreAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(detail::runs(row), "StoreAlign",
                        "one-register stores support DIST_NORM, DIST_NORM_Bn, DIST_FIRST_ELEMENT_Bn, "
                        "DIST_PACK_Bn and DIST_PACK4_B32 only (DIST_MRGnCHN: ptosim does not run them, "
                        "docs/isa/micro.md)");
    PTOSIM_STATIC_CHECK(detail::width_fits(row, sizeof(T)), "StoreAlign",
                        "the distribution's element width (B8/B16/B32/B64) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U> && !std::is_const_v<T> &&
                  detail::runs(row) && detail::width_fits(row, sizeof(T)))
        detail::store_single<row>(dstAddr, srcReg, mask);
}

template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, U& srcReg, int32_t postUpdateStride,
                                       MaskReg& mask) {
    PTOSIM_STATIC_CHECK(postMode == PostLiteral::POST_MODE_UPDATE, "StoreAlign",
                        "the post-update form supports POST_MODE_UPDATE only");
    StoreAlign<T, dist>(dstAddr, srcReg, mask);
    dstAddr += postUpdateStride;
}

template <typename T = DefaultType, StoreDist dist, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg0, U& srcReg1, MaskReg& mask) {
    (void)mask;  // the interleaving stores ignore the mask (AscendC: "忽略mask"): every pair is written
    constexpr auto row = detail::store2_dist_row(dist);
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "StoreAlign", "srcReg0 and srcReg1 must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U> && !std::is_const_v<T>), "StoreAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(detail::runs(row), "StoreAlign",
                        "two-register stores support DIST_INTLV_B8/B16/B32 only");
    PTOSIM_STATIC_CHECK(row == detail::kNoDist || detail::width_fits(row, sizeof(T)), "StoreAlign",
                        "the distribution's element width (B8/B16/B32) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U> && !std::is_const_v<T> &&
                  detail::runs(row) && detail::width_fits(row, sizeof(T))) {
        detail::check_ub_access("StoreAlign", dstAddr, 2 * ptosim::reg::kVL, 32);
        ptosim::micro::store2(dstAddr, detail::to_vreg(srcReg0), detail::to_vreg(srcReg1), MaskReg::all(1),
                              row);
    }
}

// ---- predicate register <-> UB (32 bytes; byte k, bit b is lane 8k + b)
// -------------------------------------

template <typename T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T* srcAddr) {
    PTOSIM_STATIC_CHECK(dist == MaskDist::DIST_NORM, "LoadAlign", "predicate loads support DIST_NORM only");
    detail::check_ub_access("LoadAlign", srcAddr, MaskReg::kBytes, MaskReg::kBytes);
    uint8_t bytes[MaskReg::kBytes];
    std::memcpy(bytes, srcAddr, sizeof bytes);
    mask = MaskReg::from_bytes(bytes);
}

// Post-update form: srcAddr advances by `offset` bytes.
template <typename T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T*& srcAddr, int32_t offset) {
    PTOSIM_STATIC_CHECK(postMode == PostLiteral::POST_MODE_UPDATE, "LoadAlign",
                        "the post-update form supports POST_MODE_UPDATE only");
    LoadAlign<T, dist>(mask, srcAddr);
    srcAddr = reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(srcAddr) + static_cast<intptr_t>(offset));
}

template <typename T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, MaskReg& mask) {
    PTOSIM_STATIC_CHECK(dist == MaskDist::DIST_NORM, "StoreAlign", "predicate stores support DIST_NORM only");
    PTOSIM_STATIC_CHECK(!std::is_const_v<T>, "StoreAlign", "the UB pointer must not point to const");
    detail::check_ub_access("StoreAlign", dstAddr, MaskReg::kBytes, MaskReg::kBytes);
    const auto bytes = mask.to_bytes();
    if constexpr (!std::is_const_v<T>)
        std::memcpy(dstAddr, bytes.data(), bytes.size());
}

// Post-update form: dstAddr advances by `offset` bytes.
template <typename T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, MaskReg& mask, int32_t offset) {
    PTOSIM_STATIC_CHECK(postMode == PostLiteral::POST_MODE_UPDATE, "StoreAlign",
                        "the post-update form supports POST_MODE_UPDATE only");
    StoreAlign<T, dist>(dstAddr, mask);
    dstAddr = reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(dstAddr) + static_cast<intptr_t>(offset));
}

}  // namespace Reg
}  // namespace AscendC
