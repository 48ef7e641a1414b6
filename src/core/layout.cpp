#include "ptosim/core/layout.hpp"

namespace ptosim {

std::string_view layout_kind_name(Layout::Kind k) {
    switch (k) {
        case Layout::Kind::RowMajor:
            return "RowMajor";
        case Layout::Kind::ColMajor:
            return "ColMajor";
        case Layout::Kind::Zz:
            return "Zz";
        case Layout::Kind::Zn:
            return "Zn";
        case Layout::Kind::Nz:
            return "Nz";
        case Layout::Kind::Nn:
            return "Nn";
    }
    return "?";
}

}  // namespace ptosim
