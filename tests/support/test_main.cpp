// Test entry point: failed ptosim checks throw ptosim::CheckError so tests can assert on them.
#include <gtest/gtest.h>

#include "ptosim/core/check.hpp"

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    ptosim::set_check_handler(&ptosim::throw_check_error);
    return RUN_ALL_TESTS();
}
