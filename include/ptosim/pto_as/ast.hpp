// PTO-AS programs as the parser produces them and the printer prints them, plus the program directives shared
// with Linx text (input data, initial registers, dumps).
//
// A statement keeps what its text meant, normalised, so that print(parse(text)) is the canonical text and
// parse(print(p)) == p.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/asm/insn.hpp"
#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/pto_as/literal.hpp"
#include "ptosim/pto_as/status.hpp"
#include "ptosim/pto_as/types.hpp"

namespace ptosim::pto_as {

// TADDSC / TSUBSC: written `%src0, %scalar, %src1` (pto-isa's order); held tiles first.
constexpr bool scalar_in_the_middle(const isa::OpInfo& op) {
    return op.family == isa::Family::TileScalar && op.src_min == 2 && op.scalars == 1;
}

// The three textual levels of an operation (shared encoding.md §7.1).
enum class Level : uint8_t {
    Sync,  // %d = tcmp %a, %b {...} : T -> R
    Ssa,   // %d = pto.tcmp %a, %b {...} : (T, T) -> R
    Dps,   // pto.tcmp ins(%a, %b {...} : T, T) outs(%d : R)
};

// How an input tile's elements are made (row-major element order).
struct DataSpec {
    enum class Kind : uint8_t { Zero, Fill, Iota, Values, Random, File };
    Kind kind = Kind::Zero;
    std::vector<Number> values;  // Fill: the value; Iota: start, step; Values: the elements
    uint64_t seed = 0;           // Random
    std::optional<Number> min, max;
    std::string path;  // File: raw little-endian elements; relative to the program's folder
    Loc loc;
    // Equal meaning (where it was written does not count), as for every type here.
    bool operator==(const DataSpec& o) const {
        return kind == o.kind && values == o.values && seed == o.seed && min == o.min && max == o.max &&
               path == o.path;
    }
};

// Rows [r0, r1) and columns [c0, c1) of a dump; -1 = to the end of the valid region.
struct Region {
    int32_t r0 = 0, r1 = -1, c0 = 0, c1 = -1;
    bool operator==(const Region&) const = default;
};

// `.dump NAME[rows, cols] [hex]`: print a tile after the run. NAME is T#k/U#k/M#k/N#k (Linx) or %value
// (PTO-AS).
struct DumpSpec {
    std::string name;
    std::optional<Region> region;
    bool hex = false;
    Loc loc;
    bool operator==(const DumpSpec& o) const { return name == o.name && region == o.region && hex == o.hex; }
};

// `.tile T#3 u32 4x64 [size=4KB] DATA` (Linx): the initial content of a queue entry.
struct TileDecl {
    linx::TileRef where;  // hand and index at the start of the program (reuse unused)
    DType dtype = DType::U8;
    int32_t rows = 0, cols = 0;
    std::optional<uint8_t> size_class;  // default: the smallest that holds rows x cols elements
    DataSpec data;
    Loc loc;
    bool operator==(const TileDecl& o) const {
        return where == o.where && dtype == o.dtype && rows == o.rows && cols == o.cols &&
               size_class == o.size_class && data == o.data;
    }
};

// `.reg a0 = 64 [: TYPE]` (Linx): the initial value of a scalar register (the bits of one element of TYPE).
struct RegInit {
    uint8_t reg = 0;
    Number value;
    DType type = DType::S64;
    uint64_t bits = 0;
    Loc loc;
    bool operator==(const RegInit& o) const {
        return reg == o.reg && value == o.value && type == o.type && bits == o.bits;
    }
};

// Synchronisation between the pipes of the core (PTOAS's sync ops: docs/machine.md, docs/hazards.md). Pipes
// are pto-isa pipe_t values (PIPE_S 0, PIPE_V 1, PIPE_MTE1 2, PIPE_MTE2 3, PIPE_MTE3 4, PIPE_M 5, PIPE_ALL 6,
// PIPE_FIX 7), as the hazard checker takes them.
enum class SyncKind : uint8_t {
    SetFlag,      // pto.set_flag[<SRC>, <DST>, <EVENT_IDk>]
    WaitFlag,     // pto.wait_flag[<SRC>, <DST>, <EVENT_IDk>]
    RecordEvent,  // pto.record_event[#pto.pipe_event_type<OP>, #pto.pipe_event_type<OP>, <EVENT_IDk>]
    WaitEvent,    // pto.wait_event[...]
    Barrier,      // pto.barrier <PIPE>
};

// PTOAS's sync op types (its SyncOpType enum): what record_event / wait_event name instead of pipes.
struct SyncOpType {
    std::string_view name;  // "TLOAD"
    int pipe;               // pipe_t value of the pipe PTOAS maps it to
};
std::span<const SyncOpType> sync_op_types();

struct SyncSpec {
    SyncKind kind = SyncKind::SetFlag;
    int src = 0, dst = 0;  // pipe_t values; Barrier: src is the pipe
    int event = 0;         // 0..7
    // RecordEvent / WaitEvent: indices into sync_op_types() (src and dst are their pipes).
    uint8_t src_type = 0, dst_type = 0;
    bool operator==(const SyncSpec&) const = default;
};
std::string_view sync_name(SyncKind k);  // "pto.set_flag", ...

struct Value {
    std::string name;  // with the '%'
    Loc loc;
    bool operator==(const Value& o) const { return name == o.name; }
};

enum class StmtKind : uint8_t {
    Op,         // a tile operation of the instruction table
    Tassign,    // tassign %tile, ADDR
    AllocTile,  // %t = pto.alloc_tile [addr = ADDR] : TYPE
    Arg,        // .arg %x : TYPE [DATA]
    Const,      // .const %x = NUMBER : TYPE
    Dump,       // .dump %x[...] [hex]
    Sync,       // pto.set_flag[...], pto.wait_flag[...], pto.barrier ..., pto.record_event[...], ...
};

struct Stmt {
    StmtKind kind = StmtKind::Op;
    Level level = Level::Ssa;
    Loc loc;
    const isa::OpInfo* op = nullptr;  // Op
    // Op: results (Sync/SSA) or outs (DPS); AllocTile/Arg/Const: the defined value.
    std::vector<Value> results;
    // Op: sources then scalars (DPS: ins); Tassign: the tile, then the address when it is a %value.
    std::vector<Value> operands;
    // Op: the operand types as normalised by the parser: one type shared by every tile operand (Sync only),
    // one per tile operand (Sync only), or one per operand. Tassign: the tile type and the address type, if
    // given.
    std::vector<Type> operand_types;
    // Op: one per result, or none (Sync: inferred). AllocTile/Arg/Const: the value's type.
    std::vector<Type> result_types;
    std::optional<CmpMode> cmp;    // TCMP, TCMPS
    std::optional<uint8_t> byte;   // THISTOGRAM
    std::optional<uint8_t> rmode;  // TCVT: pto-isa's RoundMode (CAST_NONE 0 .. CAST_ODD 6)
    std::optional<bool> sat;       // TCVT: SaturationMode ON (true) / OFF; none: the pair's default
    std::optional<uint64_t> addr;  // Tassign/AllocTile: a literal address
    Number number;                 // Const
    DataSpec data;                 // Arg
    DumpSpec dump;                 // Dump
    SyncSpec sync;                 // Sync
    bool operator==(const Stmt& o) const {
        return kind == o.kind && level == o.level && op == o.op && results == o.results &&
               operands == o.operands && operand_types == o.operand_types && result_types == o.result_types &&
               cmp == o.cmp && byte == o.byte && rmode == o.rmode && sat == o.sat && addr == o.addr &&
               number == o.number && data == o.data && dump == o.dump && sync == o.sync;
    }
};

struct Program {
    std::vector<Stmt> stmts;
    bool operator==(const Program&) const = default;
};

// The number of tile operands of an op statement (the rest are scalars).
inline std::size_t tile_operand_count(const Stmt& s) {
    const std::size_t scalars = s.op ? s.op->scalars : 0;
    return s.operands.size() >= scalars ? s.operands.size() - scalars : 0;
}

}  // namespace ptosim::pto_as
