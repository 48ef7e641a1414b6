// pto-isa's communication instructions (pto/comm/pto_comm_inst.hpp): TPUT, TGET and their async forms,
// TNOTIFY / TWAIT / TTEST on int32 signals, and the collectives TGATHER, TSCATTER, TBROADCAST and TREDUCE.
// Each waits for its trailing events, then runs its *_IMPL (pto/comm/pto_comm_instr_impl.hpp). The CCU engine
// of the collectives (Ascend950 hardware) is not simulated. docs/comm.md describes ranks and windows.
#pragma once

#include <source_location>

#include "pto/comm/comm_types.hpp"
#include "pto/comm/pto_comm_instr_impl.hpp"
#include "pto/common/event.hpp"

namespace pto::comm {

namespace detail {
template <CollEngine engine>
constexpr void aiv_only() {
    PTOSIM_STATIC_CHECK(engine == CollEngine::AIV, "pto::comm",
                        "the CCU engine is not simulated; use CollEngine::AIV (docs/comm.md)");
}
}  // namespace detail

// ---- TPUT: local GM -> staging tile -> remote GM ---------------------------------------------------------

template <AtomicType atomicType = AtomicType::AtomicNone, typename GlobalDstData, typename GlobalSrcData,
          typename TileData, typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST RecordEvent TPUT(GlobalDstData& dst, GlobalSrcData& src,
                                                               TileData& staging, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TPUT_IMPL<GlobalDstData, GlobalSrcData, TileData, atomicType>(dst, src, staging);
    return {};
}
template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST RecordEvent TPUT(GlobalDstData& dst, GlobalSrcData& src,
                                                               TileData& staging, AtomicType atomicType,
                                                               WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    if (atomicType == AtomicType::AtomicAdd)
        TPUT_IMPL<GlobalDstData, GlobalSrcData, TileData, AtomicType::AtomicAdd>(dst, src, staging);
    else
        TPUT_IMPL<GlobalDstData, GlobalSrcData, TileData, AtomicType::AtomicNone>(dst, src, staging);
    return {};
}
template <AtomicType atomicType = AtomicType::AtomicNone, typename GlobalDstData, typename GlobalSrcData,
          typename TileData, typename... WaitEvents>
requires(is_tile_data_v<TileData>&& all_events_v<WaitEvents...>) PTO_INST RecordEvent
    TPUT(GlobalDstData& dst, GlobalSrcData& src, TileData& ping, TileData& pong, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TPUT_IMPL<GlobalDstData, GlobalSrcData, TileData, atomicType>(dst, src, ping, pong);
    return {};
}

// ---- TGET: remote GM -> staging tile -> local GM ---------------------------------------------------------

template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST RecordEvent TGET(GlobalDstData& dst, GlobalSrcData& src,
                                                               TileData& staging, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TGET_IMPL(dst, src, staging);
    return {};
}
template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
requires(is_tile_data_v<TileData>&& all_events_v<WaitEvents...>) PTO_INST RecordEvent
    TGET(GlobalDstData& dst, GlobalSrcData& src, TileData& ping, TileData& pong, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TGET_IMPL(dst, src, ping, pong);
    return {};
}

// ---- signals ---------------------------------------------------------------------------------------------

template <typename GlobalSignalData, typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST void TNOTIFY(GlobalSignalData& signal, int32_t value,
                                                           NotifyOp op, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TNOTIFY_IMPL(signal, value, op);
}

// TWAIT names its call site in the deadlock error; with trailing events (which leave no room for a defaulted
// argument) it names this header instead.
template <typename GlobalSignalData>
PTO_INST void TWAIT(GlobalSignalData& signal, int32_t cmpValue, WaitCmp cmp,
                    std::source_location where = std::source_location::current()) {
    PTOSIM_TSYNC();
    TWAIT_IMPL(signal, cmpValue, cmp, where);
}
template <typename GlobalSignalData, typename... WaitEvents>
requires(sizeof...(WaitEvents) > 0 && all_events_v<WaitEvents...>) PTO_INST
    void TWAIT(GlobalSignalData& signal, int32_t cmpValue, WaitCmp cmp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TWAIT_IMPL(signal, cmpValue, cmp);
}

template <typename GlobalSignalData, typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST bool TTEST(GlobalSignalData& signal, int32_t cmpValue,
                                                         WaitCmp cmp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    return TTEST_IMPL(signal, cmpValue, cmp);
}

// ---- collectives: only the root calls them ---------------------------------------------------------------

template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData,
          typename TileData, typename... Args>
requires all_events_v<Args...> PTO_INST RecordEvent TGATHER(ParallelGroupType& group, GlobalDstData& dst,
                                                            TileData& staging, Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TGATHER_IMPL(group, dst, staging);
    return {};
}
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData,
          typename TileData, typename... Args>
requires(is_tile_data_v<TileData>&& all_events_v<Args...>) PTO_INST RecordEvent
    TGATHER(ParallelGroupType& group, GlobalDstData& dst, TileData& ping, TileData& pong, Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TGATHER_IMPL(group, dst, ping, pong);
    return {};
}

template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData,
          typename TileData, typename... Args>
requires all_events_v<Args...> PTO_INST RecordEvent TSCATTER(ParallelGroupType& group, GlobalSrcData& src,
                                                             TileData& staging, Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TSCATTER_IMPL(group, src, staging);
    return {};
}
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData,
          typename TileData, typename... Args>
requires(is_tile_data_v<TileData>&& all_events_v<Args...>) PTO_INST RecordEvent
    TSCATTER(ParallelGroupType& group, GlobalSrcData& src, TileData& ping, TileData& pong, Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TSCATTER_IMPL(group, src, ping, pong);
    return {};
}

template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData,
          typename TileData, typename... Args>
requires all_events_v<Args...> PTO_INST RecordEvent TBROADCAST(ParallelGroupType& group, GlobalSrcData& src,
                                                               TileData& staging, Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TBROADCAST_IMPL(group, src, staging);
    return {};
}
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData,
          typename TileData, typename... Args>
requires(is_tile_data_v<TileData>&& all_events_v<Args...>) PTO_INST RecordEvent
    TBROADCAST(ParallelGroupType& group, GlobalSrcData& src, TileData& ping, TileData& pong,
               Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TBROADCAST_IMPL(group, src, ping, pong);
    return {};
}

template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData,
          typename TileData, typename... Args>
requires all_events_v<Args...> PTO_INST RecordEvent TREDUCE(ParallelGroupType& group, GlobalDstData& dst,
                                                            TileData& acc, TileData& recv, ReduceOp op,
                                                            Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TREDUCE_IMPL(group, dst, acc, recv, op);
    return {};
}
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData,
          typename TileData, typename... Args>
requires all_events_v<Args...> PTO_INST RecordEvent TREDUCE(ParallelGroupType& group, GlobalDstData& dst,
                                                            TileData& acc, TileData& ping, TileData& pong,
                                                            ReduceOp op, Args&... events) {
    detail::aiv_only<engine>();
    PTOSIM_TSYNC(events...);
    TREDUCE_IMPL(group, dst, acc, ping, pong, op);
    return {};
}

// ---- async: GM -> GM by the DMA engine, complete on return -----------------------------------------------

template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData,
          typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST AsyncEvent TPUT_ASYNC(GlobalDstData& dst, GlobalSrcData& src,
                                                                    const AsyncSession& session,
                                                                    WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    return TPUT_ASYNC_IMPL<engine>(dst, src, session);
}
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData,
          typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST AsyncEvent TPUT_ASYNC(GlobalDstData& dst, GlobalSrcData& src,
                                                                    const AsyncSession& session,
                                                                    uint32_t peer, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    return TPUT_ASYNC_IMPL<engine>(dst, src, session, peer);
}
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData,
          typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST AsyncEvent TGET_ASYNC(GlobalDstData& dst, GlobalSrcData& src,
                                                                    const AsyncSession& session,
                                                                    WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    return TGET_ASYNC_IMPL<engine>(dst, src, session);
}
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData,
          typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST AsyncEvent TGET_ASYNC(GlobalDstData& dst, GlobalSrcData& src,
                                                                    const AsyncSession& session,
                                                                    uint32_t peer, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    return TGET_ASYNC_IMPL<engine>(dst, src, session, peer);
}

}  // namespace pto::comm

namespace pto {

// The compute side's L2 prefetch context (pto-isa's PrefetchAsyncContext): the workspace its SDMA session is
// built in, the session (or an external one) and the scratch tile the device stages descriptors through. None
// is needed on the CPU; the fields are kept for code that reads them.
struct PrefetchAsyncContext {
    using ScratchTile = Tile<TileType::Vec, uint8_t, 1, comm::sdma::UB_ALIGN_SIZE>;
    __gm__ uint8_t* workspace{nullptr};
    comm::AsyncSession session;
    comm::AsyncSession* externalSession{nullptr};
    ScratchTile scratchTile;

    PrefetchAsyncContext() = default;
    explicit PrefetchAsyncContext(__gm__ uint8_t* workspace_) : workspace(workspace_) {}
    PrefetchAsyncContext(__gm__ uint8_t* workspace_, comm::AsyncSession* externalSession_)
        : workspace(workspace_), externalSession(externalSession_) {}
    comm::AsyncSession& GetSession() { return externalSession != nullptr ? *externalSession : session; }
    const comm::AsyncSession& GetSession() const {
        return externalSession != nullptr ? *externalSession : session;
    }
};

// TPREFETCH_ASYNC: stage a global tensor into the L2 cache ahead of its TLOADs; wait with
// evt.Wait(ctx.session). A hint: it changes nothing observable (docs/isa/TPREFETCH_ASYNC.md).
template <typename GlobalData, typename... WaitEvents>
requires all_events_v<WaitEvents...> PTO_INST comm::AsyncEvent TPREFETCH_ASYNC(GlobalData& src,
                                                                               PrefetchAsyncContext& ctx,
                                                                               WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TPREFETCH_ASYNC", "src must be a GlobalTensor");
    PTOSIM_TSYNC(events...);
    (void)ctx;
    return comm::AsyncEvent(ptosim::ops::tprefetch_async(detail::global_view(src)), comm::DmaEngine::SDMA);
}

}  // namespace pto
