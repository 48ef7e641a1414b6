// API-level tests run every case through both kernel backends: a fixture parametrized over ptosim::Backend.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ptosim/kernels/backend.hpp"

namespace ptosim::testing {

class BackendTest : public ::testing::TestWithParam<Backend> {
  protected:
    void SetUp() override { backend_ = std::make_unique<ScopedBackend>(GetParam()); }
    void TearDown() override { backend_.reset(); }

  private:
    std::unique_ptr<ScopedBackend> backend_;
};

inline std::string backend_param_name(const ::testing::TestParamInfo<Backend>& p) {
    return std::string(backend_name(p.param));
}

}  // namespace ptosim::testing

#define PTOSIM_INSTANTIATE_BACKEND_TEST(Suite)                                                   \
    INSTANTIATE_TEST_SUITE_P(Backends, Suite,                                                    \
                             ::testing::Values(::ptosim::Backend::Ref, ::ptosim::Backend::Simd), \
                             ::ptosim::testing::backend_param_name)
