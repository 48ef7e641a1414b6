// Convolution tiles: pto-isa's ConvTileShape and ConvTile. A ConvTile is a dense tensor of one to six
// dimensions in a feature-map or weight layout (Layout::NC1HWC0, NDC1HWC0, GNC1HWC0, NCHW, GNCHW, NCDHW,
// FRACTAL_Z, FRACTAL_Z_3D), plus the img2col parameters TIMG2COL and the SETFMATRIX family read from it
// (feature-map size, pads, filter, stride, dilation, pad value, repeat settings).
//
// Like a Tile it is a handle: TASSIGN binds it to an address in the buffer of its TileType, `data() = p`
// makes it use host storage, and a ConvTile that is neither gets zero-filled storage of its own on first use.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "pto/common/type.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/conv_view.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/core/ub.hpp"

namespace pto {

namespace conv_detail {

inline constexpr int kMaxDims = ptosim::kConvMaxRank;

template <int... S>
constexpr std::array<int64_t, kMaxDims> static_dims() {
    std::array<int64_t, kMaxDims> d{};  // dimensions past the last are 0, as in pto-isa
    const int64_t in[] = {static_cast<int64_t>(S)..., 0};
    for (std::size_t i = 0; i < sizeof...(S) && i < kMaxDims; ++i)
        d[i] = in[i];
    return d;
}

template <int... S>
constexpr int dynamic_count() {
    return ((S == -1 ? 1 : 0) + ... + 0);
}

constexpr ptosim::ConvLayout conv_layout_of(Layout l) {
    switch (l) {
        case Layout::NC1HWC0:
            return ptosim::ConvLayout::NC1HWC0;
        case Layout::NDC1HWC0:
            return ptosim::ConvLayout::NDC1HWC0;
        case Layout::GNC1HWC0:
            return ptosim::ConvLayout::GNC1HWC0;
        case Layout::NCHW:
            return ptosim::ConvLayout::NCHW;
        case Layout::GNCHW:
            return ptosim::ConvLayout::GNCHW;
        case Layout::NCDHW:
            return ptosim::ConvLayout::NCDHW;
        case Layout::FRACTAL_Z:
            return ptosim::ConvLayout::FractalZ;
        case Layout::FRACTAL_Z_3D:
            return ptosim::ConvLayout::FractalZ3D;
        default:
            return ptosim::ConvLayout::Other;
    }
}

}  // namespace conv_detail

// The shape of a ConvTile: one to six extents, -1 (DYNAMIC) for one given at run time.
template <int... Shapes>
struct ConvTileShape {
    static constexpr int totalDimCount = sizeof...(Shapes);
    static constexpr int dynamicDimCount = conv_detail::dynamic_count<Shapes...>();
    static constexpr std::array<int64_t, conv_detail::kMaxDims> kStatic =
        conv_detail::static_dims<Shapes...>();
    static constexpr int64_t staticShape[conv_detail::kMaxDims] = {kStatic[0], kStatic[1], kStatic[2],
                                                                   kStatic[3], kStatic[4], kStatic[5]};
    PTOSIM_STATIC_CHECK(totalDimCount >= 1 && totalDimCount <= conv_detail::kMaxDims, "ConvTileShape",
                        "a conv tile has one to six dimensions");
    PTOSIM_STATIC_CHECK(((Shapes > 0 || Shapes == -1) && ...), "ConvTileShape",
                        "every extent must be positive or -1 (dynamic)");

    int64_t shape[conv_detail::kMaxDims] = {1, 1, 1, 1, 1, 1};

    ConvTileShape() {
        for (int i = 0; i < conv_detail::kMaxDims; ++i)
            shape[i] = staticShape[i] == -1 ? 1 : staticShape[i];
    }
    // One value per dynamic extent, in order, or (six values) every extent, the static ones ignored.
    template <typename... Ints,
              std::enable_if_t<(sizeof...(Ints) > 0) && (std::is_integral_v<Ints> && ...), int> = 0>
    explicit ConvTileShape(Ints... v) : ConvTileShape() {
        static_assert(sizeof...(Ints) == dynamicDimCount || sizeof...(Ints) == conv_detail::kMaxDims,
                      "ConvTileShape: pass one value per dynamic (-1) extent");
        const int64_t in[] = {static_cast<int64_t>(v)...};
        int k = 0;
        for (int i = 0; i < conv_detail::kMaxDims; ++i) {
            if (sizeof...(Ints) == conv_detail::kMaxDims) {
                if (staticShape[i] == -1)
                    shape[i] = in[i];
            } else if (staticShape[i] == -1) {
                shape[i] = in[k++];
            }
        }
    }
};

template <TileType Loc_, typename Element_, const int BufferSize_, Layout Layout_, typename Shape_>
struct ConvTile {
    using DType = Element_;
    using ShapeType = Shape_;
    using TileDType = DType*;  // what the tile holds on the CPU: a pointer to its storage
    static constexpr TileType Loc = Loc_;
    static constexpr int bufferSize = BufferSize_;
    static constexpr Layout layout = Layout_;
    static constexpr int totalDimCount = ShapeType::totalDimCount;
    static constexpr int dynamicDimCount = ShapeType::dynamicDimCount;
    static constexpr int64_t staticShape[conv_detail::kMaxDims] = {
        ShapeType::staticShape[0], ShapeType::staticShape[1], ShapeType::staticShape[2],
        ShapeType::staticShape[3], ShapeType::staticShape[4], ShapeType::staticShape[5]};
    static constexpr bool isDynamicDim[conv_detail::kMaxDims] = {staticShape[0] == -1, staticShape[1] == -1,
                                                                 staticShape[2] == -1, staticShape[3] == -1,
                                                                 staticShape[4] == -1, staticShape[5] == -1};

    PTOSIM_STATIC_CHECK(
        ptosim::HasDType<DType>::value, "ConvTile",
        "DType must be one of the tile element types (int8_t ... float, the 8- and 4-bit floats)");
    PTOSIM_STATIC_CHECK(totalDimCount >= 1 && totalDimCount <= conv_detail::kMaxDims, "ConvTile",
                        "a conv tile has one to six dimensions");

    int64_t shape[conv_detail::kMaxDims] = {1, 1, 1, 1, 1, 1};

    ConvTile() {
        for (int i = 0; i < conv_detail::kMaxDims; ++i)
            shape[i] = isDynamicDim[i] ? 1 : staticShape[i];
    }
    // One value per dynamic extent, in order.
    template <typename... Ints,
              std::enable_if_t<(sizeof...(Ints) > 0) && (std::is_integral_v<Ints> && ...), int> = 0>
    explicit ConvTile(Ints... dynamicVals) : ConvTile() {
        SetDynamicShape(dynamicVals...);
    }

    template <typename... Ints>
    void SetDynamicShape(Ints... vals) {
        PTOSIM_STATIC_CHECK(sizeof...(Ints) == dynamicDimCount, "ConvTile",
                            "pass one value per dynamic (-1) extent");
        PTOSIM_STATIC_CHECK((std::is_integral_v<Ints> && ...), "ConvTile", "extents are integers");
        const int64_t in[] = {static_cast<int64_t>(vals)..., 0};
        int k = 0;
        for (int i = 0; i < conv_detail::kMaxDims; ++i) {
            if (isDynamicDim[i]) {
                PTOSIM_CHECK(in[k] > 0, "ConvTile", "a dynamic extent must be positive", {"dim", i},
                             {"extent", in[k]});
                shape[i] = in[k++];
            }
        }
    }

    // Extent of dimension `dim`; -1 past the last dimension (as pto-isa).
    constexpr int64_t GetShape(int dim) const {
        if (dim < 0 || dim >= totalDimCount)
            return -1;
        return isDynamicDim[dim] ? shape[dim] : staticShape[dim];
    }

    // The storage, as a reference so that `tile.data() = p` points the tile at host storage (pto-isa's
    // idiom).
    DType*& data() const {
        if (data_ == nullptr) {
            const std::size_t bytes = view_bytes();
            auto_storage_ = ptosim::ub::allocate_auto(bytes);
            data_ = reinterpret_cast<DType*>(auto_storage_.get());
            capacity_ = bytes;
        }
        return data_;
    }

    // Bind to an address (TASSIGN); `capacity` is how many bytes from it the buffer holds.
    void AssignAddress(DType* p, std::size_t capacity) {
        auto_storage_.reset();
        data_ = p;
        capacity_ = capacity;
    }

    // The run-time view the kernel core works from.
    ptosim::ConvView view() const {
        ptosim::ConvView v;
        DType* p = data();
        v.data = reinterpret_cast<std::byte*>(p);
        v.dtype = ptosim::dtype_of<DType>;
        v.layout = conv_detail::conv_layout_of(Layout_);
        v.rank = totalDimCount;
        for (int i = 0; i < totalDimCount; ++i)
            v.dims[i] = GetShape(i);
        // After `data() = p` the capacity stays the tile's own footprint: all that is known to be there.
        v.capacity = capacity_;
        return v;
    }
    std::size_t view_bytes() const {
        int64_t n = 1;
        for (int i = 0; i < totalDimCount; ++i)
            n *= GetShape(i);
        return ptosim::dtype_bytes(ptosim::dtype_of<DType>, static_cast<std::size_t>(n));
    }

    // The img2col parameters (pto-isa's accessors, with its parameter types).
    uint16_t GetFmapH() const { return fmapH_; }
    void SetFmapH(uint16_t v) { fmapH_ = v; }
    uint16_t GetFmapW() const { return fmapW_; }
    void SetFmapW(uint16_t v) { fmapW_ = v; }
    // Pads in the order left, right, top, bottom.
    uint8_t GetPadList(uint8_t index) const {
        PTOSIM_CHECK(index < 4, "ConvTile", "pad index must be 0..3 (left, right, top, bottom)",
                     {"index", static_cast<int>(index)});
        return padList_[index];
    }
    void SetPadList(uint8_t index, uint8_t value) {
        PTOSIM_CHECK(index < 4, "ConvTile", "pad index must be 0..3 (left, right, top, bottom)",
                     {"index", static_cast<int>(index)});
        padList_[index] = value;
    }
    const uint8_t* GetPadListArray() const { return padList_; }
    void SetPadListArray(const uint8_t values[4]) {
        for (int i = 0; i < 4; ++i)
            padList_[i] = values[i];
    }
    uint16_t GetFilterH() const { return filterH_; }
    void SetFilterH(uint16_t v) { filterH_ = v; }
    uint16_t GetFilterW() const { return filterW_; }
    void SetFilterW(uint16_t v) { filterW_ = v; }
    uint8_t GetDilationH() const { return static_cast<uint8_t>(dilationH_); }
    void SetDilationH(uint8_t v) { dilationH_ = v; }
    uint8_t GetDilationW() const { return static_cast<uint8_t>(dilationW_); }
    void SetDilationW(uint8_t v) { dilationW_ = v; }
    uint8_t GetStrideH() const { return static_cast<uint8_t>(strideH_); }
    void SetStrideH(uint8_t v) { strideH_ = v; }
    uint8_t GetStrideW() const { return static_cast<uint8_t>(strideW_); }
    void SetStrideW(uint8_t v) { strideW_ = v; }
    DType GetPadValue() const { return padValue_; }
    void SetPadValue(DType v) { padValue_ = v; }
    uint16_t GetChannelSize() const { return channelSize_; }
    void SetChannelSize(uint16_t v) { channelSize_ = v; }
    uint16_t GetRepeatStride() const { return repeatStride_; }
    void SetRepeatStride(uint16_t v) { repeatStride_ = v; }
    uint16_t GetRepeatTime() const { return repeatTime_; }
    void SetRepeatTime(uint8_t v) { repeatTime_ = v; }
    uint16_t GetRepeatMode() const { return repeatMode_; }
    void SetRepeatMode(uint8_t v) { repeatMode_ = v; }
    bool GetTranspose() const { return transpose_; }
    void SetTranspose(bool v) { transpose_ = v; }
    void SetDstStride(uint16_t v) { dstStride_ = v; }
    uint16_t GetDstStride() const { return dstStride_; }
    void SetDstMposition(uint16_t v) { dstMposition_ = v; }
    uint16_t GetDstMposition() const { return dstMposition_; }

  private:
    mutable DType* data_ = nullptr;
    mutable std::size_t capacity_ = SIZE_MAX;
    mutable std::shared_ptr<std::byte[]> auto_storage_;

    uint8_t padList_[4] = {0, 0, 0, 0};
    uint16_t fmapH_ = 0;
    uint16_t fmapW_ = 0;
    uint16_t filterH_ = 1;
    uint16_t filterW_ = 1;
    uint16_t dilationH_ = 1;
    uint16_t dilationW_ = 1;
    uint16_t strideH_ = 1;
    uint16_t strideW_ = 1;
    DType padValue_{};
    uint16_t channelSize_ = 0;
    uint16_t repeatStride_ = 0;
    uint8_t repeatTime_ = 1;
    uint8_t repeatMode_ = 0;
    uint16_t dstStride_ = 0;
    uint16_t dstMposition_ = 0;
    bool transpose_ = false;
};

template <typename T>
struct is_conv_tile : std::false_type {};
template <TileType L, typename E, int B, Layout Lay, typename S>
struct is_conv_tile<ConvTile<L, E, B, Lay, S>> : std::true_type {};
template <typename T>
inline constexpr bool is_conv_tile_v = is_conv_tile<std::remove_cv_t<T>>::value;

}  // namespace pto
