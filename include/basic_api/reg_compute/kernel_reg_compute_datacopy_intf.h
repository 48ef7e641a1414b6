// AscendC register API: moving data between the Unified Buffer and registers with aligned accesses.
//
//   LoadAlign(dstReg, srcAddr)                       one register from UB (DIST_NORM, DIST_BRC_B8/B16/B32)
//   LoadAlign<T, PostLiteral::POST_MODE_UPDATE>(dstReg, srcAddr, stride)     the same, then srcAddr += stride
//   LoadAlign<T, LoadDist::DIST_DINTLV_Bn>(dst0, dst1, srcAddr)    2 x VL de-interleaved: even / odd elements
//   StoreAlign(dstAddr, srcReg, mask)                one register to UB, masked (DIST_NORM,
//   DIST_FIRST_ELEMENT_Bn) StoreAlign<T, PostLiteral::POST_MODE_UPDATE>(dstAddr, srcReg, stride, mask)   the
//   same, then dstAddr += stride StoreAlign<T, StoreDist::DIST_INTLV_Bn>(dstAddr, src0, src1, mask)   2 x VL
//   interleaved (mask ignored) LoadAlign(maskReg, srcAddr) / StoreAlign(dstAddr, maskReg)            a
//   predicate from/to UB (32 bytes)
//
// Every access is checked (check_ub_access): alignment as AscendC documents it per distribution, and no
// access that starts in the simulated UB may run past its end. Distributions AscendC documents but ptosim
// does not model yet fail to compile, naming the distribution rule.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

namespace detail {

// Element size a distribution works on (0: any).
constexpr uint32_t load_dist_bytes(LoadDist d) {
    switch (d) {
        case LoadDist::DIST_BRC_B8:
        case LoadDist::DIST_DINTLV_B8:
            return 1;
        case LoadDist::DIST_BRC_B16:
        case LoadDist::DIST_DINTLV_B16:
            return 2;
        case LoadDist::DIST_BRC_B32:
        case LoadDist::DIST_DINTLV_B32:
            return 4;
        default:
            return 0;
    }
}
constexpr bool load_dist_single(LoadDist d) {
    return d == LoadDist::DIST_NORM || d == LoadDist::DIST_BRC_B8 || d == LoadDist::DIST_BRC_B16 ||
           d == LoadDist::DIST_BRC_B32;
}
constexpr bool load_dist_dual(LoadDist d) {
    return d == LoadDist::DIST_DINTLV_B8 || d == LoadDist::DIST_DINTLV_B16 || d == LoadDist::DIST_DINTLV_B32;
}

constexpr uint32_t store_dist_bytes(StoreDist d) {
    switch (d) {
        case StoreDist::DIST_NORM_B8:
        case StoreDist::DIST_FIRST_ELEMENT_B8:
        case StoreDist::DIST_INTLV_B8:
            return 1;
        case StoreDist::DIST_NORM_B16:
        case StoreDist::DIST_FIRST_ELEMENT_B16:
        case StoreDist::DIST_INTLV_B16:
            return 2;
        case StoreDist::DIST_NORM_B32:
        case StoreDist::DIST_FIRST_ELEMENT_B32:
        case StoreDist::DIST_INTLV_B32:
            return 4;
        default:
            return 0;
    }
}
constexpr bool store_dist_first(StoreDist d) {
    return d == StoreDist::DIST_FIRST_ELEMENT_B8 || d == StoreDist::DIST_FIRST_ELEMENT_B16 ||
           d == StoreDist::DIST_FIRST_ELEMENT_B32;
}
constexpr bool store_dist_single(StoreDist d) {
    return d == StoreDist::DIST_NORM || d == StoreDist::DIST_NORM_B8 || d == StoreDist::DIST_NORM_B16 ||
           d == StoreDist::DIST_NORM_B32 || store_dist_first(d);
}
constexpr bool store_dist_dual(StoreDist d) {
    return d == StoreDist::DIST_INTLV_B8 || d == StoreDist::DIST_INTLV_B16 || d == StoreDist::DIST_INTLV_B32;
}

// The pointer's element type must be the register's, and a sized distribution must match the element size.
template <typename T, typename R>
inline constexpr bool kSameElement = std::is_same_v<std::remove_cv_t<T>, ElemOf<R>>;

template <typename E>
inline constexpr uint32_t kSize = static_cast<uint32_t>(sizeof(E));

template <LoadDist dist, typename E, std::size_t N>
inline void load_single(std::array<E, N>& dst, const E* src) {
    if constexpr (dist == LoadDist::DIST_NORM) {
        check_ub_access("LoadAlign", src, ptosim::reg::kVL, 32);
        std::memcpy(dst.data(), src, ptosim::reg::kVL);
    } else {  // DIST_BRC_Bn: one element, broadcast
        check_ub_access("LoadAlign", src, sizeof(E), sizeof(E));
        const E v = *src;
        for (auto& e : dst)
            e = v;
    }
}

template <StoreDist dist, typename E, std::size_t N>
inline void store_single(E* dst, const std::array<E, N>& src, const MaskReg& mask) {
    if constexpr (store_dist_first(dist)) {  // ignores the mask
        check_ub_access("StoreAlign", dst, sizeof(E), sizeof(E));
        *dst = src[0];
    } else {
        // Only selected elements are written, so the access ends after the last selected one.
        uint32_t end = 0;
        for (uint32_t j = 0; j < N; ++j)
            end = mask.active<E>(j) ? j + 1 : end;
        check_ub_access("StoreAlign", dst, end * sizeof(E), 32);
        for (uint32_t j = 0; j < end; ++j) {
            if (mask.active<E>(j))
                dst[j] = src[j];
        }
    }
}

}  // namespace detail

// ---- vector register <- UB
// ----------------------------------------------------------------------------------

template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr) {
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "LoadAlign", "dstReg must be a RegTensor");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U>), "LoadAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(detail::load_dist_single(dist), "LoadAlign",
                        "one-register loads support DIST_NORM and DIST_BRC_B8/B16/B32 only");
    PTOSIM_STATIC_CHECK(detail::load_dist_bytes(dist) == 0 || detail::load_dist_bytes(dist) == sizeof(T),
                        "LoadAlign", "the distribution's element width (B8/B16/B32) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U>)
        detail::load_single<dist>(dstReg.elems, srcAddr);
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
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "LoadAlign", "dstReg0 and dstReg1 must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U>), "LoadAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(detail::load_dist_dual(dist), "LoadAlign",
                        "two-register loads support DIST_DINTLV_B8/B16/B32 only");
    PTOSIM_STATIC_CHECK(detail::load_dist_bytes(dist) == sizeof(T), "LoadAlign",
                        "the distribution's element width (B8/B16/B32) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U>) {
        detail::check_ub_access("LoadAlign", srcAddr, 2 * ptosim::reg::kVL, 32);
        for (uint32_t j = 0; j < U::kLanes; ++j) {
            dstReg0.elems[j] = srcAddr[2 * j];
            dstReg1.elems[j] = srcAddr[2 * j + 1];
        }
    }
}

// ---- UB <- vector register
// ----------------------------------------------------------------------------------

template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, MaskReg& mask) {
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "StoreAlign", "srcReg must be a RegTensor");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U> && !std::is_const_v<T>), "StoreAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(
        detail::store_dist_single(dist), "StoreAlign",
        "one-register stores support DIST_NORM, DIST_NORM_B8/B16/B32 and DIST_FIRST_ELEMENT_B8/B16/B32 "
        "only");
    PTOSIM_STATIC_CHECK(detail::store_dist_bytes(dist) == 0 || detail::store_dist_bytes(dist) == sizeof(T),
                        "StoreAlign", "the distribution's element width (B8/B16/B32) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U> && !std::is_const_v<T>)
        detail::store_single<dist>(dstAddr, srcReg.elems, mask);
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
    (void)mask;  // the interleaving stores ignore the mask (AscendC: "忽略mask")
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "StoreAlign", "srcReg0 and srcReg1 must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kSameElement<T, U> && !std::is_const_v<T>), "StoreAlign",
                        "the UB pointer's element type must be the register's element type");
    PTOSIM_STATIC_CHECK(detail::store_dist_dual(dist), "StoreAlign",
                        "two-register stores support DIST_INTLV_B8/B16/B32 only");
    PTOSIM_STATIC_CHECK(detail::store_dist_bytes(dist) == sizeof(T), "StoreAlign",
                        "the distribution's element width (B8/B16/B32) must be sizeof(T)");
    if constexpr (detail::kIsRegTensor<U> && detail::kSameElement<T, U> && !std::is_const_v<T>) {
        detail::check_ub_access("StoreAlign", dstAddr, 2 * ptosim::reg::kVL, 32);
        for (uint32_t j = 0; j < U::kLanes; ++j) {
            dstAddr[2 * j] = srcReg0.elems[j];
            dstAddr[2 * j + 1] = srcReg1.elems[j];
        }
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
