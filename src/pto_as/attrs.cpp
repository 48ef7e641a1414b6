// Attribute values from their text (ptosim/pto_as/attrs.hpp).
#include "ptosim/pto_as/attrs.hpp"

#include <cctype>
#include <iterator>
#include <string>
#include <utility>

#include "ptosim/asm/insn.hpp"

namespace ptosim::pto_as::attr {

using linx::iequals;

// The text inside "#pto<KIND NAME>" / "#pto.KIND<NAME>" (trimmed), a bare word, or a string's contents.
std::optional<std::string_view> enum_text(std::string_view s, std::string_view kind) {
    if (s.empty())
        return std::nullopt;
    if (s.front() == '<' && s.back() == '>')
        return s.substr(1, s.size() - 2);
    if (s.front() == '#') {
        const std::string a = "#pto<" + std::string(kind) + " ", b = "#pto." + std::string(kind) + "<";
        if (s.back() != '>' || !(s.starts_with(a) || s.starts_with(b)))
            return std::nullopt;
        s = s.substr(a.size(), s.size() - a.size() - 1);
        while (!s.empty() && s.front() == ' ')
            s.remove_prefix(1);
        while (!s.empty() && s.back() == ' ')
            s.remove_suffix(1);
    } else if (s.front() == '"') {
        s = s.size() >= 2 ? s.substr(1, s.size() - 2) : std::string_view();
    } else if (!std::isalnum(static_cast<unsigned char>(s.front())) && s.front() != '_') {
        return std::nullopt;
    }
    return s;
}

namespace {

std::optional<CmpMode> cmp_from_name(std::string_view s) {
    static constexpr std::pair<std::string_view, CmpMode> kNames[] = {
        {"eq", CmpMode::EQ}, {"ne", CmpMode::NE}, {"lt", CmpMode::LT},
        {"le", CmpMode::LE}, {"gt", CmpMode::GT}, {"ge", CmpMode::GE}};
    for (const auto& [name, mode] : kNames)
        if (iequals(s, name))
            return mode;
    return std::nullopt;
}

}  // namespace

// "#pto<cmp lt>", "#pto.cmp<EQ>", "lt", "\"lt\"" -> the mode.
std::optional<CmpMode> cmp_value(std::string_view t) {
    const auto text = enum_text(t, "cmp");
    return text ? cmp_from_name(*text) : std::nullopt;
}

// "#pto<hist_byte BYTE_1>", "BYTE_1", "1" -> 1.
std::optional<uint8_t> byte_value(std::string_view t) {
    if (t.starts_with('"'))
        return std::nullopt;
    const auto text = enum_text(t, "hist_byte");
    if (!text)
        return std::nullopt;
    std::string_view s = *text;
    if (s.size() == 6 && iequals(s.substr(0, 5), "BYTE_"))
        s.remove_prefix(5);
    if (s.size() == 1 && s[0] >= '0' && s[0] <= '3')
        return static_cast<uint8_t>(s[0] - '0');
    return std::nullopt;
}

// "#pto<round_mode CAST_RINT>", "#pto<round_mode RINT>", "#pto.round_mode<CAST_FLOOR>", "rint" -> RoundMode.
std::optional<uint8_t> rmode_value(std::string_view t) {
    const auto text = enum_text(t, "round_mode");
    if (!text)
        return std::nullopt;
    std::string_view s = *text;
    if (s.size() > 5 && iequals(s.substr(0, 5), "CAST_"))
        s.remove_prefix(5);
    static constexpr std::string_view kNames[] = {"NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD"};
    for (uint8_t i = 0; i < std::size(kNames); ++i)
        if (iequals(s, kNames[i]))
            return i;
    return std::nullopt;
}

// "#pto<sat_mode ON>", "#pto.sat_mode<OFF>", "ON", "true" -> saturating or not.
std::optional<bool> sat_value(std::string_view t) {
    const auto text = enum_text(t, "sat_mode");
    if (!text)
        return std::nullopt;
    if (iequals(*text, "ON") || iequals(*text, "true"))
        return true;
    if (iequals(*text, "OFF") || iequals(*text, "false"))
        return false;
    return std::nullopt;
}

}  // namespace ptosim::pto_as::attr
