// The instruction table: every Linx TEPL tile operation with its selector id and operand schema.
//
// The rows live in tile_ops.def (an X-macro file, so no generator is needed); the encoder, decoder, parser,
// printer, the ISA model's dispatch and the docs index (docs/asm.md, checked by a test) are all driven by it.
// Element-type rules are not repeated here: a row names its rule (isa::Rule) and dtype_rules.hpp holds it.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace ptosim::isa {

// Operation families (for docs and for the ISA model's dispatch tables).
enum class Family : uint8_t {
    Binary,      // tile-tile elementwise, two sources
    Unary,       // one source
    Ternary,     // three sources (TADDC/TSUBC)
    Select,      // mask-driven selection
    Compare,     // packed predicate result
    Convert,     // element-type conversion
    TileScalar,  // one scalar in B.IOR
    RowReduce,
    RowExpand,
    ColReduce,
    ColExpand,
    Complex,  // THISTOGRAM
    Layout,   // TINTERLEAVE / TDEINTERLEAVE
    Context,  // ESAVE / ERCOV
};

// B.DATR fields an operation gives meaning to. A field an op does not use must hold its default.
enum Attr : uint16_t {
    kPad = 1 << 0,      // [28:27] PadValue
    kByteId = 1 << 1,   // [28:27] ByteId (THISTOGRAM; shares the bits with PadValue)
    kDstType = 1 << 2,  // [24:20] DataType differs from the BSTART type
    kCMode = 1 << 3,    // [31:29] compare mode
    kRMode = 1 << 4,    // [17:15] rounding mode
    kSat = 1 << 5,      // [26] saturation
    kCanon = 1 << 6,    // [25] canonicalize
};

// Which element-type rule of dtype_rules.hpp applies.
enum class Rule : uint8_t { None, Histogram, Cmp, Cmps, Interleave, Select, Fill };

enum class Op : uint8_t {
#define PTOSIM_TILE_OP(name, ...) name,
#include "ptosim/isa/tile_ops.def"
#undef PTOSIM_TILE_OP
};

struct OpInfo {
    Op op;
    std::string_view name;
    uint8_t id;  // Mode << 5 | Function
    Family family;
    uint8_t src_min, src_max;  // source tiles
    uint8_t dsts;              // destination tiles
    uint8_t scalars;           // scalar registers (B.IOR)
    uint16_t attrs;            // Attr flags
    Rule rule;
    std::string_view since;  // spec generation that assigns the id

    constexpr unsigned mode() const { return id >> 5; }
    constexpr unsigned function() const { return id & 31u; }
    constexpr bool has(Attr a) const { return (attrs & a) != 0; }
    // An op whose meaning needs B.DATR (DstType, ByteId or CMode): a block without one is an error.
    constexpr bool needs_datr() const { return (attrs & (kDstType | kByteId | kCMode)) != 0; }
};

inline constexpr OpInfo kOps[] = {
#define PTOSIM_TILE_OP(name, mode, fn, family, smin, smax, dsts, scalars, attrs, rule, since) \
    {Op::name,       #name,   static_cast<uint8_t>((mode) << 5 | (fn)),                       \
     Family::family, smin,    smax,                                                           \
     dsts,           scalars, static_cast<uint16_t>(attrs),                                   \
     Rule::rule,     since},
#include "ptosim/isa/tile_ops.def"
#undef PTOSIM_TILE_OP
};
inline constexpr std::size_t kOpCount = sizeof(kOps) / sizeof(kOps[0]);

namespace detail {
// id -> row index (or -1); built at compile time, which also rejects duplicate ids.
constexpr std::array<int16_t, 128> make_op_index() {
    std::array<int16_t, 128> index{};
    index.fill(-1);
    for (std::size_t i = 0; i < kOpCount; ++i) {
        if (kOps[i].id >= 128 || index[kOps[i].id] != -1)
            throw "tile_ops.def: duplicate or out-of-range tile-op id";
        index[kOps[i].id] = static_cast<int16_t>(i);
    }
    return index;
}
inline constexpr std::array<int16_t, 128> kOpIndex = make_op_index();
}  // namespace detail

// The row of a tile-op id (Mode << 5 | Function), or nullptr for a reserved id.
constexpr const OpInfo* find_op(unsigned id) {
    if (id >= 128 || detail::kOpIndex[id] < 0)
        return nullptr;
    return &kOps[detail::kOpIndex[id]];
}
constexpr const OpInfo& op_info(Op op) {
    return kOps[static_cast<std::size_t>(op)];
}
// The row of a mnemonic, case-insensitive, or nullptr.
constexpr const OpInfo* find_op(std::string_view name) {
    for (const OpInfo& info : kOps) {
        if (info.name.size() != name.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; i < name.size() && same; ++i) {
            char c = name[i];
            if (c >= 'a' && c <= 'z')
                c = static_cast<char>(c - 'a' + 'A');
            same = c == info.name[i];
        }
        if (same)
            return &info;
    }
    return nullptr;
}

constexpr std::string_view family_name(Family f) {
    switch (f) {
        case Family::Binary:
            return "binary";
        case Family::Unary:
            return "unary";
        case Family::Ternary:
            return "ternary";
        case Family::Select:
            return "select";
        case Family::Compare:
            return "compare";
        case Family::Convert:
            return "convert";
        case Family::TileScalar:
            return "tile-scalar";
        case Family::RowReduce:
            return "row-reduce";
        case Family::RowExpand:
            return "row-expand";
        case Family::ColReduce:
            return "col-reduce";
        case Family::ColExpand:
            return "col-expand";
        case Family::Complex:
            return "complex";
        case Family::Layout:
            return "layout";
        case Family::Context:
            return "context";
    }
    return "?";
}

}  // namespace ptosim::isa
