// Tiles and global tensors: pto-isa's Tile, Shape, Stride and GlobalTensor, with the same template
// parameters, defaults and members.
//
// A Tile is a handle: an address in the simulated Unified Buffer (after TASSIGN) or, for a tile that is never
// assigned ("auto mode"), zero-filled storage of its own that copies of the handle share. Its layout is an
// object (ptosim::Layout) from which kernels take contiguous row spans.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <source_location>
#include <type_traits>

#include "pto/common/constants.hpp"
#include "pto/common/conv_tile.hpp"  // pto-isa declares ConvTile in this header
#include "pto/common/type.hpp"
#include "ptosim/core/buffers.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/core/layout.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/sync/hazards.hpp"

namespace pto {

constexpr int DYNAMIC = -1;

namespace detail {

// The run-time extents live in a base of their own, under pto-isa's names: `Shape::shape[dim]` and
// `Stride::stride[dim]` (public, as kernels write `gs.shape[3] = valid` and pass gs to a GlobalTensor).
struct ShapeValues {
    int64_t shape[5] = {};
    constexpr int64_t* extents() { return shape; }
    constexpr const int64_t* extents() const { return shape; }
};
struct StrideValues {
    int64_t stride[5] = {};
    constexpr int64_t* extents() { return stride; }
    constexpr const int64_t* extents() const { return stride; }
};

template <typename Values, int64_t... N>
struct Dims5 : Values {
    static_assert(sizeof...(N) == 5, "Shape/Stride: exactly five dimensions");
    static constexpr int64_t kStatic[5] = {N...};
    static constexpr int kDynamicCount = ((N == DYNAMIC ? 1 : 0) + ...);

    constexpr Dims5() {
        for (int i = 0; i < 5; ++i)
            this->extents()[i] = kStatic[i] == DYNAMIC ? 1 : kStatic[i];
    }
    // Either all five extents (static ones are ignored) or exactly one value per dynamic extent, in order.
    template <typename... Ints,
              std::enable_if_t<(sizeof...(Ints) > 0) && (std::is_integral_v<Ints> && ...), int> = 0>
    constexpr explicit Dims5(Ints... v) : Dims5() {
        static_assert(sizeof...(Ints) == 5 || sizeof...(Ints) == kDynamicCount,
                      "Shape/Stride: pass all five extents or exactly one value per dynamic (-1) extent");
        const int64_t in[] = {static_cast<int64_t>(v)...};
        if constexpr (sizeof...(Ints) == 5) {
            for (int i = 0; i < 5; ++i) {
                if (kStatic[i] == DYNAMIC)
                    this->extents()[i] = in[i];
            }
        } else {
            int k = 0;
            for (int i = 0; i < 5; ++i) {
                if (kStatic[i] == DYNAMIC)
                    this->extents()[i] = in[k++];
            }
        }
    }
    constexpr int64_t operator[](int dim) const { return this->extents()[dim]; }
};

}  // namespace detail

template <int64_t N1 = DYNAMIC, int64_t N2 = DYNAMIC, int64_t N3 = DYNAMIC, int64_t N4 = DYNAMIC,
          int64_t N5 = DYNAMIC>
struct Shape : detail::Dims5<detail::ShapeValues, N1, N2, N3, N4, N5> {
    using Base = detail::Dims5<detail::ShapeValues, N1, N2, N3, N4, N5>;
    using Base::Base;
    static constexpr int64_t staticShape[5] = {N1, N2, N3, N4, N5};
    constexpr Shape() = default;
};

template <int64_t S1 = DYNAMIC, int64_t S2 = DYNAMIC, int64_t S3 = DYNAMIC, int64_t S4 = DYNAMIC,
          int64_t S5 = DYNAMIC>
struct Stride : detail::Dims5<detail::StrideValues, S1, S2, S3, S4, S5> {
    using Base = detail::Dims5<detail::StrideValues, S1, S2, S3, S4, S5>;
    using Base::Base;
    static constexpr int64_t staticStride[5] = {S1, S2, S3, S4, S5};
    constexpr Stride() = default;
};

// `Shape(1, 1, 1, r, c)` and `Stride(a, b, c, d, 1)` without template arguments: every extent is dynamic
// (class template argument deduction does not see the inherited constructors, so the guides say it).
template <typename... Ints,
          std::enable_if_t<sizeof...(Ints) == 5 && (std::is_integral_v<Ints> && ...), int> = 0>
Shape(Ints...) -> Shape<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;
template <typename... Ints,
          std::enable_if_t<sizeof...(Ints) == 5 && (std::is_integral_v<Ints> && ...), int> = 0>
Stride(Ints...) -> Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;

// A tensor in global memory: pointer + five extents + five strides (in elements) + layout (ND or DN).
template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND>
struct GlobalTensor {
    using RawDType = std::remove_cv_t<Element_>;
    using DType = Element_;
    using Shape = Shape_;
    using Stride = Stride_;
    static constexpr Layout layout = Layout_;
    static constexpr int64_t staticShape[5] = {Shape_::staticShape[0], Shape_::staticShape[1],
                                               Shape_::staticShape[2], Shape_::staticShape[3],
                                               Shape_::staticShape[4]};
    static constexpr int64_t staticStride[5] = {Stride_::staticStride[0], Stride_::staticStride[1],
                                                Stride_::staticStride[2], Stride_::staticStride[3],
                                                Stride_::staticStride[4]};

    GlobalTensor() = default;
    GlobalTensor(DType* data, const Shape& shape = Shape(),
                 const Stride& stride = Stride())  // NOLINT(implicit)
        : data_(data), shape_(shape), stride_(stride) {}

    DType* data() const { return data_; }
    void SetAddr(DType* data) { data_ = data; }

    int64_t GetShape(int dim) const { return shape_.shape[dim]; }
    int64_t GetStride(int dim) const { return stride_.stride[dim]; }
    template <int dim>
    static constexpr int64_t GetShape() {
        static_assert(Shape_::staticShape[dim] != DYNAMIC,
                      "GlobalTensor: this dimension is dynamic; use GetShape(dim)");
        return Shape_::staticShape[dim];
    }
    template <int dim>
    static constexpr int64_t GetStride() {
        static_assert(Stride_::staticStride[dim] != DYNAMIC,
                      "GlobalTensor: this stride is dynamic; use GetStride(dim)");
        return Stride_::staticStride[dim];
    }
    template <int... dims, typename... Ints>
    void SetShape(Ints... values) {
        static_assert(sizeof...(dims) == sizeof...(Ints), "GlobalTensor: one value per dimension");
        static_assert(((Shape_::staticShape[dims] == DYNAMIC) && ...),
                      "GlobalTensor: only dynamic extents can be set");
        ((shape_.shape[dims] = static_cast<int64_t>(values)), ...);
    }
    template <int... dims, typename... Ints>
    void SetStride(Ints... values) {
        static_assert(sizeof...(dims) == sizeof...(Ints), "GlobalTensor: one value per dimension");
        static_assert(((Stride_::staticStride[dims] == DYNAMIC) && ...),
                      "GlobalTensor: only dynamic strides can be set");
        ((stride_.stride[dims] = static_cast<int64_t>(values)), ...);
    }

    DType& operator()(int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4) const {
        return data_[Offset(i0, i1, i2, i3, i4)];
    }
    // Element access by element offset from data(), or by the five indices through the strides.
    DType GetElement(std::size_t offset) const { return data_[offset]; }
    void SetElement(std::size_t offset, const DType& v) { data_[offset] = v; }
    DType GetElement(int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4) const {
        return data_[Offset(i0, i1, i2, i3, i4)];
    }
    void SetElement(int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4, const DType& v) {
        data_[Offset(i0, i1, i2, i3, i4)] = v;
    }
    // data[...] += v under one process-wide lock (pto-isa's atomic accumulate of the CPU model).
    void AddToElement(std::size_t offset, const DType& v) {
        std::lock_guard<std::mutex> lock(ptosim::element_lock());
        data_[offset] = static_cast<RawDType>(data_[offset] + v);
    }
    void AddToElement(int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4, const DType& v) {
        AddToElement(static_cast<std::size_t>(Offset(i0, i1, i2, i3, i4)), v);
    }

    static inline const Shape_ defaultShape{};
    static inline const Stride_ defaultStride{};

  private:
    int64_t Offset(int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4) const {
        return i0 * GetStride(0) + i1 * GetStride(1) + i2 * GetStride(2) + i3 * GetStride(3) +
               i4 * GetStride(4);
    }

    DType* data_ = nullptr;
    Shape shape_{};
    Stride stride_{};
};

// Global pointers carry no address-space qualifier on the CPU.
template <typename T>
struct remove_gm {
    using type = T;
};
template <typename T>
using remove_gm_t = typename remove_gm<T>::type;

// 2-D helpers for GlobalTensor shapes and strides (pto-isa names): a rows x cols matrix in Layout::ND
// (row-major), Layout::DN (column-major) or Layout::NZ (the cube's fractal order: C0-wide column blocks of
// 16-row fractals, C0 = 32 bytes of elements).
namespace detail {
constexpr int64_t dyn_or(int64_t a, int64_t v) {
    return a == DYNAMIC ? DYNAMIC : v;
}
constexpr int64_t dyn_or(int64_t a, int64_t b, int64_t v) {
    return a == DYNAMIC || b == DYNAMIC ? DYNAMIC : v;
}
template <typename T, int64_t rows, int64_t cols, Layout L>
struct Matrix2D {
    static_assert(
        L == Layout::ND || L == Layout::DN || L == Layout::NZ,
        "TileShape2D: the layout must be Layout::ND, Layout::DN, Layout::NZ or an MX layout (MX_A_ZZ, "
        "MX_A_ND, MX_A_DN, MX_B_NN, MX_B_ND, MX_B_DN)");
    static constexpr int64_t C0 = 32 / static_cast<int64_t>(sizeof(T));
    using ShapeT = std::conditional_t<L == Layout::NZ,
                                      Shape<1, dyn_or(cols, cols / C0), dyn_or(rows, rows / 16), 16, C0>,
                                      Shape<1, 1, 1, rows, cols>>;
    using StrideT = std::conditional_t<
        L == Layout::ND,
        Stride<dyn_or(rows, cols, rows* cols), dyn_or(rows, cols, rows* cols), dyn_or(rows, cols, rows* cols),
               cols, 1>,
        std::conditional_t<L == Layout::DN,
                           Stride<dyn_or(rows, cols, rows* cols), dyn_or(rows, cols, rows* cols),
                                  dyn_or(rows, cols, rows* cols), 1, rows>,
                           Stride<dyn_or(rows, cols, rows* cols), dyn_or(rows, rows* C0), 16 * C0, C0, 1>>>;
    static ShapeT shape(int64_t r, int64_t c) {
        return L == Layout::NZ ? ShapeT(1, c / C0, r / 16, 16, C0) : ShapeT(1, 1, 1, r, c);
    }
    static StrideT stride(int64_t r, int64_t c) {
        if constexpr (L == Layout::ND)
            return StrideT(r * c, r * c, r * c, c, 1);
        else if constexpr (L == Layout::DN)
            return StrideT(r * c, r * c, r * c, 1, r);
        else
            return StrideT(r * c, r * C0, 16 * C0, C0, 1);
    }
};

// A rows x cols matrix of MX block scales in one of pto-isa's MX layouts (pto/instr/tload_mx.hpp loads them):
// pairs of MX_COL_LEN = 2 scales along K (columns of an "A" matrix, rows of a "B" one), MX_A_ZZ / MX_B_NN
// grouped further into boxes of MX_ROW_LEN = 16 pairs (MX_BLOCK_SIZE = 32 scales).
template <int64_t rows, int64_t cols, Layout L>
struct MxMatrix2D {
    static constexpr bool kA = L == Layout::MX_A_ZZ || L == Layout::MX_A_ND || L == Layout::MX_A_DN;
    PTOSIM_STATIC_CHECK(kA ? (cols == DYNAMIC || cols % MX_COL_LEN == 0)
                           : (rows == DYNAMIC || rows % MX_COL_LEN == 0),
                        "TileShape2D",
                        "an MX layout pairs scales along K: cols (MX_A_*) or rows (MX_B_*) must be even");
    static constexpr int64_t kP = MX_COL_LEN, kB = MX_ROW_LEN;
    // The five extents, then the five strides, of pto-isa's specialisations; an extent or stride that depends
    // on a dynamic (-1) rows or cols is dynamic (dyn_or), so the same function serves the static types and
    // the (rows, cols) constructors.
    static constexpr std::array<int64_t, 10> dims(int64_t r, int64_t c) {
        const int64_t rc = dyn_or(r, c, r * c);
        switch (L) {
            case Layout::MX_A_ZZ:
                return {1,  dyn_or(r, r / kB), dyn_or(c, c / kP), kB, kP,
                        rc, dyn_or(c, c * kB), kB * kP,           kP, 1};
            case Layout::MX_A_ND:
                return {1, 1, r, dyn_or(c, c / kP), kP, rc, rc, c, kP, 1};
            case Layout::MX_A_DN:
                return {1, 1, dyn_or(c, c / kP), r, kP, rc, rc, dyn_or(r, r * kP), kP, 1};
            case Layout::MX_B_NN:
                return {1,  dyn_or(c, c / kB), dyn_or(r, r / kP), kB, kP,
                        rc, dyn_or(r, r * kB), kB * kP,           kP, 1};
            case Layout::MX_B_ND:
                return {1, 1, dyn_or(r, r / kP), c, kP, rc, rc, dyn_or(c, c * kP), kP, 1};
            default:  // MX_B_DN
                return {1, 1, c, dyn_or(r, r / kP), kP, rc, rc, r, kP, 1};
        }
    }
    static constexpr std::array<int64_t, 10> kDims = dims(rows, cols);
    using ShapeT = Shape<kDims[0], kDims[1], kDims[2], kDims[3], kDims[4]>;
    using StrideT = Stride<kDims[5], kDims[6], kDims[7], kDims[8], kDims[9]>;
    static ShapeT shape(int64_t r, int64_t c) {
        const auto d = dims(r, c);
        return ShapeT(d[0], d[1], d[2], d[3], d[4]);
    }
    static StrideT stride(int64_t r, int64_t c) {
        const auto d = dims(r, c);
        return StrideT(d[5], d[6], d[7], d[8], d[9]);
    }
};

constexpr bool is_mx_matrix_layout(Layout L) {
    return L == Layout::MX_A_ZZ || L == Layout::MX_A_ND || L == Layout::MX_A_DN || L == Layout::MX_B_NN ||
           L == Layout::MX_B_ND || L == Layout::MX_B_DN;
}
template <typename T, int64_t rows, int64_t cols, Layout L>
using Matrix2DOf =
    std::conditional_t<is_mx_matrix_layout(L), MxMatrix2D<rows, cols, L>, Matrix2D<T, rows, cols, L>>;

}  // namespace detail

template <typename T, int64_t rows = DYNAMIC, int64_t cols = DYNAMIC, Layout L = Layout::ND>
struct TileShape2D : detail::Matrix2DOf<T, rows, cols, L>::ShapeT {
    using Parent = typename detail::Matrix2DOf<T, rows, cols, L>::ShapeT;
    TileShape2D() = default;
    TileShape2D(int64_t r, int64_t c) : Parent(detail::Matrix2DOf<T, rows, cols, L>::shape(r, c)) {}
};

template <typename T, int64_t rows = DYNAMIC, int64_t cols = DYNAMIC, Layout L = Layout::ND>
struct BaseShape2D : detail::Matrix2DOf<T, rows, cols, L>::StrideT {
    using Parent = typename detail::Matrix2DOf<T, rows, cols, L>::StrideT;
    BaseShape2D() = default;
    BaseShape2D(int64_t r, int64_t c) : Parent(detail::Matrix2DOf<T, rows, cols, L>::stride(r, c)) {}
};

namespace TileConfig {
constexpr int alignedSize = 32;
constexpr int fixedRowSize = 16;
constexpr int fixedColSize = 16;
constexpr int fixedMxRowSize = 16;
constexpr int fixedMxColSize = 2;
constexpr int fractalABSize = 512;
constexpr int fractalCSize = 1024;
constexpr int fractalMxSize = 32;
}  // namespace TileConfig

namespace detail {
template <typename T>
inline constexpr bool is_tile_element_v = ptosim::HasDType<T>::value;
}  // namespace detail

template <TileType Loc_, typename Element_, int Rows_, int Cols_, BLayout BFractal_ = BLayout::RowMajor,
          int RowValid_ = Rows_, int ColValid_ = Cols_, SLayout SFractal_ = SLayout::NoneBox,
          int SFractalSize_ = TileConfig::fractalABSize, auto PadVal_ = PadValue::Null,
          CompactMode Compact_ = CompactMode::Null>
struct Tile {
    using DType = Element_;
    PTOSIM_STATIC_CHECK(
        detail::is_tile_element_v<DType>, "Tile",
        "DType must be int8_t..uint64_t, int4b_t, half, bfloat16_t, float, double or one of the 8-bit "
        "and 4-bit float types (float8_e4m3_t, ..., float4_e2m1x2_t)");

    static constexpr TileType Loc = Loc_;
    static constexpr int Rows = Rows_;
    static constexpr int Cols = Cols_;
    static constexpr int ValidRow = RowValid_;
    static constexpr int ValidCol = ColValid_;
    static constexpr BLayout BFractal = BFractal_;
    static constexpr SLayout SFractal = SFractal_;
    static constexpr int SFractalSize = SFractalSize_;
    static constexpr auto PadVal = PadVal_;
    static constexpr CompactMode Compact = Compact_;
    static constexpr int Numel = Rows * Cols;
    static constexpr bool isRowMajor = BFractal_ == BLayout::RowMajor;
    static constexpr int RowStride = isRowMajor ? Cols : 1;
    static constexpr int ColStride = isRowMajor ? 1 : Rows;
    static constexpr bool isBoxedLayout = SFractal_ != SLayout::NoneBox;
    static constexpr bool isInnerRowMajor = SFractal_ == SLayout::RowMajor;
    static constexpr bool isInnerColMajor = SFractal_ == SLayout::ColMajor;
    using TileDType = DType*;  // what the tile holds on the CPU: a pointer into its buffer

  public:
    // The box layout (ptosim::tile_layout, shared with the PTO-AS module form): SLayout as 0 / 1 / 2.
    static constexpr ptosim::Layout layout =
        ptosim::tile_layout(isRowMajor, static_cast<int>(SFractal_), SFractalSize_, Rows, Cols,
                            static_cast<int32_t>(sizeof(DType)));
    static constexpr int InnerRows = layout.inner_rows;
    static constexpr int InnerCols = layout.inner_cols;
    static constexpr int InnerNumel = InnerRows * InnerCols;

    PTOSIM_STATIC_CHECK(Rows > 0 && Cols > 0, "Tile", "Rows and Cols must be positive");
    PTOSIM_STATIC_CHECK(ValidRow == DYNAMIC || (ValidRow >= 0 && ValidRow <= Rows), "Tile",
                        "ValidRow must be -1 (dynamic) or between 0 and Rows");
    PTOSIM_STATIC_CHECK(ValidCol == DYNAMIC || (ValidCol >= 0 && ValidCol <= Cols), "Tile",
                        "ValidCol must be -1 (dynamic) or between 0 and Cols");
    PTOSIM_STATIC_CHECK(SFractalSize_ == TileConfig::fractalABSize ||
                            SFractalSize_ == TileConfig::fractalCSize ||
                            SFractalSize_ == TileConfig::fractalMxSize,
                        "Tile", "SFractalSize must be 512, 1024 or 32");
    PTOSIM_STATIC_CHECK(isBoxedLayout || !isRowMajor || (Cols * sizeof(DType)) % TileConfig::alignedSize == 0,
                        "Tile",
                        "a row-major tile's row (Cols * sizeof(DType)) must be a multiple of 32 bytes");
    PTOSIM_STATIC_CHECK(isBoxedLayout || isRowMajor || (Rows * sizeof(DType)) % TileConfig::alignedSize == 0,
                        "Tile",
                        "a column-major tile's column (Rows * sizeof(DType)) must be a multiple of 32 bytes");
    PTOSIM_STATIC_CHECK(!isBoxedLayout || Cols % InnerCols == 0, "Tile",
                        "a boxed (fractal) tile's Cols must be a multiple of the box's columns");
    PTOSIM_STATIC_CHECK(
        !isBoxedLayout || Rows % InnerRows == 0 || Rows == 1 || SFractalSize_ == TileConfig::fractalMxSize,
        "Tile",
        "a boxed (fractal) tile's Rows must be a multiple of the box's rows (except a one-row "
        "tile or an MX scale tile)");

    Tile() = default;

    template <int VR = ValidRow, int VC = ValidCol, std::enable_if_t<VR == DYNAMIC && VC == DYNAMIC, int> = 0>
    Tile(std::size_t validRow, std::size_t validCol) {
        SetValidShape(static_cast<unsigned>(validRow), static_cast<unsigned>(validCol));
    }
    template <int VR = ValidRow, int VC = ValidCol, std::enable_if_t<VR == DYNAMIC && VC != DYNAMIC, int> = 0>
    explicit Tile(std::size_t validRow) {
        SetValidRow(static_cast<unsigned>(validRow));
    }
    template <int VR = ValidRow, int VC = ValidCol, std::enable_if_t<VR != DYNAMIC && VC == DYNAMIC, int> = 0>
    explicit Tile(std::size_t validCol) {
        SetValidCol(static_cast<unsigned>(validCol));
    }

    template <int VR = ValidRow, std::enable_if_t<(VR != DYNAMIC), int> = 0>
    static constexpr unsigned GetValidRow() {
        return static_cast<unsigned>(VR);
    }
    template <int VR = ValidRow, std::enable_if_t<(VR == DYNAMIC), int> = 0>
    unsigned GetValidRow() const {
        return RowMaskInternal;
    }
    template <int VC = ValidCol, std::enable_if_t<(VC != DYNAMIC), int> = 0>
    static constexpr unsigned GetValidCol() {
        return static_cast<unsigned>(VC);
    }
    template <int VC = ValidCol, std::enable_if_t<(VC == DYNAMIC), int> = 0>
    unsigned GetValidCol() const {
        return ColMaskInternal;
    }

    void SetValidRow(unsigned r) {
        PTOSIM_STATIC_CHECK(ValidRow == DYNAMIC, "Tile", "only a dynamic (-1) ValidRow can be set");
        PTOSIM_CHECK(r <= static_cast<unsigned>(Rows), "Tile", "valid rows must not exceed Rows",
                     {"validRow", r}, {"Rows", Rows});
        RowMaskInternal = r;
    }
    void SetValidCol(unsigned c) {
        PTOSIM_STATIC_CHECK(ValidCol == DYNAMIC, "Tile", "only a dynamic (-1) ValidCol can be set");
        PTOSIM_CHECK(c <= static_cast<unsigned>(Cols), "Tile", "valid columns must not exceed Cols",
                     {"validCol", c}, {"Cols", Cols});
        ColMaskInternal = c;
    }
    void SetValidShape(unsigned r, unsigned c) {
        SetValidRow(r);
        SetValidCol(c);
    }

    // Elements stored two per byte (the 4-bit types) take half as many units.
    static constexpr bool kTwin = ptosim::dtype_is_twin(ptosim::dtype_of<DType>);
    static constexpr std::size_t GetSizeInUnits() {
        return static_cast<std::size_t>(kTwin ? Numel / 2 : Numel);
    }
    static constexpr std::size_t GetSizeInBytes() { return GetSizeInUnits() * sizeof(DType); }

    // The tile's storage; a tile that was never assigned gets zero-filled storage of its own here. A
    // reference, as in pto-isa, so that `tile.data() = p` points the tile at other storage (its capacity
    // stays the tile's size).
    DType*& data() const {
        if (data_ == nullptr) {
            auto_storage_ = ptosim::ub::allocate_auto(GetSizeInBytes());
            data_ = reinterpret_cast<DType*>(auto_storage_.get());
            capacity_ = GetSizeInBytes();
        }
        return data_;
    }
    bool IsAssigned() const { return data_ != nullptr && auto_storage_ == nullptr; }

    // Element access by storage offset (GetValue/SetValue) and by logical position (GetElement/SetElement).
    // For the 4-bit types an offset counts elements (nibbles): element i is the low nibble of byte i / 2 when
    // i is even, the high nibble when odd.
    // GetValue / SetValue are the kernel's scalar accesses: the hazard checker sees them on the S pipe, at
    // their call site.
    DType GetValue(uint32_t offset, std::source_location where = std::source_location::current()) const {
        if (ptosim::hazards::enabled() && ptosim::hazards::checking()) [[unlikely]]
            scalar_access("GetValue", offset, false, where);
        return load(offset);
    }
    void SetValue(uint32_t offset, DType v, std::source_location where = std::source_location::current()) {
        if (ptosim::hazards::enabled() && ptosim::hazards::checking()) [[unlikely]]
            scalar_access("SetValue", offset, true, where);
        store(offset, v);
    }
    DType GetElement(int64_t r, int64_t c) const { return load(layout.offset(r, c)); }
    void SetElement(int64_t r, int64_t c, const DType& v) { store(layout.offset(r, c), v); }
    // data()[(r, c)] += v, under one process-wide lock (pto-isa's atomic accumulate of the CPU model).
    void AddToElement(int64_t r, int64_t c, const DType& v) {
        std::lock_guard<std::mutex> lock(ptosim::element_lock());
        const std::size_t i = layout.offset(r, c);
        store(i, static_cast<DType>(load(i) + v));
    }

    // Box shape of a fractal layout (1 x 1 for the plain layouts).
    static constexpr int getInnerRow() { return InnerRows; }
    static constexpr int getInnerCol() { return InnerCols; }

    // The cube's "K aligned" hint a kernel may set on an operand tile; the CPU model only records it.
    bool GetKAligned() const { return isKAligned_; }
    void SetKAligned(bool aligned) { isKAligned_ = aligned; }

    // The run-time view the kernel core works from.
    ptosim::TileView view() const {
        ptosim::TileView v{reinterpret_cast<std::byte*>(data()), ptosim::dtype_of<DType>, layout,
                           static_cast<int32_t>(GetValidRow()), static_cast<int32_t>(GetValidCol())};
        v.capacity = capacity_;
        return v;
    }

    // Bind to an address (used by TASSIGN); `capacity` is how many bytes from it the buffer holds.
    void AssignAddress(DType* p, std::size_t capacity = GetSizeInBytes()) {
        auto_storage_.reset();
        data_ = p;
        capacity_ = capacity;
    }

    unsigned RowMaskInternal = ValidRow == DYNAMIC ? Rows : ValidRow;
    unsigned ColMaskInternal = ValidCol == DYNAMIC ? Cols : ValidCol;

  private:
    void scalar_access(const char* name, std::size_t i, bool write, const std::source_location& where) const {
        const ptosim::hazards::Site site(ptosim::hazards::Location{where.file_name(), where.line(), nullptr});
        ptosim::hazards::Scope hz(name, ptosim::hazards::Pipe::S);
        const std::size_t bytes = kTwin ? 1 : sizeof(DType);
        const std::byte* p = reinterpret_cast<const std::byte*>(data()) + (kTwin ? i / 2 : i * sizeof(DType));
        if (write)
            hz.write(p, bytes);
        else
            hz.read(p, bytes);
    }
    DType load(std::size_t i) const {
        if constexpr (kTwin) {
            const uint8_t byte = reinterpret_cast<const uint8_t*>(data())[i / 2];
            return DType::FromRaw(static_cast<uint8_t>((byte >> ((i % 2) * 4)) & 0xFu));
        } else {
            return data()[i];
        }
    }
    void store(std::size_t i, const DType& v) {
        if constexpr (kTwin) {
            uint8_t& byte = reinterpret_cast<uint8_t*>(data())[i / 2];
            const unsigned shift = (i % 2) * 4;
            byte = static_cast<uint8_t>((byte & ~(0xFu << shift)) | ((v.RawData() & 0xFu) << shift));
        } else {
            data()[i] = v;
        }
    }

    mutable DType* data_ = nullptr;
    mutable std::size_t capacity_ = GetSizeInBytes();
    mutable std::shared_ptr<std::byte[]> auto_storage_;
    bool isKAligned_ = false;
};

// Aliases for the cube operand tiles (A5 layouts).
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeft = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                      SLayout::RowMajor, TileConfig::fractalABSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRight = Tile<TileType::Right, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                       SLayout::ColMajor, TileConfig::fractalABSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileAcc = Tile<TileType::Acc, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                     SLayout::RowMajor, TileConfig::fractalCSize>;

// The same with CompactMode::Normal (the devices' packed Acc source stride; offsets are unchanged).
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeftCompact =
    Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_, SLayout::RowMajor,
         TileConfig::fractalABSize, PadValue::Null, CompactMode::Normal>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRightCompact =
    Tile<TileType::Right, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_, SLayout::ColMajor,
         TileConfig::fractalABSize, PadValue::Null, CompactMode::Normal>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileAccCompact = Tile<TileType::Acc, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                            SLayout::RowMajor, TileConfig::fractalCSize, PadValue::Null, CompactMode::Normal>;
// The MX scale tiles (E8M0 exponents, one per 32 elements of K): Zz boxes of 16 x 2 for the left operand's,
// Nn boxes of 2 x 16 for the right operand's; they live in the MX scale buffers (L0A_MX / L0B_MX).
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeftScale = Tile<TileType::ScaleLeft, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_,
                           ColValid_, SLayout::RowMajor, TileConfig::fractalMxSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeftScaleCompact =
    Tile<TileType::ScaleLeft, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
         SLayout::RowMajor, TileConfig::fractalMxSize, PadValue::Null, CompactMode::Normal>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRightScale = Tile<TileType::ScaleRight, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_,
                            ColValid_, SLayout::ColMajor, TileConfig::fractalMxSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRightScaleCompact =
    Tile<TileType::ScaleRight, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
         SLayout::ColMajor, TileConfig::fractalMxSize, PadValue::Null, CompactMode::Normal>;

template <typename T>
struct is_tile : std::false_type {};
template <TileType L, typename E, int R, int C, BLayout B, int VR, int VC, SLayout S, int F, auto P,
          CompactMode M>
struct is_tile<Tile<L, E, R, C, B, VR, VC, S, F, P, M>> : std::true_type {};
template <typename T>
struct is_global : std::false_type {};
template <typename E, typename S, typename St, Layout L>
struct is_global<GlobalTensor<E, S, St, L>> : std::true_type {};

template <typename T>
inline constexpr bool is_tile_data_v = is_tile<std::remove_cv_t<T>>::value;
template <typename T>
inline constexpr bool is_global_data_v = is_global<std::remove_cv_t<T>>::value;

// Element offset of logical position (r, c) in a tile of type TileT, for every supported layout.
template <typename TileT>
constexpr std::size_t GetTileElementOffset(std::size_t r, std::size_t c) {
    static_assert(is_tile_data_v<TileT>, "GetTileElementOffset: TileT must be a Tile type");
    return TileT::layout.offset(static_cast<int64_t>(r), static_cast<int64_t>(c));
}
template <typename TileT>
constexpr std::size_t GetTileOffset(int r, int c) {
    return GetTileElementOffset<TileT>(static_cast<std::size_t>(r), static_cast<std::size_t>(c));
}

}  // namespace pto
