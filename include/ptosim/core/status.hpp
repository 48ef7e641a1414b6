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

template <typename Status>
struct Diag {
    Status status;
    std::string detail;
    Loc loc;

    // "message" or "message: detail".
    std::string message() const {
        std::string m(status_message(status));
        if (!detail.empty())
            m += ": " + detail;
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
