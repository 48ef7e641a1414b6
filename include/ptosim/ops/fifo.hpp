// The cube-vector FIFOs behind TPUSH / TPOP / TALLOC / TFREE (docs/fifo.md): a ring of slots shared by the
// cube (AIC) and the vector sub-blocks (AIV0, AIV1) of one block, run by threads that block when the ring is
// full (producer) or holds nothing for them (consumer).
//
// A slot holds one pushed tile as a dense row-major image in the consumer's element type: the whole cube tile
// for cube -> vector (each vector sub-block takes its half, or all of it), the whole cube tile assembled from
// the vector halves for vector -> cube. Local FIFOs keep the images in the ring's own storage (the consumer's
// UB / L1 of the device belongs to another simulated core here); GM FIFOs keep them in the global buffer the
// pipe was built with, at slot * slot_bytes, as the device does.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <source_location>
#include <span>

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/pre_quant.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim::fifo {

// Which way a slot's data travels.
enum class Flow : uint8_t { None = 0, C2V = 1, V2C = 2 };

// pto-isa's TileSplitAxis numbering.
enum class Split : uint8_t { None = 0, UpDown = 1, LeftRight = 2, UpDownOdd = 3, LeftRightOdd = 4 };

struct Slot {
    Flow flow = Flow::None;   // the published data's direction; None: free or being written
    bool busy = false;        // claimed by a producer, not yet released by its last consumer
    uint32_t remaining = 0;   // consumers that still have to release it
    uint32_t claimed = 0;     // consumers (bit per vector sub-block; bit 0 for the cube) that popped it
    DType dtype = DType::U8;  // the image's element type and shape, once published
    int32_t rows = 0, cols = 0;
};

// Consumers that pop and release slots in order: the two vector sub-blocks (C2V) and the cube (V2C).
inline constexpr int kQueues = 3;
inline constexpr int kCubeQueue = 2;

// The state every TPipe object of one pipe type shares (pto-isa's TPipe::SharedState). The TPipe front end
// derives from it to add the per-slot arrays; the fields the reference suites inspect keep pto-isa's names.
struct State {
    uint32_t init_tag;  // kInitTag once constructed (hook storage is handed over zero-filled)
    std::mutex mutex;   // held, under the wait lock, whenever the fields below change
    int occupied = 0;   // published slots not yet released by all their consumers
    int next_producer_slot = 0;
    int next_c2v_consumer_slot = 0;  // vector sub-block 0's search start
    int next_v2c_consumer_slot = 0;
    int popped_not_freed = 0;  // over every consumer
    std::array<int, 2> popped_not_freed_by_lane{};
    std::array<int, 2> next_consumer_slots_by_lane{};

    // Bound by the derived type's constructor.
    uint32_t depth = 0;
    std::size_t slot_bytes = 0;
    Slot* slots = nullptr;
    uint32_t* alloc_mask = nullptr;  // split vector producers that claimed the slot
    uint32_t* done_mask = nullptr;   // split vector producers that wrote their half
    int* queues = nullptr;           // kQueues FIFOs of popped slot indices, depth entries each
    std::byte* data = nullptr;       // depth slots of 2 * slot_bytes each (local FIFOs)
    std::array<int, kQueues> queue_len{};

    static constexpr uint32_t kInitTag = 0x4F464946u;  // "FIFO"
    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
};

// Forgets every slot and cursor (pto-isa's reset_for_cpu_sim).
void reset(State& s);

// The pipe's static description.
struct PipeInfo {
    bool c2v = false, v2c = false;  // directions the pipe carries
    bool no_split = false;          // pto-isa's IsNoSplit: every vector sub-block takes part in NO_SPLIT C2V
    std::byte* gm = nullptr;        // GM FIFO buffer, or null for a local FIFO
};

// One side's protocol switches and counters (pto-isa's Producer / Consumer members).
struct Endpoint {
    int tile_index = 0;
    int sub_tile_index = 0;
    bool protocol_start = true;  // allocate (producer) / wait (consumer)
    bool protocol_end = true;    // record (producer) / free (consumer)
    int entry_offset = 0;
    Flow last_flow = Flow::None;  // a DIR_BOTH consumer's last pop, for TFREE
    int allocated = -1;           // the slot a GM-tensor TALLOC claimed, until its TPUSH publishes it
};

// The element conversion of a cube producer (TPUSH's fixpipe form): into dst's type with a pre-quant mode.
struct Convert {
    DType dst = DType::U8;
    bool converts = false;
    prequant::Mode mode = prequant::Mode::NoQuant;
    prequant::Relu relu = prequant::Relu::None;
    uint64_t scalar = 0;
    std::span<const uint64_t> words;
};

struct PushArgs {
    Flow flow = Flow::None;
    Split split = Split::None;
    uint32_t lane = 0;  // the producer's vector sub-block (V2C)
    Convert convert;
};

struct PopArgs {
    Flow flow = Flow::None;
    Split split = Split::None;
    uint32_t lane = 0;
    uint32_t lanes = 1;         // vector sub-blocks taking part (NO_SPLIT C2V on an IsNoSplit pipe)
    bool receives_data = true;  // false: a NO_SPLIT sub-block other than 0 of a local FIFO (no data)
};

// Checked entry points. instr names the instruction in errors, where its call site.
void push(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const TileView& src, const PushArgs& a,
          const std::source_location& where);
void pop(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const TileView& dst, const PopArgs& a,
         const std::source_location& where);
// The GM-tensor forms of a GM FIFO (A5: TALLOC / TPUSH / TPOP / TFREE with a GlobalTensor), where the cores
// write and read the slot themselves (TSTORE / TLOAD) instead of handing a tile over:
// - alloc claims the producer's next slot (blocking while the ring is full, as TPUSH does) and returns the
//   first byte of its share: `offset` bytes into the slot, where the bytes the tensor g spans must fit;
// - publish hands the claimed slot to its consumers; the slot then holds a rows x cols image of type t;
// - claim takes the consumer's next published slot (blocking until there is one) and returns the first byte
// of
//   its share, `offset` bytes in; the ordinary free releases it.
// `writer` / `reader` is the pipe that writes or reads the slot (the hazard checker's release and acquire).
std::byte* alloc(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const PushArgs& a,
                 std::size_t offset, const GlobalView& g, const std::source_location& where);
void publish(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const PushArgs& a, DType t,
             int32_t rows, int32_t cols, const std::source_location& where);
std::byte* claim(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const PopArgs& a,
                 std::size_t offset, const GlobalView& g, const std::source_location& where);
// TFREE: releases the oldest slot this consumer popped. flow None: the pipe carries both directions and the
// consumer's queues decide.
void free(const char* instr, State& s, const PipeInfo& p, Endpoint& e, Flow flow, uint32_t lane,
          const std::source_location& where);

}  // namespace ptosim::fifo
