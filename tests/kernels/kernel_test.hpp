// Shared pieces of the kernel tests: a fixture parametrized over the kernel backends, tiles placed at
// scattered offsets of the Unified Buffer (which is filled with random bytes first, so a kernel that reads or
// writes outside its operands shows), and element access by logical position.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "ptosim/core/tile_view.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/kernels/backend.hpp"
#include "support/ub_image.hpp"

namespace ptosim::testing {

// Every case runs once per backend: the checked entry points pick the kernel with active_backend().
class KernelTest : public ::testing::TestWithParam<Backend> {
  protected:
    void SetUp() override { backend_ = std::make_unique<ScopedBackend>(GetParam()); }

  private:
    std::unique_ptr<ScopedBackend> backend_;
};

inline std::string backend_param_name(const ::testing::TestParamInfo<Backend>& p) {
    return std::string(backend_name(p.param));
}

#define PTOSIM_INSTANTIATE_KERNEL_TEST(Suite)                                                    \
    INSTANTIATE_TEST_SUITE_P(Backends, Suite,                                                    \
                             ::testing::Values(::ptosim::Backend::Ref, ::ptosim::Backend::Simd), \
                             ::ptosim::testing::backend_param_name)

// Hands out tiles in the UB one after another, each at a 32-byte aligned offset after a random gap.
class UbTiles {
  public:
    explicit UbTiles(std::mt19937_64& rng) : rng_(rng) {
        std::byte* ub = ub::base();
        for (std::size_t i = 0; i < ub::kSize; i += sizeof(uint64_t)) {
            const uint64_t bits = rng_();
            std::memcpy(ub + i, &bits, sizeof bits);
        }
        next_ = gap();
    }

    TileView place(DType t, Layout layout, int32_t valid_rows, int32_t valid_cols) {
        TileView v{ub::base() + next_, t, layout, valid_rows, valid_cols};
        next_ += (v.bytes() + 31) / 32 * 32 + gap();
        EXPECT_LE(next_, ub::kSize) << "test tiles do not fit in the UB";
        return v;
    }
    TileView place(DType t, int32_t rows, int32_t cols, int32_t valid_rows, int32_t valid_cols) {
        return place(t, Layout::row_major(rows, cols), valid_rows, valid_cols);
    }

  private:
    std::size_t gap() { return 32 * std::uniform_int_distribution<std::size_t>(1, 8)(rng_); }

    std::mt19937_64& rng_;
    std::size_t next_ = 0;
};

// Element (r, c) of a tile, by logical position.
template <typename T>
T& at(const TileView& v, int32_t r, int32_t c) {
    return *reinterpret_cast<T*>(v.data + v.layout.offset(r, c) * sizeof(T));
}

// Physical columns of a row-major tile with element size `size` and at least `valid_cols` columns: whole
// 32-byte blocks, plus `extra` more blocks.
inline int32_t row_major_cols(std::size_t size, int32_t valid_cols, int32_t extra = 0) {
    const int32_t per_block = static_cast<int32_t>(32 / size);
    const int32_t blocks = (valid_cols + per_block - 1) / per_block + extra;
    return (blocks == 0 ? 1 : blocks) * per_block;
}

}  // namespace ptosim::testing
