#include "ptosim/pto_as/literal.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "ptosim/asm/insn.hpp"

namespace ptosim::pto_as {

std::optional<Number> parse_number(std::string_view s) {
    Number n;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        n.negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s.empty())
        return std::nullopt;
    if (linx::iequals(s, "inf") || linx::iequals(s, "nan")) {
        n.is_float = true;
        n.value = linx::iequals(s, "inf") ? std::numeric_limits<double>::infinity()
                                          : std::numeric_limits<double>::quiet_NaN();
        if (n.negative)
            n.value = -n.value;
        return n;
    }
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        const auto [p, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), n.magnitude, 16);
        if (ec != std::errc() || p != s.data() + s.size())
            return std::nullopt;
        n.hex = true;
    } else if (s.find_first_of(".eE") != std::string_view::npos) {
        if (s[0] < '0' || s[0] > '9')
            return std::nullopt;
        double v = 0;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || p != s.data() + s.size())
            return std::nullopt;  // also out of range (1e999): never silently 0 or inf
        n.is_float = true;
        n.value = n.negative ? -v : v;
        return n;
    } else {
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n.magnitude, 10);
        if (ec != std::errc() || p != s.data() + s.size())
            return std::nullopt;
    }
    if (n.magnitude == 0)
        n.negative = false;  // -0 is the integer 0
    n.value = static_cast<double>(n.magnitude);
    if (n.negative)
        n.value = -n.value;
    return n;
}

std::string print_number(const Number& n) {
    if (!n.is_float && n.hex) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(n.magnitude));
        std::string r(n.negative ? "-" : "");
        return r.append(buf);
    }
    if (!n.is_float) {
        std::string r(n.negative ? "-" : "");
        return r.append(std::to_string(n.magnitude));
    }
    if (std::isnan(n.value))
        return std::signbit(n.value) ? "-nan" : "nan";
    if (std::isinf(n.value))
        return n.value < 0 ? "-inf" : "inf";
    char buf[64];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, n.value);
    std::string s(buf, ec == std::errc() ? p : buf);
    // Keep it a float on the way back in.
    if (s.find_first_of(".eEn") == std::string::npos)
        s += ".0";
    return s;
}

std::optional<uint64_t> number_bits(const Number& n, DType t, std::string* why) {
    const auto fail = [&](std::string w) -> std::optional<uint64_t> {
        if (why)
            *why = std::move(w);
        return std::nullopt;
    };
    const std::string type(dtype_name(t));
    const unsigned bits = static_cast<unsigned>(dtype_size(t) * 8);
    const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    if (n.hex && !n.negative) {
        if (n.magnitude > mask)
            return fail(print_number(n) + " has more than " + std::to_string(bits) + " bits");
        return n.magnitude;
    }
    if (dtype_is_float(t)) {
        switch (t) {
            case DType::F64:
                return std::bit_cast<uint64_t>(n.value);
            case DType::F32:
                return std::bit_cast<uint32_t>(static_cast<float>(n.value));
            case DType::F16:
                return float16(n.value).bits();
            case DType::BF16:
                return bfloat16(n.value).bits();
            default:
                return fail(std::string("no literals for ") + type);
        }
    }
    if (!dtype_is_signed_int(t) && !dtype_is_unsigned_int(t))
        return fail(std::string("no literals for ") + type);
    if (n.is_float) {
        if (!std::isfinite(n.value) || n.value != std::trunc(n.value) || std::fabs(n.value) > 1.8e19)
            return fail(print_number(n) + " is not an integer");
        Number i;
        i.negative = n.value < 0;
        i.magnitude = static_cast<uint64_t>(std::fabs(n.value));
        i.value = n.value;
        return number_bits(i, t, why);
    }
    if (dtype_is_unsigned_int(t)) {
        if (n.negative)
            return fail(print_number(n) + " is negative for " + type);
        if (n.magnitude > mask)
            return fail(print_number(n) + " does not fit " + type);
        return n.magnitude;
    }
    const uint64_t max_pos = mask >> 1;  // 2^(bits-1) - 1
    if (n.negative ? n.magnitude > max_pos + 1 : n.magnitude > max_pos)
        return fail(print_number(n) + " does not fit " + type);
    return (n.negative ? (~n.magnitude + 1) : n.magnitude) & mask;
}

}  // namespace ptosim::pto_as
