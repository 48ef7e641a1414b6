// TPipe / TPUSH / TPOP / TFREE (docs/fifo.md): data through local and GM FIFOs, splits between the two vector
// sub-blocks, blocking producers and consumers on threads of launch_cores, and the run-time errors.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "pto/pto-inst.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "support/check_matchers.hpp"

using namespace pto;

namespace {

// The value the producer writes at (r, c) of iteration it: unique per element and iteration.
float value(int it, int r, int c) {
    return static_cast<float>(it * 10000 + r * 100 + c);
}

template <typename TileT>
void fill(TileT& t, int it) {
    for (int r = 0; r < static_cast<int>(t.GetValidRow()); ++r)
        for (int c = 0; c < static_cast<int>(t.GetValidCol()); ++c)
            t.data()[GetTileElementOffset<TileT>(r, c)] = value(it, r, c);
}

// True when t(r, c) == value(it, r + r0, c + c0) for every valid element.
template <typename TileT>
bool holds(const TileT& t, int it, int r0 = 0, int c0 = 0) {
    for (int r = 0; r < static_cast<int>(t.GetValidRow()); ++r)
        for (int c = 0; c < static_cast<int>(t.GetValidCol()); ++c)
            if (t.data()[GetTileElementOffset<TileT>(r, c)] != value(it, r + r0, c + c0))
                return false;
    return true;
}

struct FifoTest : ::testing::Test {
    void TearDown() override { cpu_sim::reset_execution_context(); }
};

TEST_F(FifoTest, CubeToVectorSingleThreadKeepsOrderAcrossWrapAround) {
    using Acc = TileAcc<float, 16, 16>;
    using Vec = Tile<TileType::Vec, float, 16, 16>;
    using Pipe = TPipe<1, DIR_C2V, sizeof(float) * 256, 2>;
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    Acc acc;
    Vec vec;
    TASSIGN(acc, 0);
    TASSIGN(vec, 0);
    for (int it = 0; it < 5; ++it) {
        fill(acc, it);
        TPUSH<Pipe, Acc, TILE_NO_SPLIT>(pipe, acc);
        TPOP<Pipe, Vec, TILE_NO_SPLIT>(pipe, vec);
        EXPECT_TRUE(holds(vec, it)) << it;
        TFREE<Pipe, TILE_NO_SPLIT>(pipe);
    }
    EXPECT_EQ(Pipe::GetSharedState().occupied, 0);
}

TEST_F(FifoTest, ProducerAndConsumerOnLaunchedCoresWithMorePushesThanSlots) {
    using Acc = TileAcc<float, 16, 32>;
    using Vec = Tile<TileType::Vec, float, 16, 32>;
    using Pipe = TPipe<2, DIR_C2V, sizeof(float) * 512, 3>;
    constexpr int kIters = 11;
    Pipe::reset_for_cpu_sim();
    std::atomic<int> good{0};
    // Sub-block 2 plays the cube; sub-block 0 the vector consumer; sub-block 1 idles.
    ptosim::launch_cores(1, 3, [&] {
        const auto sub = get_subblockid();
        Pipe pipe(nullptr, 0, 0);
        if (sub == 2) {
            cpu_sim::ScopedExecutionContext cube(0, 0, 1);
            Acc acc;
            TASSIGN(acc, 0);
            for (int it = 0; it < kIters; ++it) {
                fill(acc, it);
                TPUSH<Pipe, Acc, TILE_NO_SPLIT>(pipe, acc);
            }
        } else if (sub == 0) {
            Vec vec;
            TASSIGN(vec, 0x1000);
            for (int it = 0; it < kIters; ++it) {
                TPOP<Pipe, Vec, TILE_NO_SPLIT>(pipe, vec);
                good += holds(vec, it) ? 1 : 0;
                TFREE<Pipe, TILE_NO_SPLIT>(pipe);
            }
        }
    });
    EXPECT_EQ(good.load(), kIters);
    EXPECT_EQ(Pipe::GetSharedState().occupied, 0);
}

template <TileSplitAxis Split>
void split_to_two_subblocks() {
    using Acc = TileAcc<float, 16, 32>;
    constexpr int kR = Split == TILE_UP_DOWN ? 8 : 16, kC = Split == TILE_LEFT_RIGHT ? 16 : 32;
    using Vec = Tile<TileType::Vec, float, kR, kC>;
    using Pipe = TPipe<3 + Split, DIR_C2V, sizeof(float) * kR * kC, 2>;
    constexpr int kIters = 5;
    Pipe::reset_for_cpu_sim();
    std::atomic<int> good{0};
    ptosim::launch_cores(1, 3, [&] {
        const auto sub = static_cast<int>(get_subblockid());
        Pipe pipe(nullptr, 0, 0);
        if (sub == 2) {
            cpu_sim::ScopedExecutionContext cube(0, 0, 1);
            Acc acc;
            TASSIGN(acc, 0);
            for (int it = 0; it < kIters; ++it) {
                fill(acc, it);
                TPUSH<Pipe, Acc, Split>(pipe, acc);
            }
            return;
        }
        cpu_sim::ScopedExecutionContext lane(0, static_cast<uint32_t>(sub), 2);
        Vec vec;
        TASSIGN(vec, 0);
        for (int it = 0; it < kIters; ++it) {
            TPOP<Pipe, Vec, Split>(pipe, vec);
            good +=
                holds(vec, it, Split == TILE_UP_DOWN ? sub * kR : 0, Split == TILE_LEFT_RIGHT ? sub * kC : 0);
            TFREE<Pipe, Split>(pipe);
        }
    });
    EXPECT_EQ(good.load(), 2 * kIters);
}

TEST_F(FifoTest, SplitUpDownGivesEachSubBlockItsHalf) {
    split_to_two_subblocks<TILE_UP_DOWN>();
}
TEST_F(FifoTest, SplitLeftRightGivesEachSubBlockItsHalf) {
    split_to_two_subblocks<TILE_LEFT_RIGHT>();
}

TEST_F(FifoTest, VectorHalvesAssembleTheCubeTile) {
    using Vec = Tile<TileType::Vec, float, 8, 16>;
    using Mat = Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512>;
    using Pipe = TPipe<9, DIR_V2C, sizeof(float) * 256, 2>;
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    Vec half;
    Mat mat;
    TASSIGN(half, 0);
    TASSIGN(mat, 0);
    for (uint32_t lane = 0; lane < 2; ++lane) {
        cpu_sim::ScopedExecutionContext ctx(0, lane, 2);
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 16; ++c)
                half.data()[r * 16 + c] = value(0, r + 8 * static_cast<int>(lane), c);
        TPUSH<Pipe, Vec, TILE_UP_DOWN>(pipe, half);
        EXPECT_EQ(Pipe::GetSharedState().occupied, static_cast<int>(lane));  // published with the second half
    }
    TPOP<Pipe, Mat, TILE_UP_DOWN>(pipe, mat);
    EXPECT_TRUE(holds(mat, 0));  // through the Nz layout of the L1 tile
    TFREE<Pipe, TILE_UP_DOWN>(pipe);
}

// The GM-tensor forms (A5): the cube TALLOCs a 16 x 32 float slot of a GM FIFO, stores into it and TPUSHes
// it; each vector sub-block TPOPs its half (UP_DOWN: rows, LEFT_RIGHT: columns) as a GlobalTensor, loads it
// and TFREEs it. More iterations than slots, so that TALLOC blocks until the slot is freed.
template <TileSplitAxis Split>
void gm_tensor_c2v() {
    constexpr int kR = Split == TILE_UP_DOWN ? 8 : 16, kC = Split == TILE_LEFT_RIGHT ? 16 : 32;
    using Whole = GlobalTensor<float, Shape<1, 1, 1, 16, 32>, Stride<512, 512, 512, 32, 1>>;
    using Half = GlobalTensor<float, Shape<1, 1, 1, kR, kC>, Stride<512, 512, 512, 32, 1>>;
    using Vec = Tile<TileType::Vec, float, kR, kC>;
    using Src = Tile<TileType::Vec, float, 16, 32>;
    using Pipe = TPipe<20 + Split, DIR_C2V_GM, sizeof(float) * 512, 2>;
    constexpr int kIters = 5;
    std::vector<float> ring(2 * 512, -1.0f);
    Pipe::reset_for_cpu_sim();
    std::atomic<int> good{0};
    ptosim::launch_cores(1, 3, [&] {
        const auto sub = static_cast<int>(get_subblockid());
        Pipe pipe(ring.data(), 0, 0);
        if (sub == 2) {
            cpu_sim::ScopedExecutionContext cube(0, 0, 1);
            Src t;
            TASSIGN(t, 0);
            for (int it = 0; it < kIters; ++it) {
                Whole slot;
                TALLOC<Pipe, Whole, Split>(pipe, slot);
                fill(t, it);
                TSTORE(slot, t);
                TPUSH<Pipe, Whole, Split>(pipe, slot);
            }
            return;
        }
        cpu_sim::ScopedExecutionContext lane(0, static_cast<uint32_t>(sub), 2);
        Vec vec;
        TASSIGN(vec, 0);
        for (int it = 0; it < kIters; ++it) {
            Half share;
            TPOP<Pipe, Half, Split>(pipe, share);
            TLOAD(vec, share);
            good +=
                holds(vec, it, Split == TILE_UP_DOWN ? sub * kR : 0, Split == TILE_LEFT_RIGHT ? sub * kC : 0);
            TFREE<Pipe, Half, Split>(pipe, share);
        }
    });
    EXPECT_EQ(good.load(), 2 * kIters);
    EXPECT_EQ(Pipe::GetSharedState().occupied, 0);
}

TEST_F(FifoTest, GmTensorFormsUpDown) {
    gm_tensor_c2v<TILE_UP_DOWN>();
}
TEST_F(FifoTest, GmTensorFormsLeftRight) {
    gm_tensor_c2v<TILE_LEFT_RIGHT>();
}

// V2C: each vector sub-block writes its 8 rows of the cube's 16 x 32 tile into its share; the cube pops the
// whole slot.
TEST_F(FifoTest, GmTensorFormsVectorHalvesMakeTheCubeTile) {
    using Half = GlobalTensor<float, Shape<1, 1, 1, 8, 32>, Stride<256, 256, 256, 32, 1>>;
    using Whole = GlobalTensor<float, Shape<1, 1, 1, 16, 32>, Stride<512, 512, 512, 32, 1>>;
    using Pipe = TPipe<30, DIR_V2C_GM, sizeof(float) * 512, 2>;
    constexpr int kIters = 4;
    std::vector<float> ring(2 * 512, -1.0f);
    Pipe::reset_for_cpu_sim();
    std::atomic<int> good{0};
    ptosim::launch_cores(1, 3, [&] {
        const auto sub = static_cast<int>(get_subblockid());
        Pipe pipe(ring.data(), 0, 0);
        if (sub == 2) {
            cpu_sim::ScopedExecutionContext cube(0, 0, 1);
            Tile<TileType::Vec, float, 16, 32> t;
            TASSIGN(t, 0);
            for (int it = 0; it < kIters; ++it) {
                Whole slot;
                TPOP<Pipe, Whole, TILE_UP_DOWN>(pipe, slot);
                TLOAD(t, slot);
                good += holds(t, it) ? 1 : 0;
                TFREE<Pipe, Whole, TILE_UP_DOWN>(pipe, slot);
            }
            return;
        }
        cpu_sim::ScopedExecutionContext lane(0, static_cast<uint32_t>(sub), 2);
        Tile<TileType::Vec, float, 8, 32> t;
        TASSIGN(t, 0);
        for (int it = 0; it < kIters; ++it) {
            Half share;
            TALLOC<Pipe, Half, TILE_UP_DOWN>(pipe, share);
            for (int r = 0; r < 8; ++r)
                for (int c = 0; c < 32; ++c)
                    t.data()[GetTileElementOffset<decltype(t)>(r, c)] = value(it, sub * 8 + r, c);
            TSTORE(share, t);
            TPUSH<Pipe, Half, TILE_UP_DOWN>(pipe, share);
        }
    });
    EXPECT_EQ(good.load(), kIters);
}

// Under the hazard checker: the cube's store into the slot (FIX) is ordered before the vector's load (MTE2)
// by the slot's publication, and the vector's load before the cube's next store into the slot by TFREE.
TEST_F(FifoTest, GmTensorFormsOrderTheCoresForTheHazardChecker) {
    using Whole = GlobalTensor<float, Shape<1, 1, 1, 16, 16>, Stride<256, 256, 256, 16, 1>>;
    using Pipe = TPipe<33, DIR_C2V_GM, sizeof(float) * 256, 1>;
    std::vector<float> ring(256, 0.0f);
    Pipe::reset_for_cpu_sim();
    ptosim::hazards::enable(true);
    ptosim::hazards::clear_reports();
    std::atomic<int> good{0};
    ptosim::launch_cores(1, 3, [&] {
        const auto sub = static_cast<int>(get_subblockid());
        Pipe pipe(ring.data(), 0, 0);
        if (sub == 2) {
            cpu_sim::ScopedExecutionContext cube(0, 0, 1);
            TileAcc<float, 16, 16> acc;
            TASSIGN(acc, 0);
            for (int it = 0; it < 3; ++it) {
                Whole slot;
                TALLOC<Pipe, Whole, TILE_NO_SPLIT>(pipe, slot);
                fill(acc, it);
                TSTORE(slot, acc);
                TPUSH<Pipe, Whole, TILE_NO_SPLIT>(pipe, slot);
            }
        } else if (sub == 0) {
            Tile<TileType::Vec, float, 16, 16> t;
            TASSIGN(t, 0);
            for (int it = 0; it < 3; ++it) {
                Whole slot;
                TPOP<Pipe, Whole, TILE_NO_SPLIT>(pipe, slot);
                TLOAD(t, slot);
                TFREE<Pipe, Whole, TILE_NO_SPLIT>(pipe, slot);
                good += holds(t, it) ? 1 : 0;
            }
        }
    });
    EXPECT_EQ(good.load(), 3);
    for (const auto& r : ptosim::hazards::reports())
        EXPECT_FALSE(r.cross_core) << r.text();
    ptosim::hazards::clear_reports();
    ptosim::hazards::enable(false);
}

TEST_F(FifoTest, GmTensorFormsCheckTheirUse) {
    using Whole = GlobalTensor<float, Shape<1, 1, 1, 16, 32>, Stride<512, 512, 512, 32, 1>>;
    using Big = GlobalTensor<float, Shape<1, 1, 1, 32, 32>, Stride<1024, 1024, 1024, 32, 1>>;
    using Pipe = TPipe<31, DIR_C2V_GM, sizeof(float) * 512, 2>;
    std::vector<float> ring(2 * 512, 0.0f);
    Pipe::reset_for_cpu_sim();
    Pipe pipe(ring.data(), 0, 0);
    Whole w;
    EXPECT_CHECK_FAILS((TPUSH<Pipe, Whole, TILE_NO_SPLIT>(pipe, w)), "needs a TALLOC first");
    Big big;
    EXPECT_CHECK_FAILS((TALLOC<Pipe, Big, TILE_NO_SPLIT>(pipe, big)), "does not fit the FIFO's slot");
    EXPECT_EQ(big.data(), nullptr);  // a failed check writes nothing
    TALLOC<Pipe, Whole, TILE_NO_SPLIT>(pipe, w);
    EXPECT_EQ(static_cast<void*>(w.data()), static_cast<void*>(ring.data()));
    EXPECT_CHECK_FAILS((TALLOC<Pipe, Whole, TILE_NO_SPLIT>(pipe, w)), "was not pushed yet");
    TPUSH<Pipe, Whole, TILE_NO_SPLIT>(pipe, w);
    using Local = TPipe<32, DIR_C2V_GM, sizeof(float) * 512, 2>;
    Local::reset_for_cpu_sim();
    Local no_buffer(nullptr, 0, 0);
    EXPECT_CHECK_FAILS((TALLOC<Local, Whole, TILE_NO_SPLIT>(no_buffer, w)), "need a GM FIFO");
}

// The _ODD splits: a 17-row (UP_DOWN_ODD) or 33-column (LEFT_RIGHT_ODD) cube tile, sub-block 0 taking the
// extra row / column, single-threaded with each sub-block's context in turn; then the vector halves of a
// 17-row tile back to the cube.
template <TileSplitAxis Split>
void odd_split_round_trip() {
    constexpr bool kUpDown = Split == TILE_UP_DOWN_ODD;
    constexpr int kR = kUpDown ? 17 : 16, kC = kUpDown ? 32 : 33;
    using Acc =
        Tile<TileType::Acc, float, 32, 48, BLayout::ColMajor, DYNAMIC, DYNAMIC, SLayout::RowMajor, 1024>;
    using Vec = Tile<TileType::Vec, float, 32, 48, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Pipe = TPipe<34 + Split, DIR_C2V, sizeof(float) * 32 * 48, 2>;
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    Acc acc(kR, kC);
    TASSIGN(acc, 0);
    fill(acc, 3);
    TPUSH<Pipe, Acc, Split>(pipe, acc);
    for (uint32_t lane = 0; lane < 2; ++lane) {
        cpu_sim::ScopedExecutionContext ctx(0, lane, 2);
        const int mine = (kUpDown ? kR : kC) / 2 + (lane == 0 ? 1 : 0);
        Vec vec(kUpDown ? mine : kR, kUpDown ? kC : mine);
        TASSIGN(vec, 0);
        TPOP<Pipe, Vec, Split>(pipe, vec);
        const int start = lane == 0 ? 0 : (kUpDown ? kR : kC) / 2 + 1;
        EXPECT_TRUE(holds(vec, 3, kUpDown ? start : 0, kUpDown ? 0 : start)) << lane;
        TFREE<Pipe, Split>(pipe);
    }
    EXPECT_EQ(Pipe::GetSharedState().occupied, 0);
    Acc even(kUpDown ? 16 : kR, kUpDown ? kC : 32);  // an even extent is not an _ODD split
    TASSIGN(even, 0);
    EXPECT_CHECK_FAILS((TPUSH<Pipe, Acc, Split>(pipe, even)), "needs an odd number");
}

TEST_F(FifoTest, UpDownOddGivesSubBlockZeroTheExtraRow) {
    odd_split_round_trip<TILE_UP_DOWN_ODD>();
}
TEST_F(FifoTest, LeftRightOddGivesSubBlockZeroTheExtraColumn) {
    odd_split_round_trip<TILE_LEFT_RIGHT_ODD>();
}

TEST_F(FifoTest, OddVectorHalvesAssembleTheCubeTile) {
    using Vec = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Mat = Tile<TileType::Mat, float, 32, 16, BLayout::ColMajor, 17, 16, SLayout::RowMajor, 512>;
    using Pipe = TPipe<39, DIR_V2C, sizeof(float) * 512, 2>;
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    for (uint32_t lane = 0; lane < 2; ++lane) {
        cpu_sim::ScopedExecutionContext ctx(0, lane, 2);
        const int rows = lane == 0 ? 9 : 8, row0 = lane == 0 ? 0 : 9;
        Vec half(rows, 16);
        TASSIGN(half, 0);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < 16; ++c)
                half.data()[r * 16 + c] = value(1, r + row0, c);
        TPUSH<Pipe, Vec, TILE_UP_DOWN_ODD>(pipe, half);
    }
    Mat mat;
    TASSIGN(mat, 0);
    TPOP<Pipe, Mat, TILE_UP_DOWN_ODD>(pipe, mat);
    EXPECT_TRUE(holds(mat, 1));
    TFREE<Pipe, TILE_UP_DOWN_ODD>(pipe);
}

// The explicit sub-block forms: one thread plays both vector sub-blocks by naming them.
TEST_F(FifoTest, ExplicitSubBlockIdsNameTheShare) {
    using Acc = TileAcc<float, 16, 16>;
    using Vec = Tile<TileType::Vec, float, 8, 16>;
    using Mat = Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512>;
    using Down = TPipe<40, DIR_C2V, sizeof(float) * 256, 2>;
    using Up = TPipe<41, DIR_V2C, sizeof(float) * 256, 2>;
    Down::reset_for_cpu_sim();
    Up::reset_for_cpu_sim();
    Down down(nullptr, 0, 0);
    Up up(nullptr, 0, 0);
    Acc acc;
    Vec vec;
    Mat mat;
    TASSIGN(acc, 0);
    TASSIGN(vec, 0);
    TASSIGN(mat, 0);
    fill(acc, 2);
    TPUSH<Down, Acc, TILE_UP_DOWN>(down, acc);
    for (int32_t sub = 0; sub < 2; ++sub) {
        TPOP<Down, Vec, TILE_UP_DOWN>(down, vec, sub);
        EXPECT_TRUE(holds(vec, 2, 8 * sub)) << sub;
        TPUSH<Up, Vec, TILE_UP_DOWN>(up, vec, sub);  // and back up as the same sub-block's half
    }
    TPOP<Up, Mat, TILE_UP_DOWN>(up, mat);
    EXPECT_TRUE(holds(mat, 2));
    EXPECT_CHECK_FAILS((TPOP<Down, Vec, TILE_UP_DOWN>(down, vec, 2)), "subBlockId must be 0 or 1");
}

TEST_F(FifoTest, FixpipeFormConvertsToHalf) {
    using Acc = TileAcc<float, 16, 16>;
    using Vec = Tile<TileType::Vec, half, 16, 16>;
    using Pipe = TPipe<10, DIR_C2V, sizeof(half) * 256, 2>;
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    Acc acc;
    Vec vec;
    TASSIGN(acc, 0);
    TASSIGN(vec, 0);
    for (int i = 0; i < 256; ++i)
        acc.data()[GetTileElementOffset<Acc>(i / 16, i % 16)] = 0.5f * static_cast<float>(i) + 0.25f;
    TPUSH<Pipe, Acc, FixpipeParams<LayoutMode_t::NZ2ND, QuantMode_t::F322F16>>(pipe, acc);
    TPOP<Pipe, Vec, TILE_NO_SPLIT>(pipe, vec);
    for (int i = 0; i < 256; ++i)
        EXPECT_EQ(static_cast<float>(vec.data()[i]), 0.5f * static_cast<float>(i) + 0.25f) << i;
    TFREE<Pipe, TILE_NO_SPLIT>(pipe);
}

TEST_F(FifoTest, TileLargerThanTheSlotIsAnError) {
    using Acc = TileAcc<float, 16, 16>;
    using Pipe = TPipe<11, DIR_C2V, 512, 2>;  // half the tile
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    Acc acc;
    TASSIGN(acc, 0);
    const std::string msg = check_message([&] { TPUSH<Pipe, Acc, TILE_NO_SPLIT>(pipe, acc); });
    EXPECT_NE(msg.find("TPUSH: the tile does not fit the FIFO's slot"), std::string::npos) << msg;
    EXPECT_EQ(Pipe::GetSharedState().occupied, 0);
}

TEST_F(FifoTest, PoppingAnotherElementTypeIsAnError) {
    using Acc = TileAcc<float, 16, 16>;
    using Vec = Tile<TileType::Vec, int32_t, 16, 16>;
    using Pipe = TPipe<12, DIR_C2V, 1024, 2>;
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    Acc acc;
    Vec vec;
    TASSIGN(acc, 0);
    TASSIGN(vec, 0);
    TPUSH<Pipe, Acc, TILE_NO_SPLIT>(pipe, acc);
    const std::string msg = check_message([&] { TPOP<Pipe, Vec, TILE_NO_SPLIT>(pipe, vec); });
    EXPECT_NE(msg.find("TPOP: the tile's element type differs from the pushed tile's"), std::string::npos)
        << msg;
}

TEST_F(FifoTest, FreeWithoutPopIsAnError) {
    using Pipe = TPipe<13, DIR_C2V, 1024, 2>;
    Pipe::reset_for_cpu_sim();
    Pipe pipe(nullptr, 0, 0);
    const std::string msg = check_message([&] { TFREE<Pipe, TILE_NO_SPLIT>(pipe); });
    EXPECT_NE(msg.find("TFREE: no popped slot to release"), std::string::npos) << msg;
}

TEST_F(FifoTest, PopThatCanNeverBeServedFailsInsteadOfHanging) {
    using Vec = Tile<TileType::Vec, float, 16, 16>;
    using Pipe = TPipe<14, DIR_C2V, 1024, 2>;
    Pipe::reset_for_cpu_sim();
    std::string msg;
    ptosim::launch_cores(1, 1, [&] {
        Pipe pipe(nullptr, 0, 0);
        Vec vec;
        TASSIGN(vec, 0);
        msg = check_message([&] { TPOP<Pipe, Vec, TILE_NO_SPLIT>(pipe, vec); });
    });
    EXPECT_NE(msg.find("TPOP: deadlock"), std::string::npos) << msg;
    // The wait is inside the intrinsic's header: the message also names the intrinsic's caller.
    EXPECT_NE(msg.find("site="), std::string::npos) << msg;
    EXPECT_NE(msg.find(", called from "), std::string::npos) << msg;
}

}  // namespace
