#include "ptosim/pto_as/status.hpp"

namespace ptosim::pto_as {

std::string_view status_name(Status s) {
    switch (s) {
#define PTOSIM_PTO_AS_STATUS(name, message) \
    case Status::name:                      \
        return #name;
#include "ptosim/pto_as/status.def"
#undef PTOSIM_PTO_AS_STATUS
    }
    return "?";
}

std::string_view status_message(Status s) {
    switch (s) {
#define PTOSIM_PTO_AS_STATUS(name, message) \
    case Status::name:                      \
        return message;
#include "ptosim/pto_as/status.def"
#undef PTOSIM_PTO_AS_STATUS
    }
    return "?";
}

std::string Diag::message() const {
    std::string m(status_message(status));
    if (!detail.empty())
        m += std::string(": ") + detail;
    return m;
}

}  // namespace ptosim::pto_as
