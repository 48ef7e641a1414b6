#include "ptosim/isa/profile.hpp"

#include <string>

#include "ptosim/core/diagnostic.hpp"

namespace ptosim::isa {

CmpMode applied_cmp_mode(Arch arch, DType type, CmpMode mode, std::string_view instr) {
    if (!arch_caps(arch).tcmp_int32_eq_only || type != DType::S32)
        return mode;
    const CmpMode applied = int32_eq_only_mode(mode);
    if (applied != mode) {
        const std::string name(instr);
        warn_once(name + ".a2a3-int32-eq-only",
                  name + ": int32_t compares on the A2A3 profile support only EQ and NE; " +
                      std::string(cmp_mode_name(mode)) +
                      " behaves as EQ, as on that hardware (reported once)");
    }
    return applied;
}

}  // namespace ptosim::isa
