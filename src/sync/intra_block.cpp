// set_intra_block / wait_intra_block: counting flags between the cube and the vector cores of a block, with
// ptosim/sync/wait.hpp's blocking and the hazard checker's release / acquire (a set orders the sending pipe's
// earlier work before the waiting pipe's later work, as a FIFO slot does).
#include "ptosim/sync/intra_block.hpp"

#include <string>

#include "ptosim/core/check.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/wait.hpp"

namespace ptosim::sync {

struct IntraBlockAccess {
    static auto& flag(IntraBlockFlags& f, int receiver, int id) { return f.flags_[receiver][id]; }
};

namespace {

struct Binding {
    IntraBlockFlags* flags = nullptr;  // null: a solo core, with its own flags
    BlockRole role = BlockRole::Solo;
    uint32_t subblock = 0;
};
thread_local Binding t_binding;
thread_local IntraBlockFlags t_solo;

// The flag a set or a wait of the calling core names: its receiver (0 the cube or a solo core, 1 + k vector
// sub-block k) and number there. Checks the id against the caller's role.
struct Target {
    IntraBlockFlags* flags;
    int receiver;
    int id;
};

Target target(bool set, int pipe, int id, const char* instr) {
    PTOSIM_CHECK(hazards::pipe_from_int(pipe).has_value(), instr,
                 "the pipe must be one of PIPE_S, PIPE_V, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_M, PIPE_FIX",
                 {"pipe", pipe});
    const Binding& b = t_binding;
    const bool vector = b.role == BlockRole::Vector;
    const int limit = vector ? IntraBlockFlags::kVectorFlags : IntraBlockFlags::kCubeFlags;
    PTOSIM_CHECK(id >= 0 && id < limit, instr,
                 vector ? "a vector core's flag ids are 0..15 (the cube tells the sub-blocks apart)"
                        : "the cube's flag ids are 0..31 (16..31: vector sub-block 1)",
                 {"id", id});
    if (b.role == BlockRole::Solo)
        return {&t_solo, 0, id};
    if (!set)  // a wait consumes the caller's own flag
        return {b.flags, vector ? 1 + static_cast<int>(b.subblock) : 0, id};
    if (vector)
        return {b.flags, 0, id + IntraBlockFlags::kVectorFlags * static_cast<int>(b.subblock)};
    return {b.flags, 1 + id / IntraBlockFlags::kVectorFlags, id % IntraBlockFlags::kVectorFlags};
}

}  // namespace

ScopedBlockRole::ScopedBlockRole(IntraBlockFlags& flags, BlockRole role, uint32_t subblock)
    : saved_flags_(t_binding.flags), saved_role_(t_binding.role), saved_subblock_(t_binding.subblock) {
    PTOSIM_CHECK(role == BlockRole::Solo || subblock < 2, "set_intra_block",
                 "a block has vector sub-blocks 0 and 1", {"subblock", subblock});
    t_binding = {role == BlockRole::Solo ? nullptr : &flags, role, subblock};
}

ScopedBlockRole::~ScopedBlockRole() {
    t_binding = {saved_flags_, saved_role_, saved_subblock_};
}

void set_intra_block(int pipe, int id, const std::source_location&) {
    constexpr const char* kInstr = "set_intra_block";
    const Target t = target(true, pipe, id, kInstr);
    auto& f = IntraBlockAccess::flag(*t.flags, t.receiver, t.id);
    if (t.flags == &t_solo) {  // the thread's own: nothing else reads it
        ++f.sets;
        return;
    }
    const uint64_t n = update([&] { return f.sets; });
    // Released before the count becomes visible: the wait that consumes set n acquires (flag, n).
    hazards::release(&f, n, *hazards::pipe_from_int(pipe));
    update([&] { ++f.sets; });
}

void wait_intra_block(int pipe, int id, const std::source_location& where) {
    constexpr const char* kInstr = "wait_intra_block";
    const Target t = target(false, pipe, id, kInstr);
    auto& f = IntraBlockAccess::flag(*t.flags, t.receiver, t.id);
    if (t.flags == &t_solo) {
        PTOSIM_CHECK(f.sets > f.waits, kInstr,
                     "the flag has no set to consume, and on a core that runs alone nothing else can set it "
                     "(a deadlock on the chip)",
                     {"id", id});
        ++f.waits;
        return;
    }
    block_until([&] { return f.sets > f.waits; }, kInstr, where);
    const uint64_t n = update([&] { return f.waits++; });
    hazards::acquire(&f, n, *hazards::pipe_from_int(pipe));
}

void reset_solo_flags() {
    t_solo = IntraBlockFlags{};
}

}  // namespace ptosim::sync
