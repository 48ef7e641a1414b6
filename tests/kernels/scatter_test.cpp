// MSCATTER kernels against a reference written in this test from pto-isa's page: both Coalesce modes, every
// source dtype, both index dtypes, every atomic operation its dtypes allow, every out-of-bounds policy (with
// negative, too large and colliding indices), row- and column-major operands, partial valid regions, strided
// tables (Row), and every run-time rule, which must leave the table and the UB untouched.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/scatter.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class ScatterKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(ScatterKernel);

constexpr DType kSrcDtypes[] = {DType::S8,  DType::U8,  DType::S16,  DType::U16, DType::S32,
                                DType::U32, DType::F16, DType::BF16, DType::F32};

uint64_t load_bits(const std::byte* p, std::size_t size) {
    uint64_t v = 0;
    std::memcpy(&v, p, size);  // little-endian host
    return v;
}
void store_bits(std::byte* p, std::size_t size, uint64_t v) {
    std::memcpy(p, &v, size);
}

int64_t sign_extend(uint64_t bits, std::size_t size) {
    const int shift = 64 - 8 * static_cast<int>(size);
    return static_cast<int64_t>(bits << shift) >> shift;
}

// The reference combine of pto-isa's atomic operations, on bit patterns.
uint64_t combine(DType t, uint64_t old, uint64_t v, ScatterAtomic op) {
    const std::size_t size = dtype_size(t);
    const uint64_t mask = size == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * size)) - 1;
    switch (op) {
        case ScatterAtomic::None:
            return v;
        case ScatterAtomic::Add: {
            // Floating sums round once; a NaN sum is the canonical quiet NaN.
            if (t == DType::F32) {
                const float sum = std::bit_cast<float>(static_cast<uint32_t>(old)) +
                                  std::bit_cast<float>(static_cast<uint32_t>(v));
                return std::isnan(sum) ? 0x7FC00000u : std::bit_cast<uint32_t>(sum);
            }
            if (t == DType::F16 || t == DType::BF16) {
                auto value = [t](uint64_t b) {
                    const auto h = static_cast<uint16_t>(b);
                    return double(t == DType::F16 ? float(float16::from_bits(h))
                                                  : float(bfloat16::from_bits(h)));
                };
                const double sum = value(old) + value(v);
                if (std::isnan(sum))
                    return t == DType::F16 ? 0x7E00u : 0x7FC0u;
                return t == DType::F16 ? float16(sum).bits() : bfloat16(sum).bits();
            }
            return (old + v) & mask;  // two's complement wraps
        }
        default: {
            bool greater;  // v > old
            if (t == DType::F32) {
                greater = std::bit_cast<float>(static_cast<uint32_t>(v)) >
                          std::bit_cast<float>(static_cast<uint32_t>(old));
            } else if (dtype_is_signed_int(t)) {
                greater = sign_extend(v, size) > sign_extend(old, size);
            } else {
                greater = v > old;
            }
            bool less;
            if (t == DType::F32) {
                less = std::bit_cast<float>(static_cast<uint32_t>(v)) <
                       std::bit_cast<float>(static_cast<uint32_t>(old));
            } else if (dtype_is_signed_int(t)) {
                less = sign_extend(v, size) < sign_extend(old, size);
            } else {
                less = v < old;
            }
            return (op == ScatterAtomic::Max ? greater : less) ? v : old;
        }
    }
}

// A global-memory table: its bytes and the view the kernel writes through.
struct Table {
    std::vector<std::byte> bytes;
    GlobalView view;
    int64_t capacity = 0;  // Elem: elements; Row: rows
};

// Elem: a packed 5-D tensor. Row: rows x cols with row stride `pitch` >= cols (a padded ND tensor split over
// dims 2 and 3).
Table make_table(DType t, Coalesce mode, int64_t capacity, int32_t cols, int64_t pitch,
                 std::mt19937_64& rng) {
    Table tb;
    const std::size_t es = dtype_size(t);
    tb.capacity = capacity;
    GlobalView& g = tb.view;
    g.dtype = t;
    int64_t elements;
    if (mode == Coalesce::Elem) {
        // capacity = a * b * c with the innermost dims 2 and 3 packed.
        const int64_t c = capacity % 3 == 0 ? 3 : 1, b = capacity % 6 == 0 ? 2 : 1;
        const int64_t a = capacity / (b * c);
        g.shape[0] = 1;
        g.shape[1] = 1;
        g.shape[2] = a;
        g.shape[3] = b;
        g.shape[4] = c;
        g.stride[4] = 1;
        g.stride[3] = c;
        g.stride[2] = b * c;
        g.stride[1] = a * b * c;
        g.stride[0] = a * b * c;
        elements = capacity;
    } else {
        const int64_t outer = capacity % 2 == 0 ? 2 : 1;
        g.shape[2] = outer;
        g.shape[3] = capacity / outer;
        g.shape[4] = cols;
        g.stride[4] = 1;
        g.stride[3] = pitch;
        g.stride[2] = pitch * (capacity / outer);
        elements = pitch * capacity;
    }
    tb.bytes.resize(static_cast<std::size_t>(elements) * es + 64);
    for (auto& b : tb.bytes)
        b = static_cast<std::byte>(rng());
    g.data = tb.bytes.data();
    return tb;
}

int64_t read_index(const TileView& idx, int32_t r, int32_t c) {
    const uint64_t bits = load_bits(idx.at(r, c), 4);
    return idx.dtype == DType::S32 ? sign_extend(bits, 4) : static_cast<int64_t>(bits);
}

// The reference: row-major source order, remap per policy, combine.
void reference(Table& tb, const TileView& src, const TileView& idx, ScatterPolicy p) {
    const std::size_t es = src.elem_size();
    auto slot_of = [&](int64_t i) -> int64_t {
        if (i >= 0 && i < tb.capacity)
            return i;
        switch (p.oob) {
            case ScatterOob::Skip:
                return -1;
            case ScatterOob::Clamp:
                return i < 0 ? 0 : tb.capacity - 1;
            case ScatterOob::Wrap:
                return ((i % tb.capacity) + tb.capacity) % tb.capacity;
            default:
                ADD_FAILURE() << "an out-of-range index reached the reference with ScatterOOB::Undefined";
                return -1;
        }
    };
    auto write = [&](std::byte* slot, const std::byte* value) {
        store_bits(slot, es, combine(src.dtype, load_bits(slot, es), load_bits(value, es), p.atomic));
    };
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        if (p.mode == Coalesce::Row) {
            const bool one_row = idx.valid_rows == 1 && idx.valid_cols == src.valid_rows;
            const int64_t row = slot_of(one_row ? read_index(idx, 0, r) : read_index(idx, r, 0));
            if (row < 0)
                continue;
            for (int32_t c = 0; c < src.valid_cols; ++c)
                write(tb.view.data + (row * tb.view.stride[3] + c) * static_cast<int64_t>(es), src.at(r, c));
        } else {
            for (int32_t c = 0; c < src.valid_cols; ++c) {
                const int64_t slot = slot_of(read_index(idx, r, c));
                if (slot >= 0)
                    write(tb.view.data + slot * static_cast<int64_t>(es), src.at(r, c));
            }
        }
    }
}

bool atomic_ok(ScatterAtomic op, DType t) {
    switch (op) {
        case ScatterAtomic::None:
            return true;
        case ScatterAtomic::Add:
            return isa::kScatterAdd.any().contains(t);
        default:
            return isa::kScatterMinMax.any().contains(t);
    }
}

struct Shape {
    int32_t rows, valid_rows, valid_cols;
};
constexpr Shape kShapes[] = {{1, 1, 1}, {3, 3, 37}, {8, 5, 64}, {2, 2, 1}, {16, 16, 9}};

// Indices: in range (with collisions) or, for the non-Undefined policies, also negative and too large.
int64_t random_index(std::mt19937_64& rng, int64_t capacity, bool outside, bool is_signed) {
    const auto r = rng() % 16;
    if (outside && r == 0)
        return capacity + static_cast<int64_t>(rng() % 50);
    if (outside && r == 1 && is_signed)
        return -1 - static_cast<int64_t>(rng() % 50);
    if (outside && r == 2)
        return is_signed ? INT32_MAX : static_cast<int64_t>(UINT32_MAX);
    return static_cast<int64_t>(rng() % static_cast<uint64_t>(capacity));
}

void run_case(std::mt19937_64& rng, DType t, DType it, Coalesce mode, ScatterAtomic op, ScatterOob oob,
              const Shape& s, bool col_major_src, bool col_major_idx) {
    UbTiles tiles(rng);
    const std::size_t es = dtype_size(t);
    const Layout src_layout = col_major_src ? Layout::col_major(row_major_cols(es, s.rows), s.valid_cols + 3)
                                            : Layout::row_major(s.rows, row_major_cols(es, s.valid_cols, 1));
    TileView src = tiles.place(t, src_layout, s.valid_rows, s.valid_cols);
    TileView idx;
    if (mode == Coalesce::Elem) {
        idx = tiles.place(it,
                          col_major_idx ? Layout::col_major(row_major_cols(4, s.rows), s.valid_cols + 1)
                                        : Layout::row_major(s.rows, row_major_cols(4, s.valid_cols)),
                          s.valid_rows, s.valid_cols);
    } else if (col_major_idx) {
        idx = tiles.place(it, Layout::col_major(row_major_cols(4, s.rows), 1), s.valid_rows, 1);
    } else {
        idx = tiles.place(it, Layout::row_major(1, row_major_cols(4, s.valid_rows)), 1, s.valid_rows);
    }
    const int64_t capacity = mode == Coalesce::Elem ? 6 * (1 + static_cast<int64_t>(rng() % 20)) : 1 + s.rows;
    Table table = make_table(t, mode, capacity, s.valid_cols, s.valid_cols + 3, rng);
    const bool outside = oob != ScatterOob::Undefined;
    for (int32_t r = 0; r < idx.valid_rows; ++r) {
        for (int32_t c = 0; c < idx.valid_cols; ++c)
            store_bits(idx.at(r, c), 4,
                       static_cast<uint64_t>(random_index(rng, capacity, outside, it == DType::S32)));
    }
    for (int32_t r = 0; r < s.valid_rows; ++r) {
        for (int32_t c = 0; c < s.valid_cols; ++c)
            store_bits(src.at(r, c), es, rng());
    }
    Table want = table;
    want.view.data = want.bytes.data();
    const ScatterPolicy policy{mode, op, oob};
    reference(want, src, idx, policy);
    UbImage image;
    ops::mscatter(table.view, src, idx, policy);
    ASSERT_TRUE(image.matches_ub()) << "MSCATTER wrote to the UB";
    ASSERT_TRUE(table.bytes == want.bytes) << "table differs";
}

TEST_P(ScatterKernel, SweepModesDtypesPoliciesAndShapes) {
    std::mt19937_64 rng(31);
    for (Coalesce mode : {Coalesce::Elem, Coalesce::Row}) {
        for (DType t : kSrcDtypes) {
            for (ScatterAtomic op :
                 {ScatterAtomic::None, ScatterAtomic::Add, ScatterAtomic::Max, ScatterAtomic::Min}) {
                if (!atomic_ok(op, t))
                    continue;
                for (ScatterOob oob :
                     {ScatterOob::Undefined, ScatterOob::Skip, ScatterOob::Clamp, ScatterOob::Wrap}) {
                    for (int pick = 0; pick < 2; ++pick) {
                        // The shape, the index dtype and the operand layouts vary from case to case (the UB
                        // fill that every case starts with makes a full product too slow for six backends).
                        const Shape& s = kShapes[rng() % std::size(kShapes)];
                        const DType it = rng() % 2 ? DType::S32 : DType::U32;
                        const auto layouts = static_cast<int>(rng() % 4);
                        SCOPED_TRACE(::testing::Message()
                                     << coalesce_name(mode) << " " << dtype_name(t) << " atomic "
                                     << scatter_atomic_name(op) << " oob " << static_cast<int>(oob) << " idx "
                                     << dtype_name(it) << " valid " << s.valid_rows << "x" << s.valid_cols
                                     << " layouts " << layouts);
                        run_case(rng, t, it, mode, op, oob, s, layouts & 1, layouts & 2);
                        if (HasFatalFailure())
                            return;
                    }
                }
            }
        }
    }
}

TEST_P(ScatterKernel, LastWriteWinsAndAddAccumulates) {
    // Every element targets slot 2: plain writes leave the last one, Add sums them all.
    std::mt19937_64 rng(32);
    UbTiles tiles(rng);
    TileView src = tiles.place(DType::S32, 2, 8, 2, 5);
    TileView idx = tiles.place(DType::U32, 2, 8, 2, 5);
    for (int32_t r = 0; r < 2; ++r) {
        for (int32_t c = 0; c < 5; ++c) {
            ptosim::testing::at<int32_t>(src, r, c) = 10 * r + c;
            ptosim::testing::at<uint32_t>(idx, r, c) = 2;
        }
    }
    std::vector<int32_t> table(4, 100);
    GlobalView g;
    g.data = reinterpret_cast<std::byte*>(table.data());
    g.dtype = DType::S32;
    g.shape[4] = 4;
    ops::mscatter(g, src, idx, {Coalesce::Elem, ScatterAtomic::None, ScatterOob::Undefined});
    EXPECT_EQ(table, (std::vector<int32_t>{100, 100, 14, 100}));
    ops::mscatter(g, src, idx, {Coalesce::Elem, ScatterAtomic::Add, ScatterOob::Undefined});
    EXPECT_EQ(table, (std::vector<int32_t>{100, 100, 14 + 10 + 60, 100}));
    ops::mscatter(g, src, idx, {Coalesce::Elem, ScatterAtomic::Min, ScatterOob::Undefined});
    EXPECT_EQ(table[2], 0);
}

TEST_P(ScatterKernel, HalfAddRoundsOnce) {
    // 2048 + 1 is not a half; the sum rounds to even (2048), and 2049 + ... stays exact where it can.
    std::mt19937_64 rng(33);
    UbTiles tiles(rng);
    TileView src = tiles.place(DType::F16, 1, 16, 1, 1);
    TileView idx = tiles.place(DType::S32, 1, 8, 1, 1);
    ptosim::testing::at<float16>(src, 0, 0) = float16(1.0f);
    ptosim::testing::at<int32_t>(idx, 0, 0) = 0;
    std::vector<float16> table = {float16(2048.0f), float16(0.0f)};
    GlobalView g;
    g.data = reinterpret_cast<std::byte*>(table.data());
    g.dtype = DType::F16;
    g.shape[4] = 2;
    ops::mscatter(g, src, idx, {Coalesce::Elem, ScatterAtomic::Add, ScatterOob::Undefined});
    EXPECT_EQ(static_cast<float>(table[0]), 2048.0f);
    table[0] = float16(2050.0f);
    ops::mscatter(g, src, idx, {Coalesce::Elem, ScatterAtomic::Add, ScatterOob::Undefined});
    EXPECT_EQ(static_cast<float>(table[0]), 2052.0f);  // 2051 is a tie: to even
}

// Each run-time rule: the check fails with its message, and neither the table nor the UB changes.
class ScatterRules : public ScatterKernel {
  protected:
    std::mt19937_64 rng{34};
    UbTiles tiles{rng};
    TileView src = tiles.place(DType::U32, 4, 16, 4, 10);
    TileView idx = tiles.place(DType::U32, 4, 16, 4, 10);
    TileView row_idx = tiles.place(DType::U32, 1, 8, 1, 4);
    std::vector<uint32_t> table = std::vector<uint32_t>(64, 7);
    GlobalView g;

    void SetUp() override {
        ScatterKernel::SetUp();
        for (int32_t r = 0; r < 4; ++r) {
            for (int32_t c = 0; c < 10; ++c)
                ptosim::testing::at<uint32_t>(idx, r, c) = static_cast<uint32_t>(r * 10 + c);
            ptosim::testing::at<uint32_t>(row_idx, 0, r) = static_cast<uint32_t>(r);
        }
        g.data = reinterpret_cast<std::byte*>(table.data());
        g.dtype = DType::U32;
        g.shape[4] = 64;
    }
    void expect_fails(const GlobalView& t, const TileView& s, const TileView& i, ScatterPolicy p,
                      const std::string& text) {
        const std::vector<uint32_t> before = table;
        UbImage image;
        EXPECT_CHECK_FAILS(ops::mscatter(t, s, i, p), text);
        EXPECT_TRUE(image.matches_ub());
        EXPECT_TRUE(table == before) << "the table changed";
    }
};
PTOSIM_INSTANTIATE_KERNEL_TEST(ScatterRules);

constexpr ScatterPolicy kElem{Coalesce::Elem, ScatterAtomic::None, ScatterOob::Undefined};
constexpr ScatterPolicy kRow{Coalesce::Row, ScatterAtomic::None, ScatterOob::Undefined};

TEST_P(ScatterRules, IndexOutsideTheTable) {
    ptosim::testing::at<uint32_t>(idx, 3, 9) = 64;
    expect_fails(
        g, src, idx, kElem,
        "MSCATTER: index outside the table (ScatterOOB::Undefined; use Skip, Clamp or Wrap to allow it) "
        "(idx.row=3, idx.col=9, index=64, tableSize=64)");
    TileView s32 = idx;
    s32.dtype = DType::S32;
    ptosim::testing::at<int32_t>(idx, 3, 9) = -1;
    expect_fails(g, src, s32, kElem, "index=-1");
    // The other policies accept it.
    ops::mscatter(g, src, s32, {Coalesce::Elem, ScatterAtomic::None, ScatterOob::Skip});
}

TEST_P(ScatterRules, ElemIndexShape) {
    TileView i = idx;
    i.valid_cols = 9;
    expect_fails(g, src, i, kElem, "MSCATTER: Coalesce::Elem needs idx with the valid shape of src");
}

TEST_P(ScatterRules, RowIndexShapeAndTableWidth) {
    expect_fails(g, src, idx, kRow, "MSCATTER: Coalesce::Row needs one index per source row");
    GlobalView rows = g;
    rows.shape[3] = 6;
    rows.shape[4] = 10;
    rows.stride[3] = 10;
    ops::mscatter(rows, src, row_idx, kRow);  // 6 rows of 10
    GlobalView narrow = rows;
    narrow.shape[4] = 8;
    expect_fails(narrow, src, row_idx, kRow,
                 "MSCATTER: Coalesce::Row needs table rows as wide as src (shape[4] == src valid columns) "
                 "(table.shape4=8, src.validCol=10)");
    ptosim::testing::at<uint32_t>(row_idx, 0, 2) = 6;
    expect_fails(rows, src, row_idx, kRow, "(idx.row=0, idx.col=2, index=6, tableRows=6)");
}

TEST_P(ScatterRules, TableForm) {
    GlobalView t = g;
    t.layout = GlobalLayout::DN;
    expect_fails(t, src, idx, kElem, "MSCATTER: the table must be a Layout::ND global tensor");
    t = g;
    t.dtype = DType::S32;
    expect_fails(t, src, idx, kElem, "MSCATTER: the table and src must have the same element type");
    t = g;
    t.shape[3] = 2;
    t.shape[4] = 30;
    t.stride[3] = 32;  // rows padded: not one flat array
    expect_fails(t, src, idx, kElem, "MSCATTER: Coalesce::Elem needs a contiguous table");
    t = g;
    t.data = nullptr;
    expect_fails(t, src, idx, kElem, "MSCATTER: table has no address");
    t = g;
    t.shape[0] = 0;
    expect_fails(t, src, idx, kElem, "MSCATTER: table shape extents must be in 1..2^31-1");
}

TEST_P(ScatterRules, Dtypes) {
    TileView i = idx;
    i.dtype = DType::U16;
    expect_fails(g, src, i, kElem, "MSCATTER: element type not supported by the instruction (operand=idx");
    TileView s = tiles.place(DType::U16, 4, 16, 4, 10);
    GlobalView t = g;
    t.dtype = DType::U16;
    expect_fails(t, s, idx, {Coalesce::Elem, ScatterAtomic::Max, ScatterOob::Undefined},
                 "MSCATTER (ScatterAtomicOp::Max/Min): element type not supported");
    TileView s8 = tiles.place(DType::U8, 4, 32, 4, 10);
    t.dtype = DType::U8;
    expect_fails(
        t, s8, idx, {Coalesce::Elem, ScatterAtomic::Add, ScatterOob::Undefined},
        "MSCATTER (ScatterAtomicOp::Add): element type not supported by the instruction (operand=src, "
        "dtype=uint8_t, allowed=float, half, bfloat16_t, int32_t, int16_t, int8_t, uint32_t)");
    TileView s64 = tiles.place(DType::U64, 4, 16, 4, 10);
    t.dtype = DType::U64;
    expect_fails(t, s64, idx, kElem, "MSCATTER: element type not supported by the instruction (operand=src");
}

TEST_P(ScatterRules, Layouts) {
    TileView boxed = src;
    boxed.layout = Layout::boxed(Layout::Kind::Zz, 4, 16, 2, 8);
    expect_fails(g, boxed, idx, kElem, "MSCATTER: src must be row-major or column-major (no boxed layout)");
    TileView empty = src;
    empty.valid_cols = 0;
    TileView empty_idx = idx;
    empty_idx.valid_cols = 0;
    expect_fails(g, empty, empty_idx, kElem, "MSCATTER: src must have at least one valid element");
}

TEST_P(ScatterRules, PolicyValues) {
    expect_fails(g, src, idx, {static_cast<Coalesce>(2), ScatterAtomic::None, ScatterOob::Undefined},
                 "MSCATTER: Coalesce mode must be Row or Elem");
    expect_fails(g, src, idx, {Coalesce::Elem, static_cast<ScatterAtomic>(4), ScatterOob::Undefined},
                 "MSCATTER: ScatterAtomicOp must be None, Add, Max or Min");
    expect_fails(g, src, idx, {Coalesce::Elem, ScatterAtomic::None, static_cast<ScatterOob>(4)},
                 "MSCATTER: ScatterOOB must be Undefined, Skip, Clamp or Wrap");
}

}  // namespace
