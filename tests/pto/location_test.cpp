// Errors name the kernel's line first (docs/compat.md, "Checks"): a failed bounds, overlap and shape check
// and a hazard report each start with this file's file:line of the call, not ptosim's source. This file is
// built with line tables (-g1), as a kernel being debugged would be; type rules are compile-time, and
// tests/compile_fail/elementwise/type_error_names_the_call.cpp checks that their diagnostic names the call.
#include <gtest/gtest.h>

#include <string>

#include <acl/acl.h>
#include <pto/pto-inst.hpp>

#include "ptosim/sync/hazards.hpp"
#include "support/check_matchers.hpp"
#include "support/hazard_checking.hpp"

namespace {

using namespace pto;

// Runs `call` and records its line: the macro's expansion and the call share the line of its use.
#define RUN_AT(line_var, call) (line_var = __LINE__, (void)(call))

// The message starts with "<path>/location_test.cpp:<line>: " and then the instruction's rule.
void expect_located(const std::string& message, int line, const std::string& rule) {
    const std::string where = "location_test.cpp:" + std::to_string(line) + ": ";
    const auto at = message.find(where);
    ASSERT_NE(at, std::string::npos) << message << "\nexpected the location " << where;
    EXPECT_EQ(message.find(':'), at + std::string("location_test.cpp").size()) << message;  // nothing before
    EXPECT_EQ(message.find(rule), at + where.size()) << message;
    EXPECT_EQ(message.find("src/"), std::string::npos) << "ptosim's own source named: " << message;
}

TEST(Location, BoundsCheck) {
    void* mem = nullptr;
    ASSERT_EQ(aclrtMalloc(&mem, 8 * 16 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    using G = GlobalTensor<float, Shape<1, 1, 1, 8, 16>, Stride<1, 1, 1, 16, 1>>;
    G late(static_cast<float*>(mem) + 16);  // one row past the allocation at its end
    Tile<TileType::Vec, float, 8, 16> t;
    TASSIGN(t, 0x0);
    int line = 0;
    const std::string message = check_message([&] { RUN_AT(line, TLOAD(t, late)); });
    expect_located(message, line, "TLOAD: the region moved reaches outside");
    ASSERT_EQ(aclrtFree(mem), ACL_SUCCESS);
}

TEST(Location, OverlapCheck) {
    Tile<TileType::Vec, float, 4, 64> a, b, d;
    TASSIGN(a, 0x1000);
    TASSIGN(b, 0x2000);
    TASSIGN(d, 0x1040);  // starts inside a: its writes would overtake the reads
    int line = 0;
    const std::string message = check_message([&] { RUN_AT(line, TADD(d, a, b)); });
    expect_located(message, line, "TADD: a destination overlapping a source must start at or before it");
}

TEST(Location, ShapeCheck) {
    using Dyn = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, -1, -1>;
    Dyn a(4, 64), b(4, 32), d(4, 64);
    TASSIGN(a, 0x1000);
    TASSIGN(b, 0x2000);
    TASSIGN(d, 0x3000);
    int line = 0;
    const std::string message = check_message([&] { RUN_AT(line, TADD(d, a, b)); });
    expect_located(message, line, "TADD: every operand has the destination's valid shape");
}

class LocationHazard : public HazardChecking {};

TEST_F(LocationHazard, ReportNamesBothCalls) {
    float host[4 * 64] = {};
    using G = GlobalTensor<float, Shape<1, 1, 1, 4, 64>, Stride<1, 1, 1, 64, 1>>;
    G g(host);
    Tile<TileType::Vec, float, 4, 64> t, u;
    TASSIGN(t, 0x1000);
    TASSIGN(u, 0x2000);
    int load_line = 0, add_line = 0;
    RUN_AT(load_line, TLOAD(t, g));
    RUN_AT(add_line, TADDS(u, t, 1.0f));  // no MTE2 -> V flag between them
    const auto reports = ptosim::hazards::reports();
    ASSERT_FALSE(reports.empty());
    const std::string text = reports.front().text();
    EXPECT_NE(text.find("location_test.cpp:" + std::to_string(load_line)), std::string::npos) << text;
    EXPECT_NE(text.find("location_test.cpp:" + std::to_string(add_line)), std::string::npos) << text;
}

}  // namespace
