// TPipe and the cube-vector FIFO instructions TPUSH, TPOP, TFREE (docs/fifo.md), pto-isa's signatures, over
// ptosim::fifo (ptosim/ops/fifo.hpp). Every TPipe object of one type shares one ring (pto-isa's
// TPipe::SharedState), so the cube and the vector sub-blocks each build their own TPipe and meet in it.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <new>
#include <source_location>
#include <thread>
#include <type_traits>
#include <vector>

#include "pto/common/event.hpp"
#include "pto/common/fifo.hpp"
#include "pto/common/fixpipe.hpp"
#include "pto/common/kernel.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/tload.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/ops/fifo.hpp"
#include "ptosim/ops/move.hpp"

namespace pto {

template <uint8_t FlagID, uint8_t DirType, uint32_t SlotSize, uint32_t SlotNum, uint32_t LocalSlotNum = 2,
          bool IsNoSplit = false, bool EN_UNIT_FLAG = false>
struct TPipe {
    static_assert(SlotNum > 0, "TPipe: the FIFO needs at least one slot");
    static_assert(SlotSize > 0, "TPipe: slots must have a size");
    static constexpr uint8_t DIR_MASK = 0x7;
    static constexpr uint8_t DIR_TYPE = DIR_MASK & DirType;
    // The _GM directions (5, 6, 7) carry what their low bits say; V2C_CTRL (4) is V2C.
    static constexpr bool is_c2v = (DIR_TYPE & Direction::DIR_C2V) != 0;
    static constexpr bool is_v2c =
        (DIR_TYPE & Direction::DIR_V2C) != 0 || DIR_TYPE == Direction::DIR_V2C_CTRL;
    static constexpr bool is_v2c_ctrl = DIR_TYPE == Direction::DIR_V2C_CTRL;
    static constexpr bool is_gm = DIR_TYPE >= Direction::DIR_C2V_GM;  // 5, 6, 7: the GM directions
    static constexpr bool is_no_split = IsNoSplit;
    static constexpr uint8_t VEC_CORE_ID_OFFSET = 16;
    static_assert(is_c2v || is_v2c, "TPipe: the direction must be C2V, V2C or BOTH");
    using RingFiFo = RingFIFO<SlotSize, SlotNum, LocalSlotNum>;

    // The ring every TPipe of this type shares; the fields pto-isa's suites read keep its names.
    struct SharedState : ptosim::fifo::State {
        std::array<ptosim::fifo::Slot, SlotNum> slot_array{};
        std::array<uint32_t, SlotNum> producers_allocated{};
        std::array<uint32_t, SlotNum> producers_done{};
        std::array<int, ptosim::fifo::kQueues * SlotNum> queue_array{};
        std::array<std::byte, static_cast<std::size_t>(SlotNum) * 2 * SlotSize> storage{};

        SharedState() {
            depth = SlotNum;
            slot_bytes = SlotSize;
            slots = slot_array.data();
            alloc_mask = producers_allocated.data();
            done_mask = producers_done.data();
            queues = queue_array.data();
            data = storage.data();
            std::atomic_ref<uint32_t>(init_tag).store(kInitTag, std::memory_order_release);
        }
    };
    // What GetSharedState asks pto-isa's pipe hook for: raw bytes, zero-filled or already holding a
    // SharedState.
    struct SharedStateStorage {
        alignas(SharedState) unsigned char bytes[sizeof(SharedState)];
    };

    static SharedState& GetSharedState() {
        if (auto hook = cpu_sim::injected_pipe_shared_state_hook; hook != nullptr) {
            if (void* p = hook(kPipeKey, sizeof(SharedStateStorage)); p != nullptr)
                return adopt(p);
        }
        static SharedState state;
        return state;
    }

    static void reset_for_cpu_sim() { ptosim::fifo::reset(GetSharedState()); }

    struct Producer {
        ptosim::fifo::Endpoint ep;
        void setTileId(int t, int sub) { ep.tile_index = t, ep.sub_tile_index = sub; }
        int getTileId() const { return ep.tile_index; }
        int getSubTileId() const { return ep.sub_tile_index; }
        void setAllocateStatus(bool on) { ep.protocol_start = on; }
        bool getAllocateStatus() const { return ep.protocol_start; }
        void setRecordStatus(bool on) { ep.protocol_end = on; }
        bool getRecordStatus() const { return ep.protocol_end; }
        void setEntryOffset(int offset) { ep.entry_offset = offset; }
    };
    struct Consumer {
        ptosim::fifo::Endpoint ep;
        void setTileId(int t, int sub) { ep.tile_index = t, ep.sub_tile_index = sub; }
        int getTileId() const { return ep.tile_index; }
        int getSubTileId() const { return ep.sub_tile_index; }
        void setWaitStatus(bool on) { ep.protocol_start = on; }
        bool getWaitStatus() const { return ep.protocol_start; }
        void setFreeStatus(bool on) { ep.protocol_end = on; }
        bool getFreeStatus() const { return ep.protocol_end; }
        void setEntryOffset(int offset) { ep.entry_offset = offset; }
        void setentryOffset(int offset) { ep.entry_offset = offset; }
    };

    RingFiFo fifo;
    Producer prod;
    Consumer cons;

    explicit TPipe(__gm__ void* gmSlotBuffer, uint32_t c2vConsumerBuf, uint32_t v2cConsumerBuf)
        : fifo(gmSlotBuffer, c2vConsumerBuf, v2cConsumerBuf) {}

    ptosim::fifo::PipeInfo info() const {
        return {is_c2v, is_v2c, is_no_split, static_cast<std::byte*>(fifo.GM_SLOT_BUFFER)};
    }

  private:
    static constexpr uint64_t kPipeKey = (uint64_t{FlagID} << 56) | (uint64_t{DirType} << 48) |
                                         (uint64_t{SlotNum} << 40) | (uint64_t{LocalSlotNum} << 32) |
                                         SlotSize;

    // Hook storage: the first word is State::init_tag (0 in fresh storage); the first thread to see 0 builds
    // the state, the others wait for the tag.
    static SharedState& adopt(void* p) {
        std::atomic_ref<uint32_t> tag(*static_cast<uint32_t*>(p));
        uint32_t seen = tag.load(std::memory_order_acquire);
        if (seen != ptosim::fifo::State::kInitTag) {
            if (seen == 0 && tag.compare_exchange_strong(seen, 1, std::memory_order_acq_rel)) {
                auto* s = new (p) SharedState();
                PTOSIM_CHECK(static_cast<void*>(&s->init_tag) == p, "TPipe",
                             "the shared state's tag must be its first word");
                return *s;
            }
            while (tag.load(std::memory_order_acquire) != ptosim::fifo::State::kInitTag)
                std::this_thread::yield();
        }
        return *std::launder(static_cast<SharedState*>(p));
    }
};

namespace detail {

template <typename T>
struct is_tpipe : std::false_type {};
template <uint8_t F, uint8_t D, uint32_t S, uint32_t N, uint32_t L, bool NS, bool U>
struct is_tpipe<TPipe<F, D, S, N, L, NS, U>> : std::true_type {};

using FifoFlow = ptosim::fifo::Flow;

// The direction a tile travels: the pipe's when it carries one; on a DIR_BOTH pipe, vector tiles go to the
// cube and cube tiles (Acc, Mat) to the vector.
template <typename Pipe, typename TileData>
constexpr FifoFlow push_flow() {
    if constexpr (Pipe::is_c2v && !Pipe::is_v2c)
        return FifoFlow::C2V;
    else if constexpr (Pipe::is_v2c && !Pipe::is_c2v)
        return FifoFlow::V2C;
    else
        return TileData::Loc == TileType::Vec ? FifoFlow::V2C : FifoFlow::C2V;
}
template <typename Pipe, typename TileData>
constexpr FifoFlow pop_flow() {
    if constexpr (Pipe::is_c2v && !Pipe::is_v2c)
        return FifoFlow::C2V;
    else if constexpr (Pipe::is_v2c && !Pipe::is_c2v)
        return FifoFlow::V2C;
    else
        return TileData::Loc == TileType::Vec ? FifoFlow::C2V : FifoFlow::V2C;
}

template <typename Pipe, typename TileData>
constexpr void fifo_static_checks(const char* instr) {
    PTOSIM_STATIC_CHECK(is_tpipe<Pipe>::value, "TPUSH / TPOP / TFREE", "pipe must be a pto::TPipe");
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TPUSH / TPOP", "the tile operand must be a Tile");
    (void)instr;
}

// The FIFO's pre-quant registers of the calling core (SET_QUANT_SCALAR / SET_QUANT_VECTOR).
struct FixpipeQuant {
    uint64_t scalar = 0;
    std::vector<uint64_t> words;
};
inline FixpipeQuant& fixpipe_quant() {
    thread_local FixpipeQuant q;
    return q;
}

// The producer's arguments for sub-block `sub`; false when it takes no part (NO_SPLIT: only vector sub-block
// 0 produces, the others' pushes do nothing).
template <TileSplitAxis Split>
bool producer_args(FifoFlow flow, bool vector_producer, uint32_t sub, ptosim::fifo::PushArgs& a) {
    a.flow = flow;
    a.split = static_cast<ptosim::fifo::Split>(Split);
    a.lane = flow == FifoFlow::V2C ? sub : 0;
    return !(Split == TILE_NO_SPLIT && vector_producer && sub != 0);
}

// The consumer's arguments for sub-block `sub`; false when it takes no part (NO_SPLIT C2V on an ordinary
// pipe: sub-block 0 alone consumes; on an IsNoSplit pipe every sub-block takes part).
template <typename Pipe, TileSplitAxis Split>
bool consumer_args(FifoFlow flow, uint32_t sub, ptosim::fifo::PopArgs& a) {
    a.flow = flow;
    a.split = static_cast<ptosim::fifo::Split>(Split);
    a.lane = flow == FifoFlow::C2V ? sub : 0;
    if (flow == FifoFlow::C2V && Split == TILE_NO_SPLIT) {
        if (sub != 0 && !Pipe::is_no_split)
            return false;
        if (Pipe::is_no_split)
            a.lanes = static_cast<uint32_t>(get_subblockdim());
    }
    return true;
}

template <typename Pipe, typename TileProd, typename TConfig, TileSplitAxis Split>
void tpush(Pipe& pipe, TileProd& tile, const std::source_location& where, int32_t sub_block = -1) {
    fifo_static_checks<Pipe, TileProd>("TPUSH");
    constexpr FifoFlow flow = push_flow<Pipe, TileProd>();
    if constexpr (Pipe::is_c2v && Pipe::is_v2c) {
        PTOSIM_STATIC_CHECK(
            TileProd::Loc == TileType::Vec || TileProd::Loc == TileType::Acc ||
                TileProd::Loc == TileType::Mat,
            "TPUSH", "a DIR_BOTH pipe carries Vec tiles to the cube and Acc / Mat tiles to the vector");
    }
    const auto sub = static_cast<uint32_t>(sub_block >= 0 ? sub_block : get_subblockid());
    ptosim::fifo::PushArgs a;
    if (!producer_args<Split>(flow, TileProd::Loc == TileType::Vec, sub, a))
        return;
    std::vector<uint64_t> words;
    if constexpr (!std::is_void_v<TConfig>) {
        using Out = FixpipeConsDType_t<TConfig::QuantPre, typename TileProd::DType>;
        constexpr auto mode = static_cast<ptosim::prequant::Mode>(TConfig::QuantPre);
        a.convert.dst = ptosim::dtype_of<Out>;
        a.convert.converts = true;
        a.convert.mode = mode;
        a.convert.relu = TConfig::ReluMode == ReluPreMode::NormalRelu ? ptosim::prequant::Relu::Positive
                                                                      : ptosim::prequant::Relu::None;
        if constexpr (mode == ptosim::prequant::Mode::F322F16 || mode == ptosim::prequant::Mode::F322BF16) {
            a.convert.scalar = std::bit_cast<uint32_t>(1.0f);  // plain conversions: no scale
        } else if constexpr (mode == ptosim::prequant::Mode::VREQ8 ||
                             mode == ptosim::prequant::Mode::VDEQF16 ||
                             mode == ptosim::prequant::Mode::VSHIFTS322S16 ||
                             mode == ptosim::prequant::Mode::VQF322B8_PRE ||
                             mode == ptosim::prequant::Mode::VQS322BF16_PRE) {
            words = fixpipe_quant().words;
            a.convert.words = words;
            PTOSIM_CHECK(!words.empty(), "TPUSH", "a vector pre-quant mode needs SET_QUANT_VECTOR first");
        } else {
            a.convert.scalar = fixpipe_quant().scalar;
        }
    }
    ptosim::fifo::push("TPUSH", Pipe::GetSharedState(), pipe.info(), pipe.prod.ep, tile.view(), a, where);
}

template <typename Pipe, typename TileCons, TileSplitAxis Split>
void tpop(Pipe& pipe, TileCons& tile, const std::source_location& where, int32_t sub_block = -1) {
    fifo_static_checks<Pipe, TileCons>("TPOP");
    constexpr FifoFlow flow = pop_flow<Pipe, TileCons>();
    if constexpr (Pipe::is_c2v && Pipe::is_v2c) {
        PTOSIM_STATIC_CHECK(TileCons::Loc == TileType::Vec || TileCons::Loc == TileType::Mat, "TPOP",
                            "a DIR_BOTH pipe delivers Vec tiles to the vector and Mat tiles to the cube");
    }
    const auto sub = static_cast<uint32_t>(sub_block >= 0 ? sub_block : get_subblockid());
    ptosim::fifo::PopArgs a;
    if (!consumer_args<Pipe, Split>(flow, sub, a))
        return;
    // The device writes a NO_SPLIT tile into sub-block 0's UB only; the others take part in the protocol.
    if (flow == FifoFlow::C2V && Split == TILE_NO_SPLIT)
        a.receives_data = sub == 0 || pipe.fifo.GM_SLOT_BUFFER != nullptr;
    ptosim::fifo::pop("TPOP", Pipe::GetSharedState(), pipe.info(), pipe.cons.ep, tile.view(), a, where);
}

template <typename Pipe, TileSplitAxis Split>
void tfree(Pipe& pipe, const std::source_location& where) {
    PTOSIM_STATIC_CHECK(is_tpipe<Pipe>::value, "TFREE", "pipe must be a pto::TPipe");
    const auto sub = static_cast<uint32_t>(get_subblockid());
    FifoFlow flow = FifoFlow::None;
    if constexpr (Pipe::is_c2v && !Pipe::is_v2c)
        flow = FifoFlow::C2V;
    else if constexpr (Pipe::is_v2c && !Pipe::is_c2v)
        flow = FifoFlow::V2C;
    if (Pipe::is_c2v && Split == TILE_NO_SPLIT && sub != 0 && !Pipe::is_no_split)
        return;  // the matching TPOP did nothing
    ptosim::fifo::free("TFREE", Pipe::GetSharedState(), pipe.info(), pipe.cons.ep, flow,
                       flow == FifoFlow::V2C ? 0 : sub, where);
}

}  // namespace detail

// TPUSH<Pipe, Tile, Split>(pipe, tile): the producer's tile into the next free slot (blocks while the FIFO is
// full). A cube tile (Acc, Mat) goes to the vector, a Vec tile to the cube.
template <typename Pipe, typename TileProd, TileSplitAxis Split = TileSplitAxis::TILE_NO_SPLIT,
          typename... WaitEvents>
requires(detail::is_tpipe<Pipe>::value && !is_global_data_v<TileProd>) PTO_INST RecordEvent
    TPUSH(Pipe& pipe, TileProd& tile, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tpush<Pipe, TileProd, void, Split>(pipe, tile, std::source_location::current());
    return {};
}
// The explicit sub-block form: the vector sub-block whose share the tile is, instead of get_subblockid()'s.
template <typename Pipe, typename TileProd, TileSplitAxis Split, typename... WaitEvents>
requires(detail::is_tpipe<Pipe>::value && !is_global_data_v<TileProd>) PTO_INST RecordEvent
    TPUSH(Pipe& pipe, TileProd& tile, int32_t subBlockId, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    PTOSIM_CHECK(subBlockId == 0 || subBlockId == 1, "TPUSH", "subBlockId must be 0 or 1",
                 {"subBlockId", subBlockId});
    detail::tpush<Pipe, TileProd, void, Split>(pipe, tile, std::source_location::current(), subBlockId);
    return {};
}
// The fixpipe form: the cube tile converted on the way (TConfig = FixpipeParams<Layout, QuantMode, Relu>).
template <typename Pipe, typename TileProd, typename TConfig, typename... WaitEvents>
requires(detail::is_tpipe<Pipe>::value) PTO_INST RecordEvent
    TPUSH(Pipe& pipe, TileProd& tile, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tpush<Pipe, TileProd, TConfig, TileSplitAxis::TILE_NO_SPLIT>(pipe, tile,
                                                                         std::source_location::current());
    return {};
}
// The tile-first spelling of pto-isa's CPU simulation (NO_SPLIT).
template <typename TileData, typename Pipe, typename... WaitEvents>
requires(detail::is_tpipe<Pipe>::value) PTO_INST RecordEvent
    TPUSH(TileData& tile, Pipe& pipe, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tpush<Pipe, TileData, void, TileSplitAxis::TILE_NO_SPLIT>(pipe, tile,
                                                                      std::source_location::current());
    return {};
}

// TPOP<Pipe, Tile, Split>(pipe, tile): the consumer's share of the oldest slot it has not popped yet into
// tile (blocks until there is one).
template <typename Pipe, typename TileCons, TileSplitAxis Split = TileSplitAxis::TILE_NO_SPLIT,
          typename... WaitEvents>
requires(detail::is_tpipe<Pipe>::value && !is_global_data_v<TileCons>) PTO_INST RecordEvent
    TPOP(Pipe& pipe, TileCons& tile, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tpop<Pipe, TileCons, Split>(pipe, tile, std::source_location::current());
    return {};
}
template <typename Pipe, typename TileCons, TileSplitAxis Split, typename... WaitEvents>
requires(detail::is_tpipe<Pipe>::value && !is_global_data_v<TileCons>) PTO_INST RecordEvent
    TPOP(Pipe& pipe, TileCons& tile, int32_t subBlockId, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    PTOSIM_CHECK(subBlockId == 0 || subBlockId == 1, "TPOP", "subBlockId must be 0 or 1",
                 {"subBlockId", subBlockId});
    detail::tpop<Pipe, TileCons, Split>(pipe, tile, std::source_location::current(), subBlockId);
    return {};
}
template <typename TileData, typename Pipe, typename... WaitEvents>
requires(detail::is_tpipe<Pipe>::value) PTO_INST RecordEvent
    TPOP(TileData& tile, Pipe& pipe, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tpop<Pipe, TileData, TileSplitAxis::TILE_NO_SPLIT>(pipe, tile, std::source_location::current());
    return {};
}

// TFREE<Pipe, Split>(pipe): releases the oldest slot the calling consumer popped; the producer may reuse it
// once every consumer of the slot has released it.
template <typename Pipe, TileSplitAxis Split = TileSplitAxis::TILE_UP_DOWN, typename... WaitEvents>
PTO_INST RecordEvent TFREE(Pipe& pipe, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tfree<Pipe, Split>(pipe, std::source_location::current());
    return {};
}

// ---- The GM-tensor forms (A5): the cores write and read a GM FIFO's slot themselves
// -------------------------

namespace detail {

// A vector sub-block's share of a slot, as A5's getSubAIVOffset / getPopSubAIVOffset place it: the lower half
// (UP_DOWN) starts m x n elements in, the right half (LEFT_RIGHT) n elements in; NO_SPLIT is the whole slot.
template <typename GlobalData, TileSplitAxis Split>
std::size_t gm_share_offset(uint32_t sub) {
    // A5's getSubAIVOffset / getPopSubAIVOffset know UP_DOWN and place every other split as LEFT_RIGHT, which
    // is not where an _ODD split's shares are: refused rather than guessed.
    PTOSIM_STATIC_CHECK(Split == TILE_NO_SPLIT || Split == TILE_UP_DOWN || Split == TILE_LEFT_RIGHT,
                        "TALLOC / TPOP",
                        "the GlobalTensor forms take TILE_NO_SPLIT, TILE_UP_DOWN or TILE_LEFT_RIGHT");
    if constexpr (Split == TILE_NO_SPLIT) {
        return 0;
    } else {
        constexpr int64_t m = GlobalData::staticShape[3], n = GlobalData::staticShape[4];
        PTOSIM_STATIC_CHECK(m != DYNAMIC && n != DYNAMIC, "TALLOC / TPOP",
                            "a split share's place comes from the GlobalTensor's static rows and columns");
        constexpr auto elem = sizeof(typename GlobalData::RawDType);
        return static_cast<std::size_t>(sub) * static_cast<std::size_t>(Split == TILE_UP_DOWN ? m * n : n) *
               elem;
    }
}

template <typename Pipe, typename GlobalData>
constexpr void gm_form_checks() {
    PTOSIM_STATIC_CHECK(is_tpipe<Pipe>::value, "TALLOC / TPUSH / TPOP / TFREE", "pipe must be a pto::TPipe");
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TALLOC / TPUSH / TPOP / TFREE",
                        "the tensor operand must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(Pipe::is_gm, "TALLOC / TPUSH / TPOP / TFREE",
                        "the GlobalTensor forms need a GM direction (DIR_C2V_GM or DIR_V2C_GM)");
    PTOSIM_STATIC_CHECK(Pipe::is_c2v != Pipe::is_v2c, "TALLOC / TPUSH / TPOP / TFREE",
                        "on DIR_BOTH_GM the side is the core's kind (cube or vector), which ptosim's C++ "
                        "threads do not carry: use DIR_C2V_GM or DIR_V2C_GM");
}

}  // namespace detail

// TALLOC<Pipe, GlobalData, Split>(pipe, gm): claims the producer's next slot of a GM FIFO (blocking while the
// ring is full) and points gm at the producer's share of it, to be written (TSTORE) and then pushed.
template <typename Pipe, typename GlobalData, TileSplitAxis Split,
          std::enable_if_t<is_global_data_v<GlobalData>, int> = 0, typename... WaitEvents>
PTO_INST RecordEvent TALLOC(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::gm_form_checks<Pipe, GlobalData>();
    const auto sub = static_cast<uint32_t>(get_subblockid());
    ptosim::fifo::PushArgs a;
    if (!detail::producer_args<Split>(Pipe::is_c2v ? detail::FifoFlow::C2V : detail::FifoFlow::V2C,
                                      Pipe::is_v2c, sub, a))
        return {};
    const std::size_t offset = Pipe::is_v2c ? detail::gm_share_offset<GlobalData, Split>(sub) : 0;
    std::byte* p = ptosim::fifo::alloc("TALLOC", Pipe::GetSharedState(), pipe.info(), pipe.prod.ep, a, offset,
                                       detail::global_view(gmTensor), std::source_location::current());
    gmTensor.SetAddr(reinterpret_cast<typename GlobalData::DType*>(p));
    return {};
}

// TPUSH<Pipe, GlobalData, Split>(pipe, gm): hands the slot the last TALLOC claimed to its consumers (a split
// vector producer's half when the other half is in too).
template <typename Pipe, typename GlobalData, TileSplitAxis Split,
          std::enable_if_t<is_global_data_v<GlobalData>, int> = 0, typename... WaitEvents>
PTO_INST RecordEvent TPUSH(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::gm_form_checks<Pipe, GlobalData>();
    const auto sub = static_cast<uint32_t>(get_subblockid());
    ptosim::fifo::PushArgs a;
    if (!detail::producer_args<Split>(Pipe::is_c2v ? detail::FifoFlow::C2V : detail::FifoFlow::V2C,
                                      Pipe::is_v2c, sub, a))
        return {};
    const ptosim::GlobalView v = detail::global_view(gmTensor);
    auto rows = static_cast<int32_t>(v.rows()), cols = static_cast<int32_t>(v.cols());
    if (Pipe::is_v2c && Split != TILE_NO_SPLIT)  // the halves make the cube's tile
        (Split == TILE_UP_DOWN ? rows : cols) *= 2;
    ptosim::fifo::publish("TPUSH", Pipe::GetSharedState(), pipe.info(), pipe.prod.ep, a, v.dtype, rows, cols,
                          std::source_location::current());
    return {};
}

// TPOP<Pipe, GlobalData, Split>(pipe, gm): takes the consumer's next published slot (blocking until there is
// one) and points gm at the consumer's share of it, to be read (TLOAD) and then released with TFREE.
template <typename Pipe, typename GlobalData, TileSplitAxis Split,
          std::enable_if_t<is_global_data_v<GlobalData>, int> = 0, typename... WaitEvents>
PTO_INST RecordEvent TPOP(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::gm_form_checks<Pipe, GlobalData>();
    const auto sub = static_cast<uint32_t>(get_subblockid());
    ptosim::fifo::PopArgs a;
    if (!detail::consumer_args<Pipe, Split>(Pipe::is_c2v ? detail::FifoFlow::C2V : detail::FifoFlow::V2C, sub,
                                            a))
        return {};
    const std::size_t offset = Pipe::is_c2v ? detail::gm_share_offset<GlobalData, Split>(sub) : 0;
    std::byte* p = ptosim::fifo::claim("TPOP", Pipe::GetSharedState(), pipe.info(), pipe.cons.ep, a, offset,
                                       detail::global_view(gmTensor), std::source_location::current());
    gmTensor.SetAddr(reinterpret_cast<typename GlobalData::DType*>(p));
    return {};
}

// TFREE<Pipe, GlobalData, Split>(pipe, gm): releases the slot the consumer popped with TPOP(pipe, gm).
template <typename Pipe, typename GlobalData, TileSplitAxis Split,
          std::enable_if_t<is_global_data_v<GlobalData>, int> = 0, typename... WaitEvents>
PTO_INST RecordEvent TFREE(Pipe& pipe, GlobalData& gmTensor, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::gm_form_checks<Pipe, GlobalData>();
    (void)gmTensor;
    detail::tfree<Pipe, Split>(pipe, std::source_location::current());
    return {};
}

// The fixpipe's pre-quant registers: one scalar word (the float's bits; bit 46 set for an int8_t result) or
// the words of a Scaling tile, read by the fixpipe form of TPUSH.
template <typename OutType, typename... WaitEvents>
PTO_INST RecordEvent SET_QUANT_SCALAR(float preQuantScalar, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    uint64_t q = std::bit_cast<uint32_t>(preQuantScalar);
    if constexpr (sizeof(OutType) == 1)
        q = (q & ~(uint64_t{1} << 46)) | (uint64_t{std::is_same_v<OutType, int8_t>} << 46);
    detail::fixpipe_quant().scalar = q;
    return {};
}
template <typename FpTileData, typename... WaitEvents>
PTO_INST RecordEvent SET_QUANT_VECTOR(FpTileData& fpTile, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    PTOSIM_STATIC_CHECK(is_tile_data_v<FpTileData>, "SET_QUANT_VECTOR", "the operand must be a Tile");
    detail::fixpipe_quant().words = ptosim::ops::quant_words(fpTile.view(), "SET_QUANT_VECTOR");
    return {};
}

}  // namespace pto
