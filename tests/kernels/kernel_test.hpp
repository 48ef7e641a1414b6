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
#include <vector>

#include "ptosim/core/tile_view.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/kernels/backend.hpp"
#include "support/ub_image.hpp"

namespace ptosim::testing {

// A kernel configuration: the reference kernels, or the fast kernels on one SIMD target (0 = the best target
// this CPU has). Every case runs once per configuration, so the fast kernels are checked on every compiled
// target this CPU supports (for example AVX3, AVX2, SSE4 and the portable EMU128 fallback), not only the
// best.
struct KernelConfig {
    Backend backend;
    int64_t target;
};

std::vector<KernelConfig> kernel_configs();
std::string kernel_config_name(const ::testing::TestParamInfo<KernelConfig>& p);

class KernelTest : public ::testing::TestWithParam<KernelConfig> {
  protected:
    void SetUp() override;
    void TearDown() override;

  private:
    std::unique_ptr<ScopedBackend> backend_;
};

#define PTOSIM_INSTANTIATE_KERNEL_TEST(Suite)                                                           \
    INSTANTIATE_TEST_SUITE_P(Backends, Suite, ::testing::ValuesIn(::ptosim::testing::kernel_configs()), \
                             ::ptosim::testing::kernel_config_name)

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

// Every layout kind, and a rows x cols layout of kind k for elements of `size` bytes with pto-isa's 512-byte
// boxes (16 rows of 32 bytes for the z boxes, 32 bytes of rows x 16 columns for the n boxes).
inline constexpr Layout::Kind kLayoutKinds[] = {Layout::Kind::RowMajor, Layout::Kind::ColMajor,
                                                Layout::Kind::Nz,       Layout::Kind::Zn,
                                                Layout::Kind::Zz,       Layout::Kind::Nn};
inline Layout layout_of(Layout::Kind k, int32_t rows, int32_t cols, std::size_t size) {
    const auto per32 = static_cast<int32_t>(32 / size);
    switch (k) {
        case Layout::Kind::RowMajor:
            return Layout::row_major(rows, cols);
        case Layout::Kind::ColMajor:
            return Layout::col_major(rows, cols);
        case Layout::Kind::Nz:
        case Layout::Kind::Zz:
            return Layout::boxed(k, rows, cols, 16, per32);
        default:
            return Layout::boxed(k, rows, cols, per32, 16);
    }
}

}  // namespace ptosim::testing
