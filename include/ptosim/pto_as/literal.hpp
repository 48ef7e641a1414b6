// Number literals of the program text (directive data, .const, .reg) and their element bits.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ptosim/core/dtype.hpp"

namespace ptosim::pto_as {

// A number as written: an integer (sign and magnitude, so every int64_t and uint64_t value fits) or a
// floating point value (decimal with '.' or an exponent, inf, nan).
struct Number {
    bool is_float = false;
    bool negative = false;
    bool hex = false;        // written 0x...: for every element type the bit pattern itself
    uint64_t magnitude = 0;  // integers
    double value = 0;        // the value as a double (integers too, rounded)
    // Bitwise on the value, so that a NaN equals itself and -0.0 differs from 0.0.
    bool operator==(const Number& o) const {
        return is_float == o.is_float && negative == o.negative && hex == o.hex && magnitude == o.magnitude &&
               std::bit_cast<uint64_t>(value) == std::bit_cast<uint64_t>(o.value);
    }
};

// 12, -3, 0x1f, 1.5, -2e3, inf, -inf, nan (case-insensitive words).
std::optional<Number> parse_number(std::string_view text);
// The canonical spelling: integers in decimal or, when written so, hex; floats shortest round-trip.
std::string print_number(const Number& n);

// The bits of one element of type t holding n, zero-extended to 64 bits. Integers must be in range (a
// negative number for an unsigned type is an error, as is a fraction for an integer type); floats round to
// nearest even. A hex literal is the element's bit pattern for every type (0xff is -1 as int8_t, 0x3c00
// is 1.0 as half). On failure *why says why.
std::optional<uint64_t> number_bits(const Number& n, DType t, std::string* why);

}  // namespace ptosim::pto_as
