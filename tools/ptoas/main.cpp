// ptoas: assemble, disassemble, check and run Linx PTO tile blocks and PTO-AS programs.
// Exit status: 0 success, 1 errors in the input (or I/O), 2 usage errors.
#include <CLI/CLI.hpp>
#include <iostream>
#include <new>

#include "commands.hpp"
#include "io.hpp"

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
    } catch (const std::bad_alloc&) {
        // An input may ask for more memory than there is (--arg zeros:1073741824): an error, not an abort.
        std::cerr << "ptoas: error: out of memory\n";
        return 1;
    }
    // What went to stdout (check's summary, run's dumps) is written only now: a failed write is an error.
    if (!ptoas::flush_stdout() && ctx.status == 0)
        return 1;
    return ctx.status;
}
