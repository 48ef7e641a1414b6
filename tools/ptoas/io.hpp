// Input, output and diagnostics shared by the ptoas subcommands.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "ptosim/asm/status.hpp"
#include "ptosim/core/arch.hpp"

namespace ptoas {

// The whole of FILE, or of stdin for "-". On failure prints "ptoas: error: ..." and returns nullopt.
std::optional<std::string> read_input(const std::string& path);
// To FILE, or stdout when path is empty. On failure prints an error and returns false.
bool write_output(const std::string& path, std::string_view data);

// The name diagnostics use for an input path ("<stdin>" for "-").
std::string display_name(const std::string& path);

// Text diagnostics: "name:line:col: error: message", the source line and a caret under the column.
// Binary diagnostics (no line): "name: offset 0x10 (word 4): error: message".
void print_diags(const std::string& name, std::string_view source, std::span<const ptosim::linx::Diag> diags);
// One located error in the same format.
void print_error(const std::string& name, std::string_view source, const ptosim::linx::Loc& loc,
                 std::string_view message);
// The same with another severity ("warning").
void print_located(const std::string& name, std::string_view source, const ptosim::linx::Loc& loc,
                   std::string_view severity, std::string_view message);

// --arch A5|A2A3|KIRIN9030 (case-insensitive), stored into *arch.
void add_arch_option(CLI::App& cmd, ptosim::Arch* arch);

}  // namespace ptoas
