// SYNCALL: the barrier across the cores of a launch, hardware (SYNCALL()) and software (SYNCALL<Soft>(ws))
// modes (docs/isa/SYNCALL.md). Each simulated core is one thread that plays its AIC and AIV roles, so every
// SyncCoreType means every core of the launch.
#pragma once

#include <cstdint>
#include <source_location>
#include <type_traits>

#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/ops/syncall.hpp"

namespace pto {

template <SyncCoreType CoreType = SyncCoreType::AIVOnly>
PTO_INST void SYNCALL(std::source_location where = std::source_location::current()) {
    ptosim::ops::syncall(where);
}

// The software barrier counts arrivals on the workspace's first int32 (zero before first use); usedCores 0 is
// every core of the launch. Hard mode ignores the workspace.
template <SyncAllMode Mode, SyncCoreType CoreType = SyncCoreType::AIVOnly, typename GlobalData,
          std::enable_if_t<is_global_data_v<GlobalData>, int> = 0>
PTO_INST void SYNCALL(GlobalData& gmWorkspace, int32_t usedCores = 0,
                      std::source_location where = std::source_location::current()) {
    PTOSIM_STATIC_CHECK((std::is_same_v<typename GlobalData::DType, int32_t>), "SYNCALL",
                        "the workspace must be a GlobalTensor of int32_t");
    if constexpr (Mode == SyncAllMode::Hard)
        ptosim::ops::syncall(where);
    else
        ptosim::ops::syncall_soft(gmWorkspace.data(), usedCores, where);
}

}  // namespace pto
