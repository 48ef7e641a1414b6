// The hazard checker between the cores of one launch (docs/hazards.md#between-cores): global-memory accesses
// of different blocks, sub-blocks and ranks, ordered by SYNCALL, the FIFOs and the signals or not at all, and
// the asynchronous transfers' "used before its wait".
#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

#include "pto/pto-inst.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "support/hazard_checking.hpp"

namespace {

using namespace pto;
namespace hz = ptosim::hazards;
using hz::Kind;

using DynShape = Shape<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;
using DynStride = Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;
using Global = GlobalTensor<float, DynShape, DynStride>;
using Vec = Tile<TileType::Vec, float, 16, 16>;

// A 16 x 16 window of a row-major matrix of `row_stride` floats per row.
Global window(float* p, int64_t row_stride = 16) {
    return Global(p, DynShape(1, 1, 1, 16, 16),
                  DynStride(16 * row_stride, 16 * row_stride, 16 * row_stride, row_stride, 1));
}

// Fills a UB tile and stores it, with the flag between the vector and the store pipe.
void store(Global g, float v, int ub = 0) {
    Vec t;
    TASSIGN(t, ub);
    TEXPANDS(t, v);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(g, t);
}

// Loads into a UB tile (MTE2).
void load(Global g, int ub = 0x4000) {
    Vec t;
    TASSIGN(t, ub);
    TLOAD(t, g);
}

// The races these tests seed would be races of the test program too (ThreadSanitizer runs them): a host lock
// around each core's body keeps the host's accesses apart, and the checker, which does not see it, still
// reports the cores' race.
std::mutex host;

class CrossCore : public HazardChecking {
  protected:
    static std::vector<hz::Report> cross() {
        std::vector<hz::Report> out;
        for (const auto& r : hz::reports())
            if (r.cross_core)
                out.push_back(r);
        if (out.size() > 1)
            for (const auto& r : out)
                ADD_FAILURE() << r.text();
        return out;
    }
    static void expect_clean() {
        for (const auto& r : hz::reports())
            ADD_FAILURE() << r.text();
    }
};

TEST_F(CrossCore, TwoBlocksWritingTheSameBytesRace) {
    std::vector<float> gm(16 * 16);
    ptosim::launch(2, [&] {
        std::lock_guard<std::mutex> lock(host);
        store(window(gm.data()), static_cast<float>(ptosim::block_idx()));
    });
    const auto r = cross();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, Kind::WriteAfterWrite);
    EXPECT_EQ(r[0].buffer, "GM");
    EXPECT_EQ(r[0].first.name, "TSTORE");
    EXPECT_EQ(r[0].second.name, "TSTORE");
    EXPECT_EQ(r[0].first.pipe, hz::Pipe::MTE3);
    EXPECT_NE(r[0].first.core, r[0].second.core);
    EXPECT_TRUE(r[0].first.core == "block 0" || r[0].first.core == "block 1") << r[0].first.core;
    EXPECT_EQ(r[0].lo, reinterpret_cast<uintptr_t>(gm.data()));
    const std::string text = r[0].text();
    EXPECT_NE(text.find("cross-core write-after-write on GM["), std::string::npos) << text;
    EXPECT_NE(text.find("SYNCALL"), std::string::npos) << text;
    EXPECT_NE(text.find("TWAIT"), std::string::npos) << text;
}

TEST_F(CrossCore, OneBlockReadingWhatAnotherWritesRaces) {
    std::vector<float> gm(16 * 16);
    ptosim::launch_cores(2, 1, [&] {
        std::lock_guard<std::mutex> lock(host);
        if (ptosim::block_idx() == 0)
            store(window(gm.data()), 1.0f);
        else
            load(window(gm.data()));
    });
    const auto r = cross();
    ASSERT_EQ(r.size(), 1u);
    // Whichever ran first is the report's first party.
    EXPECT_TRUE(r[0].kind == Kind::ReadAfterWrite || r[0].kind == Kind::WriteAfterRead);
}

// The common case: each block writes its own columns of one matrix. The tiles' first-to-last-byte ranges
// overlap (rows interleave); their rows do not.
TEST_F(CrossCore, DisjointColumnsOfOneMatrixAreNoRace) {
    constexpr int kBlocks = 4;
    std::vector<float> in(16 * 16, 1.0f), out(16 * 16 * kBlocks);
    ptosim::launch(kBlocks, [&] {
        const auto b = static_cast<int64_t>(ptosim::block_idx());
        load(window(in.data()));  // every block reads the same input: reads never race
        store(window(out.data() + 16 * b, 16 * kBlocks), 2.0f);
    });
    expect_clean();
}

// MSCATTER's footprint is the elements its indices pick: blocks scattering into interleaved, disjoint
// elements of one table (a radix sort's pass) do not race; two blocks picking one shared element do.
void scatter_every_other(float* table, int first, int shared_extra) {
    using Table = GlobalTensor<float, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>>;
    Table t(table);
    Tile<TileType::Vec, float, 1, 16> src;
    Tile<TileType::Vec, int32_t, 1, 16> idx;
    TASSIGN(src, 0x0);
    TASSIGN(idx, 0x100);
    for (int c = 0; c < 16; ++c) {
        src.SetValue(c, static_cast<float>(first));
        idx.SetValue(c, first + 2 * c);
    }
    if (shared_extra >= 0)
        idx.SetValue(15, shared_extra);
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
    MSCATTER<Coalesce::Elem>(t, src, idx);
}

TEST_F(CrossCore, ScattersIntoDisjointElementsAreNoRace) {
    std::vector<float> table(64, 0.0f);
    ptosim::launch(2, [&] { scatter_every_other(table.data(), static_cast<int>(ptosim::block_idx()), -1); });
    expect_clean();
    for (int i = 0; i < 32; ++i)
        ASSERT_EQ(table[static_cast<std::size_t>(i)], static_cast<float>(i % 2)) << i;
}

TEST_F(CrossCore, ScattersMeetingInOneElementRace) {
    std::vector<float> table(64, 0.0f);
    ptosim::launch(2, [&] {
        std::lock_guard<std::mutex> lock(host);
        scatter_every_other(table.data(), static_cast<int>(ptosim::block_idx()), 40);
    });
    const auto r = cross();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, Kind::WriteAfterWrite);
    EXPECT_EQ(r[0].lo, reinterpret_cast<uintptr_t>(table.data() + 40));
}

TEST_F(CrossCore, SyncallOrdersTheBlocks) {
    std::vector<float> gm(16 * 16), other(16 * 16);
    ptosim::launch_cores(2, 1, [&] {
        const bool first = ptosim::block_idx() == 0;
        if (first)
            store(window(gm.data()), 1.0f);
        SYNCALL();
        if (!first) {
            load(window(gm.data()));
            store(window(gm.data()), 2.0f, 0x8000);
        }
        SYNCALL();
        if (first)
            load(window(gm.data()));
        std::lock_guard<std::mutex> lock(host);
        store(window(other.data()), 3.0f);  // both again, after the last barrier: a race
    });
    const auto r = cross();
    ASSERT_EQ(r.size(), 1u) << (r.empty() ? std::string() : r[0].text());
    EXPECT_EQ(r[0].kind, Kind::WriteAfterWrite);
    EXPECT_EQ(r[0].lo, reinterpret_cast<uintptr_t>(other.data()));
}

TEST_F(CrossCore, SoftwareSyncallOrdersTheBlocksToo) {
    std::vector<float> gm(16 * 16);
    int32_t counter = 0;
    GlobalTensor<int32_t, Shape<1, 1, 1, 1, 1>, Stride<1, 1, 1, 1, 1>> ws(&counter);
    ptosim::launch_cores(3, 1, [&] {
        if (ptosim::block_idx() == 2)
            store(window(gm.data()), 1.0f);
        SYNCALL<SyncAllMode::Soft>(ws);
        if (ptosim::block_idx() != 2)
            load(window(gm.data()));
    });
    expect_clean();
}

// The cube stores to global memory and pushes a tile; the vector sub-block pops it, then loads what the cube
// stored: the FIFO orders the store (FIX, before the push on FIX) before the load (after the pop on V and
// a V -> MTE2 flag). Without the pop the same load races the store.
template <bool Pop>
void fifo_through_gm(float* gm) {
    using Acc = TileAcc<float, 16, 16>;
    using Pipe = TPipe<40 + Pop, DIR_C2V, sizeof(float) * 256, 2>;
    Pipe::reset_for_cpu_sim();
    ptosim::launch_cores(1, 2, [&] {
        std::unique_lock<std::mutex> lock(host, std::defer_lock);
        if (!Pop)  // nothing else keeps the host's accesses apart
            lock.lock();
        Pipe pipe(nullptr, 0, 0);
        if (get_subblockid() == 1) {
            cpu_sim::ScopedExecutionContext cube(0, 0, 1);
            Acc acc;
            TASSIGN(acc, 0);
            Global g = window(gm);
            TSTORE(g, acc);
            if (Pop)
                TPUSH<Pipe, Acc, TILE_NO_SPLIT>(pipe, acc);
            return;
        }
        if (Pop) {
            Vec vec;
            TASSIGN(vec, 0);
            TPOP<Pipe, Vec, TILE_NO_SPLIT>(pipe, vec);
            TFREE<Pipe, TILE_NO_SPLIT>(pipe);
            set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
            wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        }
        load(window(gm));
    });
}

TEST_F(CrossCore, AFifoOrdersTheProducersStoreBeforeTheConsumersLoad) {
    std::vector<float> gm(16 * 16);
    fifo_through_gm<true>(gm.data());
    expect_clean();
}

TEST_F(CrossCore, WithoutTheFifoTheLoadRacesTheStore) {
    std::vector<float> gm(16 * 16);
    fifo_through_gm<false>(gm.data());
    const auto r = cross();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_TRUE(r[0].first.core == "block 0 sub-block 1" || r[0].second.core == "block 0 sub-block 1")
        << r[0].text();
}

// Rank 0 writes rank 1's buffer and notifies; rank 1 waits for the signal (or not) and reads the buffer.
void signal_handoff(bool wait, bool flag_before_notify) {
    std::vector<float> gm(16 * 16);
    alignas(64) int32_t word = 0;
    ptosim::launch_ranks(2, [&](uint32_t rank) {
        comm::Signal sig(&word);
        if (rank == 0) {
            {
                std::lock_guard<std::mutex> lock(host);
                store(window(gm.data()), 1.0f);
            }
            if (flag_before_notify) {  // the scalar unit issues TNOTIFY once the store is done
                set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
                wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
            }
            comm::TNOTIFY(sig, 1, comm::NotifyOp::Set);
        } else if (wait) {
            comm::TWAIT(sig, 1, comm::WaitCmp::EQ);
            load(window(gm.data()));
        } else {
            std::lock_guard<std::mutex> lock(host);
            load(window(gm.data()));
        }
    });
}

TEST_F(CrossCore, ASignalWaitOrdersTheRanks) {
    signal_handoff(true, true);
    expect_clean();
}

TEST_F(CrossCore, AMissingSignalWaitIsARace) {
    signal_handoff(false, true);
    const auto r = cross();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_TRUE(r[0].first.core == "rank 0" || r[0].second.core == "rank 0") << r[0].text();
}

// TNOTIFY is a scalar instruction: without a flag from MTE3 the store may still be under way.
TEST_F(CrossCore, ANotifyBeforeTheStoreIsDoneIsARace) {
    signal_handoff(true, false);
    const auto r = cross();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, Kind::ReadAfterWrite);
    EXPECT_EQ(r[0].first.core, "rank 0");
    EXPECT_EQ(r[0].second.core, "rank 1");
    EXPECT_EQ(r[0].second.name, "TLOAD");
}

// ---- asynchronous transfers
// --------------------------------------------------------------------------------

void async_get(bool wait) {
    std::vector<float> remote(16 * 16, 5.0f), local(16 * 16);
    auto dst = window(local.data()), src = window(remote.data());
    comm::AsyncSession session;
    const comm::AsyncEvent ev = comm::TGET_ASYNC(dst, src, session);
    if (wait) {
        EXPECT_TRUE(ev.Wait(session));
    }
    load(dst);
}

TEST_F(CrossCore, ReadingATgetAsyncResultBeforeItsWaitIsReported) {
    hz::begin_core();
    async_get(false);
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_FALSE(r[0].cross_core);
    EXPECT_EQ(r[0].kind, Kind::ReadAfterWrite);
    EXPECT_EQ(r[0].first.name, "TGET_ASYNC");
    EXPECT_TRUE(r[0].first.dma);
    EXPECT_EQ(r[0].second.name, "TLOAD");
    const std::string text = r[0].text();
    EXPECT_NE(text.find("TGET_ASYNC (DMA"), std::string::npos) << text;
    EXPECT_NE(text.find("AsyncEvent"), std::string::npos) << text;
}

TEST_F(CrossCore, ReadingATgetAsyncResultAfterItsWaitIsClean) {
    hz::begin_core();
    async_get(true);
    expect_clean();
}

// A TPUT_ASYNC into a peer's buffer, notified before the transfer's wait: the peer's read races the DMA.
TEST_F(CrossCore, NotifyingBeforeAnAsyncPutsWaitIsARace) {
    for (const bool wait : {false, true}) {
        hz::clear_reports();
        std::vector<float> src(16 * 16, 1.0f), peer(16 * 16);
        alignas(64) int32_t word = 0;
        ptosim::launch_ranks(2, [&](uint32_t rank) {
            comm::Signal sig(&word);
            if (rank == 0) {
                auto d = window(peer.data()), s = window(src.data());
                comm::AsyncSession session;
                const comm::AsyncEvent ev = comm::TPUT_ASYNC(d, s, session);
                if (wait)
                    ev.Wait(session);
                comm::TNOTIFY(sig, 1, comm::NotifyOp::Set);
            } else {
                comm::TWAIT(sig, 1, comm::WaitCmp::EQ);
                load(window(peer.data()));
            }
        });
        const auto r = cross();
        if (wait) {
            expect_clean();
        } else {
            ASSERT_EQ(r.size(), 1u);
            EXPECT_TRUE(r[0].first.dma);
            EXPECT_EQ(r[0].first.name, "TPUT_ASYNC");
        }
    }
}

TEST_F(CrossCore, OffMeansNothingIsShared) {
    hz::enable(false);
    std::vector<float> gm(16 * 16);
    ptosim::launch(2, [&] {
        std::lock_guard<std::mutex> lock(host);
        store(window(gm.data()), 1.0f);
    });
    EXPECT_TRUE(hz::reports().empty());
}

}  // namespace
