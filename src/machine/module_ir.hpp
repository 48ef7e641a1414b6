// The module-form runner's decoded operations (module_decode.cpp) and run-time values (module_run.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "ptosim/core/buffers.hpp"
#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/core/global_view.hpp"
#include "ptosim/isa/micro.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/machine/module_run.hpp"
#include "ptosim/ops/execute.hpp"
#include "ptosim/pto_as/ast.hpp"
#include "ptosim/pto_as/types.hpp"

namespace ptosim::machine::modrun {

namespace mod = pto_as::mod;

// A scalar type of the module form: index, i1..i64 (signless), f16 / bf16 / f32 / f64.
struct SType {
    enum class Kind : uint8_t { Index, Int, Float } kind = Kind::Index;
    int width = 64;            // bits (Index: 64)
    DType dtype = DType::S64;  // the element type a tile of it would have (i1: U8)
    bool operator==(const SType&) const = default;
};
std::optional<SType> parse_stype(std::string_view text);

enum class Kind : uint8_t {
    Module,         // module: its functions
    Func,           // func.func
    Return,         // return / func.return
    Call,           // func.call
    Constant,       // arith.constant
    Arith,          // arith binary operations, casts, cmpi / cmpf, select
    For,            // scf.for
    If,             // scf.if
    While,          // scf.while
    Yield,          // scf.yield
    Condition,      // scf.condition
    MakeView,       // pto.make_tensor_view
    Partition,      // pto.partition_view
    AddPtr,         // pto.addptr
    ViewDim,        // pto.get_tensor_view_dim
    AllocTile,      // pto.alloc_tile
    SetValidShape,  // pto.set_validshape
    Load,           // pto.tload
    Store,          // pto.tstore
    Instr,          // a tile instruction of the descriptor table: pto.tadd, pto.texp, ...
    Move,           // pto.tmov / pto.textract / pto.tinsert
    Matmul,         // pto.tmatmul[.acc|.bias], pto.tgemv[.acc|.bias]
    Sort,           // pto.tsort32, pto.tmrgsort
    Gather,         // pto.tgather (index and mask forms), pto.tgatherb, pto.tscatter (index form)
    Generate,       // pto.tci, pto.ttri, pto.trandom
    EventArray,     // pto.declare_eventid_array, pto.eventid_array_get / _set
    Print,          // pto.tprint (a Vec tile)
    View,           // pto.treshape, pto.tassign: another tile over the same storage
    Rearrange,      // pto.tfillpad, pto.tfillpad_inplace, pto.tconcat
    PipeSetup,      // pto.reserve_buffer, pto.import_reserved_buffer, pto.aic / aiv_initialize_pipe
    Pipe,           // pto.tpush_to_aiv / _aic, pto.tpop_from_aic / _aiv, pto.tfree_from_aic / _aiv
    Section,        // pto.section.cube / pto.section.vector: a region for one kind of core
    Sync,           // pto.set_flag / wait_flag / barrier / record_event / wait_event
    IntraBlock,     // pto.sync.set / pto.sync.wait: flags between the cube and the vector cores of a block
    BlockInfo,      // pto.get_block_idx / get_block_num / get_subblock_idx / get_subblock_num
    Micro,          // a micro-instruction of isa/micro.def: pto.vadd, pto.vlds, pto.pset_b32, ...
    CastPtr,        // pto.castptr: a typed UB pointer from an address
    VecScope,       // pto.vecscope { ... }: a vector interval (its body runs in place)
};

// One decoded operation.
struct Decoded {
    Kind kind = Kind::Arith;
    const mod::Op* op = nullptr;
    const char* instr = "";                   // the operation's name for the kernel core's errors (interned)
    std::string_view sub;                     // Arith: "addi", "cmpi", ...; BlockInfo: the query
    std::string_view pred;                    // cmpi / cmpf predicate
    std::vector<std::string_view> ins, outs;  // operand names (DPS: ins / outs; others: operands)
    std::vector<pto_as::TileType>
        result_tiles;  // SSA / synchronous levels: outs are new tiles of these types
    std::vector<std::string_view> shape, strides, offsets, sizes;  // views
    std::vector<std::string_view> iter_names;  // scf.for: iteration arguments; scf.while: the before region's
    std::string_view iv;                       // scf.for: the induction variable
    SType type;                                // Constant / Arith: the result's type; For: the induction type
    SType from;                                // Arith casts: the operand's type
    pto_as::Number number;                     // Constant
    bool boolean = false;                      // Constant: a true / false
    std::vector<int64_t> dense;                // Constant: the elements of a dense<...> vector (vector type)
    bool flag = false;                         // tmrgsort exhausted, tci descending
    int64_t int_attr = 0;                      // tgather maskPattern, ttri upperOrLower, trandom rounds
    pto_as::TileType tile;                     // AllocTile
    std::optional<std::string_view> addr, valid_row, valid_col;  // AllocTile
    DType elem = DType::F32;                                     // MakeView / AddPtr: the element type
    GlobalLayout layout = GlobalLayout::ND;                      // MakeView
    const isa::OpInfo* info = nullptr;                           // Instr
    ops::Attrs attrs;                                            // Instr
    bool relu = false;                                           // Move: reluPreMode = normal_relu
    std::optional<bool> msb;                // THISTOGRAM without byte =: PTOAS's isMSB (default true)
    pto_as::SyncSpec sync;                  // Sync
    std::string_view callee;                // Call
    std::vector<Param> params;              // Func
    std::string_view core;                  // Func: its pto.kernel_kind (cube / vector); Section: its kind
    int64_t slot_size = 0;                  // PipeSetup: the slot's bytes
    std::optional<std::string_view> gm;     // PipeSetup: the GM slot buffer (A2A3)
    const isa::MicroInfo* micro = nullptr;  // Micro: its row (the element type is `elem`)
    uint32_t gran = 0;                      // Micro: the predicate granularity in bytes (b32: 4)
    CmpMode cmp = CmpMode::EQ;              // Micro: vcmp / vcmps
    uint8_t pattern = 0;                    // Micro: pset's micro::Pattern
    const isa::DistInfo* dist = nullptr;    // Micro: a load's or store's distribution
};

struct Prepared {
    std::unordered_map<const mod::Op*, Decoded> decoded;
    std::unordered_map<const mod::Op*, Diag> undecoded;  // why an operation cannot run (reported if reached)
    std::unordered_map<std::string_view, const mod::Op*> functions;
    const mod::Op* entry = nullptr;
    std::unordered_map<const mod::Op*, std::vector<uint64_t>> result_addrs;  // SSA-level results' places
};

// Decodes one operation; a Diag when it is malformed or not executable (status NotExecutable).
std::variant<Decoded, Diag> decode(const mod::Op& op);

}  // namespace ptosim::machine::modrun
