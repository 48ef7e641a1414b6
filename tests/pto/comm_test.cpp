// pto::comm through the C++ API: the transfers and collectives against element loops written here, the
// signals, multi-rank runs through ptosim::launch_ranks with symmetric windows (an all-reduce, a ring), the
// deadlock error, invalid arguments (which must write nothing) and the hazard checker's view of the
// instructions.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "pto/pto-inst.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/runtime/windows.hpp"
#include "ptosim/sync/hazards.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;
using pto::comm::NotifyOp;
using pto::comm::ReduceOp;
using pto::comm::WaitCmp;

using DynShape = Shape<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;
using DynStride = Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;
template <typename T>
using DynGlobal = GlobalTensor<T, DynShape, DynStride>;

// A dense tensor of shape s (row-major over the five dimensions).
template <typename T>
DynGlobal<T> dense(T* p, int64_t s0, int64_t s1, int64_t s2, int64_t s3, int64_t s4) {
    return DynGlobal<T>(p, DynShape(s0, s1, s2, s3, s4),
                        DynStride(s1 * s2 * s3 * s4, s2 * s3 * s4, s3 * s4, s4, 1));
}

template <typename T>
std::vector<T> iota_vec(std::size_t n, int start) {
    std::vector<T> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = static_cast<T>(static_cast<int>(i % 1000) + start);
    return v;
}

template <typename T, int R, int C>
using DynTile = Tile<TileType::Vec, T, R, C, BLayout::RowMajor, DYNAMIC, DYNAMIC>;

// ---- point to point ------------------------------------------------------------------------------------

TEST(CommTput, WholeTensorThroughOneTile) {
    auto src = iota_vec<float>(16 * 32, 1);
    std::vector<float> dst(src.size(), -1.0f);
    auto s = dense(src.data(), 1, 1, 1, 16, 32);
    auto d = dense(dst.data(), 1, 1, 1, 16, 32);
    DynTile<float, 16, 32> tile(16, 32);
    TASSIGN(tile, 0x0);
    comm::TPUT(d, s, tile);
    EXPECT_EQ(dst, src);
}

// A 5-D tensor larger than the tile in rows and columns: partial chunks at both edges, every outer slice.
TEST(CommTput, ChunkedWithPartialChunks) {
    auto src = iota_vec<int16_t>(2 * 3 * 10 * 20, 5);
    std::vector<int16_t> dst(src.size(), 0);
    auto s = dense(src.data(), 1, 2, 3, 10, 20);
    auto d = dense(dst.data(), 1, 2, 3, 10, 20);
    DynTile<int16_t, 4, 16> tile(4, 16);
    comm::TPUT(d, s, tile);
    EXPECT_EQ(dst, src);
}

TEST(CommTput, AtomicAddAccumulates) {
    auto src = iota_vec<int32_t>(8 * 64, 0);
    std::vector<int32_t> dst(src.size(), 100);
    auto s = dense(src.data(), 1, 1, 1, 8, 64);
    auto d = dense(dst.data(), 1, 1, 1, 8, 64);
    DynTile<int32_t, 4, 32> tile(4, 32);
    comm::TPUT<AtomicType::AtomicAdd>(d, s, tile);
    comm::TPUT(d, s, tile, AtomicType::AtomicAdd);
    for (std::size_t i = 0; i < src.size(); ++i)
        ASSERT_EQ(dst[i], 100 + 2 * src[i]) << i;
}

TEST(CommTput, PingPongTiles) {
    auto src = iota_vec<half>(64 * 48, 0);
    std::vector<half> dst(src.size(), half(0.0f));
    auto s = dense(src.data(), 1, 1, 1, 64, 48);
    auto d = dense(dst.data(), 1, 1, 1, 64, 48);
    DynTile<half, 16, 32> ping(16, 32), pong(16, 32);
    TASSIGN(ping, 0x0);
    TASSIGN(pong, 0x1000);
    comm::TPUT(d, s, ping, pong);
    for (std::size_t i = 0; i < src.size(); ++i)
        ASSERT_EQ(static_cast<float>(dst[i]), static_cast<float>(src[i])) << i;
}

TEST(CommTget, StridedSourceChunked) {
    // The source is every other column of a 12 x 40 matrix.
    auto big = iota_vec<bfloat16_t>(12 * 40, 3);
    std::vector<bfloat16_t> dst(12 * 20, bfloat16_t(0.0f));
    DynGlobal<bfloat16_t> s(big.data(), DynShape(1, 1, 1, 12, 20), DynStride(480, 480, 480, 40, 2));
    auto d = dense(dst.data(), 1, 1, 1, 12, 20);
    DynTile<bfloat16_t, 8, 16> tile(8, 16);
    comm::TGET(d, s, tile);
    for (int r = 0; r < 12; ++r)
        for (int c = 0; c < 20; ++c)
            ASSERT_EQ(static_cast<float>(dst[r * 20 + c]), static_cast<float>(big[r * 40 + 2 * c]));
}

TEST(CommAsync, PutAndGetCompleteOnReturn) {
    auto src = iota_vec<int8_t>(6 * 10, 1);
    std::vector<int8_t> dst(6 * 10, 0), back(6 * 10, 0);
    auto s = dense(src.data(), 1, 1, 2, 3, 10);
    auto d = dense(dst.data(), 1, 1, 2, 3, 10);
    auto b = dense(back.data(), 1, 1, 2, 3, 10);
    comm::AsyncSession session;
    const comm::AsyncEvent put = comm::TPUT_ASYNC(d, s, session);
    EXPECT_TRUE(put.valid());
    EXPECT_TRUE(put.Test(session));
    EXPECT_TRUE(put.Wait(session));
    EXPECT_EQ(dst, src);
    const comm::AsyncEvent get = comm::TGET_ASYNC<comm::DmaEngine::URMA>(b, d, session, 1u);
    EXPECT_TRUE(get.Wait(session));
    EXPECT_EQ(get.engine, comm::DmaEngine::URMA);
    EXPECT_EQ(back, src);
}

// ---- collectives ---------------------------------------------------------------------------------------

TEST(CommCollective, BroadcastToEveryRank) {
    constexpr int kRanks = 3;
    auto src = iota_vec<float>(2 * 24 * 16, 7);
    std::vector<std::vector<float>> out(kRanks, std::vector<float>(src.size(), 0.0f));
    DynGlobal<float> tensors[kRanks];
    for (int r = 0; r < kRanks; ++r)
        tensors[r] = dense(out[r].data(), 1, 2, 1, 24, 16);
    comm::ParallelGroup<DynGlobal<float>> group(tensors, kRanks, 1);
    auto s = dense(src.data(), 1, 2, 1, 24, 16);
    DynTile<float, 8, 16> tile(8, 16);
    comm::TBROADCAST(group, s, tile);
    for (int r = 0; r < kRanks; ++r)
        EXPECT_EQ(out[r], src) << "rank " << r;
}

TEST(CommCollective, GatherStacksRanksAlongDim3) {
    constexpr int kRanks = 4, H = 5, W = 12;
    std::vector<std::vector<int32_t>> in;
    DynGlobal<int32_t> tensors[kRanks];
    for (int r = 0; r < kRanks; ++r) {
        in.push_back(iota_vec<int32_t>(2 * H * W, 1000 * r));
        tensors[r] = dense(in[r].data(), 1, 2, 1, H, W);
    }
    std::vector<int32_t> out(2 * kRanks * H * W, -1);
    auto d = dense(out.data(), 1, 2, 1, kRanks * H, W);
    comm::ParallelGroup<DynGlobal<int32_t>> group(tensors, kRanks, 0);
    DynTile<int32_t, 4, 8> ping(4, 8), pong(4, 8);
    TASSIGN(ping, 0x0);
    TASSIGN(pong, 0x200);
    comm::TGATHER(group, d, ping, pong);
    for (int s = 0; s < 2; ++s)
        for (int r = 0; r < kRanks; ++r)
            for (int i = 0; i < H; ++i)
                for (int j = 0; j < W; ++j)
                    ASSERT_EQ(out[(s * kRanks * H + r * H + i) * W + j], in[r][(s * H + i) * W + j]);
}

TEST(CommCollective, ScatterSplitsAlongDim3) {
    constexpr int kRanks = 3, H = 6, W = 8;
    auto src = iota_vec<uint16_t>(kRanks * H * W, 0);
    std::vector<std::vector<uint16_t>> out(kRanks, std::vector<uint16_t>(H * W, 0));
    DynGlobal<uint16_t> tensors[kRanks];
    for (int r = 0; r < kRanks; ++r)
        tensors[r] = dense(out[r].data(), 1, 1, 1, H, W);
    comm::ParallelGroup<DynGlobal<uint16_t>> group(tensors, kRanks, 2);
    auto s = dense(src.data(), 1, 1, 1, kRanks * H, W);
    DynTile<uint16_t, 4, 16> tile(4, 16);
    comm::TSCATTER(group, s, tile);
    for (int r = 0; r < kRanks; ++r)
        for (int i = 0; i < H * W; ++i)
            ASSERT_EQ(out[r][i], src[r * H * W + i]);
}

// Root first, then the other ranks in rank order: the float sums must match that order exactly.
template <typename T>
std::vector<T> reduce_oracle(const std::vector<std::vector<T>>& in, int root, ReduceOp op) {
    std::vector<T> acc = in[root];
    for (std::size_t r = 0; r < in.size(); ++r) {
        if (static_cast<int>(r) == root)
            continue;
        for (std::size_t i = 0; i < acc.size(); ++i) {
            const T x = in[r][i];
            acc[i] = op == ReduceOp::Sum   ? static_cast<T>(acc[i] + x)
                     : op == ReduceOp::Max ? (x > acc[i] ? x : acc[i])
                                           : (x < acc[i] ? x : acc[i]);
        }
    }
    return acc;
}

TEST(CommCollective, ReduceEveryOp) {
    constexpr int kRanks = 4, R = 20, C = 24;
    std::vector<std::vector<float>> in;
    DynGlobal<float> tensors[kRanks];
    for (int r = 0; r < kRanks; ++r) {
        std::vector<float> v(R * C);
        for (int i = 0; i < R * C; ++i)
            v[i] = 0.1f * static_cast<float>((i * 7 + r * 13) % 29) - 1.3f;
        in.push_back(v);
    }
    for (int r = 0; r < kRanks; ++r)
        tensors[r] = dense(in[r].data(), 1, 1, 1, R, C);
    for (const ReduceOp op : {ReduceOp::Sum, ReduceOp::Max, ReduceOp::Min}) {
        for (const bool pingpong : {false, true}) {
            std::vector<float> out(R * C, 0.0f);
            auto d = dense(out.data(), 1, 1, 1, R, C);
            comm::ParallelGroup<DynGlobal<float>> group(tensors, kRanks, 2);
            DynTile<float, 8, 16> acc(8, 16), a(8, 16), b(8, 16);
            TASSIGN(acc, 0x0);
            TASSIGN(a, 0x1000);
            TASSIGN(b, 0x2000);
            if (pingpong)
                comm::TREDUCE(group, d, acc, a, b, op);
            else
                comm::TREDUCE(group, d, acc, a, op);
            EXPECT_EQ(out, reduce_oracle(in, 2, op)) << static_cast<int>(op) << " pingpong " << pingpong;
        }
    }
}

// ---- signals -------------------------------------------------------------------------------------------

TEST(CommSignal, NotifySetAndAtomicAdd) {
    alignas(64) int32_t word = 5;
    comm::Signal sig(&word);
    comm::TNOTIFY(sig, 3, NotifyOp::AtomicAdd);
    EXPECT_EQ(word, 8);
    comm::TNOTIFY(sig, -2, NotifyOp::Set);
    EXPECT_EQ(word, -2);
    comm::TNOTIFY_IMPL(sig, 10, NotifyOp::AtomicAdd);
    EXPECT_EQ(word, 8);
}

TEST(CommSignal, TestEveryComparisonOnAMatrix) {
    // A 3 x 4 window of a 5 x 10 grid: only the window counts.
    std::vector<int32_t> grid(50, -100);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c)
            grid[(1 + r) * 10 + 2 + c] = 10 + r + c;  // 10 .. 15
    comm::Signal2D<3, 4> win(grid.data() + 12, 10);
    const struct {
        WaitCmp cmp;
        int32_t value;
        bool expect;
    } cases[] = {{WaitCmp::GE, 10, true},  {WaitCmp::GE, 11, false}, {WaitCmp::GT, 9, true},
                 {WaitCmp::GT, 10, false}, {WaitCmp::LE, 15, true},  {WaitCmp::LE, 14, false},
                 {WaitCmp::LT, 16, true},  {WaitCmp::LT, 15, false}, {WaitCmp::NE, 9, true},
                 {WaitCmp::NE, 12, false}, {WaitCmp::EQ, 10, false}};
    for (const auto& c : cases)
        EXPECT_EQ(comm::TTEST(win, c.value, c.cmp), c.expect) << static_cast<int>(c.cmp) << " " << c.value;
    std::vector<int32_t> same(6, 4);
    comm::Signal2D<2, 3> dense2(same.data());
    EXPECT_TRUE(comm::TTEST(dense2, 4, WaitCmp::EQ));
}

// A plain store by a thread ptosim does not know (no TNOTIFY, no wake-up) still ends the wait promptly.
// The waiting thread is a thread of its own: a thread that waits outside a launcher becomes a participant of
// every later run (ptosim/sync/wait.hpp), which would slow the deadlock test below to its timeout.
TEST(CommSignal, WaitSeesPlainStoresOfOtherThreads) {
    alignas(64) std::atomic<int32_t> word{0};
    comm::Signal sig(reinterpret_cast<int32_t*>(&word));
    const auto start = std::chrono::steady_clock::now();
    std::thread waiter([&] { comm::TWAIT(sig, 7, WaitCmp::EQ); });
    std::thread setter([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        word.store(7);
    });
    setter.join();
    waiter.join();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
}

// ---- ranks ---------------------------------------------------------------------------------------------

TEST(CommRanks, RankIdsAndWindows) {
    ptosim::RankWindows win(3, 4096);
    const std::size_t off = win.alloc(64);
    std::vector<int> seen(3, -1);
    ptosim::launch_ranks(3, [&](uint32_t rank) {
        EXPECT_EQ(ptosim::rank_id(), rank);
        EXPECT_EQ(ptosim::rank_num(), 3u);
        int32_t* mine = win.at<int32_t>(rank, off);
        *mine = static_cast<int32_t>(rank) + 1;
        EXPECT_EQ(win.peer(mine, (rank + 1) % 3), win.at<int32_t>((rank + 1) % 3, off));
        seen[rank] = static_cast<int>(rank);
    });
    EXPECT_EQ(seen, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(ptosim::rank_num(), 1u);
    for (uint32_t r = 0; r < 3; ++r)
        EXPECT_EQ(*win.at<int32_t>(r, off), static_cast<int32_t>(r) + 1);
    EXPECT_NE(check_message([&] { (void)win.offset_of(&seen); }).find("in no rank's window"),
              std::string::npos);
}

// Every rank puts its block to its left neighbour and notifies it; each waits for its own notification.
TEST(CommRanks, RingPutWithNotifyAndWait) {
    constexpr uint32_t kRanks = 4;
    constexpr int kCount = 256;
    ptosim::RankWindows win(kRanks, 1 << 16);
    const std::size_t sig_off = win.alloc(sizeof(int32_t));
    const std::size_t send_off = win.alloc(kCount * sizeof(float));
    const std::size_t recv_off = win.alloc(kCount * sizeof(float));
    for (uint32_t r = 0; r < kRanks; ++r)
        for (int i = 0; i < kCount; ++i)
            win.at<float>(r, send_off)[i] = static_cast<float>(i + 1000 * static_cast<int>(r));
    ptosim::launch_ranks(kRanks, [&](uint32_t rank) {
        const uint32_t left = (rank + kRanks - 1) % kRanks;
        auto send = dense(win.at<float>(rank, send_off), 1, 1, 1, 1, kCount);
        auto remote_recv = dense(win.peer(win.at<float>(rank, recv_off), left), 1, 1, 1, 1, kCount);
        DynTile<float, 1, 128> tile(1, 128);
        comm::TPUT(remote_recv, send, tile);
        comm::Signal remote_sig(win.peer(win.at<int32_t>(rank, sig_off), left));
        comm::TNOTIFY(remote_sig, 1, NotifyOp::AtomicAdd);
        comm::Signal my_sig(win.at<int32_t>(rank, sig_off));
        comm::TWAIT(my_sig, 1, WaitCmp::GE);
    });
    for (uint32_t r = 0; r < kRanks; ++r)
        for (int i = 0; i < kCount; ++i)
            ASSERT_EQ(win.at<float>(r, recv_off)[i],
                      static_cast<float>(i + 1000 * static_cast<int>((r + 1) % kRanks)));
}

// All-reduce: every rank signals that its input is ready, rank 0 reduces (TREDUCE), broadcasts the sum
// (TBROADCAST) and signals completion.
TEST(CommRanks, AllReduceByReduceAndBroadcast) {
    constexpr uint32_t kRanks = 4;
    constexpr int R = 16, C = 32;
    ptosim::RankWindows win(kRanks, 1 << 16);
    const std::size_t ready_off = win.alloc(sizeof(int32_t));
    const std::size_t done_off = win.alloc(sizeof(int32_t));
    const std::size_t in_off = win.alloc(R * C * sizeof(int32_t));
    const std::size_t out_off = win.alloc(R * C * sizeof(int32_t));
    std::vector<int32_t> expect(R * C, 0);
    for (uint32_t r = 0; r < kRanks; ++r)
        for (int i = 0; i < R * C; ++i) {
            win.at<int32_t>(r, in_off)[i] = i * static_cast<int32_t>(r + 1) - 50;
            expect[i] += i * static_cast<int32_t>(r + 1) - 50;
        }
    ptosim::launch_ranks(kRanks, [&](uint32_t rank) {
        comm::Signal ready0(win.peer(win.at<int32_t>(rank, ready_off), 0));
        comm::TNOTIFY(ready0, 1, NotifyOp::AtomicAdd);
        if (rank == 0) {
            comm::Signal ready(win.at<int32_t>(0, ready_off));
            comm::TWAIT(ready, static_cast<int32_t>(kRanks), WaitCmp::EQ);
            DynGlobal<int32_t> ins[kRanks], outs[kRanks];
            for (uint32_t r = 0; r < kRanks; ++r) {
                ins[r] = dense(win.at<int32_t>(r, in_off), 1, 1, 1, R, C);
                outs[r] = dense(win.at<int32_t>(r, out_off), 1, 1, 1, R, C);
            }
            comm::ParallelGroup<DynGlobal<int32_t>> in_group(ins, kRanks, 0), out_group(outs, kRanks, 0);
            DynTile<int32_t, 8, 32> acc(8, 32), recv(8, 32), staging(8, 32);
            TASSIGN(acc, 0x0);
            TASSIGN(recv, 0x400);
            TASSIGN(staging, 0x800);
            auto mine = dense(win.at<int32_t>(0, out_off), 1, 1, 1, R, C);
            comm::TREDUCE(in_group, mine, acc, recv, ReduceOp::Sum);
            comm::TBROADCAST(out_group, mine, staging);
            for (uint32_t r = 1; r < kRanks; ++r) {
                comm::Signal done(win.at<int32_t>(r, done_off));
                comm::TNOTIFY(done, 1, NotifyOp::Set);
            }
        } else {
            comm::Signal done(win.at<int32_t>(rank, done_off));
            comm::TWAIT(done, 1, WaitCmp::EQ);
        }
    });
    for (uint32_t r = 0; r < kRanks; ++r)
        for (int i = 0; i < R * C; ++i)
            ASSERT_EQ(win.at<int32_t>(r, out_off)[i], expect[i]) << "rank " << r << " element " << i;
}

// A TWAIT nobody can satisfy: rank 1 returns without notifying, rank 0's wait fails with a deadlock error
// naming the instruction and this file.
TEST(CommRanks, UnsatisfiableWaitIsADeadlockError) {
    ptosim::RankWindows win(2, 4096);
    const std::size_t off = win.alloc(sizeof(int32_t));
    const std::string msg = check_message([&] {
        ptosim::launch_ranks(2, [&](uint32_t rank) {
            if (rank == 0) {
                comm::Signal sig(win.at<int32_t>(0, off));
                comm::TWAIT(sig, 1, WaitCmp::EQ);
            }
        });
    });
    EXPECT_NE(msg.find("TWAIT (signal EQ 1, rank 0)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("deadlock"), std::string::npos) << msg;
    EXPECT_NE(msg.find("comm_test.cpp"), std::string::npos) << msg;
}

// ---- invalid arguments ---------------------------------------------------------------------------------

TEST(CommErrors, StaticTileNeedsDivisibleRows) {
    auto src = iota_vec<float>(10 * 16, 1);
    std::vector<float> dst(src.size(), -1.0f);
    auto s = dense(src.data(), 1, 1, 1, 10, 16);
    auto d = dense(dst.data(), 1, 1, 1, 10, 16);
    Tile<TileType::Vec, float, 4, 16> tile;  // static valid shape: 10 rows cannot be cut into 4-row chunks
    const std::string msg = check_message([&] { comm::TPUT(d, s, tile); });
    EXPECT_NE(msg.find("TPUT: chunked transfer: DIM_3 must be a multiple"), std::string::npos) << msg;
    EXPECT_EQ(dst, std::vector<float>(src.size(), -1.0f));  // nothing written
}

TEST(CommErrors, DstSmallerThanSrc) {
    auto src = iota_vec<int32_t>(8 * 8, 1);
    std::vector<int32_t> dst(8 * 4, -1);
    auto s = dense(src.data(), 1, 1, 1, 8, 8);
    auto d = dense(dst.data(), 1, 1, 1, 8, 4);
    DynTile<int32_t, 8, 8> tile(8, 8);
    const std::string msg = check_message([&] { comm::TGET(d, s, tile); });
    EXPECT_NE(msg.find("TGET: dst is smaller than the data it must hold"), std::string::npos) << msg;
    EXPECT_EQ(dst, std::vector<int32_t>(8 * 4, -1));
}

TEST(CommErrors, BadGroupAndOperators) {
    std::vector<int32_t> a(64, 1), b(64, 2), out(64, -1);
    DynGlobal<int32_t> tensors[] = {dense(a.data(), 1, 1, 1, 8, 8), dense(b.data(), 1, 1, 1, 8, 8)};
    auto d = dense(out.data(), 1, 1, 1, 8, 8);
    DynTile<int32_t, 8, 8> acc(8, 8), recv(8, 8);
    TASSIGN(acc, 0x0);
    TASSIGN(recv, 0x100);
    comm::ParallelGroup<DynGlobal<int32_t>> bad_root(tensors, 2, 5);
    EXPECT_NE(check_message([&] {
                  comm::TREDUCE(bad_root, d, acc, recv, ReduceOp::Sum);
              }).find("TREDUCE: the group's root index must be one of its ranks"),
              std::string::npos);
    comm::ParallelGroup<DynGlobal<int32_t>> group(tensors, 2, 0);
    EXPECT_NE(check_message([&] {
                  comm::TREDUCE(group, d, acc, recv, static_cast<ReduceOp>(9));
              }).find("TREDUCE: unknown ReduceOp"),
              std::string::npos);
    EXPECT_NE(
        check_message([&] { comm::TREDUCE(group, d, acc, acc, ReduceOp::Sum); }).find("must not overlap"),
        std::string::npos);
    EXPECT_EQ(out, std::vector<int32_t>(64, -1));
    alignas(64) int32_t word = 0;
    comm::Signal sig(&word);
    EXPECT_NE(check_message([&] {
                  (void)comm::TTEST(sig, 0, static_cast<WaitCmp>(17));
              }).find("TTEST: unknown WaitCmp"),
              std::string::npos);
    EXPECT_NE(check_message([&] {
                  comm::TNOTIFY(sig, 1, static_cast<NotifyOp>(4));
              }).find("TNOTIFY: unknown NotifyOp"),
              std::string::npos);
    EXPECT_EQ(word, 0);
}

// ---- hazard checker ------------------------------------------------------------------------------------

class CommHazards : public ::testing::Test {
  protected:
    void SetUp() override {
        ptosim::hazards::enable(true);
        ptosim::hazards::clear_reports();
        ptosim::hazards::begin_core();
    }
    void TearDown() override {
        ptosim::hazards::begin_core();
        ptosim::hazards::clear_reports();
        ptosim::hazards::enable(false);
    }
};

// The vector pipe writes the tile TPUT then stages through (its MTE2 load overwrites it) with no flag.
TEST_F(CommHazards, TputStagingTileStillWrittenByTheVectorPipe) {
    std::vector<float> src(8 * 16, 1.0f), dst(8 * 16, 0.0f);
    auto s = dense(src.data(), 1, 1, 1, 8, 16);
    auto d = dense(dst.data(), 1, 1, 1, 8, 16);
    DynTile<float, 8, 16> tile(8, 16);
    TASSIGN(tile, 0x0);
    TEXPANDS(tile, 2.0f);
    comm::TPUT(d, s, tile);
    // The load into the tile races the vector write (write-after-write, MTE2), and so does the store out of
    // it (read-after-write, MTE3): TPUT's own MTE2 -> MTE3 flag does not order the vector pipe.
    const auto reports = ptosim::hazards::reports();
    ASSERT_EQ(reports.size(), 2u);
    EXPECT_EQ(reports[0].kind, ptosim::hazards::Kind::WriteAfterWrite);
    EXPECT_EQ(reports[0].first.name, "TEXPANDS");
    EXPECT_EQ(reports[0].second.name, "TPUT");
    EXPECT_EQ(reports[0].second.pipe, ptosim::hazards::Pipe::MTE2);
    EXPECT_EQ(reports[1].kind, ptosim::hazards::Kind::ReadAfterWrite);
    EXPECT_EQ(reports[1].second.name, "TPUT");
    EXPECT_EQ(reports[1].second.pipe, ptosim::hazards::Pipe::MTE3);
}

// With the flag the device code needs, and TREDUCE / TNOTIFY / TTEST after it, nothing is reported: the
// instructions' own steps are ordered by their own flags.
TEST_F(CommHazards, SynchronisedSequenceIsClean) {
    std::vector<float> a(8 * 16, 1.0f), b(8 * 16, 2.0f), dst(8 * 16, 0.0f);
    auto ga = dense(a.data(), 1, 1, 1, 8, 16);
    auto d = dense(dst.data(), 1, 1, 1, 8, 16);
    DynTile<float, 8, 16> tile(8, 16), acc(8, 16), recv(8, 16);
    TASSIGN(tile, 0x0);
    TASSIGN(acc, 0x1000);
    TASSIGN(recv, 0x2000);
    TEXPANDS(tile, 2.0f);
    set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    comm::TPUT(d, ga, tile);
    DynGlobal<float> tensors[] = {dense(a.data(), 1, 1, 1, 8, 16), dense(b.data(), 1, 1, 1, 8, 16)};
    comm::ParallelGroup<DynGlobal<float>> group(tensors, 2, 0);
    comm::TREDUCE(group, d, acc, recv, ReduceOp::Sum);
    alignas(64) int32_t word = 0;
    comm::Signal sig(&word);
    comm::TNOTIFY(sig, 1, NotifyOp::Set);
    EXPECT_TRUE(comm::TTEST(sig, 1, WaitCmp::EQ));
    for (const auto& r : ptosim::hazards::reports())
        ADD_FAILURE() << r.text();
    EXPECT_EQ(dst, std::vector<float>(8 * 16, 3.0f));
}

}  // namespace
