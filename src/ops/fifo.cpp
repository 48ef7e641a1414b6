// TPUSH / TPOP / TFREE: the ring protocol and the slot images (docs/fifo.md).
//
// Every change of a ring happens under the wait lock of ptosim::sync (inside block_until's condition or
// sync::update) and the ring's own mutex, so that a blocked TPUSH / TPOP re-evaluates its condition after
// every change and pto-isa's suites can read the ring's counters under its mutex.
//
// Between cores, the hazard checker sees a slot's publication (TPUSH -> TPOP) and its release (TFREE -> the
// next TPUSH into it) as objects (&ring, 2 * slot) and (&ring, 2 * slot + 1) of hazards::release / acquire,
// on the pipe of the instruction.
#include "ptosim/ops/fifo.hpp"

#include <algorithm>
#include <cstring>

#include "ptosim/core/check.hpp"
#include "ptosim/ops/move.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/wait.hpp"
#include "validate.hpp"

namespace ptosim::fifo {

void reset(State& s) {
    sync::update([&] {
        std::lock_guard<std::mutex> lock(s.mutex);
        s.occupied = 0;
        s.next_producer_slot = 0;
        s.next_c2v_consumer_slot = 0;
        s.next_v2c_consumer_slot = 0;
        s.popped_not_freed = 0;
        s.popped_not_freed_by_lane = {};
        s.next_consumer_slots_by_lane = {};
        s.queue_len = {};
        for (uint32_t i = 0; i < s.depth; ++i) {
            s.slots[i] = Slot{};
            s.alloc_mask[i] = 0;
            s.done_mask[i] = 0;
        }
        std::memset(s.data, 0, static_cast<std::size_t>(s.depth) * 2 * s.slot_bytes);
    });
}

namespace {

bool splits(Split s) {
    return s != Split::None;
}
bool up_down(Split s) {
    return s == Split::UpDown || s == Split::UpDownOdd;
}

// The first byte of slot i's image.
std::byte* slot_base(const State& s, const PipeInfo& p, uint32_t i, int entry_offset) {
    if (p.gm != nullptr)
        return p.gm + static_cast<std::size_t>(i) * s.slot_bytes + entry_offset;
    return s.data + static_cast<std::size_t>(i) * 2 * s.slot_bytes + entry_offset;
}

TileView image_view(std::byte* base, DType t, int32_t rows, int32_t cols) {
    TileView v;
    v.data = base;
    v.dtype = t;
    v.layout = Layout::row_major(rows, cols);
    v.valid_rows = rows;
    v.valid_cols = cols;
    return v;
}

// A sub-block's share of a split tile: the whole tile's shape and where an r x c half starts in it (the whole
// r x c tile at 0, 0 when not split).
struct Share {
    int32_t rows, cols, row0, col0;
};
// The _ODD splits give sub-block 0 the extra row / column of an odd extent (A5's popVecTileFromGMFiFo:
// sub-block 1's share starts n + 1 in): a share of n is then 2n - 1 in all for sub-block 0, 2n + 1 for
// sub-block 1.
Share share_of(Split split_mode, uint32_t lane, int32_t r, int32_t c, bool split) {
    if (!split)
        return {r, c, 0, 0};
    const auto k = static_cast<int32_t>(lane);
    const bool odd = split_mode == Split::UpDownOdd || split_mode == Split::LeftRightOdd;
    const auto whole = [&](int32_t n) { return odd ? 2 * n + (k == 0 ? -1 : 1) : 2 * n; };
    const auto start = [&](int32_t n) { return odd ? k * (n + 1) : k * n; };
    return up_down(split_mode) ? Share{whole(r), c, start(r), 0} : Share{r, whole(c), 0, start(c)};
}

int queue_of(Flow f, uint32_t lane) {
    return f == Flow::V2C ? kCubeQueue : static_cast<int>(lane);
}

void count_popped(State& s, int q, int delta) {
    s.queue_len[q] += delta;
    s.popped_not_freed += delta;
    if (q < 2)
        s.popped_not_freed_by_lane[q] += delta;
}

// The bytes a tensor spans from its first element to its last (its strides may leave gaps); 0 when empty.
std::size_t span_bytes(const GlobalView& g) {
    std::size_t last = 0;
    for (int i = 0; i < 5; ++i) {
        if (g.shape[i] <= 0)
            return 0;
        last += static_cast<std::size_t>(g.shape[i] - 1) *
                static_cast<std::size_t>(std::max<int64_t>(g.stride[i], 0));
    }
    return dtype_bytes(g.dtype, last + 1);
}

// Claims the producer's next slot (blocking while the ring is full or the slot is still being read), or
// takes the slot the endpoint's counter names when the program runs the protocol itself.
uint32_t claim_for_push(const char* instr, State& s, Endpoint& e, const PushArgs& a, hazards::Pipe pipe,
                        const std::source_location& where) {
    if (!e.protocol_start) {
        const uint32_t slot = static_cast<uint32_t>(e.tile_index) % s.depth;
        ++e.tile_index;
        return slot;
    }
    const uint32_t bit = 1u << a.lane;
    const bool split_producers = a.flow == Flow::V2C && splits(a.split);
    uint32_t slot = 0;
    sync::block_until(
        [&] {
            std::lock_guard<std::mutex> lock(s.mutex);
            const auto cur = static_cast<uint32_t>(s.next_producer_slot);
            Slot& sl = s.slots[cur];
            if (s.occupied >= static_cast<int>(s.depth) || sl.flow != Flow::None)
                return false;
            if (split_producers) {
                if ((s.alloc_mask[cur] & bit) != 0 || (sl.busy && s.alloc_mask[cur] == 0))
                    return false;
                s.alloc_mask[cur] |= bit;
            } else if (sl.busy) {
                return false;
            }
            sl.busy = true;
            slot = cur;
            return true;
        },
        instr, where);
    sync::wake_all();
    e.tile_index = static_cast<int>(slot);
    e.sub_tile_index = static_cast<int>(a.lane);
    if (hazards::enabled())  // the consumers that released the slot are done with it
        hazards::acquire(&s, 2 * uint64_t{slot} + 1, pipe);
    return slot;
}

// Publishes a written slot to its consumers (a split vector producer's half waits for the other's).
void publish_slot(State& s, uint32_t slot, const PushArgs& a, DType out, int32_t rows, int32_t cols,
                  hazards::Pipe pipe) {
    const bool split = splits(a.split);
    const bool split_producers = a.flow == Flow::V2C && split;
    const uint32_t bit = 1u << a.lane;
    if (hazards::enabled())  // before the slot is published: a consumer that pops it finds the clock
        hazards::release(&s, 2 * uint64_t{slot}, pipe);
    sync::update([&] {
        std::lock_guard<std::mutex> lock(s.mutex);
        if (split_producers) {
            s.done_mask[slot] |= bit;
            if (s.done_mask[slot] != 3u)
                return;  // published when the other half is in
            s.done_mask[slot] = 0;
            s.alloc_mask[slot] = 0;
        }
        Slot& sl = s.slots[slot];
        sl.flow = a.flow;
        sl.remaining = a.flow == Flow::C2V && split ? 2u : 1u;
        sl.claimed = 0;
        sl.dtype = out;
        sl.rows = rows;
        sl.cols = cols;
        s.next_producer_slot = static_cast<int>((slot + 1) % s.depth);
        ++s.occupied;
    });
}

// Claims the consumer's next published slot it has not popped (blocking until there is one), or takes the
// slot the endpoint's counter names when the program runs the protocol itself; `meta` is the slot's
// description when claimed.
uint32_t claim_for_pop(const char* instr, State& s, Endpoint& e, const PopArgs& a, hazards::Pipe pipe,
                       Slot& meta, const std::source_location& where) {
    if (!e.protocol_start) {
        const uint32_t slot = static_cast<uint32_t>(e.tile_index) % s.depth;
        ++e.tile_index;
        return slot;
    }
    const uint32_t bit = a.flow == Flow::V2C ? 1u : 1u << a.lane;
    const int q = queue_of(a.flow, a.lane);
    uint32_t slot = 0;
    sync::block_until(
        [&] {
            std::lock_guard<std::mutex> lock(s.mutex);
            int& cursor =
                a.flow == Flow::V2C ? s.next_v2c_consumer_slot : s.next_consumer_slots_by_lane[a.lane];
            for (uint32_t k = 0; k < s.depth; ++k) {
                const uint32_t i = (static_cast<uint32_t>(cursor) + k) % s.depth;
                Slot& sl = s.slots[i];
                if (sl.flow != a.flow || (sl.claimed & bit) != 0)
                    continue;
                // The first of several NO_SPLIT sub-blocks sets how many release the slot.
                if (sl.claimed == 0 && a.lanes > 1)
                    sl.remaining = a.lanes;
                sl.claimed |= bit;
                s.queues[static_cast<std::size_t>(q) * s.depth + static_cast<std::size_t>(s.queue_len[q])] =
                    static_cast<int>(i);
                count_popped(s, q, 1);
                cursor = static_cast<int>((i + 1) % s.depth);
                if (a.flow == Flow::C2V && a.lane == 0)
                    s.next_c2v_consumer_slot = cursor;
                slot = i;
                meta = sl;
                return true;
            }
            return false;
        },
        instr, where);
    sync::wake_all();
    e.tile_index = static_cast<int>(slot);
    e.sub_tile_index = static_cast<int>(a.lane);
    e.last_flow = a.flow;
    if (hazards::enabled())
        hazards::acquire(&s, 2 * uint64_t{slot}, pipe);
    return slot;
}

}  // namespace

void push(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const TileView& src, const PushArgs& a,
          const std::source_location& where) {
    const int32_t r = src.valid_rows, c = src.valid_cols;
    const DType out = a.convert.converts ? a.convert.dst : src.dtype;
    const bool split = splits(a.split);
    // The vector halves assemble the cube's tile.
    auto [rows, cols, row0, col0] = share_of(a.split, a.lane, r, c, a.flow == Flow::V2C && split);
    const hazards::Pipe pipe = hazards::move_pipe(src.data, slot_base(s, p, 0, 0));
    hazards::Scope hz(instr, pipe);
    hz.read(src);
    validate::tile(src, instr, "src");
    PTOSIM_CHECK(a.flow != Flow::None, instr, "the tile cannot be pushed in the pipe's direction");
    PTOSIM_CHECK(!split || (a.flow == Flow::V2C ? a.lane < 2 : true), instr,
                 "only vector sub-blocks 0 and 1 push split halves", {"subblockid", a.lane});
    const bool odd = a.split == Split::UpDownOdd || a.split == Split::LeftRightOdd;
    if (a.flow == Flow::C2V && split) {
        const int32_t n = up_down(a.split) ? r : c;
        PTOSIM_CHECK(n % 2 == (odd ? 1 : 0), instr,
                     odd ? "an _ODD split cube tile needs an odd number of rows (UP_DOWN_ODD) or columns "
                           "(LEFT_RIGHT_ODD)"
                         : "a split cube tile needs an even number of rows (UP_DOWN) or columns (LEFT_RIGHT)",
                     {"extent", n});
    }
    const std::size_t image = dtype_bytes(out, static_cast<std::size_t>(rows) * cols);
    // A consumer's share of a split cube tile: half, or sub-block 0's larger part of an odd extent.
    const std::size_t per_consumer =
        a.flow == Flow::C2V && split
            ? dtype_bytes(out,
                          static_cast<std::size_t>(up_down(a.split) ? (r + 1) / 2 * c : r * ((c + 1) / 2)))
            : image;
    PTOSIM_CHECK(per_consumer + static_cast<std::size_t>(e.entry_offset) <= s.slot_bytes, instr,
                 "the tile does not fit the FIFO's slot", {"tile_bytes", per_consumer},
                 {"entry_offset", e.entry_offset}, {"slot_bytes", s.slot_bytes});

    const uint32_t slot = claim_for_push(instr, s, e, a, pipe, where);

    MoveSpec m;
    m.rows = r;
    m.cols = c;
    m.dst_row = row0;
    m.dst_col = col0;
    m.relu = a.convert.relu;
    m.mode = a.convert.mode;
    m.scalar = a.convert.scalar;
    m.words = a.convert.words;
    ops::tmove(instr, image_view(slot_base(s, p, slot, e.entry_offset), out, rows, cols), src, m);

    if (e.protocol_end)
        publish_slot(s, slot, a, out, rows, cols, pipe);
}

void pop(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const TileView& dst, const PopArgs& a,
         const std::source_location& where) {
    const hazards::Pipe pipe = p.gm != nullptr       ? hazards::Pipe::MTE2
                               : a.flow == Flow::V2C ? hazards::Pipe::MTE1
                                                     : hazards::Pipe::V;
    hazards::Scope hz(instr, pipe);
    if (a.receives_data)
        hz.write(dst);
    validate::tile(dst, instr, "dst");
    PTOSIM_CHECK(a.flow != Flow::None, instr, "the tile cannot be popped in the pipe's direction");
    PTOSIM_CHECK(a.flow == Flow::V2C || a.lane < 2, instr, "only vector sub-blocks 0 and 1 pop",
                 {"subblockid", a.lane});

    Slot meta;
    const uint32_t slot = claim_for_pop(instr, s, e, a, pipe, meta, where);
    if (!a.receives_data)
        return;

    const int32_t r = dst.valid_rows, c = dst.valid_cols;
    const bool split = a.flow == Flow::C2V && splits(a.split);
    auto [rows, cols, row0, col0] = share_of(a.split, a.lane, r, c, split);
    if (meta.flow != Flow::None) {
        // The pushed image decides the layout of the slot; the popped tile must be its share of it.
        PTOSIM_CHECK(meta.dtype == dst.dtype, instr, "the tile's element type differs from the pushed tile's",
                     {"dst", dtype_cpp_name(dst.dtype)}, {"pushed", dtype_cpp_name(meta.dtype)});
        PTOSIM_CHECK(row0 + r <= meta.rows && col0 + c <= meta.cols &&
                         (!split || (rows == meta.rows && cols == meta.cols)),
                     instr, "the tile does not match the pushed tile's shape", {"dst.validRow", r},
                     {"dst.validCol", c}, {"pushed.rows", meta.rows}, {"pushed.cols", meta.cols});
        rows = meta.rows;
        cols = meta.cols;
    }
    const std::size_t per_consumer = dtype_bytes(dst.dtype, static_cast<std::size_t>(r) * c);
    PTOSIM_CHECK(per_consumer + static_cast<std::size_t>(e.entry_offset) <= s.slot_bytes, instr,
                 "the tile does not fit the FIFO's slot", {"tile_bytes", per_consumer},
                 {"entry_offset", e.entry_offset}, {"slot_bytes", s.slot_bytes});
    MoveSpec m;
    m.rows = r;
    m.cols = c;
    m.src_row = row0;
    m.src_col = col0;
    ops::tmove(instr, dst, image_view(slot_base(s, p, slot, e.entry_offset), dst.dtype, rows, cols), m);
}

std::byte* alloc(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const PushArgs& a,
                 std::size_t offset, const GlobalView& g, const std::source_location& where) {
    const std::size_t bytes = span_bytes(g);
    const hazards::Pipe pipe = a.flow == Flow::C2V ? hazards::Pipe::FIX : hazards::Pipe::MTE3;
    hazards::Scope hz(instr, pipe);
    PTOSIM_CHECK(p.gm != nullptr, instr,
                 "the GlobalTensor forms need a GM FIFO (a pipe with a GM slot buffer)");
    PTOSIM_CHECK(a.flow != Flow::None, instr, "the pipe does not carry data in this core's direction");
    PTOSIM_CHECK(a.lane < 2, instr, "only vector sub-blocks 0 and 1 produce", {"subblockid", a.lane});
    PTOSIM_CHECK(e.allocated < 0, instr, "the previous TALLOC's slot was not pushed yet");
    PTOSIM_CHECK(offset + bytes + static_cast<std::size_t>(e.entry_offset) <= s.slot_bytes, instr,
                 "the tensor does not fit the FIFO's slot", {"offset", offset}, {"tensor_bytes", bytes},
                 {"entry_offset", e.entry_offset}, {"slot_bytes", s.slot_bytes});
    const uint32_t slot = claim_for_push(instr, s, e, a, pipe, where);
    e.allocated = static_cast<int>(slot);
    return slot_base(s, p, slot, e.entry_offset) + offset;
}

void publish(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const PushArgs& a, DType t,
             int32_t rows, int32_t cols, const std::source_location& where) {
    (void)where;
    const hazards::Pipe pipe = a.flow == Flow::C2V ? hazards::Pipe::FIX : hazards::Pipe::MTE3;
    hazards::Scope hz(instr, pipe);
    PTOSIM_CHECK(p.gm != nullptr, instr,
                 "the GlobalTensor forms need a GM FIFO (a pipe with a GM slot buffer)");
    PTOSIM_CHECK(e.allocated >= 0, instr, "no slot to push: TPUSH with a GlobalTensor needs a TALLOC first");
    const auto slot = static_cast<uint32_t>(e.allocated);
    e.allocated = -1;
    if (e.protocol_end)
        publish_slot(s, slot, a, t, rows, cols, pipe);
}

std::byte* claim(const char* instr, State& s, const PipeInfo& p, Endpoint& e, const PopArgs& a,
                 std::size_t offset, const GlobalView& g, const std::source_location& where) {
    const std::size_t bytes = span_bytes(g);
    hazards::Scope hz(instr, hazards::Pipe::MTE2);
    PTOSIM_CHECK(p.gm != nullptr, instr,
                 "the GlobalTensor forms need a GM FIFO (a pipe with a GM slot buffer)");
    PTOSIM_CHECK(a.flow != Flow::None, instr, "the pipe does not carry data to this core");
    PTOSIM_CHECK(a.flow == Flow::V2C || a.lane < 2, instr, "only vector sub-blocks 0 and 1 pop",
                 {"subblockid", a.lane});
    PTOSIM_CHECK(offset + bytes + static_cast<std::size_t>(e.entry_offset) <= s.slot_bytes, instr,
                 "the tensor does not fit the FIFO's slot", {"offset", offset}, {"tensor_bytes", bytes},
                 {"entry_offset", e.entry_offset}, {"slot_bytes", s.slot_bytes});
    Slot meta;
    const uint32_t slot = claim_for_pop(instr, s, e, a, hazards::Pipe::MTE2, meta, where);
    return slot_base(s, p, slot, e.entry_offset) + offset;
}

void free(const char* instr, State& s, const PipeInfo& p, Endpoint& e, Flow flow, uint32_t lane,
          const std::source_location& where) {
    (void)where;
    const hazards::Pipe pipe = p.gm != nullptr     ? hazards::Pipe::MTE2
                               : flow == Flow::V2C ? hazards::Pipe::MTE1
                                                   : hazards::Pipe::V;
    hazards::Scope hz(instr, pipe);
    if (!e.protocol_end)
        return;
    bool released = false;
    int chosen = -1;
    sync::update([&] {
        std::lock_guard<std::mutex> lock(s.mutex);
        int q = -1;
        if (flow != Flow::None) {
            q = queue_of(flow, lane);
        } else if (lane < 2) {
            const bool vec = s.queue_len[lane] > 0, cube = s.queue_len[kCubeQueue] > 0;
            if (vec && cube)
                q = queue_of(e.last_flow == Flow::None ? Flow::C2V : e.last_flow, lane);
            else if (vec || cube)
                q = vec ? static_cast<int>(lane) : kCubeQueue;
        }
        if (q < 0 || (q < 2 && lane >= 2) || s.queue_len[q] == 0)
            return;
        int* entries = s.queues + static_cast<std::size_t>(q) * s.depth;
        const auto i = static_cast<uint32_t>(entries[0]);
        if (hazards::enabled())  // before the slot is free: the producer that claims it finds the clock
            hazards::release(&s, 2 * uint64_t{i} + 1, pipe);
        for (int k = 1; k < s.queue_len[q]; ++k)
            entries[k - 1] = entries[k];
        count_popped(s, q, -1);
        Slot& sl = s.slots[i];
        if (sl.remaining > 1) {
            --sl.remaining;
        } else {
            sl = Slot{};
            --s.occupied;
        }
        chosen = static_cast<int>(i);
        released = true;
    });
    PTOSIM_CHECK(released, instr, "no popped slot to release: TFREE without a matching TPOP",
                 {"subblockid", lane});
    e.tile_index = chosen;
}

}  // namespace ptosim::fifo
