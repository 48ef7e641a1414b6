// The module-form runner (ptosim/machine/module_run.hpp): prepare, argument binding and the interpreter.
#include "ptosim/machine/module_run.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <source_location>
#include <string>
#include <variant>

#include "module_ir.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/core/layout.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/machine/data.hpp"
#include "ptosim/ops/fifo.hpp"
#include "ptosim/ops/gather.hpp"
#include "ptosim/ops/generate.hpp"
#include "ptosim/ops/matmul.hpp"
#include "ptosim/ops/memory.hpp"
#include "ptosim/ops/micro.hpp"
#include "ptosim/ops/move.hpp"
#include "ptosim/ops/print.hpp"
#include "ptosim/ops/random.hpp"
#include "ptosim/ops/rearrange.hpp"
#include "ptosim/ops/sort.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/intra_block.hpp"

namespace ptosim::machine::modrun {

namespace {

using mod::Tok;

// ---- run-time values
// ---------------------------------------------------------------------------------------

struct Scalar {
    SType t;
    int64_t i = 0;  // integers and index: the value, sign-extended from its width (i1: 0 or 1)
    double f = 0;   // floats: the value, exactly representable in t
};

// A pointer into an argument's buffer. It is kept as a byte offset, checked against the buffer only when
// memory is accessed: a program may compute an address outside it without using it.
struct Ptr {
    std::byte* base = nullptr;  // the argument's buffer
    int64_t size = 0;           // its bytes
    int64_t off = 0;            // where this pointer points, in bytes from base
    DType dtype = DType::U8;
    bool ub = false;  // pto.castptr's: base is the simulated core's Unified Buffer
};

// A tensor view or a partition of one: its first element and extents / strides in elements.
struct View {
    Ptr ptr;
    std::vector<int64_t> shape, strides;
    GlobalLayout layout = GlobalLayout::ND;
};

struct TileV {
    pto_as::TileType t;
    mem::Buffer buffer = mem::Buffer::UB;
    uint64_t addr = 0;
    int32_t valid_rows = 0, valid_cols = 0;
};

// A vector constant (TMRGSORT's executed counts).
struct Vector {
    SType elem;
    std::vector<int64_t> v;
};

// The micro level's registers: `!pto.vreg<NxT>` (its element type) and `!pto.mask<G>` (G in bytes).
struct RegV {
    micro::VReg r;
    DType t = DType::F32;
};
struct MaskV {
    micro::Preg p;
    uint32_t gran = 4;
};

using Val = std::variant<std::monostate, Scalar, Ptr, View, TileV, Vector, RegV, MaskV>;

struct RunError {
    Diag diag;
};

[[noreturn]] void fail(Status s, const mod::Op& op, std::string detail) {
    throw RunError{Diag{s, std::move(detail), op.loc}};
}

// a * b + c, or an error when it overflows 64 bits (offsets and extents come from the program).
int64_t madd(int64_t a, int64_t b, int64_t c, const mod::Op& op) {
    int64_t m = 0, r = 0;
    if (__builtin_mul_overflow(a, b, &m) || __builtin_add_overflow(m, c, &r))
        fail(Status::OutOfBounds, op, "an offset or extent overflows 64 bits");
    return r;
}

int64_t wrap(int64_t v, int width) {
    if (width >= 64)
        return v;
    if (width == 1)
        return v & 1;
    const int shift = 64 - width;
    return static_cast<int64_t>(static_cast<uint64_t>(v) << shift) >> shift;
}

uint64_t unsigned_of(const Scalar& s) {
    const int w = s.t.width;
    return w >= 64 ? static_cast<uint64_t>(s.i) : static_cast<uint64_t>(s.i) & ((uint64_t{1} << w) - 1);
}

// A double rounded to a float type (once, to nearest even).
double round_to(double v, const SType& t) {
    switch (t.dtype) {
        case DType::F32:
            return static_cast<double>(static_cast<float>(v));
        case DType::F16:
            return static_cast<double>(static_cast<float>(float16(v)));
        case DType::BF16:
            return static_cast<double>(static_cast<float>(bfloat16(v)));
        default:
            return v;
    }
}

Scalar make_int(SType t, int64_t v) {
    return Scalar{t, wrap(v, t.width), 0};
}
Scalar make_float(SType t, double v) {
    return Scalar{t, 0, round_to(v, t)};
}

mem::Buffer buffer_of(pto_as::Space s) {
    switch (s) {
        case pto_as::Space::Mat:
            return mem::Buffer::L1;
        case pto_as::Space::Left:
            return mem::Buffer::L0A;
        case pto_as::Space::Right:
            return mem::Buffer::L0B;
        case pto_as::Space::Acc:
            return mem::Buffer::L0C;
        default:  // vec; bias and scaling tiles live in the UB, as in pto-isa's CPU model
            return mem::Buffer::UB;
    }
}

Layout layout_of(const pto_as::TileType& t) {
    const int sl = t.slayout == pto_as::SLayout::NoneBox ? 0 : t.slayout == pto_as::SLayout::RowMajor ? 1 : 2;
    return tile_layout(t.blayout == pto_as::BLayout::RowMajor, sl, t.fractal, t.rows, t.cols,
                       static_cast<int32_t>(dtype_size(t.dtype)));
}

// ---- the interpreter
// ---------------------------------------------------------------------------------------

using Frame = std::unordered_map<std::string_view, Val>;

struct Term {
    Kind kind = Kind::Yield;  // Yield, Return or Condition; Module when the block ran off its end
    std::vector<Val> vals;
};

// A cube-vector FIFO of a module's block (PTOAS's frontend pipes, lowered by PTOAS to pto-isa's TPipe): the
// ring state of ptosim/ops/fifo.hpp with storage sized at run time. 8 slots for one direction, 4 for both, as
// PTOAS's lowering chooses.
struct RuntimePipe : fifo::State {
    std::vector<fifo::Slot> slot_store;
    std::vector<uint32_t> alloc_store, done_store;
    std::vector<int> queue_store;
    std::vector<std::byte> data_store;
    fifo::PipeInfo info;

    RuntimePipe(int dir_mask, std::size_t slot, std::byte* gm) {
        depth = dir_mask == 3 ? 4 : 8;
        slot_bytes = slot;
        slot_store.resize(depth);
        alloc_store.resize(depth);
        done_store.resize(depth);
        queue_store.resize(fifo::kQueues * depth);
        data_store.resize(static_cast<std::size_t>(depth) * 2 * slot);
        slots = slot_store.data();
        alloc_mask = alloc_store.data();
        done_mask = done_store.data();
        queues = queue_store.data();
        data = data_store.data();
        init_tag = kInitTag;
        info = {(dir_mask & 1) != 0, (dir_mask & 2) != 0, false, gm};
    }
};

// The pipes of one block, shared by its cube thread and its two vector threads; created by whichever
// initialises first (indexed by dir_mask - 1).
struct BlockPipes {
    std::mutex mutex;
    std::array<std::unique_ptr<RuntimePipe>, 3> pipes;
    std::array<int64_t, 3> slot_size{};
    sync::IntraBlockFlags flags;  // pto.sync.set / pto.sync.wait
};

// Which core a thread plays in a module with cube and vector functions (pto.kernel_kind).
enum class Role : uint8_t { Any, Cube, Vector };

class Runner {
  public:
    Runner(const Prepared& p, const Options& o, const std::unordered_map<const mod::Op*, uint64_t>& addrs,
           Role role = Role::Any, BlockPipes* pipes = nullptr)
        : p_(p),
          addrs_(addrs),
          file_(hazards::intern(o.source_name.empty() ? "<module>" : o.source_name)),
          max_steps_(o.max_steps),
          role_(role),
          pipes_(pipes) {}

    // Whether a function or section of core kind `core` ("cube", "vector", or "" for both) runs on this
    // thread.
    bool runs(std::string_view core) const {
        return core.empty() || role_ == Role::Any || (core == "cube") == (role_ == Role::Cube);
    }

    std::vector<Val> call(const mod::Op& func, std::vector<Val> args, int depth) {
        if (depth > 256)
            fail(Status::KernelCheck, func, "calls nested more than 256 deep");
        const Decoded& d = decoded(func);
        if (args.size() != d.params.size())
            fail(Status::OperandCountMismatch, func,
                 "@" + diag::clip(mod::function_name(func)) + " takes " + std::to_string(d.params.size()) +
                     " argument(s), given " + std::to_string(args.size()));
        if (func.regions.empty())
            fail(Status::NotExecutable, func, "@" + diag::clip(mod::function_name(func)) + " has no body");
        if (!runs(d.core))
            return {};  // the other kind of core's function: its calls are compiled out of this core's code
        Frame f;
        for (std::size_t i = 0; i < args.size(); ++i)
            f[d.params[i].name] = std::move(args[i]);
        depth_ = depth;
        Term t = run_region(func.regions[0], f);
        return std::move(t.vals);
    }

  private:
    // An operation prepare() could not decode is an error only when the run reaches it.
    const Decoded& decoded(const mod::Op& op) const {
        auto it = p_.decoded.find(&op);
        if (it != p_.decoded.end())
            return it->second;
        auto why = p_.undecoded.find(&op);
        throw RunError{why != p_.undecoded.end() ? why->second
                                                 : Diag{Status::NotExecutable, diag::clip(op.name), op.loc}};
    }

    const Val& get(const Frame& f, std::string_view name, const mod::Op& op) const {
        auto it = f.find(name);
        if (it == f.end())
            fail(Status::UndefinedValue, op, std::string(name) + " has no value here");
        return it->second;
    }
    const Scalar& scalar(const Frame& f, std::string_view name, const mod::Op& op) const {
        const Val& v = get(f, name, op);
        if (const auto* s = std::get_if<Scalar>(&v))
            return *s;
        fail(Status::TypeMismatch, op, std::string(name) + " is not a scalar");
    }
    int64_t index(const Frame& f, std::string_view name, const mod::Op& op) const {
        const Scalar& s = scalar(f, name, op);
        if (s.t.kind == SType::Kind::Float)
            fail(Status::TypeMismatch, op, std::string(name) + " is a float, not an index");
        return s.i;
    }
    const TileV& tile(const Frame& f, std::string_view name, const mod::Op& op) const {
        const Val& v = get(f, name, op);
        if (const auto* t = std::get_if<TileV>(&v))
            return *t;
        fail(Status::TypeMismatch, op, std::string(name) + " is not a tile");
    }
    const View& view(const Frame& f, std::string_view name, const mod::Op& op) const {
        const Val& v = get(f, name, op);
        if (const auto* t = std::get_if<View>(&v))
            return *t;
        fail(Status::TypeMismatch, op, std::string(name) + " is not a tensor view");
    }

    // One step of the run's budget: each operation and each iteration of a loop (so an empty body counts
    // too). `at` is what is stopped: the operation, or the loop whose iteration it is.
    void step(const mod::Op& at) {
        if (++steps_ > max_steps_)
            fail(Status::StepLimit, at,
                 std::string(at.name == "scf.for" || at.name == "scf.while" ? "a loop" : "an operation") +
                     " past the " + std::to_string(max_steps_) +
                     " steps a run may take (a loop that does not end? --max-steps N raises the limit)");
    }

    Term run_region(const mod::Region& r, Frame& f) {
        if (r.blocks.size() != 1)
            throw RunError{
                Diag{Status::NotExecutable, "regions of several blocks (unstructured control flow)", r.loc}};
        // The parser bounds the nesting of one function's regions; calls add theirs, and each level recurses
        // here (run_region, exec, call), so the sum is bounded too.
        if (region_depth_ >= kMaxRunDepth)
            throw RunError{Diag{Status::TooDeep,
                                "regions and calls nested more than " + std::to_string(kMaxRunDepth) +
                                    " deep when this region is entered",
                                r.loc}};
        ++region_depth_;
        struct Leave {
            int& d;
            ~Leave() { --d; }
        } leave{region_depth_};
        for (const mod::Op& op : r.blocks[0].ops) {
            step(op);
            const Decoded& d = decoded(op);
            if (d.kind == Kind::Yield || d.kind == Kind::Return || d.kind == Kind::Condition) {
                Term t{d.kind, {}};
                for (std::string_view v : d.ins)
                    t.vals.push_back(get(f, v, op));
                return t;
            }
            exec(d, f);
        }
        return Term{Kind::Module, {}};
    }

    void set_results(const mod::Op& op, Frame& f, std::vector<Val> vals) {
        if (vals.size() != op.results.size())
            fail(Status::ResultCountMismatch, op,
                 std::to_string(vals.size()) + " value(s) for " + std::to_string(op.results.size()) +
                     " result(s)");
        for (std::size_t i = 0; i < vals.size(); ++i)
            f[op.results[i]] = std::move(vals[i]);
    }

    // The operations with regions (and calls) recurse through run_region: they are here, in a small frame,
    // and every other operation is exec_plain's, whose frame is large (under AddressSanitizer about 28 KiB:
    // every operation's locals side by side) and so must not be on the recursion's path, or the nesting limit
    // (mod::kMaxNesting) would not fit the stack.
    void exec(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        switch (d.kind) {
            case Kind::Module:
            case Kind::Func:
                return;  // nested definitions run when called
            case Kind::Call: {
                auto it = p_.functions.find(d.callee);
                if (it == p_.functions.end())
                    fail(Status::UndefinedValue, op, "no function @" + diag::clip(d.callee));
                std::vector<Val> args;
                for (std::string_view v : d.ins)
                    args.push_back(get(f, v, op));
                const int depth = depth_;
                if (!runs(decoded(*it->second).core))
                    return;
                std::vector<Val> out = call(*it->second, std::move(args), depth + 1);
                depth_ = depth;
                return set_results(op, f, std::move(out));
            }
            case Kind::For:
                return run_for(d, f);
            case Kind::If: {
                const bool c = scalar(f, d.ins[0], op).i != 0;
                if (!c && op.regions.size() < 2)
                    return set_results(op, f, {});
                Term t = run_region(op.regions[c ? 0 : 1], f);
                return set_results(op, f, std::move(t.vals));
            }
            case Kind::While:
                return run_while(d, f);
            case Kind::Section:
                if (runs(d.core))
                    run_region(op.regions[0], f);
                return;
            case Kind::VecScope:
                run_region(op.regions[0], f);
                return;
            case Kind::Return:
            case Kind::Yield:
            case Kind::Condition:
                return;  // handled by run_region
            default:
                return exec_plain(d, f);
        }
    }

    [[gnu::noinline]] void exec_plain(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        // The SSA / synchronous levels: the results are the destinations, new tiles at their own places.
        for (std::size_t k = 0; k < d.result_tiles.size(); ++k) {
            const pto_as::TileType& t = d.result_tiles[k];
            f[op.results[k]] =
                TileV{t, buffer_of(t.loc), p_.result_addrs.at(&op)[k], t.valid_rows, t.valid_cols};
        }
        switch (d.kind) {
            case Kind::Module:
            case Kind::Func:
            case Kind::Call:
            case Kind::For:
            case Kind::If:
            case Kind::While:
            case Kind::Section:
            case Kind::VecScope:
            case Kind::Return:
            case Kind::Yield:
            case Kind::Condition:
                return;  // exec's
            case Kind::Constant:
                return set_results(op, f, {constant(d)});
            case Kind::Arith:
                return set_results(op, f, {arith(d, f)});
            case Kind::MakeView: {
                const Val& pv = get(f, d.ins[0], op);
                const auto* ptr = std::get_if<Ptr>(&pv);
                if (!ptr)
                    fail(Status::TypeMismatch, op, std::string(d.ins[0]) + " is not a pointer");
                if (dtype_size(ptr->dtype) != dtype_size(d.elem))
                    fail(Status::TypeMismatch, op, "the view's element type differs from the pointer's");
                View v{*ptr, {}, {}, d.layout};
                v.ptr.dtype = d.elem;
                for (std::size_t k = 0; k < d.shape.size(); ++k) {
                    v.shape.push_back(index(f, d.shape[k], op));
                    v.strides.push_back(index(f, d.strides[k], op));
                    if (v.shape.back() < 0 || v.strides.back() < 0)
                        fail(Status::OutOfBounds, op, "negative extent or stride");
                }
                return set_results(op, f, {v});
            }
            case Kind::Partition: {
                View v = view(f, d.ins[0], op);
                if (d.offsets.size() != v.shape.size())
                    fail(Status::OperandCountMismatch, op, "one offset per dimension of the view");
                int64_t off = 0;
                for (std::size_t k = 0; k < d.offsets.size(); ++k) {
                    const int64_t o = index(f, d.offsets[k], op), s = index(f, d.sizes[k], op);
                    if (o < 0 || s < 0 || o > v.shape[k] - s)
                        fail(Status::OutOfBounds, op,
                             "dimension " + std::to_string(k) + ": offset " + std::to_string(o) + " + size " +
                                 std::to_string(s) + " outside the view's " + std::to_string(v.shape[k]));
                    off = madd(o, v.strides[k], off, op);
                    v.shape[k] = s;
                }
                v.ptr.off = madd(off, static_cast<int64_t>(dtype_size(v.ptr.dtype)), v.ptr.off, op);
                return set_results(op, f, {v});
            }
            case Kind::AddPtr: {
                const Val& pv = get(f, d.ins[0], op);
                const auto* ptr = std::get_if<Ptr>(&pv);
                if (!ptr)
                    fail(Status::TypeMismatch, op, std::string(d.ins[0]) + " is not a pointer");
                Ptr q = *ptr;
                q.off = madd(index(f, d.ins[1], op), static_cast<int64_t>(dtype_size(q.dtype)), q.off, op);
                return set_results(op, f, {q});
            }
            case Kind::ViewDim: {
                const View& v = view(f, d.ins[0], op);
                const int64_t k = index(f, d.ins[1], op);
                if (k < 0 || k >= static_cast<int64_t>(v.shape.size()))
                    fail(Status::OutOfBounds, op,
                         "dimension " + std::to_string(k) + " of a rank-" + std::to_string(v.shape.size()) +
                             " view");
                return set_results(op, f, {make_int(SType{}, v.shape[static_cast<std::size_t>(k)])});
            }
            case Kind::AllocTile: {
                TileV t{d.tile, buffer_of(d.tile.loc), 0, d.tile.valid_rows, d.tile.valid_cols};
                t.addr = d.addr ? static_cast<uint64_t>(index(f, *d.addr, op)) : addrs_.at(&op);
                if (d.valid_row)
                    t.valid_rows =
                        static_cast<int32_t>(std::clamp<int64_t>(index(f, *d.valid_row, op), -1, 1 << 30));
                if (d.valid_col)
                    t.valid_cols =
                        static_cast<int32_t>(std::clamp<int64_t>(index(f, *d.valid_col, op), -1, 1 << 30));
                check_valid(t, op);
                return set_results(op, f, {t});
            }
            case Kind::SetValidShape: {
                auto it = f.find(d.ins[0]);
                TileV t = tile(f, d.ins[0], op);
                t.valid_rows = static_cast<int32_t>(std::clamp<int64_t>(index(f, d.ins[1], op), -1, 1 << 30));
                t.valid_cols = static_cast<int32_t>(std::clamp<int64_t>(index(f, d.ins[2], op), -1, 1 << 30));
                check_valid(t, op);
                it->second = t;
                return;
            }
            case Kind::Load:
            case Kind::Store:
                return memory(d, f);
            case Kind::Instr:
                return instr(d, f);
            case Kind::Move:
                return move(d, f);
            case Kind::Matmul:
                return matmul(d, f);
            case Kind::Sort:
                return sort(d, f);
            case Kind::Gather:
                return gather(d, f);
            case Kind::Generate:
                return generate(d, f);
            case Kind::EventArray:
                return event_array(d, f);
            case Kind::Print:
                return print(d, f);
            case Kind::View:
                return view_of(d, f);
            case Kind::Rearrange:
                return rearrange(d, f);
            case Kind::PipeSetup:
                return pipe_setup(d, f);
            case Kind::Pipe:
                return pipe_op(d, f);
            case Kind::Sync:
                return sync(d, f);
            case Kind::IntraBlock:
                return guarded(op, [&] {
                    if (d.sub == "set")
                        sync::set_intra_block(d.sync.src, static_cast<int>(d.int_attr));
                    else
                        sync::wait_intra_block(d.sync.src, static_cast<int>(d.int_attr));
                });
            case Kind::BlockInfo: {
                const ExecContext& c = exec_context();
                const uint32_t v = d.sub == "block_idx"      ? c.block_idx
                                   : d.sub == "block_num"    ? c.block_num
                                   : d.sub == "subblock_idx" ? c.subblock_id
                                                             : c.subblock_dim;
                return set_results(op, f, {make_int(d.type, v)});
            }
            case Kind::Micro:
                return micro_op(d, f);
            case Kind::CastPtr: {
                const int64_t a = index(f, d.ins[0], op);
                const mem::Extent e = mem::extent(mem::Buffer::UB);
                if (a < 0 || static_cast<uint64_t>(a) >= e.size)
                    fail(Status::OutOfBounds, op,
                         "address " + std::to_string(a) + " outside the Unified Buffer's " +
                             std::to_string(e.size) + " bytes");
                return set_results(op, f, {Ptr{e.base, static_cast<int64_t>(e.size), a, d.elem, true}});
            }
        }
    }

    const micro::VReg& reg(const Frame& f, std::string_view name, const mod::Op& op) const {
        if (const auto* r = std::get_if<RegV>(&get(f, name, op)))
            return r->r;
        fail(Status::TypeMismatch, op, std::string(name) + " is not a vector register");
    }
    const micro::Preg& mask(const Frame& f, std::string_view name, const mod::Op& op) const {
        if (const auto* m = std::get_if<MaskV>(&get(f, name, op)))
            return m->p;
        fail(Status::TypeMismatch, op, std::string(name) + " is not a predicate");
    }
    // A scalar operand as the bits of an element of type t (a float rounded once to t, an integer wrapped).
    uint64_t elem_bits(const Frame& f, std::string_view name, DType t, const mod::Op& op) const {
        const Scalar& s = scalar(f, name, op);
        const bool is_f = s.t.kind == SType::Kind::Float;
        switch (t) {
            case DType::F32:
                return std::bit_cast<uint32_t>(static_cast<float>(is_f ? s.f : static_cast<double>(s.i)));
            case DType::F16:
                return float16(is_f ? s.f : static_cast<double>(s.i)).bits();
            case DType::BF16:
                return bfloat16(is_f ? s.f : static_cast<double>(s.i)).bits();
            default: {
                const std::size_t w = 8 * dtype_size(t);
                const auto v = static_cast<uint64_t>(is_f ? static_cast<int64_t>(s.f) : s.i);
                return w >= 64 ? v : v & ((uint64_t{1} << w) - 1);
            }
        }
    }
    // The UB address of %ptr[%offset] for a 256-byte access: inside the pointer's buffer, or an error.
    // The UB address of ptr[offset] for an access of `bytes` bytes that the distribution `dist` requires to
    // be `align`-aligned.
    std::byte* ub_address(const Frame& f, std::string_view ptr, std::string_view offset, const mod::Op& op,
                          uint32_t bytes = micro::kVL, uint32_t align = micro::kVLaneBytes,
                          std::string_view dist = "NORM") const {
        const auto* p = std::get_if<Ptr>(&get(f, ptr, op));
        if (!p || !p->ub)
            fail(Status::TypeMismatch, op, std::string(ptr) + " is not a UB pointer (pto.castptr makes one)");
        const int64_t at = madd(index(f, offset, op), static_cast<int64_t>(dtype_size(p->dtype)), p->off, op);
        if (at < 0 || at > p->size - static_cast<int64_t>(bytes))
            fail(Status::OutOfBounds, op,
                 std::string(op.name.substr(4)) + " of " + std::to_string(bytes) + " bytes at UB byte " +
                     std::to_string(at) + ", outside the Unified Buffer's " + std::to_string(p->size) +
                     " bytes");
        if (at % align != 0)  // the micro core checks it too; here the message has the UB offset
            fail(Status::KernelCheck, op,
                 std::string(op.name.substr(4)) + ": UB byte " + std::to_string(at) + " is not " +
                     std::to_string(align) + "-byte aligned (the " + std::string(dist) +
                     " distribution needs it)");
        return p->base + at;
    }
    std::byte* ub_address(const Frame& f, std::string_view ptr, std::string_view offset, const mod::Op& op,
                          const isa::DistInfo& dist, uint32_t elem_size) const {
        return ub_address(f, ptr, offset, op, isa::dist_bytes(dist, elem_size),
                          isa::dist_align(dist, elem_size), dist.spelling);
    }

    // A micro-instruction (isa/micro.def): its family gives the operands (decode_micro checked their types),
    // the micro core runs it.
    void micro_op(const Decoded& d, Frame& f) {
        using isa::MFamily;
        const mod::Op& op = *d.op;
        const isa::MOp m = d.micro->op;
        const DType t = d.elem;
        RegV out{{}, t};
        switch (d.micro->family) {
            case MFamily::Binary:
                guarded(op, [&] {
                    micro::binary(m, t, out.r, reg(f, d.ins[0], op), reg(f, d.ins[1], op),
                                  mask(f, d.ins[2], op));
                });
                return set_results(op, f, {out});
            case MFamily::VecScalar: {
                const uint64_t s = elem_bits(f, d.ins[1], t, op);
                guarded(op, [&] {
                    micro::vec_scalar(m, t, out.r, reg(f, d.ins[0], op), s, mask(f, d.ins[2], op));
                });
                return set_results(op, f, {out});
            }
            case MFamily::Unary:
                guarded(op, [&] { micro::unary(m, t, out.r, reg(f, d.ins[0], op), mask(f, d.ins[1], op)); });
                return set_results(op, f, {out});
            case MFamily::Reduce:
                guarded(op, [&] { micro::reduce(m, t, out.r, reg(f, d.ins[0], op), mask(f, d.ins[1], op)); });
                return set_results(op, f, {out});
            case MFamily::Compare: {
                MaskV p{{}, d.gran};
                guarded(op, [&] {
                    p.p = micro::compare(d.cmp, t, reg(f, d.ins[0], op), reg(f, d.ins[1], op),
                                         mask(f, d.ins[2], op));
                });
                return set_results(op, f, {p});
            }
            case MFamily::CompareScalar: {
                MaskV p{{}, d.gran};
                const uint64_t s = elem_bits(f, d.ins[1], t, op);
                guarded(op, [&] {
                    p.p = micro::compare_scalar(d.cmp, t, reg(f, d.ins[0], op), s, mask(f, d.ins[2], op));
                });
                return set_results(op, f, {p});
            }
            case MFamily::Select:
                guarded(op, [&] {
                    micro::select(t, out.r, reg(f, d.ins[0], op), reg(f, d.ins[1], op),
                                  mask(f, d.ins[2], op));
                });
                return set_results(op, f, {out});
            case MFamily::Broadcast: {
                const micro::Preg all = micro::Preg::all(static_cast<uint32_t>(dtype_size(t)));
                const micro::Preg& p = d.ins.size() == 2 ? mask(f, d.ins[1], op) : all;
                if (m == isa::MOp::vci) {
                    const uint64_t start = elem_bits(f, d.ins[0], t, op);
                    guarded(op, [&] {
                        micro::index_sequence(t, out.r, start, d.flag);
                        if (d.ins.size() == 2) {  // inactive lanes zeroed
                            const micro::VReg seq = out.r;
                            micro::unary(isa::MOp::vmov, t, out.r, seq, p);
                        }
                    });
                } else {
                    const uint64_t s = elem_bits(f, d.ins[0], t, op);
                    guarded(op, [&] { micro::broadcast(t, out.r, s, p); });
                }
                return set_results(op, f, {out});
            }
            case MFamily::Load: {
                const isa::DistInfo& dist = *d.dist;
                const auto size = static_cast<uint32_t>(dtype_size(t));
                std::byte* a = ub_address(f, d.ins[0], d.ins[1], op, dist, size);
                if (m == isa::MOp::vldsx2) {
                    RegV hi{{}, t};
                    guarded(op, [&] {
                        hazards::Scope hz("vldsx2", hazards::Pipe::V);
                        hz.read(a, isa::dist_bytes(dist, size));
                        micro::load2(out.r, hi.r, a, dist.id);
                    });
                    return set_results(op, f, {out, hi});
                }
                guarded(op, [&] {
                    hazards::Scope hz("vlds", hazards::Pipe::V);  // the V pipe reads the distribution's bytes
                    hz.read(a, isa::dist_bytes(dist, size));
                    micro::load(out.r, a, dist.id, size);
                });
                return set_results(op, f, {out});
            }
            case MFamily::Store: {
                const isa::DistInfo& dist = *d.dist;
                const bool pair = m == isa::MOp::vstsx2;
                const auto size = static_cast<uint32_t>(dtype_size(t));
                const std::size_t k = pair ? 2 : 1;  // the pointer's operand
                std::byte* a = ub_address(f, d.ins[k], d.ins[k + 1], op, dist, size);
                guarded(op, [&] {
                    const micro::Preg& p = mask(f, d.ins[k + 2], op);
                    // The V pipe writes the bytes from the first active lane's to the last's (none: nothing).
                    hazards::Scope hz(pair ? "vstsx2" : "vsts", hazards::Pipe::V);
                    const micro::Extent e = micro::store_extent(p, dist.id, size);
                    if (e.end > e.first)
                        hz.write(a + e.first, e.end - e.first);
                    if (pair)
                        micro::store2(a, reg(f, d.ins[0], op), reg(f, d.ins[1], op), p, dist.id);
                    else
                        micro::store(a, reg(f, d.ins[0], op), p, dist.id, size);
                });
                return set_results(op, f, {});
            }
            case MFamily::PredGen: {
                MaskV p{{}, d.gran};
                if (m == isa::MOp::pset) {
                    guarded(op,
                            [&] { p.p = micro::pattern(static_cast<micro::Pattern>(d.pattern), d.gran); });
                    return set_results(op, f, {p});
                }
                // plt: the first n lanes; the count left for the next register (n - lanes, at least 0).
                const Scalar& n = scalar(f, d.ins[0], op);
                const uint64_t count = unsigned_of(n);
                const uint32_t lanes = micro::kVL / d.gran;
                guarded(op, [&] {
                    p.p = micro::first_n(static_cast<uint32_t>(std::min<uint64_t>(count, lanes)), d.gran);
                });
                if (op.results.size() == 1)
                    return set_results(op, f, {p});
                return set_results(
                    op, f,
                    {p, make_int(d.type, static_cast<int64_t>(count - std::min<uint64_t>(count, lanes)))});
            }
            default:
                fail(Status::NotExecutable, op, diag::clip(op.name));
        }
    }

    static void check_valid(const TileV& t, const mod::Op& op) {
        if (t.valid_rows < 0 || t.valid_rows > t.t.rows || t.valid_cols < 0 || t.valid_cols > t.t.cols)
            fail(Status::KernelCheck, op,
                 "valid shape " + std::to_string(t.valid_rows) + "x" + std::to_string(t.valid_cols) +
                     " outside the tile's " + std::to_string(t.t.rows) + "x" + std::to_string(t.t.cols));
    }

    Val constant(const Decoded& d) const {
        if (!d.dense.empty())
            return Vector{d.type, d.dense};
        if (d.type.kind == SType::Kind::Float)
            return make_float(d.type, d.number.value);
        if (d.number.is_float)
            fail(Status::BadLiteral, *d.op, "a float literal for an integer type");
        const int64_t v = d.number.negative ? static_cast<int64_t>(~d.number.magnitude + 1)
                                            : static_cast<int64_t>(d.number.magnitude);
        return make_int(d.type, v);
    }

    Val arith(const Decoded& d, const Frame& f) const {
        const mod::Op& op = *d.op;
        const std::string_view s = d.sub;
        const Scalar& a = scalar(f, d.ins[0], op);
        if (s == "select") {
            const Scalar& x = scalar(f, d.ins[1], op);
            const Scalar& y = scalar(f, d.ins[2], op);
            return a.i != 0 ? x : y;
        }
        const bool is_float = a.t.kind == SType::Kind::Float;
        if (s == "cmpi" || s == "cmpf")
            return make_int(d.type, compare(d, a, scalar(f, d.ins[1], op)) ? 1 : 0);
        if (d.ins.size() == 1)
            return cast(d, a);
        const Scalar& b = scalar(f, d.ins[1], op);
        const SType t = d.type;
        if (is_float != (t.kind == SType::Kind::Float) || (b.t.kind == SType::Kind::Float) != is_float)
            fail(Status::TypeMismatch, op, "operands of " + diag::clip(op.name) + " are not of its type");
        if (is_float) {
            double r = 0;
            if (s == "addf")
                r = a.f + b.f;
            else if (s == "subf")
                r = a.f - b.f;
            else if (s == "mulf")
                r = a.f * b.f;
            else if (s == "divf")
                r = a.f / b.f;
            else if (s == "remf")
                r = std::fmod(a.f, b.f);
            else if (s == "maximumf")
                r = std::isnan(a.f) || std::isnan(b.f) ? std::nan("") : std::max(a.f, b.f);
            else if (s == "minimumf")
                r = std::isnan(a.f) || std::isnan(b.f) ? std::nan("") : std::min(a.f, b.f);
            else if (s == "maxnumf")
                r = std::fmax(a.f, b.f);
            else if (s == "minnumf")
                r = std::fmin(a.f, b.f);
            else
                fail(Status::TypeMismatch, op, diag::clip(op.name) + " on floats");
            return make_float(t, r);
        }
        const int64_t x = a.i, y = b.i;
        const uint64_t ux = unsigned_of(a), uy = unsigned_of(b);
        const auto u = [](uint64_t v) { return static_cast<int64_t>(v); };
        auto nonzero = [&](bool zero) {
            if (zero)
                fail(Status::KernelCheck, op, diag::clip(op.name) + ": division by zero");
        };
        if (s == "addi")
            return make_int(t, u(static_cast<uint64_t>(x) + static_cast<uint64_t>(y)));
        if (s == "subi")
            return make_int(t, u(static_cast<uint64_t>(x) - static_cast<uint64_t>(y)));
        if (s == "muli")
            return make_int(t, u(static_cast<uint64_t>(x) * static_cast<uint64_t>(y)));
        if (s == "andi")
            return make_int(t, x & y);
        if (s == "ori")
            return make_int(t, x | y);
        if (s == "xori")
            return make_int(t, x ^ y);
        if (s == "maxsi")
            return make_int(t, std::max(x, y));
        if (s == "minsi")
            return make_int(t, std::min(x, y));
        if (s == "maxui")
            return make_int(t, u(std::max(ux, uy)));
        if (s == "minui")
            return make_int(t, u(std::min(ux, uy)));
        if (s == "shli" || s == "shrsi" || s == "shrui") {
            if (uy >= static_cast<uint64_t>(t.width))
                fail(Status::KernelCheck, op,
                     diag::clip(op.name) + ": shift by " + std::to_string(uy) + ", not less than the width " +
                         std::to_string(t.width));
            if (s == "shli")
                return make_int(t, u(ux << uy));
            if (s == "shrui")
                return make_int(t, u(ux >> uy));
            return make_int(t, x >> uy);
        }
        // Divisions: signed overflow (MIN / -1) is an error too, as C++ would have no answer.
        const bool signed_div = s == "divsi" || s == "remsi" || s == "ceildivsi" || s == "floordivsi";
        if (signed_div) {
            nonzero(y == 0);
            if (y == -1 && x == wrap(int64_t{1} << (t.width - 1), t.width) && t.width > 1)
                fail(Status::KernelCheck, op, diag::clip(op.name) + ": the quotient overflows");
            const int64_t q = x / y, r = x % y;
            if (s == "divsi")
                return make_int(t, q);
            if (s == "remsi")
                return make_int(t, r);
            if (s == "ceildivsi")
                return make_int(t, q + ((r != 0 && ((r > 0) == (y > 0))) ? 1 : 0));
            return make_int(t, q - ((r != 0 && ((r < 0) != (y < 0))) ? 1 : 0));
        }
        nonzero(uy == 0);
        if (s == "divui")
            return make_int(t, u(ux / uy));
        if (s == "remui")
            return make_int(t, u(ux % uy));
        return make_int(t, u(ux / uy + (ux % uy != 0 ? 1 : 0)));  // ceildivui
    }

    static bool compare(const Decoded& d, const Scalar& a, const Scalar& b) {
        const std::string_view p = d.pred;
        if (d.sub == "cmpf") {
            const bool unordered = std::isnan(a.f) || std::isnan(b.f);
            if (p == "true" || p == "false")
                return p == "true";
            if (p == "ord" || p == "uno")
                return (p == "uno") == unordered;
            if (unordered)
                return p[0] == 'u';
            const std::string_view rel = p.substr(1);
            return rel == "eq"   ? a.f == b.f
                   : rel == "ne" ? a.f != b.f
                   : rel == "lt" ? a.f < b.f
                   : rel == "le" ? a.f <= b.f
                   : rel == "gt" ? a.f > b.f
                                 : a.f >= b.f;
        }
        if (p == "eq")
            return a.i == b.i;
        if (p == "ne")
            return a.i != b.i;
        if (p[0] == 's') {
            const std::string_view rel = p.substr(1);
            return rel == "lt" ? a.i < b.i : rel == "le" ? a.i <= b.i : rel == "gt" ? a.i > b.i : a.i >= b.i;
        }
        const uint64_t x = unsigned_of(a), y = unsigned_of(b);
        const std::string_view rel = p.substr(1);
        return rel == "lt" ? x < y : rel == "le" ? x <= y : rel == "gt" ? x > y : x >= y;
    }

    Val cast(const Decoded& d, const Scalar& a) const {
        const mod::Op& op = *d.op;
        const std::string_view s = d.sub;
        const SType t = d.type;
        if (s == "negf")
            return make_float(t, -a.f);
        if (s == "index_cast" || s == "extsi" || s == "trunci")
            return make_int(t, a.i);
        if (s == "index_castui" || s == "extui")
            return make_int(t, static_cast<int64_t>(unsigned_of(a)));
        if (s == "sitofp")
            return make_float(t, static_cast<double>(a.i));
        if (s == "uitofp")
            return make_float(t, static_cast<double>(unsigned_of(a)));
        if (s == "extf" || s == "truncf")
            return make_float(t, a.f);
        if (s == "fptosi" || s == "fptoui") {
            const double v = std::trunc(a.f);
            const double lo = s == "fptosi" ? -std::ldexp(1.0, t.width - 1) : 0.0;
            const double hi = s == "fptosi" ? std::ldexp(1.0, t.width - 1) : std::ldexp(1.0, t.width);
            if (!(v >= lo && v < hi))
                fail(Status::KernelCheck, op,
                     diag::clip(op.name) + ": the value does not fit the integer type");
            return make_int(
                t, s == "fptosi" ? static_cast<int64_t>(v) : static_cast<int64_t>(static_cast<uint64_t>(v)));
        }
        // bitcast: the same bits in a type of the same width.
        if (a.t.width != t.width)
            fail(Status::TypeMismatch, op, "arith.bitcast between types of different widths");
        uint64_t bits = a.t.kind == SType::Kind::Float ? float_bits(a) : unsigned_of(a);
        if (t.kind != SType::Kind::Float)
            return make_int(t, static_cast<int64_t>(bits));
        return Scalar{t, 0, bits_to_double(bits, t.dtype)};
    }

    static uint64_t float_bits(const Scalar& a) {
        pto_as::Number n;
        n.is_float = true;
        n.value = a.f;
        return pto_as::number_bits(n, a.t.dtype, nullptr).value_or(0);
    }
    static double bits_to_double(uint64_t bits, DType t) {
        switch (t) {
            case DType::F64:
                return std::bit_cast<double>(bits);
            case DType::F32:
                return std::bit_cast<float>(static_cast<uint32_t>(bits));
            case DType::F16:
                return static_cast<float>(float16::from_bits(static_cast<uint16_t>(bits)));
            default:
                return static_cast<float>(bfloat16::from_bits(static_cast<uint16_t>(bits)));
        }
    }

    void run_for(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const int64_t lb = index(f, d.ins[0], op), ub = index(f, d.ins[1], op), step = index(f, d.ins[2], op);
        if (step <= 0)
            fail(Status::KernelCheck, op,
                 "scf.for with a step of " + std::to_string(step) + " (it must be positive)");
        std::vector<Val> iter;
        for (std::size_t k = 3; k < d.ins.size(); ++k)
            iter.push_back(get(f, d.ins[k], op));
        const SType ivt = scalar(f, d.ins[0], op).t;
        for (int64_t i = lb; i < ub; i += step) {
            this->step(op);
            f[d.iv] = make_int(ivt, i);
            for (std::size_t k = 0; k < iter.size(); ++k)
                f[d.iter_names[k]] = iter[k];
            Term t = run_region(op.regions[0], f);
            if (t.vals.size() != iter.size())
                fail(Status::ResultCountMismatch, op,
                     "scf.yield gives " + std::to_string(t.vals.size()) + " value(s) for " +
                         std::to_string(iter.size()) + " iteration argument(s)");
            iter = std::move(t.vals);
            if (i > std::numeric_limits<int64_t>::max() - step)
                break;
        }
        set_results(op, f, std::move(iter));
    }

    void run_while(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        std::vector<Val> args;
        for (std::string_view v : d.ins)
            args.push_back(get(f, v, op));
        while (true) {
            step(op);
            for (std::size_t k = 0; k < args.size() && k < d.iter_names.size(); ++k)
                f[d.iter_names[k]] = args[k];
            const mod::Block& before = op.regions[0].blocks.front();
            bind_block_args(before, args, f, op);
            Term c = run_region(op.regions[0], f);
            if (c.kind != Kind::Condition || c.vals.empty())
                fail(Status::SyntaxError, op, "scf.while's first region must end with scf.condition");
            const auto* cond = std::get_if<Scalar>(&c.vals[0]);
            if (!cond)
                fail(Status::TypeMismatch, op, "scf.condition's condition is not a scalar");
            std::vector<Val> fwd(c.vals.begin() + 1, c.vals.end());
            if (cond->i == 0)
                return set_results(op, f, std::move(fwd));
            bind_block_args(op.regions[1].blocks.front(), fwd, f, op);
            Term y = run_region(op.regions[1], f);
            args = std::move(y.vals);
        }
    }

    // ^bb0(%a: T, %b: U): the names take the values in order.
    static void bind_block_args(const mod::Block& b, const std::vector<Val>& vals, Frame& f,
                                const mod::Op& op) {
        std::size_t k = 0;
        for (const mod::Token& t : b.args) {
            if (t.kind != Tok::Value)
                continue;
            if (k >= vals.size())
                fail(Status::OperandCountMismatch, op, "more block arguments than values");
            f[t.text] = vals[k++];
        }
    }

    TileView tile_view(const TileV& t, const mod::Op& op) const {
        const Layout l = layout_of(t.t);
        TileView v{nullptr, t.t.dtype, l, t.valid_rows, t.valid_cols};
        const std::size_t whole = dtype_bytes(t.t.dtype, l.size());
        const std::size_t valid = v.valid_bytes();
        std::size_t cap = 0;
        v.data = mem::resolve_tile_address(t.buffer, t.addr, whole, valid, &cap, decoded(op).instr);
        v.capacity = cap;
        return v;
    }

    GlobalView global(const View& v, const mod::Op& op) const {
        GlobalView g;
        g.dtype = v.ptr.dtype;
        g.layout = v.layout;
        const std::size_t r = v.shape.size();
        if (r > 5)
            fail(Status::NotExecutable, op, "a view of more than 5 dimensions");
        for (std::size_t k = 0; k < r; ++k) {
            g.shape[5 - r + k] = v.shape[k];
            g.stride[5 - r + k] = v.strides[k];
        }
        for (std::size_t k = 5 - r; k-- > 0;)
            g.stride[k] = madd(g.stride[k + 1], g.shape[k + 1], 0, op);
        // Every element the view spans must lie inside its argument's buffer.
        const int64_t es = static_cast<int64_t>(dtype_size(g.dtype));
        bool empty = false;
        for (int k = 0; k < 5; ++k)
            empty |= g.shape[k] == 0;
        if (!empty) {
            int64_t last = 0;  // the last element's offset
            for (int k = 0; k < 5; ++k)
                last = madd(g.shape[k] - 1, g.stride[k], last, op);
            const int64_t lo = v.ptr.off, span = madd(last, es, es, op);
            if (lo < 0 || lo > v.ptr.size || span > v.ptr.size - lo)
                fail(Status::OutOfBounds, op,
                     "the view spans bytes [" + std::to_string(lo) + ", " +
                         std::to_string(madd(1, lo, span, op)) + ") of a " + std::to_string(v.ptr.size) +
                         "-byte argument");
        }
        g.data = v.ptr.base + (empty ? 0 : v.ptr.off);
        return g;
    }

    void memory(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const bool load = d.kind == Kind::Load;
        const View& v = view(f, load ? d.ins[0] : d.outs[0], op);
        const TileV& t = tile(f, load ? d.outs[0] : d.ins[0], op);
        const GlobalView g = global(v, op);
        guarded(op, [&] {
            const TileView tv = tile_view(t, op);
            if (load) {
                ops::tload(tv, g, static_cast<Pad>(t.t.pad));
            } else if (tv.dtype == g.dtype) {
                ops::tstore(g, tv);
            } else {
                ops::tstore(g, tv, StoreSpec{});
            }
        });
    }

    void instr(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const isa::OpInfo& info = *d.info;
        std::vector<TileView> src, dst;
        std::vector<const Scalar*> scalars;
        std::vector<TileV> src_tiles;
        for (std::string_view name : d.ins) {
            const Val& v = get(f, name, op);
            if (const auto* t = std::get_if<TileV>(&v))
                src_tiles.push_back(*t);
            else if (const auto* s = std::get_if<Scalar>(&v))
                scalars.push_back(s);
            else
                fail(Status::TypeMismatch, op, std::string(name) + " is neither a tile nor a scalar");
        }
        // The C++ intrinsics' scratch tiles come last in ins(...); the kernels do not need them.
        if (src_tiles.size() > info.src_max && src_tiles.size() - info.src_max <= info.tmps)
            src_tiles.resize(info.src_max);
        if (scalars.size() != info.scalars)
            fail(Status::OperandCountMismatch, op,
                 diag::clip(op.name) + " takes " + std::to_string(info.scalars) + " scalar(s), given " +
                     std::to_string(scalars.size()));
        guarded(op, [&] {
            for (const TileV& t : src_tiles)
                src.push_back(tile_view(t, op));
            for (std::string_view name : d.outs)
                dst.push_back(tile_view(tile(f, name, op), op));
            // A scalar travels as one element of the first data source's type (the destination's without
            // one).
            const DType elem = info.float_scalar ? DType::F32
                               : !src.empty()    ? src.front().dtype
                                                 : dst.front().dtype;
            std::vector<uint64_t> bits;
            for (const Scalar* s : scalars)
                bits.push_back(scalar_to_bits(*s, elem, op));
            ops::Attrs attrs = d.attrs;
            if (d.msb) {
                if (src.empty() || src.front().dtype != DType::U16)
                    fail(Status::NotExecutable, op,
                         "isMSB on a source that is not 16-bit (name the byte: {byte = #pto<hist_byte "
                         "BYTE_k>})");
                attrs.byte = *d.msb ? 1 : 0;
            }
            ops::execute(info.op, ops::Operands{dst, src, bits, attrs});
        });
    }

    // TMOV moves src's valid region to the same place; TEXTRACT fills dst's valid region from src at (row,
    // col); TINSERT puts src's valid region into dst at (row, col). ReLU as the C++ forms apply it.
    void move(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const TileV& s = tile(f, d.ins[0], op);
        const TileV& t = tile(f, d.outs[0], op);
        MoveSpec spec;
        const bool mov = d.sub == "tmov", extract = d.sub == "textract";
        const int64_t r = mov ? 0 : index(f, d.ins[1], op), c = mov ? 0 : index(f, d.ins[2], op);
        if (r < 0 || c < 0 || r > 65535 || c > 65535)
            fail(Status::KernelCheck, op,
                 "index (" + std::to_string(r) + ", " + std::to_string(c) + ") out of range");
        spec.rows = extract ? t.valid_rows : s.valid_rows;
        spec.cols = extract ? t.valid_cols : s.valid_cols;
        (extract ? spec.src_row : spec.dst_row) = static_cast<int32_t>(r);
        (extract ? spec.src_col : spec.dst_col) = static_cast<int32_t>(c);
        if (d.relu)
            spec.relu = mov ? prequant::Relu::Negative : prequant::Relu::Positive;
        guarded(op, [&] {
            const char* name = mov ? "TMOV" : extract ? "TEXTRACT" : "TINSERT";
            ops::tmove(name, tile_view(t, op), tile_view(s, op), spec, !mov);
        });
    }

    void matmul(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const bool acc = d.sub == ".acc", bias = d.sub == ".bias";
        const TileV& a = tile(f, d.ins[acc ? 1 : 0], op);
        const TileV& b = tile(f, d.ins[acc ? 2 : 1], op);
        const TileV& c = tile(f, d.outs[0], op);
        guarded(op, [&] {
            const TileView cv = tile_view(c, op);
            std::optional<TileView> extra;
            if (acc || bias)
                extra = tile_view(tile(f, d.ins[acc ? 0 : 2], op), op);
            ops::tmatmul(cv, tile_view(a, op), tile_view(b, op), acc ? &*extra : nullptr,
                         bias ? &*extra : nullptr);
        });
    }

    // TSORT32: ins(src, idx[, tmp]); TMRGSORT: ins(src, blockLen) outs(dst), or ins(src0, ..[, tmp])
    // outs(dst[, tmp], executed) with 2 to 4 lists (the scratch tile is the last ins when outs has two
    // values).
    void sort(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        if (d.sub == "tsort32") {
            const TileV& src = tile(f, d.ins[0], op);
            const TileV& idx = tile(f, d.ins[1], op);
            const TileV& dst = tile(f, d.outs[0], op);
            return guarded(op, [&] {
                ops::tsort32(tile_view(dst, op), tile_view(src, op), tile_view(idx, op), d.ins.size() == 3);
            });
        }
        if (d.ins.size() == 2 && std::holds_alternative<Scalar>(get(f, d.ins[1], op))) {
            const int64_t len = scalar(f, d.ins[1], op).i;
            if (len <= 0 || len > std::numeric_limits<int32_t>::max())
                fail(Status::KernelCheck, op, "blockLen " + std::to_string(len));
            const TileV& src = tile(f, d.ins[0], op);
            const TileV& dst = tile(f, d.outs[0], op);
            return guarded(op, [&] {
                ops::tmrgsort_blocks(tile_view(dst, op), tile_view(src, op), static_cast<uint32_t>(len));
            });
        }
        std::vector<TileV> lists;
        for (std::string_view v : d.ins)
            lists.push_back(tile(f, v, op));
        std::optional<TileV> tmp;
        std::optional<std::string_view> executed;
        if (d.outs.size() == 3) {
            tmp = tile(f, d.outs[1], op);
            executed = d.outs[2];
        } else {
            tmp = lists.back();
            lists.pop_back();
            if (d.outs.size() == 2)
                executed = d.outs[1];
        }
        if (lists.size() < 2 || lists.size() > 4)
            fail(Status::OperandCountMismatch, op, "pto.tmrgsort merges 2 to 4 lists");
        const TileV& dst = tile(f, d.outs[0], op);
        sort::Executed counts{};
        guarded(op, [&] {
            std::vector<TileView> srcs;
            for (const TileV& l : lists)
                srcs.push_back(tile_view(l, op));
            counts = ops::tmrgsort(tile_view(dst, op), tile_view(*tmp, op), srcs, d.flag);
        });
        if (executed) {
            Vector v{SType{SType::Kind::Int, 16, DType::S16}, {}};
            for (uint16_t c : counts)
                v.v.push_back(static_cast<int16_t>(c));
            f[*executed] = v;
        }
    }

    void gather(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const TileV& src = tile(f, d.ins[0], op);
        const TileV& dst = tile(f, d.outs[0], op);
        guarded(op, [&] {
            const TileView s = tile_view(src, op), t = tile_view(dst, op);
            if (d.sub == "tgather" && d.int_attr != 0) {
                GatherPattern p;
                GatherPattern::from_mask_pattern(static_cast<int>(d.int_attr), &p);
                return ops::tgather(t, s, p, false);
            }
            const TileView i = tile_view(tile(f, d.ins[1], op), op);
            if (d.sub == "tgather")
                return ops::tgather(t, s, i);
            if (d.sub == "tgatherb")
                return ops::tgatherb(t, s, i);
            ops::tscatter(t, s, i);
        });
    }

    void generate(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const TileV& dst = tile(f, d.outs[0], op);
        if (d.sub == "tci") {
            const Scalar& start = scalar(f, d.ins[0], op);
            return guarded(op, [&] {
                const TileView t = tile_view(dst, op);
                ops::tci(t, scalar_to_bits(start, t.dtype, op), d.flag);
            });
        }
        if (d.sub == "ttri") {
            const int64_t diag = scalar(f, d.ins[0], op).i;
            if (diag < std::numeric_limits<int32_t>::min() || diag > std::numeric_limits<int32_t>::max())
                fail(Status::KernelCheck, op, "diagonal " + std::to_string(diag) + " out of range");
            return guarded(
                op, [&] { ops::ttri(tile_view(dst, op), static_cast<int32_t>(diag), d.int_attr == 1); });
        }
        random::Key key{};
        random::Counter counter{};
        for (std::size_t k = 0; k < 6; ++k) {
            const auto w = static_cast<uint32_t>(unsigned_of(scalar(f, d.ins[k], op)));
            (k < 2 ? key[k] : counter[k - 2]) = w;
        }
        guarded(op, [&] { ops::trandom(tile_view(dst, op), key, counter, static_cast<int>(d.int_attr)); });
    }

    // Event-id arrays: N ids (all EVENT_ID0 at first); _set changes the array's value in place, as the C++
    // array PTOAS makes of it.
    void event_array(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        if (d.sub == "declare")
            return set_results(
                op, f, {Vector{SType{}, std::vector<int64_t>(static_cast<std::size_t>(d.int_attr), 0)}});
        auto it = f.find(d.ins[0]);
        auto* arr = it == f.end() ? nullptr : std::get_if<Vector>(&it->second);
        if (!arr)
            fail(Status::TypeMismatch, op, std::string(d.ins[0]) + " is not an event-id array");
        const int64_t k = index(f, d.ins[1], op);
        if (k < 0 || k >= static_cast<int64_t>(arr->v.size()))
            fail(Status::OutOfBounds, op,
                 "index " + std::to_string(k) + " of a " + std::to_string(arr->v.size()) +
                     "-entry event-id array");
        if (d.sub == "get")
            return set_results(op, f, {make_int(SType{}, arr->v[static_cast<std::size_t>(k)])});
        arr->v[static_cast<std::size_t>(k)] = index(f, d.ins[2], op);
    }

    void print(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        const TileV& t = tile(f, d.ins[0], op);
        if (t.t.loc != pto_as::Space::Vec)
            fail(Status::NotExecutable, op, "pto.tprint of a Mat or Acc tile (it needs a scratch tensor)");
        std::fflush(stdout);
        guarded(op,
                [&] { ops::print_tile(stdout, tile_view(t, op), ops::PrintStyle::Width8Precision4, "Vec"); });
        std::fflush(stdout);
    }

    // treshape: the same bytes as another tile type, no larger; tassign: the same tile at another address.
    void view_of(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        TileV t = tile(f, d.ins[0], op);
        if (d.sub == "tassign") {
            const int64_t a = index(f, d.ins[1], op);
            if (a < 0)
                fail(Status::KernelCheck, op, "negative address");
            t.addr = static_cast<uint64_t>(a);
        } else {
            if (d.tile.bytes() > t.t.bytes() || buffer_of(d.tile.loc) != t.buffer)
                fail(Status::KernelCheck, op,
                     "TRESHAPE: the new tile type must fit the source's bytes (" +
                         std::to_string(d.tile.bytes()) + " > " + std::to_string(t.t.bytes()) +
                         ") in the same buffer");
            t.t = d.tile;
            t.valid_rows = d.tile.valid_rows == pto_as::kDynamic ? d.tile.rows : d.tile.valid_rows;
            t.valid_cols = d.tile.valid_cols == pto_as::kDynamic ? d.tile.cols : d.tile.valid_cols;
        }
        guarded(op, [&] { (void)tile_view(t, op); });  // the new tile lies inside its buffer
        set_results(op, f, {t});
    }

    // TFILLPAD (Vec tiles): src's valid region to dst, the rest of dst's rows (to its valid rows, at least
    // src's) filled with dst's pad value; _inplace fills around the tile's own valid region. TCONCAT.
    void rearrange(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        if (d.sub == "tconcat") {
            const TileV& a = tile(f, d.ins[0], op);
            const TileV& b = tile(f, d.ins[1], op);
            const TileV& c = tile(f, d.outs[0], op);
            return guarded(op, [&] { ops::tconcat(tile_view(c, op), tile_view(a, op), tile_view(b, op)); });
        }
        const TileV& src = tile(f, d.ins[0], op);
        const TileV& dst = d.outs.empty() ? src : tile(f, d.outs[0], op);
        if (dst.t.loc != pto_as::Space::Vec)
            fail(Status::NotExecutable, op, diag::clip(op.name) + " of a Mat tile");
        if (dst.valid_rows == 0 || dst.valid_cols == 0)
            return;
        FillPadSpec s;
        s.keep_rows = src.valid_rows;
        s.keep_cols = src.valid_cols;
        s.fill_rows = std::max(dst.valid_rows, s.keep_rows);
        s.fill_cols = dst.t.cols;
        // _inplace (or no outs) fills around the tile's own valid region; an outs that names the source is
        // the same thing.
        s.copy = d.sub == "tfillpad" && !d.outs.empty() && d.outs[0] != d.ins[0];
        s.pad = ops::pad_bits(dst.t.dtype, static_cast<Pad>(dst.t.pad));
        guarded(op, [&] { ops::tfillpad("TFILLPAD", tile_view(dst, op), tile_view(src, op), s); });
    }

    void pipe_setup(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        if (d.sub != "init")
            return set_results(op, f, {make_int(SType{SType::Kind::Int, 32, DType::S32}, d.int_attr)});
        if (!pipes_)
            fail(Status::NotExecutable, op,
                 diag::clip(op.name) + " outside a module with cube and vector functions (pto.kernel_kind)");
        std::byte* gm = nullptr;
        if (d.gm) {
            const Val& v = get(f, *d.gm, op);
            const auto* ptr = std::get_if<Ptr>(&v);
            if (!ptr)
                fail(Status::TypeMismatch, op, std::string(*d.gm) + " is not a pointer");
            const auto depth = static_cast<std::ptrdiff_t>(d.int_attr == 3 ? 4 : 8);
            if (ptr->off < 0 || ptr->off > ptr->size || ptr->size - ptr->off < depth * d.slot_size)
                fail(Status::OutOfBounds, op,
                     "the GM slot buffer holds fewer than " + std::to_string(depth) + " slots of " +
                         std::to_string(d.slot_size) + " bytes");
            gm = ptr->base + ptr->off;
        }
        const auto k = static_cast<std::size_t>(d.int_attr - 1);
        std::lock_guard lock(pipes_->mutex);
        if (!pipes_->pipes[k]) {
            pipes_->pipes[k] = std::make_unique<RuntimePipe>(static_cast<int>(d.int_attr),
                                                             static_cast<std::size_t>(d.slot_size), gm);
            pipes_->slot_size[k] = d.slot_size;
        } else if (pipes_->slot_size[k] != d.slot_size) {
            fail(Status::KernelCheck, op,
                 "the cube and the vector initialise the pipe with different slot sizes");
        }
    }

    // The pipe a direction travels on: its own (dir_mask 1 or 2) or the two-way one (3).
    RuntimePipe& pipe_for(fifo::Flow flow, const mod::Op& op, std::size_t* index) {
        std::lock_guard lock(pipes_->mutex);
        const std::size_t own = flow == fifo::Flow::C2V ? 0 : 1;
        *index = pipes_->pipes[own] ? own : 2;
        if (!pipes_->pipes[*index])
            fail(Status::KernelCheck, op, diag::clip(op.name) + " before aic / aiv_initialize_pipe");
        return *pipes_->pipes[*index];
    }

    // The FIFO operations as pto-isa's TPUSH / TPOP / TFREE run them (include/pto/instr/fifo.hpp): the cube
    // pushes to and pops from lane 0, a vector sub-block uses its own lane; with split 0 (no split) only
    // vector sub-block 0 takes part.
    void pipe_op(const Decoded& d, Frame& f) {
        const mod::Op& op = *d.op;
        if (!pipes_)
            fail(Status::NotExecutable, op,
                 diag::clip(op.name) + " outside a module with cube and vector functions (pto.kernel_kind)");
        const bool to_vector =
            d.sub == "tpush_to_aiv" || d.sub == "tpop_from_aic" || d.sub == "tfree_from_aic";
        const fifo::Flow flow = to_vector ? fifo::Flow::C2V : fifo::Flow::V2C;
        const bool cube_side =
            d.sub == "tpush_to_aiv" || d.sub == "tpop_from_aiv" || d.sub == "tfree_from_aiv";
        if (cube_side != (role_ == Role::Cube))
            fail(Status::KernelCheck, op,
                 diag::clip(op.name) + (cube_side ? " in a vector function" : " in a cube function"));
        const auto sub = exec_context().subblock_id;
        const bool pop = d.sub.starts_with("tpop");
        TileV popped;
        if (pop) {
            popped =
                TileV{d.tile, buffer_of(d.tile.loc), addrs_.at(&op), d.tile.valid_rows, d.tile.valid_cols};
            if (d.ins.size() == 2) {  // a '?' valid shape: tpop_from_X(%rows, %cols)
                const int64_t vr = index(f, d.ins[0], op), vc = index(f, d.ins[1], op);
                popped.valid_rows = static_cast<int32_t>(std::clamp<int64_t>(vr, -1, 1 << 30));
                popped.valid_cols = static_cast<int32_t>(std::clamp<int64_t>(vc, -1, 1 << 30));
                check_valid(popped, op);
            }
        }
        if (!cube_side && d.int_attr == 0 && sub != 0) {
            // No split: sub-block 0 alone takes part. The other's code goes on with the tile's storage as it
            // was, as on the device.
            if (pop)
                set_results(op, f, {popped});
            return;
        }
        std::size_t k = 0;
        RuntimePipe& pipe = pipe_for(flow, op, &k);
        const auto split = static_cast<fifo::Split>(d.int_attr);
        const auto where = std::source_location::current();
        if (d.sub.starts_with("tpush")) {
            const TileV& t = tile(f, d.ins[0], op);
            fifo::PushArgs a;
            a.flow = flow;
            a.split = split;
            a.lane = cube_side ? 0 : sub;
            return guarded(
                op, [&] { fifo::push("TPUSH", pipe, pipe.info, prod_[k], tile_view(t, op), a, where); });
        }
        if (pop) {
            fifo::PopArgs a;
            a.flow = flow;
            a.split = split;
            a.lane = cube_side ? 0 : sub;
            guarded(op,
                    [&] { fifo::pop("TPOP", pipe, pipe.info, cons_[k], tile_view(popped, op), a, where); });
            return set_results(op, f, {popped});
        }
        const fifo::Flow free_flow = k == 2 ? fifo::Flow::None : flow;
        guarded(op, [&] {
            fifo::free("TFREE", pipe, pipe.info, cons_[k], free_flow, cube_side ? 0 : sub, where);
        });
    }

    static uint64_t scalar_to_bits(const Scalar& s, DType elem, const mod::Op& op) {
        pto_as::Number n;
        if (s.t.kind == SType::Kind::Float) {
            n.is_float = true;
            n.value = s.f;
            n.negative = std::signbit(s.f);
        } else {
            n.negative = s.i < 0;
            n.magnitude = n.negative ? ~static_cast<uint64_t>(s.i) + 1 : static_cast<uint64_t>(s.i);
            n.value = static_cast<double>(s.i);
        }
        std::string why;
        const auto bits = pto_as::number_bits(n, elem, &why);
        if (!bits)
            fail(Status::BadLiteral, op, "scalar operand: " + why);
        return *bits;
    }

    void sync(const Decoded& d, const Frame& f) const {
        const hazards::Location where{file_, d.op->loc.line, nullptr};
        pto_as::SyncSpec s = d.sync;
        if (!d.ins.empty()) {  // set_flag_dyn / wait_flag_dyn: the event id is a value
            const int64_t id = scalar(f, d.ins[0], *d.op).i;
            if (id < 0 || id > 7)
                fail(Status::BadEventId, *d.op, "event id " + std::to_string(id) + " (0 to 7)");
            s.event = static_cast<int>(id);
        }
        switch (s.kind) {
            case pto_as::SyncKind::SetFlag:
            case pto_as::SyncKind::RecordEvent:
                return hazards::set_flag(s.src, s.dst, s.event, where);
            case pto_as::SyncKind::WaitFlag:
            case pto_as::SyncKind::WaitEvent:
                return hazards::wait_flag(s.src, s.dst, s.event, where);
            case pto_as::SyncKind::Barrier:
                return hazards::pipe_barrier(s.src, where);
        }
    }

    // Runs a kernel-core call at op's place: a broken rule becomes a located error.
    template <typename F>
    void guarded(const mod::Op& op, F&& fn) const {
        const hazards::Site site(hazards::Location{file_, op.loc.line, nullptr});
        try {
            fn();
        } catch (const CheckError& e) {
            fail(Status::KernelCheck, op, e.failure().message());
        } catch (const std::bad_alloc&) {
            fail(Status::KernelCheck, op, "out of memory");
        }
    }

    const Prepared& p_;
    const std::unordered_map<const mod::Op*, uint64_t>& addrs_;
    const char* file_;
    uint64_t max_steps_;
    Role role_;
    BlockPipes* pipes_;
    std::array<fifo::Endpoint, 3> prod_{},
        cons_{};  // this thread's ends of each pipe (pto-isa's TPipe members)
    uint64_t steps_ = 0;
    int depth_ = 0;
    // Regions being run on this thread, calls' included (at most kMaxRunDepth).
    static constexpr int kMaxRunDepth = 2 * mod::kMaxNesting;
    int region_depth_ = 0;
};

}  // namespace

struct PreparedModule : Prepared {
    std::unordered_map<const mod::Op*, uint64_t> addrs;  // alloc_tile without an address: its place
    bool mixed = false;  // functions for the cube and the vector cores: each block runs three threads
};

Check prepare(const mod::Module& m, const Options& opts) {
    auto p = std::make_shared<PreparedModule>();
    Check c;
    // Each alloc_tile without an address gets bytes of its own in its buffer (no reuse between tiles, so a
    // program whose tiles outgrow a buffer is reported rather than silently overlapped).
    std::array<uint64_t, mem::kBufferCount> next{};
    const mem::Sizes sizes = mem::arch_sizes(opts.arch == Arch::A2A3 ? mem::MemArch::A2A3 : mem::MemArch::A5);
    mod::walk(m.ops, [&](const mod::Op& op) {
        ++c.ops;
        auto r = decode(op);
        if (auto* diag = std::get_if<Diag>(&r)) {
            (diag->status == Status::NotExecutable ? c.not_executable : c.errors).push_back(*diag);
            p->undecoded.emplace(&op, *diag);
            return;
        }
        Decoded& d = std::get<Decoded>(r);
        if (d.kind == Kind::Func) {
            p->functions[mod::function_name(op)] = &op;
            p->mixed |= !d.core.empty();
        }
        // Tiles the program does not place: alloc_tile without an address, a pop's result, the results of the
        // SSA and synchronous levels.
        auto place = [&](const pto_as::TileType& t) {
            const auto b = static_cast<std::size_t>(buffer_of(t.loc));
            const uint64_t bytes = (t.bytes() + 31) / 32 * 32;
            if (next[b] + bytes > sizes[b])
                c.errors.push_back({Status::OutOfTileSpace,
                                    std::string(mem::buffer_name(static_cast<mem::Buffer>(b))) + " holds " +
                                        std::to_string(sizes[b]) + " bytes; with this tile the program's " +
                                        "tiles need " + std::to_string(next[b] + bytes) +
                                        " (ptosim gives each its own bytes: add addr = ... to share)",
                                    op.loc});
            const uint64_t at = next[b];
            next[b] += bytes;
            return at;
        };
        if ((d.kind == Kind::AllocTile && !d.addr) || (d.kind == Kind::Pipe && d.sub.starts_with("tpop")))
            p->addrs[&op] = place(d.tile);
        for (const pto_as::TileType& t : d.result_tiles)
            p->result_addrs[&op].push_back(place(t));
        d.instr = hazards::intern(op.name);  // once here, not per tile an instruction touches
        p->decoded.emplace(&op, std::move(d));
    });
    // The entry: --entry, else the function with the pto.entry attribute, else the only one.
    std::vector<const mod::Op*> funcs = mod::functions(m);
    c.functions = funcs.size();
    const mod::Op* entry = nullptr;
    if (!opts.entry.empty()) {
        auto it = p->functions.find(opts.entry);
        if (it == p->functions.end())
            c.errors.push_back({Status::NoEntry, "no function @" + opts.entry, {}});
        else
            entry = it->second;
    } else {
        for (const mod::Op* fn : funcs)
            for (const mod::Token& t : fn->body)
                if (t.kind == Tok::Word && t.text == "pto.entry")
                    entry = fn;
        if (!entry && funcs.size() == 1)
            entry = funcs[0];
    }
    for (const mod::Op* fn : funcs)
        c.function_names.push_back(std::string(mod::function_name(*fn)));
    if (entry && p->decoded.count(entry)) {
        p->entry = entry;
        c.entry = std::string(mod::function_name(*entry));
        c.params = p->decoded.at(entry).params;
    }
    c.prepared = p;
    return c;
}

pto_as::Result<std::vector<Binding>> bind(const Check& c, std::span<const std::string> specs,
                                          const Options& opts) {
    pto_as::Result<std::vector<Binding>> r;
    auto bad = [&](std::string why) {
        r.diags.push_back({Status::BadArgument, std::move(why), {}});
        return r;
    };
    if (c.entry.empty())
        return bad("no entry function to bind arguments to");
    std::vector<std::optional<std::string>> given(c.params.size());
    std::size_t positional = 0;
    for (const std::string& s : specs) {
        std::size_t k = positional;
        std::string spec = s;
        if (s.starts_with("%")) {
            const std::size_t eq = s.find('=');
            if (eq == std::string::npos)
                return bad(s + ": %name=SPEC");
            const std::string name = s.substr(0, eq);
            auto it = std::find_if(c.params.begin(), c.params.end(),
                                   [&](const Param& p) { return p.name == name; });
            if (it == c.params.end())
                return bad(name + " is not a parameter of @" + c.entry);
            k = static_cast<std::size_t>(it - c.params.begin());
            spec = s.substr(eq + 1);
        } else {
            ++positional;
        }
        if (k >= c.params.size())
            return bad("more arguments than @" + c.entry + " has parameters");
        if (given[k])
            return bad(c.params[k].name + " given twice");
        given[k] = spec;
    }
    for (std::size_t k = 0; k < c.params.size(); ++k) {
        const Param& p = c.params[k];
        if (!given[k])
            return bad("no argument for " + p.name + " : " + p.type);
        Binding b;
        b.param = p;
        const std::string& spec = *given[k];
        if (!p.pointer) {
            const auto n = pto_as::parse_number(spec);
            if (!n)
                return bad(p.name + ": " + spec + " is not a number");
            b.scalar = *n;
            r.value.push_back(std::move(b));
            continue;
        }
        // KIND[:fields...]: the fields are a count or shape, key=value pairs and, for fill / iota, numbers.
        std::vector<std::string> parts;
        for (std::size_t a = 0;;) {
            const std::size_t e = spec.find(':', a);
            parts.push_back(spec.substr(a, e == std::string::npos ? std::string::npos : e - a));
            if (e == std::string::npos)
                break;
            a = e + 1;
        }
        pto_as::DataSpec data;
        std::string kind = parts[0];
        std::vector<pto_as::Number> numbers;
        std::optional<std::size_t> count;
        for (std::size_t i = 1; i < parts.size(); ++i) {
            const std::string& q = parts[i];
            const std::size_t eq = q.find('=');
            const std::size_t x = q.find('x');
            if (eq != std::string::npos) {
                const std::string key = q.substr(0, eq), val = q.substr(eq + 1);
                const auto n = pto_as::parse_number(val);
                if (key == "seed" && n && !n->negative && !n->is_float)
                    data.seed = n->magnitude;
                else if (key == "min" && n)
                    data.min = *n;
                else if (key == "max" && n)
                    data.max = *n;
                else
                    return bad(p.name + ": bad field " + q);
            } else if (x != std::string::npos && x > 0 && std::isdigit(static_cast<unsigned char>(q[0]))) {
                const auto rows = pto_as::parse_number(q.substr(0, x));
                const auto cols = pto_as::parse_number(q.substr(x + 1));
                if (!rows || !cols || rows->is_float || cols->is_float || rows->negative || cols->negative ||
                    rows->magnitude == 0 || cols->magnitude == 0 || rows->magnitude > (1u << 30) ||
                    cols->magnitude > (1u << 30) || rows->magnitude * cols->magnitude > (1u << 30))
                    return bad(p.name + ": bad shape " + q);
                b.rows = static_cast<int64_t>(rows->magnitude);
                b.cols = static_cast<int64_t>(cols->magnitude);
                count = rows->magnitude * cols->magnitude;
            } else if (const auto st = parse_stype(q); st && st->kind != SType::Kind::Index) {
                // An element type (random:f32:32x32): it must be the pointer's.
                if (st->dtype != p.dtype)
                    return bad(p.name + ": " + q + " data for a " + p.type + " argument");
            } else if (const auto n = pto_as::parse_number(q)) {
                numbers.push_back(*n);
            } else {
                return bad(p.name + ": bad field " + q);
            }
        }
        // The last plain number of zeros / random / file, and of fill / iota after their values, is the
        // count.
        const std::size_t values = kind == "fill" ? 1 : kind == "iota" ? 2 : 0;
        if (!count && numbers.size() > values) {
            const pto_as::Number n = numbers.back();
            numbers.pop_back();
            if (n.is_float || n.negative || n.magnitude == 0 || n.magnitude > (1u << 30))
                return bad(p.name + ": bad count " + pto_as::print_number(n));
            count = n.magnitude;
            b.cols = static_cast<int64_t>(n.magnitude);
        }
        if (kind.starts_with("file=")) {
            data.kind = pto_as::DataSpec::Kind::File;
            data.path = kind.substr(5);
        } else if (kind == "zeros" || kind == "zero") {
            data.kind = pto_as::DataSpec::Kind::Zero;
        } else if (kind == "random") {
            data.kind = pto_as::DataSpec::Kind::Random;
        } else if (kind == "fill" && numbers.size() == 1) {
            data.kind = pto_as::DataSpec::Kind::Fill;
        } else if (kind == "iota" && numbers.size() <= 2) {
            data.kind = pto_as::DataSpec::Kind::Iota;
            while (numbers.size() < 2)
                numbers.push_back(pto_as::Number{false, false, false, numbers.empty() ? 0u : 1u,
                                                 numbers.empty() ? 0.0 : 1.0});
        } else {
            return bad(
                p.name + ": " + spec +
                " (zeros:N, fill:V:N, iota:START:STEP:N, random:N[:seed=S][:min=A][:max=B], file=PATH[:N])");
        }
        data.values = numbers;
        if (!count) {
            if (data.kind != pto_as::DataSpec::Kind::File)
                return bad(p.name + ": how many elements? (" + kind + ":N or " + kind + ":ROWSxCOLS)");
            // A file gives its own size.
            std::string path = data.path;
            if (!path.starts_with("/") && !opts.base_dir.empty())
                path = opts.base_dir + "/" + path;
            FILE* fp = std::fopen(path.c_str(), "rb");
            if (!fp)
                return bad(p.name + ": cannot read " + data.path);
            std::fseek(fp, 0, SEEK_END);
            const long size = std::ftell(fp);
            std::fclose(fp);
            if (size <= 0 || static_cast<std::size_t>(size) % dtype_size(p.dtype) != 0)
                return bad(p.name + ": " + data.path + " does not hold whole " +
                           std::string(dtype_name(p.dtype)) + " elements");
            count = static_cast<std::size_t>(size) / dtype_size(p.dtype);
            b.cols = static_cast<int64_t>(*count);
        }
        Status st{};
        std::string why;
        auto bytes = make_data(data, p.dtype, *count, opts.base_dir, &st, &why);
        if (!bytes)
            return bad(p.name + ": " + why);
        b.bytes = std::move(*bytes);
        r.value.push_back(std::move(b));
    }
    return r;
}

std::optional<Diag> run(const Check& c, std::vector<Binding>& args, const Options& opts) {
    const auto* p = static_cast<const PreparedModule*>(c.prepared.get());
    if (!p || !p->entry)
        return Diag{Status::NoEntry, c.errors.empty() ? "" : c.errors.front().detail, {}};
    if (!c.errors.empty())
        return c.errors.front();
    if (args.size() != c.params.size())
        return Diag{Status::BadArgument, "one argument per parameter", {}};
    // Reaching an operation ptosim does not execute is an error; the check lists them all before running.
    std::vector<Val> vals;
    for (Binding& b : args) {
        if (b.param.pointer) {
            std::byte* base = b.bytes.data();
            vals.push_back(Ptr{base, static_cast<int64_t>(b.bytes.size()), 0, b.param.dtype});
        } else {
            const auto st = parse_stype(b.param.type);
            const SType t = st.value_or(SType{});
            if (t.kind == SType::Kind::Float) {
                vals.push_back(make_float(t, b.scalar.value));
            } else {
                const int64_t v = b.scalar.negative ? static_cast<int64_t>(~b.scalar.magnitude + 1)
                                                    : static_cast<int64_t>(b.scalar.magnitude);
                vals.push_back(make_int(t, v));
            }
        }
    }
    std::optional<Diag> failure;
    const ScopedCheckHandler handler(&throw_check_error);
    mem::set_default_arch(opts.arch == Arch::A2A3 ? mem::MemArch::A2A3 : mem::MemArch::A5);
    try {
        const uint32_t blocks = std::max<uint32_t>(opts.blocks, 1);
        // Under --blocks N an error names the block (and the core of a mixed kernel) it happened on: the
        // same operation may fail only where get_block_idx makes it reach out of bounds.
        const auto on_this_core = [&](const auto& body) {
            if (blocks == 1)
                return body();
            const ExecContext& core = exec_context();
            std::string where = "block " + std::to_string(core.block_idx);
            if (p->mixed)
                where +=
                    core.subblock_dim == 1 ? " (cube)" : " (vector " + std::to_string(core.subblock_id) + ")";
            try {
                body();
            } catch (RunError& e) {
                e.diag.detail = where + ": " + e.diag.detail;
                throw;
            } catch (const CheckError& e) {
                throw RunError{Diag{Status::KernelCheck, where + ": " + e.what(), {}}};
            }
        };
        if (!p->mixed) {
            launch_blocks(blocks, [&] {
                on_this_core([&] {
                    Runner r(*p, opts, p->addrs);
                    r.call(*p->entry, vals, 0);
                });
            });
        } else {
            // A block of a mixed kernel: the cube (thread 2) and two vector sub-blocks run the entry at once,
            // each executing the functions and sections of its kind, and meet in the block's pipes.
            std::vector<BlockPipes> pipes(blocks);
            launch_cores(blocks, 3, [&] {
                ExecContext core = exec_context();
                const bool cube = core.subblock_id == 2;
                core.subblock_id = cube ? 0 : core.subblock_id;
                core.subblock_dim = cube ? 1 : 2;
                const ScopedExecContext scope(core);
                const sync::ScopedBlockRole bound(pipes[core.block_idx].flags,
                                                  cube ? sync::BlockRole::Cube : sync::BlockRole::Vector,
                                                  core.subblock_id);
                on_this_core([&] {
                    Runner r(*p, opts, p->addrs, cube ? Role::Cube : Role::Vector, &pipes[core.block_idx]);
                    r.call(*p->entry, vals, 0);
                });
            });
        }
    } catch (const RunError& e) {
        failure = e.diag;
    } catch (const CheckError& e) {
        failure = Diag{Status::KernelCheck, e.what(), {}};
    }
    return failure;
}

}  // namespace ptosim::machine::modrun
