// The subcommands of ptoas. Each lives in its own file and registers itself with add_<name>_command; main.cpp
// calls every function of kCommands. To add one (run, check, ...): write <name>_cmd.cpp, declare it here,
// list it.
#pragma once

#include <CLI/CLI.hpp>

namespace ptoas {

// Shared by the subcommands: the exit status the chosen one sets (0 ok, 1 errors in the input).
struct Context {
    int status = 0;
};

void add_asm_command(CLI::App& app, Context& ctx);
void add_disasm_command(CLI::App& app, Context& ctx);
void add_run_command(CLI::App& app, Context& ctx);
void add_check_command(CLI::App& app, Context& ctx);

using AddCommand = void (*)(CLI::App&, Context&);
inline constexpr AddCommand kCommands[] = {add_asm_command, add_disasm_command, add_run_command,
                                           add_check_command};

}  // namespace ptoas
