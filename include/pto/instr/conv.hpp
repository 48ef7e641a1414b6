// The convolution forms of the cube side (docs/isa/TLOAD_CONV.md, TSTORE_CONV.md, TEXTRACT_CONV.md,
// TTRANS_CONV.md, TIMG2COL.md): TLOAD / TSTORE of a ConvTile, TEXTRACT of a Right operand from a FRACTAL_Z
// tile, TTRANS between conv layouts, and TIMG2COL with the registers SETFMATRIX, SET_IMG2COL_PADDING and
// SET_IMG2COL_RPT write. Each is an overload of pto-isa's instruction for ConvTile operands, more specialised
// than the Tile form, so the same call spelling reaches it.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "pto/common/conv_tile.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/cpu/MXTypes.hpp"
#include "pto/instr/tassign.hpp"
#include "pto/instr/tload.hpp"
#include "ptosim/core/arch.hpp"
#include "ptosim/core/buffers.hpp"
#include "ptosim/core/img2col_state.hpp"
#include "ptosim/ops/conv.hpp"

namespace pto {

// pto-isa's helpers the conv test kernels use: the 8- and 4-bit MX element types count one byte each.
template <typename T>
struct is_one_of_mx_types : std::disjunction<std::is_same<T, float4_e2m1x2_t>,
                                             std::is_same<T, float4_e1m2x2_t>, std::is_same<T, float8_e8m0_t>,
                                             std::is_same<T, float8_e4m3_t>, std::is_same<T, float8_e5m2_t>> {
};
template <typename T>
inline constexpr bool is_one_of_mx_types_v = is_one_of_mx_types<T>::value;
template <typename T>
constexpr int GetTypeSize() {
    if constexpr (is_one_of_mx_types_v<T>)
        return 1;
    else
        return static_cast<int>(sizeof(T));
}

namespace conv_detail {

template <typename T>
constexpr bool cube_element() {
    using U = std::remove_cv_t<T>;
    return std::is_same_v<U, int8_t> || std::is_same_v<U, uint8_t> || std::is_same_v<U, int16_t> ||
           std::is_same_v<U, uint16_t> || std::is_same_v<U, int32_t> || std::is_same_v<U, uint32_t> ||
           std::is_same_v<U, half> || std::is_same_v<U, bfloat16_t> || std::is_same_v<U, float>;
}
// TLOAD / TSTORE also move the 8-bit floats, except on A2A3 (A5's TLOAD accepts e4m3 and e5m2).
template <typename T>
constexpr bool movable_element() {
    using U = std::remove_cv_t<T>;
    return cube_element<T>() || (ptosim::kArch != ptosim::Arch::A2A3 &&
                                 (std::is_same_v<U, float8_e4m3_t> || std::is_same_v<U, float8_e5m2_t>));
}
constexpr bool copyable_layout(Layout l) {
    return l == Layout::NC1HWC0 || l == Layout::NDC1HWC0 || l == Layout::FRACTAL_Z;
}
// A 4-D FRACTAL_Z tile is [C1*H*W, N1, 16, C0]: its last two extents are fixed.
template <typename Conv>
constexpr bool fractal_z_tail_ok() {
    if constexpr ((Conv::layout == Layout::FRACTAL_Z || Conv::layout == Layout::FRACTAL_Z_3D) &&
                  Conv::totalDimCount == 4) {
        constexpr int64_t c0 = ptosim::conv_c0(ptosim::dtype_of<typename Conv::DType>);
        return Conv::staticShape[2] == 16 && Conv::staticShape[3] == c0;
    }
    return true;
}
constexpr bool ttrans_pair(Layout from, Layout to) {
    return (from == Layout::NCHW && to == Layout::NC1HWC0) ||
           (from == Layout::NC1HWC0 && to == Layout::NCHW) ||
           (from == Layout::NC1HWC0 && to == Layout::FRACTAL_Z) ||
           (from == Layout::GNCHW && to == Layout::GNC1HWC0) ||
           (from == Layout::GNC1HWC0 && to == Layout::FRACTAL_Z) ||
           (from == Layout::NCDHW && to == Layout::FRACTAL_Z_3D);
}

constexpr int register_set(SetFmatrixMode m) {
    return (m == SetFmatrixMode::FMATRIX_B_AUTO || m == SetFmatrixMode::FMATRIX_B_MANUAL) ? 1 : 0;
}
constexpr bool manual(SetFmatrixMode m) {
    return m == SetFmatrixMode::FMATRIX_A_MANUAL || m == SetFmatrixMode::FMATRIX_B_MANUAL;
}

template <typename Conv>
void write_fmatrix(const Conv& src, int set, const char* instr) {
    PTOSIM_CHECK(src.GetFmapH() > 0 && src.GetFmapW() > 0, instr, "the feature map must not be empty",
                 {"fmapH", src.GetFmapH()}, {"fmapW", src.GetFmapW()});
    auto& r = ptosim::img2col::registers(set);
    r.fmatrix = ptosim::img2col::fmatrix_word(src.GetFmapH(), src.GetFmapW(), src.GetPadListArray());
    r.fmatrix_set = true;
}
// The pad value's bits as the device's padding register holds them (a one-byte value in both low bytes).
template <typename Conv>
void write_padding(const Conv& src, int set) {
    using T = typename Conv::DType;
    const T v = src.GetPadValue();
    uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof(T));
    if constexpr (sizeof(T) == 1)
        bits = (bits << 8) | bits;
    ptosim::img2col::registers(set).padding = bits;
}
template <typename Conv>
void write_repeat(const Conv& src, int set) {
    ptosim::img2col::registers(set).repeat = ptosim::img2col::repeat_word(
        src.GetRepeatStride(), static_cast<uint8_t>(src.GetRepeatTime()),
        static_cast<uint8_t>(src.GetRepeatMode()), src.GetDstStride(), src.GetDstMposition());
}

}  // namespace conv_detail

// ---- TASSIGN: a ConvTile takes a byte offset in (or an address inside) the buffer of its TileType.
template <TileType L, typename E, int B, Layout Lay, typename S, typename AddrType>
PTO_INST void TASSIGN(ConvTile<L, E, B, Lay, S>& obj, AddrType addr) {
    const ::ptosim::hazards::Site site(__builtin_return_address(0));  // the call site of a failed check
    PTOSIM_STATIC_CHECK(
        std::is_integral_v<AddrType>, "TASSIGN",
        "a ConvTile is assigned a byte offset in its buffer or an address inside it (an integer)");
    if constexpr (std::is_signed_v<AddrType>)
        PTOSIM_CHECK(addr >= 0, "TASSIGN", "address must not be negative",
                     {"address", static_cast<long long>(addr)});
    ptosim::mem::ensure_initialized(detail::kProfileMemArch);
    const std::size_t bytes = obj.view_bytes();
    std::size_t capacity = 0;
    std::byte* p = ptosim::mem::resolve_tile_address(detail::buffer_of(L), static_cast<uint64_t>(addr), bytes,
                                                     bytes, &capacity);
    obj.AssignAddress(reinterpret_cast<E*>(p), capacity);
}

// ---- TLOAD / TSTORE of a conv tile (the global tensor carries the same layout).
// The rules TLOAD and TSTORE share, on E, Lay, Conv and GlobalData of the enclosing template; INSTR names
// the instruction in the message (a macro: static_assert needs the message as one literal).
#define PTOSIM_CONV_MOVE_CHECKS(INSTR)                                                                     \
    PTOSIM_STATIC_CHECK(conv_detail::movable_element<E>(), INSTR,                                          \
                        "a conv tile's element type must be int8_t, uint8_t, int16_t, uint16_t, int32_t, " \
                        "uint32_t, half, bfloat16_t or float (A5: also float8_e4m3_t, float8_e5m2_t)");    \
    PTOSIM_STATIC_CHECK(sizeof(E) == sizeof(typename GlobalData::RawDType), INSTR,                         \
                        "tile and global tensor element sizes must match");                                \
    PTOSIM_STATIC_CHECK(conv_detail::copyable_layout(Lay), INSTR,                                          \
                        "a conv tile's layout must be NC1HWC0, NDC1HWC0 or FRACTAL_Z");                    \
    PTOSIM_STATIC_CHECK(GlobalData::layout == Lay, INSTR,                                                  \
                        "the global tensor's layout must be the conv tile's");                             \
    PTOSIM_STATIC_CHECK(conv_detail::fractal_z_tail_ok<Conv>(), INSTR,                                     \
                        "a 4-D FRACTAL_Z tile is [C1*H*W, N1, 16, C0] with C0 = 32 / sizeof(DType)")

template <TileType L, typename E, int B, Layout Lay, typename S, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TLOAD(ConvTile<L, E, B, Lay, S>& dst, GlobalData& src, WaitEvents&... events) {
    using Conv = ConvTile<L, E, B, Lay, S>;
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TLOAD", "src must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(L == TileType::Mat, "TLOAD", "a conv tile is loaded into the L1 (TileType::Mat)");
    PTOSIM_CONV_MOVE_CHECKS("TLOAD");
    PTOSIM_TSYNC(events...);
    ptosim::ops::tload_conv(dst.view(), detail::global_view(src),
                            conv_detail::conv_layout_of(GlobalData::layout));
    return {};
}

template <TileType L, typename E, int B, Layout Lay, typename S, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, ConvTile<L, E, B, Lay, S>& src, WaitEvents&... events) {
    using Conv = ConvTile<L, E, B, Lay, S>;
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TSTORE", "dst must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(L == TileType::Mat, "TSTORE", "a conv tile is stored from the L1 (TileType::Mat)");
    PTOSIM_CONV_MOVE_CHECKS("TSTORE");
    PTOSIM_TSYNC(events...);
    ptosim::ops::tstore_conv(detail::global_view(dst), conv_detail::conv_layout_of(GlobalData::layout),
                             src.view());
    return {};
}
#undef PTOSIM_CONV_MOVE_CHECKS

// pto-isa's implementation entry, which its conv load test calls directly.
template <typename TileData, typename GlobalData>
PTO_INST void TLOAD_IMPL(TileData& dst, GlobalData& src) {
    TLOAD(dst, src);
}

// ---- TEXTRACT: whole fractals of the K x N weight matrix a FRACTAL_Z tile holds, into a Right (Zn) tile.
template <typename DstTileData, TileType L, typename E, int B, Layout Lay, typename S, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(DstTileData& dst, ConvTile<L, E, B, Lay, S>& src, uint16_t indexRow = 0,
                              uint16_t indexCol = 0, WaitEvents&... events) {
    using Conv = ConvTile<L, E, B, Lay, S>;
    PTOSIM_STATIC_CHECK(is_tile_data_v<DstTileData>, "TEXTRACT", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(L == TileType::Mat, "TEXTRACT", "a conv source tile must be TileType::Mat");
    PTOSIM_STATIC_CHECK(DstTileData::Loc == TileType::Right, "TEXTRACT",
                        "the destination of a conv extract must be TileType::Right");
    PTOSIM_STATIC_CHECK(
        DstTileData::isRowMajor && DstTileData::SFractal == SLayout::ColMajor, "TEXTRACT",
        "the destination of a conv extract must be Zn (BLayout::RowMajor, SLayout::ColMajor)");
    PTOSIM_STATIC_CHECK(Lay == Layout::FRACTAL_Z || Lay == Layout::FRACTAL_Z_3D, "TEXTRACT",
                        "a conv source tile must be FRACTAL_Z or FRACTAL_Z_3D");
    PTOSIM_STATIC_CHECK(conv_detail::cube_element<E>() && sizeof(E) == sizeof(typename DstTileData::DType),
                        "TEXTRACT",
                        "conv extract element types must be int8_t ... uint32_t, half, bfloat16_t or float, "
                        "of one size on both sides");
    PTOSIM_STATIC_CHECK(conv_detail::fractal_z_tail_ok<Conv>(), "TEXTRACT",
                        "a 4-D FRACTAL_Z tile is [C1*H*W, N1, 16, C0] with C0 = 32 / sizeof(DType)");
    PTOSIM_TSYNC(events...);
    ptosim::ops::textract_conv(dst.view(), src.view(), indexRow, indexCol);
    return {};
}

// ---- TTRANS between conv layouts (Vec tiles; tmp is the devices' scratch tile, not needed here).
template <TileType L1, typename E1, int B1, Layout Lay1, typename S1, TileType L2, typename E2, int B2,
          Layout Lay2, typename S2, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TTRANS(ConvTile<L1, E1, B1, Lay1, S1>& dst, ConvTile<L2, E2, B2, Lay2, S2>& src,
                            TileDataTmp& tmp, WaitEvents&... events) {
    (void)tmp;
    PTOSIM_STATIC_CHECK(L1 == TileType::Vec && L2 == TileType::Vec, "TTRANS",
                        "conv tiles are converted in the UB (TileType::Vec)");
    PTOSIM_STATIC_CHECK(sizeof(E1) == sizeof(E2) && IsTwinType<E1>() == IsTwinType<E2>(), "TTRANS",
                        "src and dst element types must have the same size");
    PTOSIM_STATIC_CHECK(sizeof(E1) == 1 || sizeof(E1) == 2 || sizeof(E1) == 4, "TTRANS",
                        "the element type must be 1, 2 or 4 bytes wide");
    PTOSIM_STATIC_CHECK(conv_detail::ttrans_pair(Lay2, Lay1), "TTRANS",
                        "conv tiles convert NCHW -> NC1HWC0, NC1HWC0 -> NCHW, NC1HWC0 -> FRACTAL_Z, GNCHW -> "
                        "GNC1HWC0, GNC1HWC0 -> FRACTAL_Z or NCDHW -> FRACTAL_Z_3D");
    PTOSIM_TSYNC(events...);
    ptosim::ops::ttrans_conv(dst.view(), src.view());
    return {};
}

// ---- The img2col registers. MANUAL modes write register set A or B from the tile; AUTO modes leave the
// writing to TIMG2COL.
template <typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL,
          typename... WaitEvents>
PTO_INST RecordEvent SETFMATRIX(ConvTileData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_conv_tile_v<ConvTileData>, "SETFMATRIX", "src must be a ConvTile");
    PTOSIM_TSYNC(events...);
    if constexpr (conv_detail::manual(FmatrixMode))
        conv_detail::write_fmatrix(src, conv_detail::register_set(FmatrixMode), "SETFMATRIX");
    return {};
}
template <typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL,
          typename... WaitEvents>
PTO_INST RecordEvent SET_IMG2COL_PADDING(ConvTileData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_conv_tile_v<ConvTileData>, "SET_IMG2COL_PADDING", "src must be a ConvTile");
    PTOSIM_TSYNC(events...);
    if constexpr (conv_detail::manual(FmatrixMode))
        conv_detail::write_padding(src, conv_detail::register_set(FmatrixMode));
    return {};
}
template <typename ConvTileData, SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL,
          typename... WaitEvents>
PTO_INST RecordEvent SET_IMG2COL_RPT(ConvTileData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_conv_tile_v<ConvTileData>, "SET_IMG2COL_RPT", "src must be a ConvTile");
    PTOSIM_TSYNC(events...);
    if constexpr (conv_detail::manual(FmatrixMode))
        conv_detail::write_repeat(src, conv_detail::register_set(FmatrixMode));
    return {};
}

// ---- TIMG2COL: dst(r, c) = the img2col matrix at (posM + r, posK + c) of the NC1HWC0 / NDC1HWC0 source.
template <typename TileData, typename ConvTileData,
          SetFmatrixMode FmatrixMode = SetFmatrixMode::FMATRIX_A_MANUAL, typename... WaitEvents>
PTO_INST RecordEvent TIMG2COL(TileData& dst, ConvTileData& src, uint16_t posM = 0, uint16_t posK = 0,
                              WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TIMG2COL", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(is_conv_tile_v<ConvTileData>, "TIMG2COL", "src must be a ConvTile");
    PTOSIM_STATIC_CHECK(ConvTileData::Loc == TileType::Mat, "TIMG2COL", "src must be TileType::Mat");
    PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Left, "TIMG2COL", "dst must be TileType::Left");
    PTOSIM_STATIC_CHECK(ConvTileData::layout == Layout::NC1HWC0 || ConvTileData::layout == Layout::NDC1HWC0,
                        "TIMG2COL", "src must be NC1HWC0 or NDC1HWC0");
    PTOSIM_STATIC_CHECK(!TileData::isRowMajor && TileData::SFractal == SLayout::RowMajor, "TIMG2COL",
                        "dst must be Nz (BLayout::ColMajor, SLayout::RowMajor)");
    PTOSIM_STATIC_CHECK((std::is_same_v<typename TileData::DType, typename ConvTileData::DType>), "TIMG2COL",
                        "dst and src element types must be the same");
    PTOSIM_STATIC_CHECK(
        conv_detail::cube_element<typename TileData::DType>(), "TIMG2COL",
        "the element type must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, "
        "bfloat16_t or float");
    PTOSIM_TSYNC(events...);
    constexpr int set = conv_detail::register_set(FmatrixMode);
    if constexpr (!conv_detail::manual(FmatrixMode)) {
        conv_detail::write_fmatrix(src, set, "TIMG2COL");
        conv_detail::write_repeat(src, set);
        conv_detail::write_padding(src, set);
    }
    const auto& r = ptosim::img2col::registers(set);
    PTOSIM_CHECK(
        r.fmatrix_set, "TIMG2COL",
        "the feature-map register is not set: call SETFMATRIX with this mode first (or use an AUTO mode)",
        {"register_set", set == 0 ? "A" : "B"});
    ptosim::Img2colSpec spec;
    spec.fmap_h = ptosim::img2col::fmatrix_h(r.fmatrix);
    spec.fmap_w = ptosim::img2col::fmatrix_w(r.fmatrix);
    spec.pad_left = ptosim::img2col::fmatrix_pad(r.fmatrix, 0);
    spec.pad_right = ptosim::img2col::fmatrix_pad(r.fmatrix, 1);
    spec.pad_top = ptosim::img2col::fmatrix_pad(r.fmatrix, 2);
    spec.pad_bottom = ptosim::img2col::fmatrix_pad(r.fmatrix, 3);
    spec.stride_h = src.GetStrideH();
    spec.stride_w = src.GetStrideW();
    spec.dilation_h = src.GetDilationH();
    spec.dilation_w = src.GetDilationW();
    spec.filter_h = src.GetFilterH();
    spec.filter_w = src.GetFilterW();
    spec.pad_bits = r.padding;
    ptosim::ops::timg2col(dst.view(), src.view(), spec, posM, posK);
    return {};
}

}  // namespace pto
