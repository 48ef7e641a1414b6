#include "ptosim/machine/machine.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <new>
#include <optional>

#include "ptosim/core/check.hpp"
#include "ptosim/isa/check.hpp"
#include "ptosim/isa/profile.hpp"
#include "ptosim/machine/views.hpp"
#include "ptosim/ops/execute.hpp"
#include "ptosim/sync/hazards.hpp"

namespace ptosim::machine {

namespace {

std::shared_ptr<std::byte[]> zeroed(uint32_t size) {
    auto p = std::make_shared<std::byte[]>(size);  // value-initialised: zero
    return p;
}

std::string tile_name(Hand h, unsigned index) {
    return std::string(linx::hand_name(h)) + "#" + std::to_string(index);
}

// The descriptor's element-type and attribute rules (isa/check.hpp) for the profile: the same check the
// assembler applies, again here because a Block can be built by hand, decoded for another profile, or run on
// another profile.
std::optional<std::pair<FaultKind, std::string>> check_types(const linx::Block& b, Arch arch) {
    isa::BlockTypes t;
    t.type = b.type;
    t.dst_type = b.dst_type();
    t.byte_id = b.byte_id();
    if (const auto c = b.cmp())
        t.cmode = static_cast<int>(*c);
    const auto e = isa::check_block_types(*b.op, arch, t);
    if (!e)
        return std::nullopt;
    return std::pair{
        e->kind == isa::Violation::Unavailable ? FaultKind::UnavailableOnProfile : FaultKind::DTypeNotAllowed,
        e->detail};
}

// Linx CMode (EQ 0, NE 1, LT 2, GT 3, LE 4, GE 5) -> the kernel core's CmpMode (pto-isa numbering), by name,
// with the profile's behaviour applied (A2A3 int32 compares).
CmpMode cmp_mode(const linx::Block& b, Arch arch) {
    static constexpr CmpMode kByLinx[] = {CmpMode::EQ, CmpMode::NE, CmpMode::LT,
                                          CmpMode::GT, CmpMode::LE, CmpMode::GE};
    const CmpMode m = kByLinx[static_cast<unsigned>(*b.cmp())];
    return isa::applied_cmp_mode(arch, b.type, m, b.op->name);
}

// Linx RMode (encoding.md §3.5) -> pto-isa's RoundMode, by name; nullopt for RHB (hybrid), which the kernel
// core does not model.
std::optional<convert::RoundMode> round_mode(linx::RMode m) {
    for (uint8_t i = 0; i < std::size(linx::kRModeOfRoundMode); ++i)
        if (linx::kRModeOfRoundMode[i] == m)
            return static_cast<convert::RoundMode>(i);
    return std::nullopt;
}

}  // namespace

namespace {
constexpr diag::StatusText kFaultTexts[] = {
#define PTOSIM_FAULT(name, message) {#name, message},
#include "ptosim/machine/fault.def"
#undef PTOSIM_FAULT
};
}  // namespace

std::string_view status_name(FaultKind k) {
    return diag::status_text(kFaultTexts, k).name;
}

std::string_view status_message(FaultKind k) {
    return diag::status_text(kFaultTexts, k).message;
}

std::string Fault::message() const {
    return "block " + std::to_string(block) + ": " + diag::Diag<FaultKind>::message();
}

uint32_t size_class_bytes(std::size_t n) {
    uint32_t s = Machine::kMinSize;
    while (s < n && s < Machine::kMaxSize)
        s <<= 1;
    return n <= s ? s : 0;
}

Machine::Machine(Options opts)
    : opts_(std::move(opts)),
      file_(hazards::intern(opts_.source_name.empty() ? std::string_view("<program>") : opts_.source_name)) {}

void Machine::place(Hand h, unsigned index, const TileShape& shape, uint32_t size,
                    std::span<const std::byte> bytes) {
    if (static_cast<unsigned>(h) >= kHands || index < 1 || index > kDepth || size == 0 || size > kMaxSize)
        return;
    Entry e;
    e.data = zeroed(size);
    e.size = size;
    e.shape = shape;
    if (!bytes.empty())
        std::memcpy(e.data.get(), bytes.data(), std::min<std::size_t>(bytes.size(), size));
    queue_of(h)[index - 1] = std::move(e);
}

void Machine::push(Hand h, const TileShape& shape, uint32_t size, std::span<const std::byte> bytes) {
    if (static_cast<unsigned>(h) >= kHands)
        return;
    Queue& q = queue_of(h);
    std::rotate(q.rbegin(), q.rbegin() + 1, q.rend());  // #16 falls off, the rest shift down
    q[0] = Entry{};
    place(h, 1, shape, size, bytes);
}

void Machine::set_reg(unsigned code, uint64_t value) {
    if (code > 0 && code < regs_.size())
        regs_[code] = value;
}

uint64_t Machine::reg(unsigned code) const {
    return code < regs_.size() ? regs_[code] : 0;
}

const Entry& Machine::entry(Hand h, unsigned index) const {
    static const Entry kNone;
    if (static_cast<unsigned>(h) >= kHands || index < 1 || index > kDepth)
        return kNone;
    return queue_of(h)[index - 1];
}

std::optional<TileView> Machine::queue(Hand h, unsigned index) const {
    const Entry& e = entry(h, index);
    if (!e.written())
        return std::nullopt;
    return e.view();
}

std::size_t Machine::live_bytes() const {
    std::size_t n = 0;
    for (const Queue& q : queues_)
        for (const Entry& e : q)
            if (e.written() && !e.released())
                n += e.size;
    return n;
}

void Machine::run_step(const Step& s, std::vector<std::vector<std::byte>>& global) const {
    const hazards::Location where{file_, s.loc.line, nullptr};
    switch (s.kind) {
        case Step::Kind::SetFlag:
            hazards::set_flag(s.src, s.dst, s.event, where);
            return;
        case Step::Kind::WaitFlag:
            hazards::wait_flag(s.src, s.dst, s.event, where);
            return;
        case Step::Kind::Barrier:
            hazards::pipe_barrier(s.src, where);
            return;
        case Step::Kind::Load: {
            // The input's data stands in for global memory: the load reads it there and writes the entry, on
            // MTE2 as a TLOAD does.
            const Entry& e = entry(s.hand, s.index);
            if (!e.written())
                return;
            global.emplace_back(e.data.get(), e.data.get() + e.size);
            const hazards::Site site(where);
            hazards::Scope scope("TLOAD", hazards::Pipe::MTE2);
            scope.read(global.back().data(), e.size);
            scope.write(e.data.get(), e.size);
            return;
        }
    }
}

RunResult Machine::run(std::span<const linx::Block> blocks, std::span<const Step> steps) {
    RunResult r;
    if (live_bytes() > kMaxSize) {
        Fault f;
        f.status = FaultKind::UbOverflow;
        f.detail = std::string("the input tiles take ") + std::to_string(live_bytes()) + " bytes";
        f.loc = blocks.empty() ? linx::Loc{} : blocks.front().loc;
        r.fault = std::move(f);
        return r;
    }
    // The run is one simulated core to the hazard checker and the timeline.
    const bool hooks = hazards::enabled();
    if (hooks)
        hazards::begin_core();
    // The loads' sources, kept until the run ends so that no block's destination reuses their addresses (the
    // checker would take that for the same bytes).
    std::vector<std::vector<std::byte>> global;
    std::size_t next = 0;
    const auto steps_before = [&](std::size_t block) {
        for (; next < steps.size() && steps[next].before <= block; ++next)
            if (hooks)
                run_step(steps[next], global);
    };
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        steps_before(i);
        if (opts_.trace)
            opts_.trace(i, blocks[i]);
        std::optional<Fault> f;
        {
            // Each instruction is reported at its block's line (a binary's blocks have none).
            const hazards::Site site(
                hazards::Location{blocks[i].loc.line ? file_ : nullptr, blocks[i].loc.line, nullptr});
            f = step(blocks[i], i);
        }
        if (f) {
            if (hooks)
                hazards::begin_core();  // the checker forgets the faulted run (no report of its flags)
            r.fault = std::move(f);
            return r;
        }
        ++r.executed;
    }
    steps_before(blocks.size());
    if (hooks)
        hazards::end_core();
    return r;
}

std::optional<Fault> Machine::step(const linx::Block& b, std::size_t index) {
    const auto fault = [&](FaultKind k, std::string detail) {
        return std::optional<Fault>(Fault{{k, std::move(detail), b.loc}, index});
    };
    if (!b.op) {
        const linx::Insn& start = b.insns.empty() ? linx::Insn{} : b.start();
        std::string what = "BSTART";
        if (start.kind == linx::Kind::BStartTma || start.kind == linx::Kind::BStartCube)
            what = std::string(start.kind == linx::Kind::BStartTma ? "BSTART.TMA " : "BSTART.CUBE ") +
                   std::string(linx::start_fn_name(start.kind, start.fn));
        else if (start.kind == linx::Kind::BStartDirect || start.kind == linx::Kind::BStartCond)
            what = start.kind == linx::Kind::BStartDirect ? "BSTART DIRECT" : "BSTART COND";
        return fault(FaultKind::Unsupported, what + " (only BSTART.TEPL tile operations run)");
    }
    const isa::OpInfo& op = *b.op;
    const std::string name(op.name);
    if (auto e = check_types(b, opts_.arch))
        return fault(e->first, e->second);
    if (!ops::has_kernel(op.op))
        return fault(FaultKind::NotImplemented, name);
    if (op.views.dst == isa::DstRule::Unspecified)  // no row today: a C++-only instruction
        return fault(FaultKind::NotImplemented, name + " (the ISA model does not describe its operands yet)");
    if (b.srcs.size() < op.src_min || b.srcs.size() > op.src_max || b.dsts.size() != op.dsts ||
        b.scalars.size() != op.scalars)
        return fault(FaultKind::Unsupported, name + " with an operand count outside its schema");

    // Sources: written and not released.
    std::vector<const Entry*> src;
    for (const linx::TileRef& r : b.srcs) {
        if (static_cast<unsigned>(r.hand) >= kHands || r.index < 1 || r.index > kDepth)
            return fault(FaultKind::Unsupported, "source hand or index out of range");
        const Entry& e = entry(r.hand, r.index);
        const std::string n = tile_name(r.hand, r.index);
        if (!e.written())
            return fault(FaultKind::UnwrittenTile, n);
        if (e.released())
            return fault(FaultKind::ReleasedTile,
                         n + " was released by block " + std::to_string(e.released_by));
        src.push_back(&e);
    }

    // Views.
    const isa::Views views = op_views(op, b.srcs.size());
    // Without loop bounds a block reads one row filling its first data source (TSEL's comes after the mask),
    // or its destination when it has no source (TEXPANDS).
    uint32_t whole = b.dsts.front().bytes();
    for (std::size_t i = 0; i < src.size(); ++i) {
        if (views.src[i] == isa::SrcRole::Data) {
            whole = src[i]->size;
            break;
        }
    }
    const BlockShape shape = block_shape(b, regs_, whole);
    std::vector<TileView> src_views;
    for (std::size_t i = 0; i < src.size(); ++i) {
        TileShape s;
        std::string why;
        if (!src_view(views.src[i], shape, src[i]->size, &s, &why))
            return fault(FaultKind::ShapeDoesNotFit,
                         name + " source " + tile_name(b.srcs[i].hand, b.srcs[i].index) + ": " + why);
        src_views.push_back({src[i]->data.get(), s.dtype, s.layout, s.valid_rows, s.valid_cols});
    }
    std::vector<Entry> dst;
    std::vector<TileView> dst_views;
    std::size_t new_bytes = 0;
    for (std::size_t k = 0; k < b.dsts.size(); ++k) {
        const linx::TileDst& d = b.dsts[k];
        const DstForm form = dst_form(views.dst, shape, b.dst_type(), k);
        if (static_cast<unsigned>(d.hand) >= kHands)
            return fault(FaultKind::Unsupported, std::string("destination hand ") +
                                                     std::string(linx::hand_name(d.hand)) +
                                                     " (the model has the queues T, U, M and N)");
        Entry e;
        e.size = d.bytes();
        std::string why;
        if (e.size > kMaxSize || !dst_view(form, e.size, &e.shape, &why))
            return fault(FaultKind::ShapeDoesNotFit,
                         name + " destination ->" + std::string(linx::hand_name(d.hand)) + std::string("<") +
                             linx::size_name(d.size) + ">: " + why);
        e.data = zeroed(e.size);
        e.writer = static_cast<int64_t>(index);
        new_bytes += e.size;
        dst_views.push_back(e.view());
        dst.push_back(std::move(e));
    }
    if (live_bytes() + new_bytes > kMaxSize)
        return fault(FaultKind::UbOverflow, std::to_string(live_bytes()) + " bytes live + " +
                                                std::to_string(new_bytes) + " bytes of destinations");

    if (!opts_.dry_run) {
        std::vector<uint64_t> scalars;
        for (uint8_t r : b.scalars)
            scalars.push_back(reg(r));
        ops::Operands operands{dst_views, src_views, scalars, {}};
        if (op.has(isa::kCMode))
            operands.attrs.cmp = cmp_mode(b, opts_.arch);
        if (op.has(isa::kByteId))
            operands.attrs.byte = b.byte_id();
        if (op.has(isa::kRMode)) {
            const std::optional<convert::RoundMode> mode = round_mode(b.rmode());
            if (!mode)
                return fault(FaultKind::Unsupported, name + " rounding mode RHB (hybrid) is not modelled");
            operands.attrs.round = *mode;
            operands.attrs.sat = b.sat() ? convert::SatMode::On : convert::SatMode::Off;
            operands.attrs.canon = b.datr && b.datr->canon;
        }
        // The kernel core reports a broken rule through PTOSIM_CHECK; here that becomes a fault, not an
        // abort.
        ScopedCheckHandler handler(&throw_check_error);
        try {
            ops::execute(op.op, operands);
        } catch (const CheckError& e) {
            return fault(FaultKind::KernelCheck, e.failure().message());
        } catch (const std::bad_alloc&) {
            return fault(FaultKind::KernelCheck, "out of memory");
        }
    }

    // Commit: record the loop bounds, release the sources read without .reuse, push the destinations.
    lb_ = {static_cast<uint16_t>(shape.valid_cols), static_cast<uint16_t>(shape.valid_rows),
           static_cast<uint16_t>(shape.cols)};
    for (std::size_t i = 0; i < b.srcs.size(); ++i) {
        if (b.srcs[i].reuse)
            continue;
        Entry& e = queue_of(b.srcs[i].hand)[b.srcs[i].index - 1];
        if (!e.released())
            e.released_by = static_cast<int64_t>(index);
    }
    for (std::size_t i = 0; i < dst.size(); ++i) {
        Queue& q = queue_of(b.dsts[i].hand);
        std::rotate(q.rbegin(), q.rbegin() + 1, q.rend());
        q[0] = std::move(dst[i]);
    }
    return std::nullopt;
}

}  // namespace ptosim::machine
