// pto-isa's communication types (pto/comm/comm_types.hpp): the parallel group of peer tensors, the notify,
// compare and reduce operators, the DMA and collective engine selectors, the async session and event, and
// the int32 signals. The instructions that use them are in pto/comm/pto_comm_inst.hpp; what ptosim simulates
// is in docs/comm.md.
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/debug.h"
#include "pto/common/pto_tile.hpp"
#include "pto/common/qualifiers.hpp"
#include "pto/common/type.hpp"
#include "ptosim/sync/hazards.hpp"

namespace pto::comm {

// The GlobalTensors of a collective, one per rank of the team (tensors[r]: rank r's buffer as this rank
// addresses it), and the index of the root. A view: the array belongs to the caller.
template <typename GlobalData>
struct ParallelGroup {
    using value_type = GlobalData;

    GlobalData* tensors{nullptr};
    int nranks{0};
    int rootIdx{-1};

    constexpr ParallelGroup() = default;
    constexpr ParallelGroup(GlobalData* tensorArray, int size, int root)
        : tensors(tensorArray), nranks(size), rootIdx(root) {}
    static constexpr ParallelGroup Create(GlobalData* tensorArray, int size, int rootIdx) {
        return ParallelGroup(tensorArray, size, rootIdx);
    }

    constexpr int GetRootIdx() const { return rootIdx; }
    constexpr int GetSize() const { return nranks; }
    constexpr bool empty() const { return nranks == 0; }

    GlobalData& operator[](int teamRank) {
        PTOSIM_CHECK(teamRank >= 0 && teamRank < nranks, "ParallelGroup", "team rank out of range",
                     {"teamRank", teamRank}, {"nranks", nranks});
        return tensors[teamRank];
    }
    const GlobalData& operator[](int teamRank) const {
        PTOSIM_CHECK(teamRank >= 0 && teamRank < nranks, "ParallelGroup", "team rank out of range",
                     {"teamRank", teamRank}, {"nranks", nranks});
        return tensors[teamRank];
    }
};

template <typename T>
struct ParallelGroupTraits {
    static_assert(std::is_same_v<T, void>, "ParallelGroupTraits: T must be ParallelGroup<GlobalData>");
};
template <typename GlobalData>
struct ParallelGroupTraits<ParallelGroup<GlobalData>> {
    using GlobalDataType = GlobalData;
};

template <typename T>
struct is_parallel_group : std::false_type {};
template <typename G>
struct is_parallel_group<ParallelGroup<G>> : std::true_type {};

// The numbering is pto-isa's (ptosim/ops/comm.hpp repeats it for the kernel core).
enum class NotifyOp : uint8_t { AtomicAdd = 0, Set = 1 };
enum class WaitCmp : uint8_t { EQ = 0, NE = 1, GT = 2, GE = 3, LT = 4, LE = 5 };
enum class ReduceOp : uint8_t { Sum = 0, Max = 1, Min = 2 };

// Which DMA engine an async transfer would use on the device; on the CPU every engine is one copy.
enum class DmaEngine : uint8_t { SDMA = 0, URMA = 1, RDMA = 2 };
// Which engine runs a collective: the vector core (AIV, simulated) or the CCU (not simulated).
enum class CollEngine : uint8_t { AIV = 0, CCU = 1 };

namespace sdma {
struct SdmaBaseConfig {
    uint64_t block_bytes;
    uint64_t comm_block_offset;
    uint32_t queue_num;
};
inline constexpr uint32_t kAutoChannelGroupIdx = UINT32_MAX;
inline constexpr uint64_t kDefaultSdmaBlockBytes = 1024 * 1024;
// The alignment (and size) of the scratch tile the device's SDMA path stages through.
inline constexpr uint32_t kUbAlignSize = 256U;
inline constexpr uint32_t UB_ALIGN_SIZE = kUbAlignSize;
}  // namespace sdma

// The async transfer context. The device fills it from a workspace and a scratch tile (BuildAsyncSession);
// ptosim's transfers complete at once and need none of it, so a default-constructed session works.
struct AsyncSession {
    DmaEngine engine{DmaEngine::SDMA};
    bool valid{false};
    __gm__ uint8_t* contextGm{nullptr};
    __ubuf__ uint8_t* tmpBufAddr{nullptr};
    uint32_t tmpBufSize{0};
    uint32_t syncId{0};
    uint32_t channelGroupIdx{sdma::kAutoChannelGroupIdx};
    uint64_t blockBytes{sdma::kDefaultSdmaBlockBytes};
    uint64_t commBlockOffset{0};
    uint32_t queueNum{1};
    uint32_t destRankId{0};
    uint32_t qpIdx{0};
    uint32_t myPe{0};
};

// What TPUT_ASYNC / TGET_ASYNC return. The transfer is already complete: Wait and Test return true. The
// hazard checker orders the transfer before the core's next accesses only from its Wait or Test on
// (docs/hazards.md#between-cores).
struct AsyncEvent {
    uint64_t handle{0};
    DmaEngine engine{DmaEngine::SDMA};

    constexpr AsyncEvent() = default;
    constexpr AsyncEvent(uint64_t h, DmaEngine e) : handle(h), engine(e) {}
    constexpr bool valid() const { return handle != 0; }

    bool Wait(const AsyncSession&) const { return done(); }
    bool Test(const AsyncSession&) const { return done(); }

  private:
    bool done() const {
        if (valid() && ptosim::hazards::enabled())
            ptosim::hazards::async_done(handle);
        return valid();
    }
};

// pto-isa's SDMA session builder: records the engine, the workspace and the scratch tile. ptosim needs none
// of them to transfer, so it succeeds whenever it is given a workspace.
template <DmaEngine engine = DmaEngine::SDMA, typename ScratchTile>
bool BuildAsyncSession(ScratchTile& scratchTile, __gm__ uint8_t* workspace, AsyncSession& session,
                       uint32_t syncId = 0,
                       const sdma::SdmaBaseConfig& baseConfig = {sdma::kDefaultSdmaBlockBytes, 0, 1},
                       uint32_t channelGroupIdx = sdma::kAutoChannelGroupIdx) {
    static_assert(engine == DmaEngine::SDMA, "BuildAsyncSession: this overload is for SDMA");
    session = AsyncSession{};
    session.engine = engine;
    session.contextGm = workspace;
    (void)scratchTile;
    session.syncId = syncId;
    session.blockBytes = baseConfig.block_bytes;
    session.commBlockOffset = baseConfig.comm_block_offset;
    session.queueNum = baseConfig.queue_num;
    session.channelGroupIdx = channelGroupIdx;
    session.valid = workspace != nullptr;
    return session.valid;
}

// One int32 signal.
using Signal = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 1>, Stride<1, 1, 1, 1, 1>, Layout::ND>;

template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND>
using GlobalSignal = GlobalTensor<Element_, Shape_, Stride_, Layout_>;

// A Rows x Cols matrix of signals: dense (row stride Cols), or a window of a wider grid (row stride given).
template <int Rows, int Cols>
struct Signal2D : GlobalTensor<int32_t, Shape<1, 1, 1, Rows, Cols>, Stride<1, 1, 1, DYNAMIC, 1>, Layout::ND> {
  private:
    using Base = GlobalTensor<int32_t, Shape<1, 1, 1, Rows, Cols>, Stride<1, 1, 1, DYNAMIC, 1>, Layout::ND>;

  public:
    Signal2D(int32_t* ptr)  // NOLINT(implicit): pto-isa's converting constructor
        : Base(ptr, typename Base::Shape{}, typename Base::Stride{Cols}) {}
    Signal2D(int32_t* ptr, int stride) : Base(ptr, typename Base::Shape{}, typename Base::Stride{stride}) {}
};

}  // namespace pto::comm
