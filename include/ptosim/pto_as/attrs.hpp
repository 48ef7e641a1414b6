// The values of PTO-AS attributes, from their text, for both front ends (statement level and module form).
//
// An enum attribute is written `#pto<KIND NAME>`, `#pto.KIND<NAME>`, `"NAME"`, as a bare NAME, or (the sync
// operations' operands) `<NAME>`; names are matched in any case.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ptosim/core/cmp_mode.hpp"

namespace ptosim::pto_as::attr {

// The NAME of an enum attribute of KIND (trimmed), or nullopt when the text is another attribute.
std::optional<std::string_view> enum_text(std::string_view text, std::string_view kind);

std::optional<CmpMode> cmp_value(std::string_view text);    // "#pto<cmp lt>", "#pto.cmp<EQ>", "lt"
std::optional<uint8_t> byte_value(std::string_view text);   // "#pto<hist_byte BYTE_1>", "BYTE_1", "1" -> 1
std::optional<uint8_t> rmode_value(std::string_view text);  // "#pto<round_mode CAST_RINT>", "rint": RoundMode
std::optional<bool> sat_value(std::string_view text);       // "#pto<sat_mode ON>", "true" -> saturating

}  // namespace ptosim::pto_as::attr
