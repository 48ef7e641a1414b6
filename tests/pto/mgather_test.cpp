// MGATHER through the C++ API: a sweep of element types, index types, modes, out-of-bounds policies, tile
// layouts and valid regions against an oracle written from pto-isa's page (indices read as uint32_t, as the
// devices do); pto-isa's dynamic-shape Elem example; the GM -> L1 forms (NZ Mat tiles, the scratch tensor's
// NZ image); a hash-table probe kernel; and run-time checks that leave the destination untouched.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <acl/acl.h>
#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class MGatherTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(MGatherTest);

template <typename T>
uint64_t bits_of(const T& v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

template <typename T>
T from_bits(uint64_t b) {
    T v{};
    std::memcpy(static_cast<void*>(&v), &b, sizeof(T));
    return v;
}

// The table slot pto-isa's page gives index `raw` (its bits as uint32_t) in a table of `cap` slots, or -1
// for a zero.
int64_t expected_slot(uint32_t raw, int64_t cap, GatherOOB oob) {
    if (raw < cap)
        return raw;
    if (oob == GatherOOB::Clamp)
        return cap - 1;
    if (oob == GatherOOB::Wrap)
        return raw % static_cast<uint32_t>(cap);
    return -1;  // Zero (Undefined indices are always inside)
}

// Indices for a table of `cap` slots: inside only for Undefined, else a mix that includes large, negative
// (int32_t) and just-outside values.
template <typename I>
std::vector<I> make_indices(std::size_t n, int64_t cap, GatherOOB oob, std::mt19937& rng) {
    std::vector<I> v(n);
    for (std::size_t i = 0; i < n; ++i) {
        const uint32_t inside = static_cast<uint32_t>(rng() % static_cast<uint32_t>(cap));
        if (oob == GatherOOB::Undefined) {
            v[i] = static_cast<I>(inside);
            continue;
        }
        switch (rng() % 5) {
            case 0:
                v[i] = static_cast<I>(cap + static_cast<int64_t>(rng() % 7));
                break;
            case 1:
                v[i] = static_cast<I>(-1 - static_cast<int32_t>(rng() % 9));  // uint32_t: 2^32 - 1 - k
                break;
            case 2:
                v[i] = static_cast<I>(0x80000000u + rng() % 1000u);
                break;
            default:
                v[i] = static_cast<I>(inside);
        }
    }
    return v;
}

template <typename T>
std::vector<T> make_table(std::size_t n, std::mt19937& rng) {
    std::vector<T> t(n);
    for (auto& e : t)
        e = from_bits<T>(rng());  // any bit pattern: MGATHER copies, it never converts
    return t;
}

// Elem on row-major tiles: dst[r, c] = table[idx[r, c]] over a vr x vc valid region of an R x C tile.
template <typename T, typename I, GatherOOB Oob>
void ElemCase(int vr, int vc, int64_t cap, uint32_t seed) {
    constexpr int R = 4, C = 32;
    std::mt19937 rng(seed);
    using Dst = Tile<TileType::Vec, T, R, C, BLayout::RowMajor, -1, -1>;
    using Idx = Tile<TileType::Vec, I, R, C, BLayout::RowMajor, -1, -1>;
    using Table = GlobalTensor<T, Shape<1, 1, 1, 1, -1>, Stride<1, 1, 1, -1, 1>>;
    auto table = make_table<T>(static_cast<std::size_t>(cap), rng);
    Table t(table.data(), typename Table::Shape(cap), typename Table::Stride(cap));
    Dst dst(vr, vc);
    Idx idx(vr, vc);
    const auto sentinel = from_bits<T>(0x5Au * 0x0101010101010101ull);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            dst.SetElement(r, c, sentinel);
    const auto ix = make_indices<I>(static_cast<std::size_t>(vr) * vc, cap, Oob, rng);
    for (int r = 0; r < vr; ++r)
        for (int c = 0; c < vc; ++c)
            idx.SetElement(r, c, ix[r * vc + c]);
    MGATHER<Coalesce::Elem, Oob>(dst, t, idx);
    for (int r = 0; r < R; ++r) {
        for (int c = 0; c < C; ++c) {
            uint64_t want = bits_of(sentinel);
            if (r < vr && c < vc) {
                const int64_t s = expected_slot(static_cast<uint32_t>(ix[r * vc + c]), cap, Oob);
                want = s < 0 ? 0 : bits_of(table[s]);
            }
            ASSERT_EQ(bits_of(dst.GetElement(r, c)), want) << "r=" << r << " c=" << c;
        }
    }
}

// Row with a [1, R] row-major or an [R, 1] column-major index tile, a row-major or column-major dst, and a
// table whose rows are `pitch` >= vc elements apart.
template <typename T, typename I, GatherOOB Oob, BLayout DstLayout, bool ColIdx>
void RowCase(int vr, int vc, int table_rows, int pitch, uint32_t seed) {
    constexpr int R = 8, C = 32;
    std::mt19937 rng(seed);
    using Dst = Tile<TileType::Vec, T, R, C, DstLayout, -1, -1>;
    using Table = GlobalTensor<T, Shape<1, 1, 1, -1, -1>, Stride<1, 1, 1, -1, 1>>;
    auto table = make_table<T>(static_cast<std::size_t>(table_rows) * pitch, rng);
    Table t(table.data(), typename Table::Shape(table_rows, vc), typename Table::Stride(pitch));
    Dst dst(vr, vc);
    const auto sentinel = from_bits<T>(0xA5u * 0x0101010101010101ull);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            dst.SetElement(r, c, sentinel);
    const auto ix = make_indices<I>(static_cast<std::size_t>(vr), table_rows, Oob, rng);
    if constexpr (ColIdx) {
        Tile<TileType::Vec, I, R, 1, BLayout::ColMajor, -1, 1> idx(vr);
        for (int r = 0; r < vr; ++r)
            idx.SetElement(r, 0, ix[r]);
        MGATHER<Coalesce::Row, Oob>(dst, t, idx);
    } else {
        Tile<TileType::Vec, I, 1, R, BLayout::RowMajor, 1, -1> idx(vr);
        for (int r = 0; r < vr; ++r)
            idx.SetElement(0, r, ix[r]);
        MGATHER<Coalesce::Row, Oob>(dst, t, idx);
    }
    for (int r = 0; r < R; ++r) {
        const int64_t s = r < vr ? expected_slot(static_cast<uint32_t>(ix[r]), table_rows, Oob) : -1;
        for (int c = 0; c < C; ++c) {
            uint64_t want = bits_of(sentinel);
            if (r < vr && c < vc)
                want = s < 0 ? 0 : bits_of(table[s * pitch + c]);
            ASSERT_EQ(bits_of(dst.GetElement(r, c)), want) << "r=" << r << " c=" << c;
        }
    }
}

template <typename T, typename I, GatherOOB Oob>
void SweepOne(uint32_t seed) {
    SCOPED_TRACE(::testing::Message() << "sizeof(T)=" << sizeof(T) << " oob=" << static_cast<int>(Oob)
                                      << " idx=" << (std::is_signed_v<I> ? "int32" : "uint32"));
    ElemCase<T, I, Oob>(4, 32, 200, seed);
    ElemCase<T, I, Oob>(3, 17, 7, seed + 1);
    ElemCase<T, I, Oob>(1, 1, 1, seed + 2);
    RowCase<T, I, Oob, BLayout::RowMajor, false>(8, 32, 11, 32, seed + 3);
    RowCase<T, I, Oob, BLayout::RowMajor, true>(5, 9, 3, 12, seed + 4);
    RowCase<T, I, Oob, BLayout::RowMajor, false>(1, 1, 1, 1, seed + 5);
}

template <typename T>
void SweepType(uint32_t seed) {
    SweepOne<T, int32_t, GatherOOB::Undefined>(seed);
    SweepOne<T, uint32_t, GatherOOB::Undefined>(seed + 10);
    SweepOne<T, int32_t, GatherOOB::Clamp>(seed + 20);
    SweepOne<T, uint32_t, GatherOOB::Wrap>(seed + 30);
    SweepOne<T, int32_t, GatherOOB::Wrap>(seed + 40);
    SweepOne<T, int32_t, GatherOOB::Zero>(seed + 50);
    SweepOne<T, uint32_t, GatherOOB::Zero>(seed + 60);
}

TEST_P(MGatherTest, SweepsTypesModesAndPolicies) {
    SweepType<int8_t>(1);
    SweepType<uint8_t>(100);
    SweepType<int16_t>(200);
    SweepType<uint16_t>(300);
    SweepType<int32_t>(400);
    SweepType<uint32_t>(500);
    SweepType<half>(600);
    SweepType<bfloat16_t>(700);
    SweepType<float>(800);
    if constexpr (ptosim::kGatherData.for_arch(ptosim::kArch).contains(ptosim::DType::E4M3)) {
        SweepType<float8_e4m3_t>(900);
        SweepType<float8_e5m2_t>(1000);
        SweepType<hifloat8_t>(1100);
    }
}

TEST_P(MGatherTest, ColumnMajorTiles) {
    RowCase<float, int32_t, GatherOOB::Zero, BLayout::ColMajor, true>(6, 20, 5, 24, 7);
    RowCase<int32_t, uint32_t, GatherOOB::Undefined, BLayout::ColMajor, false>(8, 32, 9, 32, 8);
    // Elem through column-major dst and idx tiles.
    using Dst = Tile<TileType::Vec, float, 8, 4, BLayout::ColMajor, 8, 3>;
    using Idx = Tile<TileType::Vec, int32_t, 8, 8, BLayout::ColMajor, 8, 3>;
    std::vector<float> table(30);
    for (int i = 0; i < 30; ++i)
        table[i] = 0.5f * static_cast<float>(i);
    GlobalTensor<float, Shape<1, 1, 1, 3, 10>, Stride<1, 1, 1, 10, 1>> t(table.data());
    Dst dst;
    Idx idx;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 3; ++c)
            idx.SetElement(r, c, (r * 7 + c * 11) % 30);
    MGATHER<Coalesce::Elem>(dst, t, idx);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 3; ++c)
            EXPECT_EQ(dst.GetElement(r, c), 0.5f * static_cast<float>((r * 7 + c * 11) % 30));
}

TEST_P(MGatherTest, PtoIsaDynamicElemExample) {
    // pto-isa's case_elem2d_dyn_user_float_1x9_in_1x16_3x10: 9 floats from a 3 x 10 table.
    constexpr auto kPadCols = 16;
    using DstTileT = Tile<TileType::Vec, float, 1, kPadCols, BLayout::RowMajor, -1, -1>;
    using IdxTileT = Tile<TileType::Vec, int32_t, 1, kPadCols, BLayout::RowMajor, -1, -1>;
    using TableShape = Shape<1, 1, 1, -1, -1>;
    using TableStride = Stride<1, 1, 1, -1, -1>;
    std::vector<float> table(30);
    for (int i = 0; i < 30; ++i)
        table[i] = 100.0f + static_cast<float>(i);
    TableShape tableShape(3, 10);
    TableStride tableStride(10, int64_t{1});
    GlobalTensor<float, TableShape, TableStride> tableGM(table.data(), tableShape, tableStride);
    DstTileT dstTile(1, 9);
    IdxTileT idxTile(1, 9);
    TASSIGN(idxTile, 0x0);
    TASSIGN(dstTile, 0x100);
    const int32_t idx[9] = {29, 0, 13, 5, 22, 10, 29, 7, 1};
    for (int c = 0; c < 9; ++c)
        idxTile.SetElement(0, c, idx[c]);
    MGATHER<Coalesce::Elem, GatherOOB::Undefined>(dstTile, tableGM, idxTile);
    for (int c = 0; c < 9; ++c)
        EXPECT_EQ(dstTile.GetElement(0, c), 100.0f + static_cast<float>(idx[c]));
}

TEST_P(MGatherTest, DefaultIsRowModeAndAcceptsEvents) {
    using Dst = Tile<TileType::Vec, int16_t, 4, 16>;
    using Table = GlobalTensor<int16_t, Shape<1, 1, 1, 6, 16>, Stride<1, 1, 1, 16, 1>>;
    std::vector<int16_t> table(6 * 16);
    for (int i = 0; i < 6 * 16; ++i)
        table[i] = static_cast<int16_t>(i * 3 - 50);
    Table t(table.data());
    Dst dst;
    Tile<TileType::Vec, uint32_t, 1, 8, BLayout::RowMajor, 1, 4> idx;
    const uint32_t rows[4] = {5, 0, 3, 5};
    for (int r = 0; r < 4; ++r)
        idx.SetElement(0, r, rows[r]);
    Event<Op::TLOAD, Op::SCALAR> e1;
    RecordEvent done = MGATHER(dst, t, idx, e1);
    (void)done;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 16; ++c)
            EXPECT_EQ(dst.GetElement(r, c), table[rows[r] * 16 + c]);
}

// The position of (r, c) in an NZ tile of `rows` rows with C0 = c0 columns per box.
std::size_t nz_offset(int r, int c, int rows, int c0) {
    return static_cast<std::size_t>((c / c0) * rows * c0 + r * c0 + c % c0);
}

template <typename T, GatherOOB Oob>
void L1RowCase(uint32_t seed) {
    constexpr int R = 32, C = 64, kTableRows = 10;
    constexpr int c0 = 32 / static_cast<int>(sizeof(T));
    std::mt19937 rng(seed);
    using Dst = Tile<TileType::Mat, T, R, C, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 512>;
    using Table = GlobalTensor<T, Shape<1, 1, 1, kTableRows, 40>, Stride<1, 1, 1, 48, 1>>;
    using IdxG = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 20>, Stride<1, 1, 1, 20, 1>>;
    auto table = make_table<T>(kTableRows * 48, rng);
    auto ix = make_indices<int32_t>(20, kTableRows, Oob, rng);
    Table t(table.data());
    IdxG idx(ix.data());
    Dst dst(20, 40);
    TASSIGN(dst, 0x0);
    const auto sentinel = from_bits<T>(0x77u * 0x0101010101010101ull);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            dst.SetElement(r, c, sentinel);
    MGATHER<Coalesce::Row, Oob>(dst, t, idx);
    const T* raw = dst.data();
    for (int r = 0; r < R; ++r) {
        for (int c = 0; c < C; ++c) {
            // Only the valid region is written, except that Zero clears the whole tile first.
            uint64_t want = Oob == GatherOOB::Zero ? 0 : bits_of(sentinel);
            if (r < 20 && c < 40) {
                const int64_t s = expected_slot(static_cast<uint32_t>(ix[r]), kTableRows, Oob);
                want = s < 0 ? 0 : bits_of(table[s * 48 + c]);
            }
            ASSERT_EQ(bits_of(raw[nz_offset(r, c, R, c0)]), want) << "r=" << r << " c=" << c;
        }
    }
}

template <typename T, GatherOOB Oob, GatherExec Exec = GatherExec::Scalar>
void L1ElemCase(uint32_t seed) {
    constexpr int R = 16, C = 64, kTable = 300;
    constexpr int c0 = 32 / static_cast<int>(sizeof(T));
    std::mt19937 rng(seed);
    using Dst = Tile<TileType::Mat, T, R, C, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 512>;
    using Table = GlobalTensor<T, Shape<1, 1, 1, 1, kTable>, Stride<1, 1, 1, kTable, 1>>;
    using IdxG = GlobalTensor<uint32_t, Shape<1, 1, 1, 13, 37>, Stride<1, 1, 1, 40, 1>>;  // padded rows
    using Scratch = GlobalTensor<T, Shape<1, 1, 1, 1, R * C>, Stride<1, 1, 1, R * C, 1>>;
    auto table = make_table<T>(kTable, rng);
    auto ix = make_indices<uint32_t>(13 * 40, kTable, Oob, rng);
    std::vector<T> scratch(R * C + 4, from_bits<T>(0x33u * 0x0101010101010101ull));
    Table t(table.data());
    IdxG idx(ix.data());
    Scratch s(scratch.data());
    Dst dst(13, 37);
    TASSIGN(dst, 0x0);
    MGATHER<Coalesce::Elem, Oob, Exec>(dst, t, idx, s);
    const T* raw = dst.data();
    for (int r = 0; r < R; ++r) {
        for (int c = 0; c < C; ++c) {
            uint64_t want = 0;  // the staged tile is all zero outside the valid region
            if (r < 13 && c < 37) {
                const int64_t slot = expected_slot(ix[r * 40 + c], kTable, Oob);
                want = slot < 0 ? 0 : bits_of(table[slot]);
            }
            const std::size_t at = nz_offset(r, c, R, c0);
            ASSERT_EQ(bits_of(raw[at]), want) << "r=" << r << " c=" << c;
            ASSERT_EQ(bits_of(scratch[at]), want) << "scratch r=" << r << " c=" << c;
        }
    }
    EXPECT_EQ(bits_of(scratch[R * C]), bits_of(from_bits<T>(0x33u * 0x0101010101010101ull)));
}

TEST_P(MGatherTest, GmToL1Rows) {
    L1RowCase<float, GatherOOB::Undefined>(1);
    L1RowCase<half, GatherOOB::Clamp>(2);
    L1RowCase<int8_t, GatherOOB::Wrap>(3);
    L1RowCase<uint16_t, GatherOOB::Zero>(4);
    L1RowCase<int32_t, GatherOOB::Zero>(5);
}

TEST_P(MGatherTest, GmToL1ElemsThroughTheScratchTensor) {
    L1ElemCase<float, GatherOOB::Undefined>(11);
    L1ElemCase<bfloat16_t, GatherOOB::Clamp>(12);
    L1ElemCase<uint8_t, GatherOOB::Wrap>(13);
    L1ElemCase<int16_t, GatherOOB::Zero>(14);
    if constexpr (ptosim::kArch != ptosim::Arch::A2A3)
        L1ElemCase<uint32_t, GatherOOB::Zero, GatherExec::Simt>(15);
}

// A linear-probing hash lookup (pto-isa's hashfind, reduced): every probe gathers keys and values with
// Coalesce::Elem through uint32_t slot indices.
AICORE void Probe(__gm__ int32_t* out, __gm__ int32_t* keys, __gm__ int32_t* vals, __gm__ int32_t* queries) {
    constexpr int kCap = 64;
    using T = Tile<TileType::Vec, int32_t, 2, 8>;
    using U = Tile<TileType::Vec, uint32_t, 2, 8>;
    using Table = GlobalTensor<int32_t, Shape<1, 1, 1, 1, kCap>, Stride<1, 1, 1, kCap, 1>>;
    using G = GlobalTensor<int32_t, Shape<1, 1, 1, 2, 8>, Stride<1, 1, 1, 8, 1>>;
    Table k(keys), v(vals);
    G q(queries), o(out);
    T qt, kt, vt, ot;
    U slot;
    TLOAD(qt, q);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c) {
            slot.SetElement(r, c, static_cast<uint32_t>(qt.GetElement(r, c)) * 7u % kCap);
            ot.SetElement(r, c, -1);
        }
    for (int probe = 0; probe < kCap; ++probe) {
        MGATHER<Coalesce::Elem>(kt, k, slot);
        MGATHER<Coalesce::Elem>(vt, v, slot);
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 8; ++c) {
                if (ot.GetElement(r, c) == -1 && kt.GetElement(r, c) == qt.GetElement(r, c))
                    ot.SetElement(r, c, vt.GetElement(r, c));
                slot.SetElement(r, c, (slot.GetElement(r, c) + 1) % kCap);
            }
    }
    TSTORE(o, ot);
}

TEST_P(MGatherTest, HashProbeKernel) {
    constexpr int kCap = 64;
    std::vector<int32_t> keys(kCap, -7), vals(kCap, 0), queries(16), out(16, 0);
    for (int32_t key = 3; key < 3 + 30; ++key) {  // insert 30 keys by linear probing
        uint32_t s = static_cast<uint32_t>(key) * 7u % kCap;
        while (keys[s] != -7)
            s = (s + 1) % kCap;
        keys[s] = key;
        vals[s] = key * 10 + 1;
    }
    for (int i = 0; i < 16; ++i)
        queries[i] = i * 3;  // some present (3..32), some absent
    ptosim::launch(1, Probe, out.data(), keys.data(), vals.data(), queries.data());
    for (int i = 0; i < 16; ++i) {
        const int32_t qv = queries[i];
        EXPECT_EQ(out[i], qv >= 3 && qv < 33 ? qv * 10 + 1 : -1) << "query " << qv;
    }
}

TEST_P(MGatherTest, RunTimeChecksLeaveTheDestinationUntouched) {
    using Dst = Tile<TileType::Vec, float, 2, 8, BLayout::RowMajor, -1, -1>;
    using Idx = Tile<TileType::Vec, int32_t, 2, 8, BLayout::RowMajor, -1, -1>;
    using Table = GlobalTensor<float, Shape<1, 1, 1, 1, -1>, Stride<1, 1, 1, 1, 1>>;
    Dst dst(2, 8);
    Idx idx(2, 8);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c) {
            idx.SetElement(r, c, r * 8 + c);
            dst.SetElement(r, c, -3.0f);
        }
    std::vector<float> table(16, 1.0f);
    Table t(table.data(), Table::Shape(15));
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(dst, t, idx),
                       "MGATHER: index outside the table (GatherOOB::Undefined; use Clamp, Wrap or Zero to "
                       "allow it) (idx.row=1, idx.col=7, index=15, tableSize=15)");
    idx.SetElement(0, 2, -1);
    Table full(table.data(), Table::Shape(16));
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(dst, full, idx),
                       "(idx.row=0, idx.col=2, index=-1, tableSize=16)");
    EXPECT_EQ(dst.GetElement(1, 7), -3.0f);
    Idx narrow(2, 7);
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(dst, full, narrow),
                       "MGATHER: Coalesce::Elem needs idx with the valid shape of dst");
    EXPECT_CHECK_FAILS(MGATHER(dst, full, idx), "MGATHER: Coalesce::Row needs one index per destination row");
    // Row mode: a table narrower than dst's valid columns.
    using Narrow = GlobalTensor<float, Shape<1, 1, 1, 2, 4>, Stride<1, 1, 1, 4, 1>>;
    Narrow nt(table.data());
    Tile<TileType::Vec, int32_t, 1, 8, BLayout::RowMajor, 1, -1> rows(2);
    rows.SetElement(0, 0, 0);
    rows.SetElement(0, 1, 1);
    EXPECT_CHECK_FAILS(MGATHER(dst, nt, rows),
                       "MGATHER: Coalesce::Row needs table rows at least as wide as dst's valid columns");
    // Padded strides cannot serve flat element indices.
    using Strided = GlobalTensor<float, Shape<1, 1, 1, 2, 4>, Stride<1, 1, 1, 8, 1>>;
    Strided st(table.data());
    Idx small(2, 8);
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(dst, st, small),
                       "MGATHER: Coalesce::Elem needs a contiguous ND");
    EXPECT_EQ(dst.GetElement(0, 0), -3.0f);
    // dst and idx sharing storage.
    Tile<TileType::Vec, int32_t, 2, 8, BLayout::RowMajor, -1, -1> alias(2, 8), alias_idx(2, 8);
    TASSIGN(alias, 0x0);
    TASSIGN(alias_idx, 0x20);
    using ITable = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 4>, Stride<1, 1, 1, 4, 1>>;
    std::vector<int32_t> itable(4, 0);
    ITable it(itable.data());
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(alias, it, alias_idx),
                       "MGATHER: a destination tile must not overlap another operand");
}

TEST_P(MGatherTest, GlobalTensorsMustStayInsideTheirAllocations) {
    using Dst = Tile<TileType::Vec, float, 1, 8>;
    using Idx = Tile<TileType::Vec, uint32_t, 1, 8>;
    using Table = GlobalTensor<float, Shape<1, 1, 1, 1, -1>, Stride<1, 1, 1, 1, 1>>;
    Dst dst;
    Idx idx;
    for (int c = 0; c < 8; ++c) {
        idx.SetElement(0, c, static_cast<uint32_t>(7 - c));
        dst.SetElement(0, c, -1.0f);
    }
    void* mem = nullptr;
    ASSERT_EQ(aclrtMalloc(&mem, 8 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    auto* gm = static_cast<float*>(mem);
    for (int i = 0; i < 8; ++i)
        gm[i] = static_cast<float>(i);
    // The table claims 9 elements of an 8-element allocation: rejected although every index is below 8.
    Table too_long(gm, Table::Shape(9)), exact(gm, Table::Shape(8));
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(dst, too_long, idx),
                       "MGATHER: global tensor reaches outside its allocation (operand=table, first_byte=0, "
                       "end_byte=36, allocation_bytes=32)");
    EXPECT_EQ(dst.GetElement(0, 0), -1.0f);
    MGATHER<Coalesce::Elem>(dst, exact, idx);
    EXPECT_EQ(dst.GetElement(0, 0), 7.0f);

    // GM -> L1 Elem: a scratch tensor in an allocation too small for the 16 x 8 tile.
    using L1 = Tile<TileType::Mat, float, 16, 8, BLayout::ColMajor, 16, 8, SLayout::RowMajor, 512>;
    using IdxG = GlobalTensor<int32_t, Shape<1, 1, 1, 16, 8>, Stride<1, 1, 1, 8, 1>>;
    using ScratchG = GlobalTensor<float, Shape<1, 1, 1, 1, 128>, Stride<1, 1, 1, 128, 1>>;
    std::vector<int32_t> l1_idx(128, 3);
    IdxG gidx(l1_idx.data());
    void* small = nullptr;
    ASSERT_EQ(aclrtMalloc(&small, 100 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ScratchG scratch(static_cast<float*>(small));
    L1 l1;
    TASSIGN(l1, 0x0);
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(l1, exact, gidx, scratch),
                       "MGATHER: global tensor reaches outside its allocation (operand=scratch");
    using ShortScratch = GlobalTensor<float, Shape<1, 1, 1, 1, 100>, Stride<1, 1, 1, 100, 1>>;
    ShortScratch short_scratch(static_cast<float*>(small));
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(l1, exact, gidx, short_scratch),
                       "MGATHER: the scratch tensor must hold the whole destination tile");
    // A scratch tensor overlapping the table: the device would overwrite table elements before reading them.
    std::vector<float> shared(200, 1.0f);
    Table in_shared(shared.data(), Table::Shape(8));
    ScratchG overlapping(shared.data() + 4);
    EXPECT_CHECK_FAILS(MGATHER<Coalesce::Elem>(l1, in_shared, gidx, overlapping),
                       "MGATHER: the scratch tensor must not overlap the table or the index tensor");
    EXPECT_EQ(shared[4], 1.0f);
    ASSERT_EQ(aclrtFree(small), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(mem), ACL_SUCCESS);
}

}  // namespace
