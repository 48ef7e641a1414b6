#include "ptosim/machine/data.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>

namespace ptosim::machine {

namespace {

using pto_as::DataSpec;
using pto_as::Number;

// SplitMix64: tiny, fast, and the same sequence on every platform.
struct SplitMix64 {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

void store(std::byte* p, uint64_t bits, std::size_t size) {
    // Little-endian element bytes (the host is little-endian, as the Linx encoding is).
    for (std::size_t i = 0; i < size; ++i)
        p[i] = static_cast<std::byte>((bits >> (8 * i)) & 0xffu);
}

uint64_t load_bits(const std::byte* p, std::size_t size) {
    uint64_t v = 0;
    for (std::size_t i = 0; i < size; ++i)
        v |= static_cast<uint64_t>(p[i]) << (8 * i);
    return v;
}

// Signed value of an integer Number, clamped to int64.
int64_t as_int64(const Number& n) {
    if (n.is_float)
        return static_cast<int64_t>(n.value);
    if (n.negative)
        return n.magnitude >= (uint64_t{1} << 63) ? std::numeric_limits<int64_t>::min()
                                                  : -static_cast<int64_t>(n.magnitude);
    return static_cast<int64_t>(n.magnitude);
}

uint64_t float_bits(double v, DType t) {
    Number n;
    n.is_float = true;
    n.value = v;
    return pto_as::number_bits(n, t, nullptr).value_or(0);
}

// The range of an integer type as [lo, hi] in two's complement bits of the element (unsigned arithmetic).
void int_range(DType t, int64_t* lo, uint64_t* span_minus_one) {
    const unsigned bits = static_cast<unsigned>(dtype_size(t) * 8);
    const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    if (dtype_is_signed_int(t)) {
        *lo = bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (bits - 1));
    } else {
        *lo = 0;
    }
    *span_minus_one = mask;
}

// Shortest text that reads back as the same value.
template <typename F>
std::string shortest(F v) {
    if (std::isnan(v))
        return std::signbit(v) ? "-nan" : "nan";
    char buf[64];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, ec == std::errc() ? p : buf);
}

}  // namespace

std::optional<std::vector<std::byte>> make_data(const DataSpec& spec, DType t, std::size_t count,
                                                const std::string& base_dir, pto_as::Status* status,
                                                std::string* why) {
    const std::size_t size = dtype_size(t);
    std::vector<std::byte> out(count * size);
    const auto fail = [&](pto_as::Status s, std::string w) -> std::optional<std::vector<std::byte>> {
        *status = s;
        *why = std::move(w);
        return std::nullopt;
    };
    const bool is_float = dtype_is_float(t);
    const bool is_int = dtype_is_signed_int(t) || dtype_is_unsigned_int(t);
    std::string bad;
    switch (spec.kind) {
        case DataSpec::Kind::Zero:
            break;
        case DataSpec::Kind::Fill:
        case DataSpec::Kind::Values: {
            if (spec.kind == DataSpec::Kind::Values && spec.values.size() > count)
                return fail(pto_as::Status::DataSizeMismatch, std::to_string(spec.values.size()) +
                                                                  " values for " + std::to_string(count) +
                                                                  " elements");
            for (std::size_t i = 0; i < spec.values.size(); ++i) {
                const auto bits = pto_as::number_bits(spec.values[i], t, &bad);
                if (!bits)
                    return fail(pto_as::Status::BadLiteral, bad);
                if (spec.kind == DataSpec::Kind::Fill) {
                    for (std::size_t k = 0; k < count; ++k)
                        store(out.data() + k * size, *bits, size);
                } else {
                    store(out.data() + i * size, *bits, size);
                }
            }
            break;
        }
        case DataSpec::Kind::Iota: {
            const Number start = spec.values.size() > 0 ? spec.values[0] : Number{};
            Number step;
            step.magnitude = 1;
            step.value = 1;
            if (spec.values.size() > 1)
                step = spec.values[1];
            if (is_float) {
                for (std::size_t k = 0; k < count; ++k)
                    store(out.data() + k * size,
                          float_bits(start.value + static_cast<double>(k) * step.value, t), size);
            } else if (is_int) {
                if (start.is_float || step.is_float)
                    return fail(pto_as::Status::BadLiteral,
                                "iota of an integer type needs integer START and STEP");
                const auto s0 = static_cast<uint64_t>(as_int64(start)),
                           d = static_cast<uint64_t>(as_int64(step));
                for (std::size_t k = 0; k < count; ++k)
                    store(out.data() + k * size, s0 + static_cast<uint64_t>(k) * d,
                          size);  // wraps, as the type does
            } else {
                return fail(pto_as::Status::BadLiteral,
                            std::string("no iota for ") + std::string(dtype_name(t)));
            }
            break;
        }
        case DataSpec::Kind::Random: {
            SplitMix64 rng{spec.seed};
            if (is_float) {
                const double lo = spec.min ? spec.min->value : -100.0;
                const double hi = spec.max ? spec.max->value : 100.0;
                if (!(lo <= hi) || !std::isfinite(hi - lo))
                    return fail(pto_as::Status::BadDataSpec, "min and max must be finite with min <= max");
                for (std::size_t k = 0; k < count; ++k) {
                    const double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
                    store(out.data() + k * size, float_bits(lo + (hi - lo) * u, t), size);
                }
            } else if (is_int) {
                int64_t lo = 0;
                uint64_t span = 0;
                int_range(t, &lo, &span);
                uint64_t base = static_cast<uint64_t>(lo);
                if (spec.min || spec.max) {
                    const bool sgn = dtype_is_signed_int(t);
                    const auto val = [&](const Number& n) { return static_cast<uint64_t>(as_int64(n)); };
                    const uint64_t a = spec.min ? (sgn ? val(*spec.min) : spec.min->magnitude) : base;
                    const uint64_t b = spec.max ? (sgn ? val(*spec.max) : spec.max->magnitude) : base + span;
                    base = a;
                    span = b - a;  // unsigned distance, also across zero for signed types
                }
                for (std::size_t k = 0; k < count; ++k) {
                    const uint64_t r = rng.next();
                    const uint64_t v = span == ~uint64_t{0} ? r : r % (span + 1);
                    store(out.data() + k * size, base + v, size);
                }
            } else {
                return fail(pto_as::Status::BadLiteral,
                            std::string("no random data for ") + std::string(dtype_name(t)));
            }
            break;
        }
        case DataSpec::Kind::File: {
            std::string path = spec.path;
            if (!path.empty() && path[0] != '/' && !base_dir.empty())
                path = base_dir + "/" + path;
            std::ifstream in(path, std::ios::binary);
            if (!in)
                return fail(pto_as::Status::DataFile, std::string("'") + path + "'");
            std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            if (bytes.size() != out.size())
                return fail(pto_as::Status::DataSizeMismatch,
                            std::string("'") + path + "' has " + std::to_string(bytes.size()) +
                                std::string(" bytes, the tile ") + std::to_string(out.size()));
            if (!bytes.empty())
                std::memcpy(out.data(), bytes.data(), bytes.size());
            break;
        }
    }
    return out;
}

std::string format_element(const std::byte* p, DType t, bool hex) {
    const std::size_t size = dtype_size(t);
    const uint64_t bits = load_bits(p, size);
    char buf[64];
    if (hex) {
        std::snprintf(buf, sizeof buf, "0x%0*llx", static_cast<int>(size * 2),
                      static_cast<unsigned long long>(bits));
        return buf;
    }
    if (dtype_is_signed_int(t)) {
        const unsigned b = static_cast<unsigned>(size * 8);
        const int64_t v = b == 64 ? static_cast<int64_t>(bits)
                                  : static_cast<int64_t>(bits << (64 - b)) >> (64 - b);  // sign-extend
        return std::to_string(v);
    }
    switch (t) {
        case DType::F64:
            return shortest(std::bit_cast<double>(bits));
        case DType::F32:
            return shortest(std::bit_cast<float>(static_cast<uint32_t>(bits)));
        case DType::F16:
            return shortest(static_cast<float>(float16::from_bits(static_cast<uint16_t>(bits))));
        case DType::BF16:
            return shortest(static_cast<float>(bfloat16::from_bits(static_cast<uint16_t>(bits))));
        default:
            if (dtype_is_float(t)) {  // formats the model does not compute on: the bits
                std::snprintf(buf, sizeof buf, "0x%0*llx", static_cast<int>(size * 2),
                              static_cast<unsigned long long>(bits));
                return buf;
            }
            return std::to_string(bits);
    }
}

}  // namespace ptosim::machine
