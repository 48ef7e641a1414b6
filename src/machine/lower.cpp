// PTO-AS -> Linx blocks: what a compiler for the 0.56 block ISA does with PTO-AS values.
//
// Every tile value lives in a queue entry. Inputs (.arg) are the initial state; each operation result is
// pushed as a new #1 of a queue chosen so that no value still needed falls off the end (T first, then U, M,
// N). A source operand is named relatively (T#k = the k-th newest entry of T at that point) and carries
// `.reuse` when its value is read again later. The loop bounds come from the first source's type (LB0 = valid
// columns, LB1 = valid rows, LB2 = columns); the destination's size class from the result type, which must be
// the view the ISA model derives for that operation (views.hpp), since the Linx encoding has no other way to
// say it.
#include <algorithm>
#include <cstdio>
#include <map>

#include "ptosim/asm/block.hpp"
#include "ptosim/core/convert.hpp"
#include "ptosim/isa/check.hpp"
#include "ptosim/machine/data.hpp"
#include "ptosim/machine/program.hpp"
#include "ptosim/machine/views.hpp"
#include "ptosim/pto_as/printer.hpp"

namespace ptosim::machine {

namespace {

using pto_as::Loc;
using pto_as::Status;
using pto_as::Stmt;
using pto_as::StmtKind;
using pto_as::TileType;
using pto_as::Type;

struct Fail {
    pto_as::Diag diag;
};

[[noreturn]] void fail(Status s, Loc loc, std::string detail) {
    throw Fail{pto_as::Diag{s, std::move(detail), loc}};
}

constexpr unsigned kNoHand = 99;

struct Binding {
    // A Buffer (nothing written) until its statement is processed.
    enum class Kind : uint8_t { Tile, Buffer, Scalar } kind = Kind::Buffer;
    std::string name;
    TileType tile;                  // Tile, Buffer
    Type scalar;                    // Scalar
    pto_as::Number number;          // Scalar
    unsigned hand = kNoHand;        // Tile: the queue
    uint64_t seq = 0;               // Tile: pushes of its queue after its own push
    std::ptrdiff_t last_read = -1;  // statement index of the last read
    bool final = false;             // the name's last binding: kept for dumps
    int reg = -1;                   // Scalar: the register it was given
    Loc loc;
};

// Types compare by meaning: !pto.tile and !pto.tile_buf are the same tile.
bool same_tile(TileType a, TileType b) {
    a.buf = b.buf = false;
    return a == b;
}

std::string tile_text(TileType t, bool buf) {
    t.buf = buf;
    return pto_as::print_tile_type(t);
}

// Registers for scalars: a0..a7, s0..s8, x0..x3 (codes 2..9, 11..23).
constexpr uint8_t kScalarRegs[] = {2,  3,  4,  5,  6,  7,  8,  9,  11, 12, 13,
                                   14, 15, 16, 17, 18, 19, 20, 21, 22, 23};

class Lowering {
  public:
    Lowering(const pto_as::Program& p, const LoadOptions& opts) : p_(p), opts_(opts) {}

    LoadResult run() {
        LoadResult r;
        r.value.kind = SourceKind::PtoAs;
        r.value.pto = p_;
        try {
            bind_all();
            // Inputs first: they are the initial state, wherever their .arg lines are.
            for (std::size_t i = 0; i < p_.stmts.size(); ++i)
                if (p_.stmts[i].kind == StmtKind::Arg)
                    arg(p_.stmts[i], i, r.value);
            for (std::size_t i = 0; i < p_.stmts.size(); ++i)
                stmt(p_.stmts[i], i, r.value);
            // Names of the inputs at the start, and of every tile value at the end.
            for (TileInit& t : r.value.tiles) {
                const Binding& b = bindings_[arg_binding_.at(t.name)];
                t.index = static_cast<uint8_t>(arg_pushes_[b.hand] - b.seq + 1);
            }
            // The inputs' loads come first: their data is the state before the first statement.
            for (const TileInit& t : r.value.tiles) {
                Step load;
                load.kind = Step::Kind::Load;
                load.hand = t.hand;
                load.index = t.index;
                load.loc = t.loc;
                r.value.steps.push_back(load);
            }
            r.value.steps.insert(r.value.steps.end(), syncs_.begin(), syncs_.end());
            for (const auto& [name, id] : current_) {
                const Binding& b = bindings_[id];
                if (b.kind == Binding::Kind::Tile)
                    r.value.names.push_back({name, static_cast<Hand>(b.hand), index_of(b)});
            }
            for (const pto_as::DumpSpec& d : r.value.dumps)
                if (!current_.count(d.name))
                    fail(Status::UndefinedValue, d.loc, d.name);
        } catch (const Fail& f) {
            r.problems.push_back({f.diag.message(), linx::Loc{f.diag.loc.line, f.diag.loc.col, 0, 0}});
        }
        return r;
    }

  private:
    // Pass 1: one binding per definition; each read records the statement of the binding's last read.
    void bind_all() {
        std::map<std::string, std::size_t> cur;
        const auto define = [&](const pto_as::Value& v, std::size_t stmt) {
            Binding b;
            b.name = v.name;
            b.loc = v.loc;
            bindings_.push_back(b);
            cur[v.name] = bindings_.size() - 1;
            defs_[{stmt, v.name}] = bindings_.size() - 1;
        };
        const auto read = [&](const pto_as::Value& v, std::size_t stmt) {
            const auto it = cur.find(v.name);
            if (it != cur.end())
                bindings_[it->second].last_read = static_cast<std::ptrdiff_t>(stmt);
        };
        // .arg values exist from the start.
        for (std::size_t i = 0; i < p_.stmts.size(); ++i)
            if (p_.stmts[i].kind == StmtKind::Arg)
                define(p_.stmts[i].results[0], i);
        for (std::size_t i = 0; i < p_.stmts.size(); ++i) {
            const Stmt& s = p_.stmts[i];
            switch (s.kind) {
                case StmtKind::Op:
                    for (const pto_as::Value& v : s.operands)
                        read(v, i);
                    for (const pto_as::Value& v : s.results)
                        define(v, i);
                    break;
                case StmtKind::Tassign:
                    break;
                case StmtKind::AllocTile:
                case StmtKind::Const:
                    define(s.results[0], i);
                    break;
                case StmtKind::Arg:
                case StmtKind::Dump:
                case StmtKind::Sync:
                    break;
            }
        }
        for (const auto& [name, id] : cur)
            bindings_[id].final = true;
    }

    std::size_t binding_of(const pto_as::Value& v) const {
        const auto it = current_.find(v.name);
        if (it == current_.end())
            fail(Status::UndefinedValue, v.loc, v.name);
        return it->second;
    }

    uint8_t index_of(const Binding& b) const { return static_cast<uint8_t>(pushes_[b.hand] - b.seq + 1); }

    bool needed(const Binding& b, std::ptrdiff_t now) const { return b.final || b.last_read > now; }

    // A queue for a new value at statement `now`: the first in which no value still needed would fall off.
    unsigned choose_hand(std::ptrdiff_t now, Loc loc) {
        for (unsigned h = 0; h < Machine::kHands; ++h) {
            bool ok = true;
            for (std::size_t id : in_hand_[h]) {
                const Binding& b = bindings_[id];
                if (needed(b, now) && pushes_[h] + 1 - b.seq + 1 > Machine::kDepth)
                    ok = false;
            }
            if (ok)
                return h;
        }
        fail(Status::TooManyLiveTiles, loc, "no queue has room without evicting a value still in use");
    }

    void push(std::size_t id, std::ptrdiff_t now, Loc loc) {
        Binding& b = bindings_[id];
        b.hand = choose_hand(now, loc);
        b.seq = ++pushes_[b.hand];
        in_hand_[b.hand].push_back(id);
    }

    void check_tile(const TileType& t, Loc loc) {
        if (t.valid_rows == pto_as::kDynamic || t.valid_cols == pto_as::kDynamic)
            fail(Status::NotExpressible, loc,
                 "a dynamic valid shape ('?'): the Linx loop bounds are immediates here");
        if (t.bytes() > Machine::kMaxSize)
            fail(Status::TileTooLarge, loc, pto_as::print_tile_type(t));
    }

    void arg(const Stmt& s, std::size_t i, Loaded& out) {
        const TileType& t = s.result_types[0].tile;
        check_tile(t, s.loc);
        if (arg_binding_.count(s.results[0].name))
            fail(Status::DuplicateTile, s.results[0].loc, s.results[0].name);
        const std::size_t id = defs_.at({i, s.results[0].name});
        Binding& b = bindings_[id];
        b.kind = Binding::Kind::Tile;
        b.tile = t;
        push(id, -1, s.loc);
        current_[b.name] = id;
        arg_binding_[b.name] = id;
        arg_pushes_ = pushes_;

        TileInit init;
        init.hand = static_cast<Hand>(b.hand);
        init.shape = TileShape{t.dtype,
                               t.blayout == pto_as::BLayout::RowMajor ? Layout::row_major(t.rows, t.cols)
                                                                      : Layout::col_major(t.rows, t.cols),
                               t.valid_rows, t.valid_cols};
        init.size = size_class_bytes(t.bytes());
        Status status{};
        std::string why;
        auto bytes =
            make_data(s.data, t.dtype, static_cast<std::size_t>(t.rows) * static_cast<std::size_t>(t.cols),
                      opts_.base_dir, &status, &why);
        if (!bytes)
            fail(status, s.data.loc.line ? s.data.loc : s.loc, why);
        init.bytes = std::move(*bytes);
        init.data = s.data;
        init.name = b.name;
        init.loc = linx::Loc{s.loc.line, s.loc.col, 0, 0};
        out.tiles.push_back(std::move(init));
    }

    uint64_t address(const Stmt& s, std::size_t operand) {
        if (s.addr)
            return *s.addr;
        const pto_as::Value& v = s.operands.at(operand);
        const Binding& b = bindings_[binding_of(v)];
        if (b.kind != Binding::Kind::Scalar || b.number.is_float || b.number.negative)
            fail(Status::BadAddress, v.loc, v.name + " is not an integer constant");
        return b.number.magnitude;
    }

    void check_address(uint64_t addr, const TileType& t, Loc loc) {
        if (addr % 32 != 0 || addr > Machine::kMaxSize || t.bytes() > Machine::kMaxSize - addr) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(addr));
            fail(Status::BadAddress, loc, std::string(buf) + " for " + std::to_string(t.bytes()) + " bytes");
        }
    }

    void stmt(const Stmt& s, std::size_t i, Loaded& out) {
        switch (s.kind) {
            case StmtKind::Arg:
                return;
            case StmtKind::Const: {
                const std::size_t id = defs_.at({i, s.results[0].name});
                Binding& b = bindings_[id];
                b.kind = Binding::Kind::Scalar;
                b.scalar = s.result_types[0];
                b.number = s.number;
                current_[b.name] = id;
                return;
            }
            case StmtKind::AllocTile: {
                const TileType& t = s.result_types[0].tile;
                check_tile(t, s.loc);
                if (s.addr || !s.operands.empty())
                    check_address(address(s, 0), t, s.loc);
                const std::size_t id = defs_.at({i, s.results[0].name});
                Binding& b = bindings_[id];
                b.kind = Binding::Kind::Buffer;
                b.tile = t;
                current_[b.name] = id;
                return;
            }
            case StmtKind::Tassign: {
                // The model keeps tiles in queue entries: an address is checked, and changes nothing else.
                const pto_as::Value& v = s.operands[0];
                const Binding& b = bindings_[binding_of(v)];
                if (b.kind == Binding::Kind::Scalar)
                    fail(Status::TypeMismatch, v.loc, v.name + " is a scalar, not a tile");
                if (!s.operand_types.empty() && !same_tile(s.operand_types[0].tile, b.tile))
                    fail(Status::TypeMismatch, s.loc,
                         std::string("tassign type ") + pto_as::print_type(s.operand_types[0]) + ", " +
                             v.name + " is " + pto_as::print_tile_type(b.tile));
                check_address(address(s, 1), b.tile, s.loc);
                return;
            }
            case StmtKind::Dump:
                out.dumps.push_back(s.dump);
                return;
            case StmtKind::Sync: {
                // No Linx block: a step before the next block (record_event / wait_event are the set and the
                // wait of their op types' pipes, as PTOAS lowers them).
                Step st;
                st.kind =
                    s.sync.kind == pto_as::SyncKind::Barrier ? Step::Kind::Barrier
                    : s.sync.kind == pto_as::SyncKind::SetFlag || s.sync.kind == pto_as::SyncKind::RecordEvent
                        ? Step::Kind::SetFlag
                        : Step::Kind::WaitFlag;
                st.before = out.blocks.size();
                st.src = s.sync.src;
                st.dst = s.sync.dst;
                st.event = s.sync.event;
                st.loc = linx::Loc{s.loc.line, s.loc.col, 0, 0};
                syncs_.push_back(st);
                return;
            }
            case StmtKind::Op:
                op(s, i, out);
                return;
        }
    }

    // The declared type of operand k (nullptr when the statement gives none for it). A synchronous
    // statement's one shared type is its data tiles' (`tsel %m, %a, %b : T`): a mask or idx source has a type
    // of its own.
    static const Type* given_type(const Stmt& s, std::size_t k, std::size_t tiles, const isa::Views& views) {
        const auto& ts = s.operand_types;
        if (ts.empty())
            return nullptr;
        if (ts.size() == s.operands.size())
            return &ts[k];
        if (ts.size() == 1)
            return k < tiles && views.src[k] == SrcRole::Data ? &ts[0] : nullptr;
        return k < tiles && k < ts.size() ? &ts[k] : nullptr;
    }

    void op(const Stmt& s, std::size_t i, Loaded& out) {
        const isa::OpInfo& op = *s.op;
        const std::string name(op.name);
        const std::size_t tiles = pto_as::tile_operand_count(s);
        const auto now = static_cast<std::ptrdiff_t>(i);
        const isa::Views views = op_views(op, tiles);
        // An operation whose descriptor does not define its views yet (the reductions and expansions) has its
        // block built from the types as written; running it reports "not implemented".
        const bool modelled = views.dst != DstRule::Unspecified;

        // Operands.
        std::vector<std::size_t> src;
        for (std::size_t k = 0; k < s.operands.size(); ++k) {
            const pto_as::Value& v = s.operands[k];
            const std::size_t id = binding_of(v);
            const Binding& b = bindings_[id];
            const bool want_tile = k < tiles;
            if (want_tile && b.kind == Binding::Kind::Buffer)
                fail(Status::ReadBeforeWrite, v.loc, v.name + " (declare inputs with .arg)");
            if (want_tile != (b.kind != Binding::Kind::Scalar))
                fail(Status::TypeMismatch, v.loc,
                     v.name + (want_tile ? " is a scalar; " : " is a tile; ") + name +
                         std::string(" takes it as a ") + (want_tile ? "tile" : "scalar"));
            if (const Type* t = given_type(s, k, tiles, views)) {
                const bool ok = want_tile ? t->is_tile() && same_tile(t->tile, b.tile) : *t == b.scalar;
                if (!ok)
                    fail(Status::TypeMismatch, v.loc,
                         v.name + " is " +
                             (want_tile ? pto_as::print_tile_type(b.tile) : pto_as::print_type(b.scalar)) +
                             std::string(", the statement says ") + pto_as::print_type(*t));
            }
            src.push_back(id);
        }

        // Data sources: the first one's type gives the loop bounds; every other one must fit them.
        BlockShape shape;
        const TileType* first = nullptr;
        std::size_t first_k = 0;
        for (std::size_t k = 0; k < tiles; ++k) {
            if (views.src[k] != SrcRole::Data)
                continue;
            const TileType& t = bindings_[src[k]].tile;
            const pto_as::Value& v = s.operands[k];
            if (modelled && !t.row_major())
                fail(Status::NotExpressible, v.loc, v.name + ": the model's data tiles are row-major");
            if (!first) {
                first = &t;
                first_k = k;
                shape = BlockShape{t.dtype, t.valid_rows, t.valid_cols, t.cols};
                if (t.cols > 0xffff || t.rows > 0xffff)
                    fail(Status::NotExpressible, v.loc, v.name + ": a loop bound above 65535");
                continue;
            }
            if (modelled && (t.dtype != first->dtype || t.cols != first->cols ||
                             t.valid_rows != first->valid_rows || t.valid_cols != first->valid_cols))
                fail(Status::NotExpressible, v.loc,
                     std::string("the sources of a block share its loop bounds: ") + v.name +
                         " must have the element type, columns and valid shape of " +
                         s.operands[first_k].name + " (" + pto_as::print_tile_type(*first) + ")");
        }
        // The other sources: their view follows from the loop bounds.
        for (std::size_t k = 0; k < tiles; ++k) {
            const TileType& t = bindings_[src[k]].tile;
            const pto_as::Value& v = s.operands[k];
            if (views.src[k] == SrcRole::FilterBytes) {
                if (t.dtype != DType::U8 || t.cols != 1)
                    fail(Status::NotExpressible, v.loc,
                         name + " reads idx as a column of bytes (idx[r, 0] = byte r): " + v.name +
                             std::string(" must be a ui8 tile with one column, not ") +
                             pto_as::print_tile_type(t));
            } else if (views.src[k] == SrcRole::Mask && modelled && first) {
                // The model reads the mask with the view TCMP writes for the data's shape, so a TCMP result
                // of that shape is the one mask type that fits. A uint32_t mask is a valid TSEL mask, but a
                // Linx block has no field to say so.
                if (t.dtype != DType::U8 && isa::kMaskWords.contains(t.dtype))
                    fail(Status::NotExpressible, v.loc,
                         v.name + ": the block has no field for the mask's type; the model reads ui8 masks");
                const DstForm m = dst_form(DstRule::Mask, shape, DType::U8);
                TileType want;
                want.dtype = m.dtype;
                want.rows = std::max(t.rows, 1);
                want.cols = m.cols;
                want.valid_rows = m.valid_rows;
                want.valid_cols = m.valid_cols;
                if (!same_tile(t, want))
                    fail(Status::TypeMismatch, v.loc,
                         name + " reads the mask TCMP writes for " + s.operands[first_k].name + ": " +
                             v.name + " must be " + tile_text(want, t.buf) + ", not " +
                             pto_as::print_tile_type(t));
            }
        }

        for (std::size_t k = 0; k < s.results.size(); ++k)
            for (std::size_t j = 0; j < k; ++j)
                if (s.results[j].name == s.results[k].name)
                    fail(Status::DuplicateTile, s.results[k].loc,
                         s.results[k].name + " is written twice by one " + name);

        // Results: the view the model derives, which a given type must match.
        DType dst_type = first ? first->dtype : DType::F32;
        if (!s.result_types.empty())
            dst_type = s.result_types[0].tile.dtype;
        else if (views.dst == DstRule::Histogram)
            dst_type = DType::U32;
        if (!first) {
            if (s.result_types.empty())
                fail(Status::TypeMismatch, s.loc, name + " without a tile source needs its result type");
            const TileType& r = s.result_types[0].tile;
            shape = BlockShape{r.dtype, r.valid_rows, r.valid_cols, r.cols};
            if (r.cols > 0xffff || r.rows > 0xffff)
                fail(Status::NotExpressible, s.results[0].loc,
                     s.results[0].name + ": a loop bound above 65535");
        }
        // The vector operand of an expansion: the view the model reads for the block's shape.
        for (std::size_t k = 0; k < tiles && modelled; ++k) {
            const SrcRole role = views.src[k];
            if (role != SrcRole::RowVector && role != SrcRole::ColVector && role != SrcRole::RowScale)
                continue;
            const TileType& t = bindings_[src[k]].tile;
            const DstForm f = dst_form(role == SrcRole::ColVector ? DstRule::ColVector : DstRule::RowVector,
                                       shape, row_vector_type(role, shape.type));
            TileType want;
            want.dtype = f.dtype;
            want.rows = std::max(t.rows, 1);
            want.cols = f.cols;
            want.valid_rows = f.valid_rows;
            want.valid_cols = f.valid_cols;
            if (!t.row_major() || !same_tile(t, want))
                fail(Status::TypeMismatch, s.operands[k].loc,
                     name + " reads its " + (role == SrcRole::ColVector ? "per-column" : "per-row") +
                         " vector as " + tile_text(want, t.buf) + ": " + s.operands[k].name + " is " +
                         pto_as::print_tile_type(t));
        }
        // Index sources (TPARTARGMAX's): the data's shape in one index type, which is the block's destination
        // type.
        const TileType* index = nullptr;
        for (std::size_t k = 0; k < tiles && first; ++k) {
            if (views.src[k] != SrcRole::Index)
                continue;
            const TileType& t = bindings_[src[k]].tile;
            const pto_as::Value& v = s.operands[k];
            if (!index)
                index = &t;
            if (!t.row_major() || t.dtype != index->dtype || t.cols != first->cols ||
                t.valid_rows != first->valid_rows || t.valid_cols != first->valid_cols)
                fail(Status::NotExpressible, v.loc,
                     name + " reads its index tiles with the loop bounds of " + s.operands[first_k].name +
                         ": " + v.name +
                         " must be a row-major tile of its columns and valid shape, in one index "
                         "type (" +
                         pto_as::print_tile_type(t) + ")");
        }
        if (index)
            dst_type = index->dtype;
        const bool keeps_type =
            views.dst == DstRule::Same || views.dst == DstRule::RowVector || views.dst == DstRule::ColVector;
        if (modelled && first && dst_type != first->dtype && !op.has(isa::kDstType) && keeps_type)
            fail(Status::TypeMismatch, s.results.empty() ? s.loc : s.results[0].loc,
                 name + " keeps the element type: the result is " + pto_as::mlir_dtype_name(first->dtype));
        std::vector<TileType> result_types;
        for (std::size_t k = 0; k < s.results.size(); ++k) {
            const pto_as::Value& v = s.results[k];
            const DstForm form = dst_form(views.dst, shape, dst_type, k);
            TileType want;
            want.dtype = form.dtype;
            want.cols = form.cols;
            want.valid_rows = form.valid_rows;
            want.valid_cols = form.valid_cols;
            // Inferred: an elementwise result keeps the source's rows; a mask or a histogram has its valid
            // rows.
            const bool rowwise = views.dst == DstRule::Same || views.dst == DstRule::HalfCols ||
                                 views.dst == DstRule::ValueIndex;
            want.rows = rowwise && first ? first->rows : std::max(1, form.valid_rows);
            if (k < s.result_types.size()) {
                const TileType& got = s.result_types[k].tile;
                want.rows = std::max(got.rows, 1);
                want.buf = got.buf;
                if (!modelled)
                    want = got;
                else if (!(got == want) && !same_tile(got, want))
                    fail(Status::TypeMismatch, v.loc,
                         name + " writes " + tile_text(want, got.buf) + " here (" + v.name + " is declared " +
                             pto_as::print_tile_type(got) + ")");
            } else {
                want.buf = s.level == pto_as::Level::Dps;
            }
            check_tile(want, v.loc);
            if (s.level == pto_as::Level::Dps) {
                // outs(%d : T): %d is an existing buffer (or tile) of type T.
                const Binding& old = bindings_[binding_of(v)];
                if (old.kind == Binding::Kind::Scalar || !same_tile(old.tile, want))
                    fail(Status::TypeMismatch, v.loc,
                         v.name + " is declared " +
                             (old.kind == Binding::Kind::Scalar ? pto_as::print_type(old.scalar)
                                                                : pto_as::print_tile_type(old.tile)) +
                             std::string(", outs says ") + tile_text(want, true));
            }
            result_types.push_back(want);
        }

        // The block.
        linx::Block b;
        b.op = &op;
        b.type = first ? first->dtype : dst_type;
        const bool dst_type_differs = op.has(isa::kDstType) && dst_type != b.type;
        if (op.needs_datr() || dst_type_differs) {
            linx::Datr d;
            d.type = op.has(isa::kDstType) ? dst_type : b.type;
            d.pad = s.byte ? *s.byte : static_cast<uint8_t>(linx::LinxPad::Null);
            d.cmode = s.cmp ? static_cast<uint8_t>(linx_cmp(*s.cmp)) : 0;
            if (op.has(isa::kRMode) && s.rmode)
                d.rmode = static_cast<uint8_t>(linx::kRModeOfRoundMode[*s.rmode]);
            if (op.has(isa::kSat))  // the SAT bit says it outright: the pair's default when the text does not
                d.sat =
                    s.sat ? *s.sat : convert::default_saturation(b.type, d.type) == convert::Saturation::On;
            b.datr = d;
        }
        b.lb[linx::kValidCol] = linx::LoopBound{0, static_cast<uint32_t>(shape.valid_cols)};
        b.lb[linx::kValidRow] = linx::LoopBound{0, static_cast<uint32_t>(shape.valid_rows)};
        b.lb[linx::kCol] = linx::LoopBound{0, static_cast<uint32_t>(shape.cols)};
        for (std::size_t k = 0; k < tiles; ++k) {
            const Binding& sb = bindings_[src[k]];
            b.srcs.push_back(linx::TileRef{static_cast<Hand>(sb.hand), index_of(sb), sb.last_read > now});
        }
        for (std::size_t k = tiles; k < s.operands.size(); ++k) {
            Binding& sb = bindings_[src[k]];
            // The register holds one element's bits (TCMPS compares with it, TEXPANDS stores it).
            const DType want = op.float_scalar ? DType::F32 : b.type;
            if (sb.scalar.kind != Type::Kind::Scalar || sb.scalar.scalar != want)
                fail(Status::TypeMismatch, s.operands[k].loc,
                     s.operands[k].name + " is " + pto_as::print_type(sb.scalar) + "; " + name +
                         (op.float_scalar
                              ? std::string(" takes an f32 scalar")
                              : " takes a scalar of its element type, " + pto_as::mlir_dtype_name(b.type)));
            b.scalars.push_back(scalar_reg(sb, s.operands[k].loc, out));
        }
        // Results: pushed after the sources are named (the block reads before it commits).
        std::vector<std::size_t> result_ids;
        for (std::size_t k = 0; k < s.results.size(); ++k) {
            const std::size_t id = defs_.at({i, s.results[k].name});
            Binding& rb = bindings_[id];
            rb.kind = Binding::Kind::Tile;
            rb.tile = result_types[k];
            push(id, now, s.results[k].loc);
            b.dsts.push_back(linx::TileDst{static_cast<Hand>(rb.hand), size_code(result_types[k])});
            result_ids.push_back(id);
        }
        for (std::size_t k = 0; k < s.results.size(); ++k)
            current_[s.results[k].name] = result_ids[k];

        if (!op.has_linx_id()) {
            // No LinxISA encoding (TPOW, TAXPY, ...): the model runs the block as built, after the checks the
            // assembler would make of an encoded one.
            isa::BlockTypes types;
            types.type = b.type;
            types.dst_type = b.dst_type();
            if (auto e = isa::check_block_types(op, opts_.arch, types))
                fail(Status::BlockRule, s.loc, e->detail);
            b.loc = linx::Loc{s.loc.line, s.loc.col, 0, 0};
            out.blocks.push_back(std::move(b));
            return;
        }
        b.insns = linx::lower(b);
        std::size_t where = 0;
        auto checked = linx::make_block(b.insns, opts_.arch, &where);
        if (!checked)
            fail(Status::BlockRule, s.loc,
                 std::string(linx::status_message(checked.error().status)) +
                     (checked.error().detail.empty() ? "" : std::string(": ") + checked.error().detail));
        checked->loc = linx::Loc{s.loc.line, s.loc.col, 0, 0};
        out.blocks.push_back(std::move(*checked));
    }

    static linx::LinxCmp linx_cmp(CmpMode m) {
        switch (m) {
            case CmpMode::EQ:
                return linx::LinxCmp::EQ;
            case CmpMode::NE:
                return linx::LinxCmp::NE;
            case CmpMode::LT:
                return linx::LinxCmp::LT;
            case CmpMode::LE:
                return linx::LinxCmp::LE;
            case CmpMode::GT:
                return linx::LinxCmp::GT;
            case CmpMode::GE:
                return linx::LinxCmp::GE;
        }
        return linx::LinxCmp::EQ;
    }

    static uint8_t size_code(const TileType& t) {
        const uint32_t bytes = size_class_bytes(t.bytes());
        uint8_t code = 1;
        while ((16u << code) < bytes)
            ++code;
        return code;
    }

    uint8_t scalar_reg(Binding& b, Loc loc, Loaded& out) {
        if (b.reg < 0) {
            if (next_reg_ >= std::size(kScalarRegs))
                fail(Status::NotExpressible, loc,
                     "more scalars than the 21 registers a0..a7, s0..s8, x0..x3");
            b.reg = kScalarRegs[next_reg_++];
            pto_as::RegInit r;
            r.reg = static_cast<uint8_t>(b.reg);
            r.value = b.number;
            r.type = b.scalar.scalar;
            r.bits = pto_as::number_bits(b.number, b.scalar.scalar, nullptr).value_or(0);
            r.loc = b.loc;
            out.regs.push_back(r);
        }
        return static_cast<uint8_t>(b.reg);
    }

    const pto_as::Program& p_;
    const LoadOptions& opts_;
    std::vector<Binding> bindings_;
    std::map<std::pair<std::size_t, std::string>, std::size_t> defs_;  // (statement, name) -> binding
    std::map<std::string, std::size_t> current_;                       // name -> its binding now
    std::map<std::string, std::size_t> arg_binding_;
    std::array<uint64_t, Machine::kHands> pushes_{};
    std::array<uint64_t, Machine::kHands> arg_pushes_{};
    std::array<std::vector<std::size_t>, Machine::kHands> in_hand_;
    std::size_t next_reg_ = 0;
    std::vector<Step> syncs_;  // the synchronisation statements' steps, in program order
};

}  // namespace

LoadResult lower(const pto_as::Program& p, const LoadOptions& opts) {
    return Lowering(p, opts).run();
}

}  // namespace ptosim::machine
