// ptoas check FILE [--print | --lower]: parse and validate a program without running a kernel. Every block is
// checked as `run` would (sources written and live, shapes, sizes, element types, the UB budget).
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "io.hpp"
#include "module_io.hpp"
#include "program_io.hpp"
#include "ptosim/pto_as/printer.hpp"

namespace ptoas {

namespace {

namespace M = ptosim::machine;

struct CheckArgs {
    ProgramArgs program;
    bool print = false;
    bool lower = false;
    ModuleArgs module;  // --entry (module form)
};

int check(const CheckArgs& a) {
    const std::optional<ModuleInput> in = read_program(a.program);
    if (!in)
        return 1;
    if (in->is_module)
        return check_module(*in, a.program, a.module);
    std::optional<LoadedFile> f = load_file(a.program, &in->source);
    if (!f)
        return 1;
    M::Options opts;
    opts.arch = a.program.arch;
    opts.dry_run = true;
    M::Machine m(opts);
    M::init(m, f->program);
    const M::RunResult r = m.run();
    if (!r.ok()) {
        print_fault(*f, *r.fault);
        return 1;
    }
    if (a.print && f->program.kind == M::SourceKind::PtoAs)
        std::cout << ptosim::pto_as::print(f->program.pto);
    else if (a.print || a.lower)
        std::cout << M::print_linx(f->program);
    else
        std::cout << "ok: " << M::source_kind_name(f->program.kind) << ", " << f->program.blocks.size()
                  << (f->program.blocks.size() == 1 ? " block" : " blocks") << "\n";
    return 0;
}

}  // namespace

void add_check_command(CLI::App& app, Context& ctx) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* cmd = app.add_subcommand("check", "Parse and validate a program without running it");
    add_program_options(*cmd, args->program);
    auto* print = cmd->add_flag("--print", args->print, "Print the program in canonical form");
    auto* lower =
        cmd->add_flag("--lower", args->lower,
                      "Print the program as Linx text with directives (PTO-AS: the blocks it lowers to)");
    print->excludes(lower);
    cmd->add_option("--entry", args->module.entry, "Module form: the function to run (default: pto.entry's)");
    cmd->callback([args, &ctx] { ctx.status = check(*args); });
}

}  // namespace ptoas
