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
// To FILE, or stdout when path is empty or "-". Every write is checked (a full disk, a missing directory):
// on failure prints an error naming the file, removes a partial regular file and returns false.
bool write_output(const std::string& path, std::string_view data);
// Flushes stdout; on failure (stdout on a full disk) prints an error and returns false.
bool flush_stdout();

// --trace-timeline FILE (nothing when empty): start_timeline before the run records the pipeline timeline;
// write_timeline after it writes FILE (checked, as write_output) and the per-pipe summary to stderr.
void start_timeline(const std::string& path);
bool write_timeline(const std::string& path);

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
