// A copy of this thread's whole Unified Buffer, taken before an instruction runs. A test writes the results
// it expects into the copy (through expected(view)) and then demands that the UB equals the copy byte for
// byte: the instruction wrote exactly the expected elements and nothing else.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "ptosim/core/tile_view.hpp"
#include "ptosim/core/ub.hpp"
#include "support/check_matchers.hpp"

namespace ptosim::testing {

class UbImage {
  public:
    UbImage() : bytes_(ub::base(), ub::base() + ub::kSize) {}

    // Take the copy again (reuses the buffer).
    void capture() { std::memcpy(bytes_.data(), ub::base(), ub::kSize); }

    // The same tile, inside the copy.
    TileView expected(const TileView& v) {
        TileView e = v;
        e.data = bytes_.data() + (v.data - ub::base());
        return e;
    }

    ::testing::AssertionResult matches_ub() const {
        const std::byte* ub = ub::base();
        if (std::memcmp(ub, bytes_.data(), ub::kSize) == 0)
            return ::testing::AssertionSuccess();
        std::size_t i = 0;
        while (ub[i] == bytes_[i])
            ++i;
        return ::testing::AssertionFailure()
               << "UB byte at offset 0x" << std::hex << i << " is 0x" << static_cast<int>(ub[i])
               << ", expected 0x" << static_cast<int>(bytes_[i]);
    }

  private:
    std::vector<std::byte> bytes_;
};

}  // namespace ptosim::testing

// A run-time check fails with `text` and leaves the whole UB as it was (nothing outside the destination, nor
// the destination itself, was written).
#define EXPECT_FAILS_UNTOUCHED(statement, text) \
    do {                                        \
        ::ptosim::testing::UbImage image_;      \
        EXPECT_CHECK_FAILS(statement, text);    \
        EXPECT_TRUE(image_.matches_ub());       \
    } while (0)
