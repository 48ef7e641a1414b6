#include "ptosim/asm/status.hpp"

namespace ptosim::linx {

namespace {

constexpr diag::StatusText kTexts[] = {
#define PTOSIM_ASM_STATUS(name, message) {#name, message},
#include "ptosim/asm/status.def"
#undef PTOSIM_ASM_STATUS
};

}  // namespace

std::string_view status_name(AsmStatus s) {
    return diag::status_text(kTexts, s).name;
}

std::string_view status_message(AsmStatus s) {
    return diag::status_text(kTexts, s).message;
}

}  // namespace ptosim::linx
