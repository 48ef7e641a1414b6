// Twelve small kernels, each with one realistic synchronisation bug, and their fixed twins (docs/hazards.md).
//
// Every kernel is a template on `Fixed`: Kernel<false> has the bug, Kernel<true> is the same code with the
// flag (or event) that fixes it. On the CPU both compute the same answer, since ptosim runs instructions in
// program order; on the chip the buggy one races. The hazard checker tells them apart: each entry of kBugs
// names the report its buggy kernel must produce, and its twin must produce none.
#pragma once

#include <pto/pto-inst.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace examples::hazards {

using namespace pto;
using ptosim::hazards::Kind;
using ptosim::hazards::Pipe;

constexpr int kRows = 16, kCols = 64;
using VecTile = Tile<TileType::Vec, float, kRows, kCols>;
using Rows = GlobalTensor<float, Shape<1, 1, 1, kRows, kCols>, Stride<1, 1, 1, kCols, 1>>;

constexpr int kN = 16;  // the cube kernels multiply kN x kN float matrices
using MatTile = Tile<TileType::Mat, float, kN, kN, BLayout::ColMajor, kN, kN, SLayout::RowMajor, 512>;
using LeftTile = TileLeft<float, kN, kN>;
using RightTile = TileRight<float, kN, kN>;
using AccTile = TileAcc<float, kN, kN>;
using Square = GlobalTensor<float, Shape<1, 1, 1, kN, kN>, Stride<1, 1, 1, kN, 1>>;

// The global buffers every kernel gets: x in, y out, and a workspace.
struct Buffers {
    std::vector<float> x = std::vector<float>(4 * kRows * kCols, 1.5f);
    std::vector<float> y = std::vector<float>(4 * kRows * kCols, 0.0f);
    std::vector<float> work = std::vector<float>(4 * kRows * kCols, 0.0f);
};

// The cube kernels' operands: two matrices in L1, their copies in L0A / L0B, and an accumulator in L0C.
struct Cube {
    MatTile a, w;
    LeftTile l;
    RightTile r;
    AccTile c;
    Cube() {
        TASSIGN(a, 0x0);
        TASSIGN(w, 0x4000);
        TASSIGN(l, 0x0);
        TASSIGN(r, 0x0);
        TASSIGN(c, 0x0);
    }
    // Matrices 2k and 2k + 1 of x into L1 (MTE2), then a flag that lets MTE1 read them.
    void load(Buffers& b, int k) {
        Square sa(b.x.data() + 2 * k * kN * kN), sw(b.x.data() + (2 * k + 1) * kN * kN);
        TLOAD(a, sa);
        TLOAD(w, sw);
        set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    }
    // L1 -> L0A / L0B (MTE1).
    void move() {
        TMOV(l, a);
        TMOV(r, w);
    }
};

// 1. The vector instruction reads the tile before the load has filled it: no MTE2 -> V flag.
template <bool Fixed>
void MissingLoadFlag(Buffers& b) {
    VecTile t;
    TASSIGN(t, 0x0);
    Rows src(b.x.data());
    TLOAD(t, src);
    if constexpr (Fixed) {
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    }
    TADDS(t, t, 1.0f);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    Rows dst(b.y.data());
    TSTORE(dst, t);
}

// 2. The store reads the tile before the vector pipe has written it: no V -> MTE3 flag.
template <bool Fixed>
void MissingStoreFlag(Buffers& b) {
    VecTile t;
    TASSIGN(t, 0x0);
    Rows src(b.x.data());
    TLOAD(t, src);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TMULS(t, t, 2.0f);
    if constexpr (Fixed) {
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    }
    Rows dst(b.y.data());
    TSTORE(dst, t);
}

// 3. Ping-pong buffers: the load of iteration i + 2 refills the buffer iteration i's vector instruction read,
// without waiting for the vector pipe to release it (the double-buffering bug: write-after-read).
template <bool Fixed>
void PingPongReuse(Buffers& b) {
    VecTile in[2], out[2];
    for (int i = 0; i < 2; ++i) {
        TASSIGN(in[i], 0x0 + i * 0x1000);
        TASSIGN(out[i], 0x4000 + i * 0x1000);
        if constexpr (Fixed)
            set_flag(PIPE_V, PIPE_MTE2, i);  // both input buffers start free
        set_flag(PIPE_MTE3, PIPE_V, i);      // both output buffers start free
    }
    for (int i = 0; i < 4; ++i) {
        const int p = i % 2;
        if constexpr (Fixed)
            wait_flag(PIPE_V, PIPE_MTE2, p);
        Rows src(b.x.data() + i * kRows * kCols);
        TLOAD(in[p], src);
        set_flag(PIPE_MTE2, PIPE_V, p);
        wait_flag(PIPE_MTE2, PIPE_V, p);
        wait_flag(PIPE_MTE3, PIPE_V, p);
        TEXP(out[p], in[p]);
        if constexpr (Fixed)
            set_flag(PIPE_V, PIPE_MTE2, p);  // in[p] is free again
        set_flag(PIPE_V, PIPE_MTE3, p);
        wait_flag(PIPE_V, PIPE_MTE3, p);
        Rows dst(b.y.data() + i * kRows * kCols);
        TSTORE(dst, out[p]);
        set_flag(PIPE_MTE3, PIPE_V, p);
    }
    for (int p = 0; p < 2; ++p) {
        if constexpr (Fixed)
            wait_flag(PIPE_V, PIPE_MTE2, p);
        wait_flag(PIPE_MTE3, PIPE_V, p);
    }
}

// 4. One output tile for every iteration: the vector pipe overwrites it while the previous store may still be
// reading it (no MTE3 -> V flag: write-after-read).
template <bool Fixed>
void OutputReuse(Buffers& b) {
    VecTile in, out;
    TASSIGN(in, 0x0);
    TASSIGN(out, 0x1000);
    for (int i = 0; i < 2; ++i) {
        Rows src(b.x.data() + i * kRows * kCols);
        TLOAD(in, src);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        if constexpr (Fixed) {
            if (i > 0)
                wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
        }
        TSQRT(out, in);
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // `in` is free for the next load
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        Rows dst(b.y.data() + i * kRows * kCols);
        TSTORE(dst, out);
        if constexpr (Fixed) {
            if (i == 0)
                set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
        }
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    }
}

// 5. The cube reads L0A before MTE1 has finished moving the operand there: no MTE1 -> M flag.
template <bool Fixed>
void CubeReadsEarly(Buffers& b) {
    Cube q;
    q.load(b, 0);
    q.move();
    if constexpr (Fixed) {
        set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    }
    TMATMUL(q.c, q.l, q.r);
    set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    Square dst(b.y.data());
    TSTORE(dst, q.c);
}

// 6. The fixpipe stores the accumulator before the matmul has finished writing it: no M -> FIX flag.
template <bool Fixed>
void AccStoredEarly(Buffers& b) {
    Cube q;
    q.load(b, 0);
    q.move();
    set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    TMATMUL(q.c, q.l, q.r);
    if constexpr (Fixed) {
        set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
        wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    }
    Square dst(b.y.data());
    TSTORE(dst, q.c);
}

// 7. One L1 buffer for every K panel: the next panel's load overwrites it while MTE1 may still be moving the
// previous panel into L0A (no MTE1 -> MTE2 flag: write-after-read on L1).
template <bool Fixed>
void PanelReload(Buffers& b) {
    Cube q;
    for (int k = 0; k < 2; ++k) {
        if constexpr (Fixed) {
            if (k > 0)
                wait_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);
        }
        q.load(b, k);
        if (k > 0)
            wait_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);  // the last matmul has read L0A / L0B
        q.move();
        if constexpr (Fixed) {
            if (k == 0)
                set_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);
        }
        set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        if (k == 0)
            TMATMUL(q.c, q.l, q.r);
        else
            TMATMUL_ACC(q.c, q.c, q.l, q.r);
        if (k == 0)
            set_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);
    }
    set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    Square dst(b.y.data());
    TSTORE(dst, q.c);
}

// 8. A result written to a global workspace and read back: the load may run before the store has landed (no
// MTE3 -> MTE2 flag: read-after-write on global memory).
template <bool Fixed>
void WorkspaceRoundTrip(Buffers& b) {
    VecTile t, u;
    TASSIGN(t, 0x0);
    TASSIGN(u, 0x1000);
    Rows src(b.x.data());
    TLOAD(t, src);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TABS(t, t);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    Rows dst(b.work.data());
    TSTORE(dst, t);
    if constexpr (Fixed) {
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    }
    Rows src2(b.work.data());
    TLOAD(u, src2);
    set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    Rows dst2(b.y.data());
    TSTORE(dst2, u);
}

// 9. A typo in the event id: the wait names a flag nobody set. On the chip the vector pipe waits forever.
template <bool Fixed>
void MismatchedEventId(Buffers& b) {
    VecTile t;
    TASSIGN(t, 0x0);
    Rows src(b.x.data());
    TLOAD(t, src);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, Fixed ? EVENT_ID0 : EVENT_ID1);
    if constexpr (!Fixed)
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);  // a later wait consumes the flag the typo missed
    TRELU(t, t);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    Rows dst(b.y.data());
    TSTORE(dst, t);
}

// 10. An Event handed to the wrong consumer: the load's event goes to the store instead of the vector
// instruction that reads the loaded tile.
template <bool Fixed>
void EventToWrongInstruction(Buffers& b) {
    VecTile t, u;
    TASSIGN(t, 0x0);
    TASSIGN(u, 0x1000);
    Event<Op::TLOAD, Op::TADD> loaded;
    Event<Op::TADD, Op::TSTORE_VEC> added;
    Rows src(b.x.data());
    loaded = TLOAD(t, src);
    if constexpr (Fixed) {
        added = TADD(u, t, t, loaded);
        Rows dst(b.y.data());
        TSTORE(dst, u, added);
    } else {
        added = TADD(u, t, t);
        Rows dst2(b.y.data());
        TSTORE(dst2, u, loaded, added);
    }
}

// 11. A flag set twice before anyone waits: the "buffer free" flag of a ping-pong pair is primed in a loop
// that runs once per buffer, but with the same event id for both.
template <bool Fixed>
void FlagSetTwice(Buffers& b) {
    VecTile t[2];
    for (int i = 0; i < 2; ++i) {
        TASSIGN(t[i], i * 0x1000);
        set_flag(PIPE_V, PIPE_MTE2, Fixed ? i : 0);
    }
    for (int i = 0; i < 2; ++i) {
        wait_flag(PIPE_V, PIPE_MTE2, i);
        Rows src(b.x.data() + i * kRows * kCols);
        TLOAD(t[i], src);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TNEG(t[i], t[i]);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        Rows dst(b.y.data() + i * kRows * kCols);
        TSTORE(dst, t[i]);
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    }
}

// 12. One accumulator for two output tiles: the second matmul overwrites L0C while the fixpipe may still be
// storing the first result (no FIX -> M flag: write-after-read on L0C).
template <bool Fixed>
void AccReuse(Buffers& b) {
    Cube q;
    q.load(b, 0);
    q.move();
    set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    for (int j = 0; j < 2; ++j) {
        if constexpr (Fixed) {
            if (j > 0)
                wait_flag(PIPE_FIX, PIPE_M, EVENT_ID0);
        }
        TMATMUL(q.c, q.l, q.r);
        set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
        wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
        Square dst(b.y.data() + j * kN * kN);
        TSTORE(dst, q.c);
        if constexpr (Fixed) {
            if (j == 0)
                set_flag(PIPE_FIX, PIPE_M, EVENT_ID0);
        }
    }
}

// What the checker must report for each buggy kernel: one report of `kind` between `first` (on
// `first_pipe`) and `second` (on `second_pipe`); for flag reports both name the synchronisation call.
struct Bug {
    std::string_view name;
    std::string_view what;
    void (*buggy)(Buffers&);
    void (*fixed)(Buffers&);
    Kind kind;
    std::string_view first;
    Pipe first_pipe;
    std::string_view second;
    Pipe second_pipe;
    std::string_view buffer;  // empty for flag reports
};

inline const std::array<Bug, 12> kBugs = {{
    {"missing-load-flag", "TADDS reads a tile before TLOAD has filled it", MissingLoadFlag<false>,
     MissingLoadFlag<true>, Kind::ReadAfterWrite, "TLOAD", Pipe::MTE2, "TADDS", Pipe::V, "UB"},
    {"missing-store-flag", "TSTORE reads a tile before TMULS has written it", MissingStoreFlag<false>,
     MissingStoreFlag<true>, Kind::ReadAfterWrite, "TMULS", Pipe::V, "TSTORE", Pipe::MTE3, "UB"},
    {"ping-pong-reuse", "TLOAD refills a ping-pong buffer that TEXP may still read", PingPongReuse<false>,
     PingPongReuse<true>, Kind::WriteAfterRead, "TEXP", Pipe::V, "TLOAD", Pipe::MTE2, "UB"},
    {"output-reuse", "TSQRT overwrites a tile that the previous TSTORE may still read", OutputReuse<false>,
     OutputReuse<true>, Kind::WriteAfterRead, "TSTORE", Pipe::MTE3, "TSQRT", Pipe::V, "UB"},
    {"cube-reads-early", "TMATMUL reads L0A before TMOV has filled it", CubeReadsEarly<false>,
     CubeReadsEarly<true>, Kind::ReadAfterWrite, "TMOV", Pipe::MTE1, "TMATMUL", Pipe::M, "L0A"},
    {"acc-stored-early", "TSTORE stores the accumulator before TMATMUL has written it", AccStoredEarly<false>,
     AccStoredEarly<true>, Kind::ReadAfterWrite, "TMATMUL", Pipe::M, "TSTORE", Pipe::FIX, "L0C"},
    {"panel-reload", "TLOAD refills an L1 panel that TMOV may still be moving", PanelReload<false>,
     PanelReload<true>, Kind::WriteAfterRead, "TMOV", Pipe::MTE1, "TLOAD", Pipe::MTE2, "L1"},
    {"workspace-round-trip", "TLOAD reads a global workspace before TSTORE has written it",
     WorkspaceRoundTrip<false>, WorkspaceRoundTrip<true>, Kind::ReadAfterWrite, "TSTORE", Pipe::MTE3, "TLOAD",
     Pipe::MTE2, "GM"},
    {"mismatched-event-id", "wait_flag names EVENT_ID1, set_flag set EVENT_ID0", MismatchedEventId<false>,
     MismatchedEventId<true>, Kind::WaitWithoutSet, "wait_flag", Pipe::V, "wait_flag", Pipe::V, ""},
    {"event-to-wrong-instruction", "the TLOAD -> TADD event is passed to TSTORE",
     EventToWrongInstruction<false>, EventToWrongInstruction<true>, Kind::ReadAfterWrite, "TLOAD", Pipe::MTE2,
     "TADD", Pipe::V, "UB"},
    {"flag-set-twice", "a ping-pong pair's free flags are primed with one event id", FlagSetTwice<false>,
     FlagSetTwice<true>, Kind::SetTwice, "set_flag", Pipe::V, "set_flag", Pipe::V, ""},
    {"acc-reuse", "TMATMUL overwrites the accumulator that TSTORE may still read", AccReuse<false>,
     AccReuse<true>, Kind::WriteAfterRead, "TSTORE", Pipe::FIX, "TMATMUL", Pipe::M, "L0C"},
}};

}  // namespace examples::hazards
