// Named statuses and located diagnostics: one mechanism for the Linx assembler/disassembler, the PTO-AS front
// end and the ISA model's faults.
//
// Each of them lists its statuses in a .def file (NAME, "fixed message") and instantiates these templates
// with its status enum: a diagnostic is a status, a detail (the offending token or value, "" when the message
// says it all) and where it happened; a whole-input operation returns its value and every diagnostic. The
// status's namespace provides status_name() and status_message() (found by argument-dependent lookup), built
// from the .def file with status_text().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ptosim::diag {

// Where: text inputs have line and col (1-based; 0 = unknown); binary inputs have the byte offset and the
// index of the instruction word (16- and 32-bit words count one each).
struct Loc {
    uint32_t line = 0;
    uint32_t col = 0;
    uint32_t offset = 0;
    uint32_t word = 0;
    bool operator==(const Loc&) const = default;
};

// How much of a token or a line of the user's input a diagnostic repeats. A hostile input (a 2 MB token) must
// not make a message megabytes long, and a real token is never this long.
inline constexpr std::size_t kMaxEchoed = 200;

// The first kMaxEchoed characters of `text`, followed by "... (N characters)" when it is longer.
inline std::string clip(std::string_view text, std::size_t max = kMaxEchoed) {
    if (text.size() <= max)
        return std::string(text);
    std::string s(text.substr(0, max));
    s += "... (" + std::to_string(text.size()) + " characters)";
    return s;
}

// A token of the user's input as diagnostics quote it: 'text', clipped as clip() does.
inline std::string quoted(std::string_view token) {
    std::string q(1, '\'');  // (not "'" + ...: GCC 12 -Wrestrict false positive)
    q.append(clip(token)).push_back('\'');
    return q;
}

template <typename Status>
struct Diag {
    Status status;
    std::string detail;
    Loc loc;

    // "message" or "message: detail". The detail is clipped (to a few lines) as the last defence against a
    // detail that repeats a huge token whole; the places that quote tokens clip each one (quoted()).
    std::string message() const {
        std::string m(status_message(status));
        if (!detail.empty())
            m += ": " + clip(detail, 4 * kMaxEchoed);
        return m;
    }
};

// What a whole-input operation produced, and every diagnostic (empty = success).
template <typename Status, typename T>
struct Result {
    T value{};
    std::vector<Diag<Status>> diags;
    bool ok() const { return diags.empty(); }
};

// One row of a status table: the enumerator's name and its fixed message.
struct StatusText {
    std::string_view name;
    std::string_view message;
};

// The row of status `s` in a table generated from the .def file in enumerator order.
template <typename Status, std::size_t N>
constexpr StatusText status_text(const StatusText (&table)[N], Status s) {
    const auto i = static_cast<std::size_t>(s);
    return i < N ? table[i] : StatusText{"?", "?"};
}

}  // namespace ptosim::diag
