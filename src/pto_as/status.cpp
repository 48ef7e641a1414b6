#include "ptosim/pto_as/status.hpp"

namespace ptosim::pto_as {

namespace {

constexpr diag::StatusText kTexts[] = {
#define PTOSIM_PTO_AS_STATUS(name, message) {#name, message},
#include "ptosim/pto_as/status.def"
#undef PTOSIM_PTO_AS_STATUS
};

}  // namespace

std::string_view status_name(Status s) {
    return diag::status_text(kTexts, s).name;
}

std::string_view status_message(Status s) {
    return diag::status_text(kTexts, s).message;
}

}  // namespace ptosim::pto_as
