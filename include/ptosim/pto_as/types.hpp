// PTO-AS types: `!pto.tile<...>` / `!pto.tile_buf<...>` tile types and the MLIR scalar types (f32, i32,
// index).
//
// Both PTOAS spellings of a tile type are accepted (shared encoding.md §7.3):
//   key form      !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=8, blayout=row_major,
//                               slayout=none_box, fractal=512, pad=0, compact=0>   (any order; from v_row on
//                               optional)
//   compact form  !pto.tile_buf<vec, 16x16xf16, valid=16x8, blayout=row_major, ...>  (keys optional, any
//   order)
// The printer writes the compact form and leaves out every default (row_major, none_box, fractal 512, pad 0,
// compact 0, valid = the whole tile), as PTOAS does. `!pto.tile<...>` takes the same bodies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ptosim/core/dtype.hpp"
#include "ptosim/pto_as/status.hpp"

namespace ptosim::pto_as {

enum class Space : uint8_t { Vec, Mat, Left, Right, Acc, Bias, Scaling };
enum class BLayout : uint8_t { RowMajor, ColMajor };
enum class SLayout : uint8_t { NoneBox, RowMajor, ColMajor };

inline constexpr int32_t kDynamic = -1;  // a '?' valid extent

struct TileType {
    bool buf = true;  // !pto.tile_buf (else !pto.tile)
    Space loc = Space::Vec;
    DType dtype = DType::F32;
    int32_t rows = 0, cols = 0;
    int32_t valid_rows = 0, valid_cols = 0;  // kDynamic for '?'
    BLayout blayout = BLayout::RowMajor;
    SLayout slayout = SLayout::NoneBox;
    int32_t fractal = 512;
    int32_t pad = 0;  // PTOAS numbering: 0 Null, 1 Zero, 2 Max, 3 Min
    int32_t compact = 0;

    bool row_major() const { return blayout == BLayout::RowMajor && slayout == SLayout::NoneBox; }
    std::size_t bytes() const {
        return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * dtype_size(dtype);
    }
    bool operator==(const TileType&) const = default;
};

// A type in a signature.
struct Type {
    enum class Kind : uint8_t { Tile, Scalar, Index };
    Kind kind = Kind::Tile;
    TileType tile;              // Kind::Tile
    DType scalar = DType::S64;  // Kind::Scalar
    bool is_tile() const { return kind == Kind::Tile; }
    bool operator==(const Type&) const = default;
};

// Parse the text of one type token (`!pto.tile_buf<...>`, `f32`, `index`, ...). col is the token's column, so
// that the diagnostic points inside the type.
struct TypeError {
    Status status;
    std::string detail;
    uint32_t col;
};
std::optional<Type> parse_type(std::string_view text, uint32_t col, TypeError* err);

// The micro level's register types (pto-isa docs/isa/vector, "micro-instructions"):
//   !pto.vreg<NxT>   a vector register of N elements of T; N * sizeof(T) must be the register's 256 bytes
//   !pto.mask<G>     a predicate register viewed at granularity G = b8, b16 or b32 (the element size, 1, 2 or
//                    4 bytes, of the vectors it predicates)
// Each names a bad lane count, element type or granularity at its column.
struct VRegType {
    DType elem = DType::F32;
    int32_t lanes = 0;
    bool operator==(const VRegType&) const = default;
};
std::optional<VRegType> parse_vreg_type(std::string_view text, uint32_t col, TypeError* err);
std::optional<uint32_t> parse_mask_type(std::string_view text, uint32_t col, TypeError* err);  // bytes
std::string print_vreg_type(const VRegType& t);

std::string print_type(const Type& t);
std::string print_tile_type(const TileType& t);

// MLIR spelling of an element type: f32, f16, bf16, f64, i8..i64, ui8..ui64 (others: the lower-case Linx
// name).
std::string mlir_dtype_name(DType t);
std::string_view space_name(Space s);

}  // namespace ptosim::pto_as
