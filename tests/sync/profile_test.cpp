// The profile of the simulation (PTOSIM_PROFILE): per instruction and element type, calls, bytes and host
// time, from every thread, and the table and JSON that report them.
#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/profile.hpp"

namespace {

using namespace pto;
namespace profile = ptosim::profile;

constexpr int kRows = 8, kCols = 16;
constexpr uint64_t kTileBytes = kRows * kCols * sizeof(float);  // 512
using VecF = Tile<TileType::Vec, float, kRows, kCols>;
using VecH = Tile<TileType::Vec, half, kRows, kCols>;

class Profile : public ::testing::Test {
  protected:
    void SetUp() override {
        profile::reset();
        profile::enable(true);
    }
    void TearDown() override {
        profile::enable(false);
        profile::reset();
    }
};

const profile::Row* find(const profile::Report& r, const std::string& name, const std::string& type) {
    const auto it = std::find_if(r.rows.begin(), r.rows.end(), [&](const profile::Row& w) {
        return w.instruction == name && w.dtype == type;
    });
    return it == r.rows.end() ? nullptr : &*it;
}

// Three TADDs of 8 x 16 floats: two tiles read and one written each time.
void three_adds() {
    VecF a, b, c;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x200);
    TASSIGN(c, 0x400);
    TEXPANDS(a, 1.0f);
    TEXPANDS(b, 2.0f);
    for (int i = 0; i < 3; ++i)
        TADD(c, a, b);
}

TEST_F(Profile, CountsEachInstructionWithItsBytesAndDestinationType) {
    three_adds();
    VecH h, g;
    TASSIGN(h, 0x600);
    TASSIGN(g, 0x800);
    TEXPANDS(h, half(1.0f));
    TADD(g, h, h);

    const profile::Report r = profile::report();
    const profile::Row* add = find(r, "TADD", "FP32");
    ASSERT_NE(add, nullptr) << profile::text(r);
    EXPECT_EQ(add->calls, 3u);
    EXPECT_EQ(add->bytes, 3 * 3 * kTileBytes);
    EXPECT_GT(add->seconds, 0.0);
    EXPECT_GT(add->memcpy_seconds, 0.0);
    const profile::Row* half_add = find(r, "TADD", "FP16");
    ASSERT_NE(half_add, nullptr) << profile::text(r);
    EXPECT_EQ(half_add->calls, 1u);
    EXPECT_EQ(half_add->bytes, 3 * kTileBytes / 2);
    const profile::Row* fill = find(r, "TEXPANDS", "FP32");
    ASSERT_NE(fill, nullptr) << profile::text(r);
    EXPECT_EQ(fill->calls, 2u);
    EXPECT_EQ(fill->bytes, 2 * kTileBytes);  // written only
}

TEST_F(Profile, RowsAreLargestFirstAndAddUpToTheInstructionTime) {
    three_adds();
    const profile::Report r = profile::report();
    ASSERT_GE(r.rows.size(), 2u);
    double sum = 0;
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        sum += r.rows[i].seconds;
        if (i) {
            EXPECT_GE(r.rows[i - 1].seconds, r.rows[i].seconds);
        }
    }
    EXPECT_DOUBLE_EQ(sum, r.instruction_seconds);
    EXPECT_GE(r.wall_seconds, r.instruction_seconds);
}

TEST_F(Profile, EveryCoreOfALaunchIsCounted) {
    ptosim::launch_blocks(4, [] { three_adds(); });
    const profile::Report r = profile::report();
    const profile::Row* add = find(r, "TADD", "FP32");
    ASSERT_NE(add, nullptr) << profile::text(r);
    EXPECT_EQ(add->calls, 12u);
    EXPECT_EQ(add->bytes, 12 * 3 * kTileBytes);
}

TEST_F(Profile, NothingIsCountedWhileOff) {
    profile::enable(false);
    three_adds();
    EXPECT_TRUE(profile::report().rows.empty());
}

TEST_F(Profile, ResetStartsAfresh) {
    three_adds();
    profile::reset();
    EXPECT_TRUE(profile::report().rows.empty());
}

TEST_F(Profile, TheTableAndTheJsonNameEveryRow) {
    three_adds();
    const profile::Report r = profile::report();
    const std::string text = profile::text(r);
    EXPECT_NE(text.find("ptosim profile:"), std::string::npos) << text;
    EXPECT_NE(text.find("vs_memcpy"), std::string::npos) << text;
    EXPECT_NE(text.find("TADD"), std::string::npos) << text;
    const std::string json = profile::json(r);
    EXPECT_NE(json.find("\"instruction\":\"TADD\",\"dtype\":\"FP32\",\"calls\":3,\"bytes\":4608"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"wall_seconds\":"), std::string::npos) << json;
}

}  // namespace
