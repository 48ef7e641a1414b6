// Compare modes: the vocabulary TCMP / TCMPS (and every front end that spells a mode) share.
#pragma once

#include <cstdint>
#include <string_view>

namespace ptosim {

// The C++ numbering (pto::CmpMode). The Linx B.DATR CMode field numbers GT and LE the other way round: the
// assembler maps by name.
enum class CmpMode : uint8_t { EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5 };

constexpr std::string_view cmp_mode_name(CmpMode m) {
    switch (m) {
        case CmpMode::EQ:
            return "EQ";
        case CmpMode::NE:
            return "NE";
        case CmpMode::LT:
            return "LT";
        case CmpMode::LE:
            return "LE";
        case CmpMode::GT:
            return "GT";
        case CmpMode::GE:
            return "GE";
    }
    return "?";
}

// What a mode becomes on hardware that compares int32 only for equality (A2A3): NE stays NE, every other mode
// behaves as EQ.
constexpr CmpMode int32_eq_only_mode(CmpMode m) {
    return m == CmpMode::NE ? CmpMode::NE : CmpMode::EQ;
}

}  // namespace ptosim
