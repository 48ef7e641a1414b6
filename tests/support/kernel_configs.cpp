// Kernel configurations for the kernel tests: the reference kernels plus the fast kernels on every Highway
// target that is both compiled in and supported by this CPU.
#include <hwy/targets.h>

#include "kernels/kernel_test.hpp"

namespace ptosim::testing {

std::vector<KernelConfig> kernel_configs() {
    std::vector<KernelConfig> configs{{Backend::Ref, 0}};
    for (const int64_t target : hwy::SupportedAndGeneratedTargets())
        configs.push_back({Backend::Simd, target});
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
