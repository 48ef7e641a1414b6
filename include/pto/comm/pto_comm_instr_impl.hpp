// The communication instructions' implementations (pto-isa's *_IMPL names, which kernels may call directly):
// static checks on the C++ types, then the checked entry points of the kernel core (ptosim/ops/comm.hpp),
// which validate the shapes at run time and do the work. docs/comm.md describes what is simulated.
#pragma once

#include <cstdint>
#include <source_location>
#include <type_traits>
#include <vector>

#include "pto/comm/comm_types.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/tload.hpp"
#include "ptosim/ops/comm.hpp"

namespace pto::comm {

namespace detail {

template <typename TileData, typename GlobalData>
constexpr void staging_checks(const char*) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "pto::comm", "the staging operands must be Tiles");
    PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Vec, "pto::comm",
                        "staging tiles must be Vec tiles (they live in the Unified Buffer)");
    PTOSIM_STATIC_CHECK((std::is_same_v<typename TileData::DType, typename GlobalData::RawDType>),
                        "pto::comm",
                        "the staging tile's element type must be the global tensors' element type");
}

template <typename TileData, std::size_t N>
ptosim::comm::Staging staging(const ptosim::TileView (&views)[N]) {
    return {views, TileData::ValidRow != DYNAMIC, TileData::ValidCol != DYNAMIC};
}

template <typename GlobalDst, typename GlobalSrc>
constexpr void pair_checks() {
    PTOSIM_STATIC_CHECK((std::is_same_v<typename GlobalDst::RawDType, typename GlobalSrc::RawDType>),
                        "pto::comm", "src and dst element types must match");
    PTOSIM_STATIC_CHECK(GlobalDst::layout == GlobalSrc::layout, "pto::comm",
                        "src and dst layouts must match");
}

template <typename ParallelGroupType>
std::vector<ptosim::GlobalView> group_views(ParallelGroupType& group, const char* instr) {
    PTOSIM_STATIC_CHECK(is_parallel_group<std::remove_cv_t<ParallelGroupType>>::value, "pto::comm",
                        "the group operand must be a pto::comm::ParallelGroup");
    PTOSIM_CHECK(group.GetSize() >= 1 && group.tensors != nullptr, instr,
                 "the parallel group needs at least one rank and its tensor array",
                 {"nranks", group.GetSize()});
    std::vector<ptosim::GlobalView> views;
    views.reserve(static_cast<std::size_t>(group.GetSize()));
    for (int r = 0; r < group.GetSize(); ++r)
        views.push_back(::pto::detail::global_view(group.tensors[r]));
    return views;
}

template <typename GlobalSignalData>
ptosim::GlobalView signal_view(GlobalSignalData& signal) {
    PTOSIM_STATIC_CHECK((std::is_same_v<typename GlobalSignalData::RawDType, int32_t>), "pto::comm",
                        "signals must be int32_t");
    return ::pto::detail::global_view(signal);
}

inline ptosim::comm::WaitCmp cmp_of(WaitCmp c) {
    return static_cast<ptosim::comm::WaitCmp>(static_cast<uint8_t>(c));
}

}  // namespace detail

// ---- point to point -------------------------------------------------------------------------------------

template <typename GlobalDstData, typename GlobalSrcData, typename TileData,
          AtomicType atomicType = AtomicType::AtomicNone>
void TPUT_IMPL(GlobalDstData& dst, GlobalSrcData& src, TileData& staging) {
    detail::pair_checks<GlobalDstData, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TPUT");
    const ptosim::TileView tiles[] = {staging.view()};
    ptosim::ops::tput("TPUT", ::pto::detail::global_view(dst), ::pto::detail::global_view(src),
                      detail::staging<TileData>(tiles), atomicType == AtomicType::AtomicAdd);
}
template <typename GlobalDstData, typename GlobalSrcData, typename TileData,
          AtomicType atomicType = AtomicType::AtomicNone>
void TPUT_IMPL(GlobalDstData& dst, GlobalSrcData& src, TileData& ping, TileData& pong) {
    detail::pair_checks<GlobalDstData, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TPUT");
    const ptosim::TileView tiles[] = {ping.view(), pong.view()};
    ptosim::ops::tput("TPUT", ::pto::detail::global_view(dst), ::pto::detail::global_view(src),
                      detail::staging<TileData>(tiles), atomicType == AtomicType::AtomicAdd);
}

template <typename GlobalDstData, typename GlobalSrcData, typename TileData>
void TGET_IMPL(GlobalDstData& dst, GlobalSrcData& src, TileData& staging) {
    detail::pair_checks<GlobalDstData, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TGET");
    const ptosim::TileView tiles[] = {staging.view()};
    ptosim::ops::tput("TGET", ::pto::detail::global_view(dst), ::pto::detail::global_view(src),
                      detail::staging<TileData>(tiles));
}
template <typename GlobalDstData, typename GlobalSrcData, typename TileData>
void TGET_IMPL(GlobalDstData& dst, GlobalSrcData& src, TileData& ping, TileData& pong) {
    detail::pair_checks<GlobalDstData, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TGET");
    const ptosim::TileView tiles[] = {ping.view(), pong.view()};
    ptosim::ops::tput("TGET", ::pto::detail::global_view(dst), ::pto::detail::global_view(src),
                      detail::staging<TileData>(tiles));
}

// The async forms: every engine is one GM-to-GM copy, complete on return; `peer` (URMA / RDMA queue
// selection on A5) changes nothing here, the addresses say where the data goes.
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData>
AsyncEvent TPUT_ASYNC_IMPL(GlobalDstData& dst, GlobalSrcData& src, const AsyncSession&, uint32_t = 0) {
    detail::pair_checks<GlobalDstData, GlobalSrcData>();
    return AsyncEvent(ptosim::ops::tcopy_async("TPUT_ASYNC", ::pto::detail::global_view(dst),
                                               ::pto::detail::global_view(src)),
                      engine);
}
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData>
AsyncEvent TGET_ASYNC_IMPL(GlobalDstData& dst, GlobalSrcData& src, const AsyncSession&, uint32_t = 0) {
    detail::pair_checks<GlobalDstData, GlobalSrcData>();
    return AsyncEvent(ptosim::ops::tcopy_async("TGET_ASYNC", ::pto::detail::global_view(dst),
                                               ::pto::detail::global_view(src)),
                      engine);
}

// ---- signals --------------------------------------------------------------------------------------------

template <typename GlobalSignalData>
void TNOTIFY_IMPL(GlobalSignalData& signal, int32_t value, NotifyOp op) {
    ptosim::ops::tnotify(detail::signal_view(signal), value,
                         static_cast<ptosim::comm::NotifyOp>(static_cast<uint8_t>(op)));
}

template <typename GlobalSignalData>
void TWAIT_IMPL(GlobalSignalData& signal, int32_t cmpValue, WaitCmp cmp,
                const std::source_location& where = std::source_location::current()) {
    ptosim::ops::twait(detail::signal_view(signal), cmpValue, detail::cmp_of(cmp), where);
}

template <typename GlobalSignalData>
bool TTEST_IMPL(GlobalSignalData& signal, int32_t cmpValue, WaitCmp cmp) {
    return ptosim::ops::ttest(detail::signal_view(signal), cmpValue, detail::cmp_of(cmp));
}

// ---- collectives (the root calls them) ------------------------------------------------------------------

template <typename ParallelGroupType, typename GlobalSrcData, typename TileData>
void TBROADCAST_IMPL(ParallelGroupType& group, GlobalSrcData& src, TileData& staging) {
    detail::pair_checks<typename ParallelGroupType::value_type, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TBROADCAST");
    const auto views = detail::group_views(group, "TBROADCAST");
    const ptosim::TileView tiles[] = {staging.view()};
    ptosim::ops::tbroadcast({views, group.GetRootIdx()}, ::pto::detail::global_view(src),
                            detail::staging<TileData>(tiles));
}
template <typename ParallelGroupType, typename GlobalSrcData, typename TileData>
void TBROADCAST_IMPL(ParallelGroupType& group, GlobalSrcData& src, TileData& ping, TileData& pong) {
    detail::pair_checks<typename ParallelGroupType::value_type, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TBROADCAST");
    const auto views = detail::group_views(group, "TBROADCAST");
    const ptosim::TileView tiles[] = {ping.view(), pong.view()};
    ptosim::ops::tbroadcast({views, group.GetRootIdx()}, ::pto::detail::global_view(src),
                            detail::staging<TileData>(tiles));
}

template <typename ParallelGroupType, typename GlobalDstData, typename TileData>
void TGATHER_IMPL(ParallelGroupType& group, GlobalDstData& dst, TileData& staging) {
    detail::pair_checks<GlobalDstData, typename ParallelGroupType::value_type>();
    detail::staging_checks<TileData, GlobalDstData>("TGATHER");
    const auto views = detail::group_views(group, "TGATHER");
    const ptosim::TileView tiles[] = {staging.view()};
    ptosim::ops::tgather({views, group.GetRootIdx()}, ::pto::detail::global_view(dst),
                         detail::staging<TileData>(tiles));
}
template <typename ParallelGroupType, typename GlobalDstData, typename TileData>
void TGATHER_IMPL(ParallelGroupType& group, GlobalDstData& dst, TileData& ping, TileData& pong) {
    detail::pair_checks<GlobalDstData, typename ParallelGroupType::value_type>();
    detail::staging_checks<TileData, GlobalDstData>("TGATHER");
    const auto views = detail::group_views(group, "TGATHER");
    const ptosim::TileView tiles[] = {ping.view(), pong.view()};
    ptosim::ops::tgather({views, group.GetRootIdx()}, ::pto::detail::global_view(dst),
                         detail::staging<TileData>(tiles));
}

template <typename ParallelGroupType, typename GlobalSrcData, typename TileData>
void TSCATTER_IMPL(ParallelGroupType& group, GlobalSrcData& src, TileData& staging) {
    detail::pair_checks<typename ParallelGroupType::value_type, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TSCATTER");
    const auto views = detail::group_views(group, "TSCATTER");
    const ptosim::TileView tiles[] = {staging.view()};
    ptosim::ops::tscatter({views, group.GetRootIdx()}, ::pto::detail::global_view(src),
                          detail::staging<TileData>(tiles));
}
template <typename ParallelGroupType, typename GlobalSrcData, typename TileData>
void TSCATTER_IMPL(ParallelGroupType& group, GlobalSrcData& src, TileData& ping, TileData& pong) {
    detail::pair_checks<typename ParallelGroupType::value_type, GlobalSrcData>();
    detail::staging_checks<TileData, GlobalSrcData>("TSCATTER");
    const auto views = detail::group_views(group, "TSCATTER");
    const ptosim::TileView tiles[] = {ping.view(), pong.view()};
    ptosim::ops::tscatter({views, group.GetRootIdx()}, ::pto::detail::global_view(src),
                          detail::staging<TileData>(tiles));
}

template <typename ParallelGroupType, typename GlobalDstData, typename TileData>
void TREDUCE_IMPL(ParallelGroupType& group, GlobalDstData& dst, TileData& acc, TileData& recv, ReduceOp op) {
    detail::pair_checks<GlobalDstData, typename ParallelGroupType::value_type>();
    detail::staging_checks<TileData, GlobalDstData>("TREDUCE");
    const auto views = detail::group_views(group, "TREDUCE");
    const ptosim::TileView tiles[] = {recv.view()};
    ptosim::ops::treduce({views, group.GetRootIdx()}, ::pto::detail::global_view(dst), acc.view(),
                         detail::staging<TileData>(tiles),
                         static_cast<ptosim::comm::ReduceOp>(static_cast<uint8_t>(op)));
}
template <typename ParallelGroupType, typename GlobalDstData, typename TileData>
void TREDUCE_IMPL(ParallelGroupType& group, GlobalDstData& dst, TileData& acc, TileData& ping, TileData& pong,
                  ReduceOp op) {
    detail::pair_checks<GlobalDstData, typename ParallelGroupType::value_type>();
    detail::staging_checks<TileData, GlobalDstData>("TREDUCE");
    const auto views = detail::group_views(group, "TREDUCE");
    const ptosim::TileView tiles[] = {ping.view(), pong.view()};
    ptosim::ops::treduce({views, group.GetRootIdx()}, ::pto::detail::global_view(dst), acc.view(),
                         detail::staging<TileData>(tiles),
                         static_cast<ptosim::comm::ReduceOp>(static_cast<uint8_t>(op)));
}

}  // namespace pto::comm
