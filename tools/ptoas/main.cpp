// ptoas: assemble, disassemble, check and run Linx PTO tile blocks and PTO-AS programs.
// Exit status: 0 success, 1 errors in the input (or I/O), 2 usage errors.
#include <CLI/CLI.hpp>

#include "commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"ptoas: the Linx block assembler, disassembler and ISA model for PTO tile programs",
                 "ptoas"};
    app.require_subcommand(1);
    ptoas::Context ctx;
    for (ptoas::AddCommand add : ptoas::kCommands)
        add(app, ctx);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    }
    return ctx.status;
}
