// The instruction table: ids from the 0.56 selector table (+ the 0.57.1 interleave ids), schemas, lookups.
#include <gtest/gtest.h>

#include <set>

#include "ptosim/isa/table.hpp"

namespace {

using ptosim::isa::find_op;
using ptosim::isa::kOps;

TEST(IsaTable, SeedIdsMatchTheSpec) {
    EXPECT_EQ(find_op("THISTOGRAM")->id, 0x68);
    EXPECT_EQ(find_op("TCMP")->id, 0x0D);
    EXPECT_EQ(find_op("TCMPS")->id, 0x2D);
    EXPECT_EQ(find_op("TDEINTERLEAVE")->id, 0x78);
    EXPECT_EQ(find_op("TINTERLEAVE")->id, 0x79);
    EXPECT_EQ(find_op("TCVT")->id, 0x1B);
    EXPECT_EQ(find_op("TEXPANDS")->id, 0x3B);
    EXPECT_EQ(find_op("TCOLEXPANDEXPDIF")->id, 0x5B);
    EXPECT_EQ(find_op(0x68)->name, "THISTOGRAM");
    EXPECT_EQ(find_op(0x68)->mode(), 3u);
    EXPECT_EQ(find_op(0x68)->function(), 8u);
}

TEST(IsaTable, EveryModeOfThe056TableIsPresent) {
    // encoding.md §4.1: Mode 0 functions 0..27, Mode 1 0..14 and 24..27, Mode 2 0..11 and 16..27,
    // Mode 3 THISTOGRAM (8), ESAVE (30), ERCOV (31); plus 0.57.1 TDEINTERLEAVE/TINTERLEAVE (24, 25).
    std::set<unsigned> expected;
    for (unsigned f = 0; f <= 27; ++f)
        expected.insert(f);
    for (unsigned f = 0; f <= 14; ++f)
        expected.insert(32 + f);
    for (unsigned f = 24; f <= 27; ++f)
        expected.insert(32 + f);
    for (unsigned f = 0; f <= 11; ++f)
        expected.insert(64 + f);
    for (unsigned f = 16; f <= 27; ++f)
        expected.insert(64 + f);
    for (unsigned f : {8u, 24u, 25u, 30u, 31u})
        expected.insert(96 + f);
    std::set<unsigned> ids;
    for (const auto& op : kOps)
        if (op.has_linx_id()) {
            EXPECT_TRUE(ids.insert(static_cast<unsigned>(op.id)).second) << op.name;
        }
    EXPECT_EQ(ids, expected);
    for (unsigned id = 0; id < 128; ++id)
        EXPECT_EQ(find_op(id) != nullptr, expected.count(id) == 1) << id;
    EXPECT_EQ(find_op(128u), nullptr);
}

TEST(IsaTable, RowsAreConsistent) {
    std::set<std::string_view> names;
    for (const auto& op : kOps) {
        EXPECT_TRUE(names.insert(op.name).second) << op.name;
        EXPECT_EQ(&ptosim::isa::op_info(op.op), &op);
        EXPECT_LE(op.src_min, op.src_max) << op.name;
        // A Linx block names at most three sources; the C++-only rows up to one role per Views entry.
        EXPECT_LE(op.src_max, op.has_linx_id() ? 3u : op.views.src.size()) << op.name;
        EXPECT_LE(op.dsts, 2) << op.name;
        EXPECT_LE(op.scalars, 3) << op.name;
        // PadValue and ByteId share B.DATR[28:27]: an op has exactly one of them.
        EXPECT_NE(op.has(ptosim::isa::kPad), op.has(ptosim::isa::kByteId)) << op.name;
    }
}

TEST(IsaTable, SchemasOfTheSeedInstructions) {
    const auto* h = find_op("THISTOGRAM");
    EXPECT_EQ(h->src_min, 2);
    EXPECT_EQ(h->dsts, 1);
    EXPECT_TRUE(h->has(ptosim::isa::kByteId) && h->has(ptosim::isa::kDstType));
    EXPECT_EQ(h->views.dst, ptosim::isa::DstRule::Histogram);
    EXPECT_TRUE(h->available(ptosim::Arch::A5));
    EXPECT_FALSE(h->available(ptosim::Arch::A2A3));
    const auto* cmps = find_op("TCMPS");
    EXPECT_EQ(cmps->scalars, 1);
    EXPECT_TRUE(cmps->has(ptosim::isa::kCMode));
    const auto* il = find_op("TINTERLEAVE");
    EXPECT_EQ(il->dsts, 2);
    const auto* dil = find_op("TDEINTERLEAVE");
    EXPECT_EQ(dil->src_min, 1);
    EXPECT_EQ(dil->src_max, 2);
}

TEST(IsaTable, LookupByNameIsCaseInsensitive) {
    EXPECT_EQ(find_op("thistogram"), find_op("THISTOGRAM"));
    EXPECT_EQ(find_op("TCmp"), find_op("TCMP"));
    EXPECT_EQ(find_op("TCMP.GT"), nullptr);
    EXPECT_EQ(find_op(""), nullptr);
}

}  // namespace
