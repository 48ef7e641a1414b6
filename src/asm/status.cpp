#include "ptosim/asm/status.hpp"

namespace ptosim::linx {

namespace {

struct StatusText {
    std::string_view name;
    std::string_view message;
};

constexpr StatusText kTexts[] = {
#define PTOSIM_ASM_STATUS(name, message) {#name, message},
#include "ptosim/asm/status.def"
#undef PTOSIM_ASM_STATUS
};

}  // namespace

std::string_view status_name(AsmStatus s) {
    const auto i = static_cast<std::size_t>(s);
    return i < std::size(kTexts) ? kTexts[i].name : std::string_view("?");
}

std::string_view status_message(AsmStatus s) {
    const auto i = static_cast<std::size_t>(s);
    return i < std::size(kTexts) ? kTexts[i].message : std::string_view("?");
}

std::string Diag::message() const {
    std::string m(status_message(status));
    if (!detail.empty())
        m += ": " + detail;
    return m;
}

}  // namespace ptosim::linx
