#include "ptosim/core/diagnostic.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {

std::vector<std::string>& seen() {
    static std::vector<std::string> s;
    return s;
}

class WarnOnce : public ::testing::Test {
  protected:
    void SetUp() override {
        ptosim::reset_warnings();
        seen().clear();
        previous_ = ptosim::set_warning_sink([](std::string_view m) { seen().emplace_back(m); });
    }
    void TearDown() override {
        ptosim::set_warning_sink(previous_);
        ptosim::reset_warnings();
    }
    ptosim::WarningSink previous_ = nullptr;
};

TEST_F(WarnOnce, EachKeyIsReportedOnce) {
    EXPECT_TRUE(ptosim::warn_once("a", "first a"));
    EXPECT_FALSE(ptosim::warn_once("a", "second a"));
    EXPECT_TRUE(ptosim::warn_once("b", "first b"));
    EXPECT_EQ(seen(), (std::vector<std::string>{"first a", "first b"}));
}

TEST_F(WarnOnce, ResetForgetsTheKeys) {
    ptosim::warn_once("a", "x");
    ptosim::reset_warnings();
    EXPECT_TRUE(ptosim::warn_once("a", "y"));
    EXPECT_EQ(seen().size(), 2u);
}

TEST_F(WarnOnce, ConcurrentCallersReportOnce) {
    std::vector<std::thread> threads;
    std::atomic<int> printed{0};
    for (int i = 0; i < 8; ++i)
        threads.emplace_back([&] { printed += ptosim::warn_once("race", "once") ? 1 : 0; });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(printed.load(), 1);
}

TEST(WarnOnceStderr, DefaultSinkWritesAPrefixedLine) {
    ptosim::reset_warnings();
    ::testing::internal::CaptureStderr();
    ptosim::warn_once("stderr-test", "something surprising");
    ptosim::warn_once("stderr-test", "something surprising");
    EXPECT_EQ(::testing::internal::GetCapturedStderr(), "ptosim: warning: something surprising\n");
}

}  // namespace
