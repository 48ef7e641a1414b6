// Kernel configurations for the kernel tests: the reference kernels plus the fast kernels on every Highway
// target that is both compiled in and supported by this CPU. PTOSIM_TEST_TARGETS=best keeps only the best
// target (the sanitizer pass of CI uses it: the main pass sweeps every target, and sanitizers find the same
// bugs on one).
#include <hwy/targets.h>

#include <cstdlib>
#include <string_view>

#include "kernels/kernel_test.hpp"

namespace ptosim::testing {

std::vector<KernelConfig> kernel_configs() {
    std::vector<KernelConfig> configs{{Backend::Ref, 0}};
    const char* which = std::getenv("PTOSIM_TEST_TARGETS");
    const bool best_only = which != nullptr && std::string_view(which) == "best";
    for (const int64_t target : hwy::SupportedAndGeneratedTargets()) {
        configs.push_back({Backend::Simd, target});
        if (best_only)
            break;  // the list starts with the best target
    }
    return configs;
}

std::string kernel_config_name(const ::testing::TestParamInfo<KernelConfig>& p) {
    if (p.param.backend == Backend::Ref)
        return "ref";
    return std::string("simd_") + hwy::TargetName(p.param.target);
}

void KernelTest::SetUp() {
    backend_ = std::make_unique<ScopedBackend>(GetParam().backend);
    if (GetParam().target != 0)
        hwy::SetSupportedTargetsForTest(GetParam().target);
}

void KernelTest::TearDown() {
    hwy::SetSupportedTargetsForTest(0);
    backend_.reset();
}

}  // namespace ptosim::testing
