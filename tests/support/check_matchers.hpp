// Helpers for tests of failed checks.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "ptosim/core/check.hpp"

// Runs statement and expects a ptosim check failure whose message contains `text`.
#define EXPECT_CHECK_FAILS(statement, text)                                              \
    do {                                                                                 \
        bool ptosim_thrown_ = false;                                                     \
        try {                                                                            \
            statement;                                                                   \
        } catch (const ::ptosim::CheckError& e) {                                        \
            ptosim_thrown_ = true;                                                       \
            EXPECT_NE(std::string(e.what()).find(text), std::string::npos)               \
                << "message: " << e.what() << "\nexpected to contain: " << (text);       \
        }                                                                                \
        EXPECT_TRUE(ptosim_thrown_) << "expected a failed check containing: " << (text); \
    } while (0)

// The message of the check failure f raises (with the throwing handler installed), or "" when it raises none:
// for failures that happen on other threads or inside launches, where EXPECT_CHECK_FAILS cannot wrap them.
inline std::string check_message(const std::function<void()>& f) {
    try {
        f();
    } catch (const ::ptosim::CheckError& e) {
        return e.what();
    }
    return "";
}
