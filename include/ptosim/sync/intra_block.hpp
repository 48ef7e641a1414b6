// Flags between the cube core and the vector sub-blocks of one block: the device intrinsics
// set_intra_block(pipe, id) and wait_intra_block(pipe, id) (docs/isa/intra_block.md).
//
// On A5 each block has one cube core and two vector cores, and each of the three receives counting flags: the
// cube 32 (ids 0..15 from vector sub-block 0, 16..31 from sub-block 1), each vector core 16. A set names the
// receiver's flag as the sender sees it: the cube's set(id) reaches sub-block id / 16's flag id % 16, a
// vector sub-block k's set(id) reaches the cube's flag id + 16 k (pto-isa's TSync and SYNCALL code for A5
// sets both `id` and `id + 16` to reach both vector cores). A wait(id) waits for a set of the calling core's
// own flag `id` and consumes it; it blocks until one arrives (a wait nothing can satisfy is a deadlock
// error).
//
// Which core a thread plays is its role. A launcher that runs a block's cube and vector cores on threads of
// their own binds each thread to the block's flags (ScopedBlockRole). Any other thread is a core that plays
// the cube and its vector code at once (as pto-isa's CPU build compiles both paths into one function): it
// has 32 flags of its own, and its set(id) reaches its own flag id.
#pragma once

#include <array>
#include <cstdint>
#include <source_location>

namespace ptosim::sync {

enum class BlockRole : uint8_t { Solo, Cube, Vector };

// The flags of one block: the cube's 32 and each vector sub-block's 16, as counts of sets and waits.
class IntraBlockFlags {
  public:
    static constexpr int kCubeFlags = 32;
    static constexpr int kVectorFlags = 16;

  private:
    friend struct IntraBlockAccess;
    struct Flag {
        uint64_t sets = 0;
        uint64_t waits = 0;
    };
    std::array<std::array<Flag, kCubeFlags>, 3> flags_{};  // receiver: the cube (or a solo core), vector 0, 1
};

// Binds the calling thread to `flags` as the cube or vector sub-block `subblock` (0 or 1) for its lifetime.
class ScopedBlockRole {
  public:
    ScopedBlockRole(IntraBlockFlags& flags, BlockRole role, uint32_t subblock);
    ~ScopedBlockRole();
    ScopedBlockRole(const ScopedBlockRole&) = delete;
    ScopedBlockRole& operator=(const ScopedBlockRole&) = delete;

  private:
    IntraBlockFlags* saved_flags_;
    BlockRole saved_role_;
    uint32_t saved_subblock_;
};

// The intrinsics; `pipe` is a pto-isa pipe_t value (the pipe whose earlier work the set waits for, or whose
// later work the wait holds back). Broken rules (an id out of range, PIPE_ALL) are check errors.
void set_intra_block(int pipe, int id, const std::source_location& where = std::source_location::current());
void wait_intra_block(int pipe, int id, const std::source_location& where = std::source_location::current());

// A new simulated core starts on the calling thread: a solo core's flags start cleared.
void reset_solo_flags();

}  // namespace ptosim::sync
