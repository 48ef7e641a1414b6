#include "ptosim/core/check.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "support/check_matchers.hpp"

namespace {

void fails_with_values(int got) {
    PTOSIM_CHECK(got >= 256, "THISTOGRAM", "dst valid columns must be >= 256", {"dst.validCol", got},
                 {"min", 256});
}

TEST(Check, MessageNamesInstructionRuleAndValues) {
    try {
        fails_with_values(128);
        FAIL() << "no throw";
    } catch (const ptosim::CheckError& e) {
        EXPECT_STREQ(e.what(), "THISTOGRAM: dst valid columns must be >= 256 (dst.validCol=128, min=256)");
        EXPECT_EQ(e.failure().instr, "THISTOGRAM");
        EXPECT_GT(e.failure().line, 0);
    }
}

TEST(Check, PassingCheckDoesNothing) {
    EXPECT_NO_THROW(fails_with_values(256));
}

TEST(Check, ScopedHandlerRestoresPrevious) {
    const auto before = ptosim::check_handler();
    {
        ptosim::ScopedCheckHandler scope(&ptosim::throw_check_error);
        EXPECT_EQ(ptosim::check_handler(), &ptosim::throw_check_error);
    }
    EXPECT_EQ(ptosim::check_handler(), before);
}

TEST(CheckDeathTest, DefaultHandlerAborts) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            ptosim::set_check_handler(nullptr);
            fails_with_values(1);
        },
        "ptosim: error: THISTOGRAM: dst valid columns must be >= 256 \\(dst.validCol=1, min=256\\)");
}

void returning_handler(const ptosim::CheckFailure&) {}

TEST(CheckDeathTest, HandlerThatReturnsStillAborts) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            ptosim::set_check_handler(&returning_handler);
            fails_with_values(1);
        },
        "check handler returned");
}

// PTOSIM_ON_ERROR=throw: with no handler installed, a failed check throws, so a test binary reports it per
// test.
TEST(CheckDeathTest, OnErrorThrowMakesTheDefaultThrow) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");  // the child re-executes and reads the variable afresh
    ::setenv("PTOSIM_ON_ERROR", "throw", 1);
    EXPECT_EXIT(
        {
            ptosim::set_check_handler(nullptr);
            try {
                fails_with_values(1);
            } catch (const ptosim::CheckError& e) {
                std::fprintf(stderr, "caught: %s\n", e.what());
                std::exit(3);
            }
        },
        ::testing::ExitedWithCode(3), "caught: THISTOGRAM: dst valid columns must be >= 256");
    ::setenv("PTOSIM_ON_ERROR", "abort", 1);
    EXPECT_DEATH(
        {
            ptosim::set_check_handler(nullptr);
            fails_with_values(1);
        },
        "ptosim: error: THISTOGRAM");
    ::unsetenv("PTOSIM_ON_ERROR");
}

TEST(Check, FormatsEnumsFloatsAndStrings) {
    EXPECT_CHECK_FAILS(PTOSIM_CHECK(false, "X", "rule", {"s", "text"}, {"b", true}, {"f", 1.5}),
                       "s=text, b=true, f=1.5");
}

}  // namespace
