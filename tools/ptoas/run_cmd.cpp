// ptoas run FILE [--dump NAME]... [--dump-bin NAME=PATH]... [--tile SPEC]... [--reg SPEC]... [--trace]
//           [--hazards] [--trace-timeline FILE] [--profile] [--profile-json FILE]: run a program (Linx text,
// Linx binary or PTO-AS) on the ISA model and print tiles after the run; optionally under the hazard checker,
// the pipeline timeline and the profile of the simulation's host time.
#include <iostream>
#include <limits>
#include <memory>

#include "commands.hpp"
#include "io.hpp"
#include "module_io.hpp"
#include "program_io.hpp"
#include "ptosim/asm/printer.hpp"
#include "ptosim/machine/data.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/profile.hpp"

namespace ptoas {

namespace {

namespace M = ptosim::machine;

struct RunArgs {
    ProgramArgs program;
    std::vector<std::string> dump_bin;  // NAME=PATH
    bool hex = false;
    bool trace = false;
    bool hazards = false;
    std::string timeline;  // --trace-timeline FILE
    bool profile = false;
    std::string profile_json;  // --profile-json FILE
    ModuleArgs module;         // --entry, --arg, --out, --blocks, --max-steps (module form)
};

// Exit status of a run that the hazard checker found a hazard in (docs/machine.md).
constexpr int kHazardStatus = 3;

// The entry a dump means; prints an error (at the .dump directive when it came from the file) otherwise.
const M::Entry* find_entry(const LoadedFile& f, const M::Machine& m, const ptosim::pto_as::DumpSpec& d,
                           std::string* label) {
    std::string why;
    const auto ref = M::resolve(f.program, d.name, &why);
    std::string msg;
    if (!ref) {
        msg = why;
    } else {
        *label = d.name;
        const std::string pos =
            std::string(ptosim::linx::hand_name(ref->hand)) + "#" + std::to_string(ref->index);
        if (d.name != pos)
            *label += std::string(" (") + pos + ")";
        const M::Entry& e = m.entry(ref->hand, ref->index);
        if (e.written())
            return &e;
        msg = *label + " was never written";
    }
    if (d.loc.line != 0)
        print_error(f.name, f.source, {d.loc.line, d.loc.col, 0, 0}, std::string("cannot dump: ") + msg);
    else
        std::cerr << "ptoas: error: --dump " << ptosim::diag::clip(d.name) << ": "
                  << ptosim::diag::clip(msg, 4 * ptosim::diag::kMaxEchoed) << "\n";
    return nullptr;
}

int run_program(const RunArgs& a) {
    const std::optional<ModuleInput> in = read_program(a.program);
    if (!in)
        return 1;
    if (in->is_module) {
        ModuleArgs m = a.module;
        m.hex = a.hex;
        m.hazards = a.hazards;
        m.timeline = a.timeline;
        return run_module(*in, a.program, m);
    }
    std::optional<LoadedFile> f = load_file(a.program, &in->source);
    if (!f)
        return 1;
    // As PTOSIM_CHECK_HAZARDS=1 and PTOSIM_TRACE=FILE do for a C++ program: reports on stderr as they are
    // found and a summary at exit; the timeline and its summary written after the run (checked: a failed
    // write is an error, which at exit it could not be).
    if (a.hazards)
        ptosim::hazards::enable(true, true);
    start_timeline(a.timeline);
    M::Options opts;
    opts.arch = a.program.arch;
    opts.source_name = f->name;
    if (a.trace)
        opts.trace = [](std::size_t i, const ptosim::linx::Block& b) {
            std::string text = ptosim::linx::is_canonical(b) ? ptosim::linx::print_folded(b) + "\n"
                                                             : ptosim::linx::print_block(b);
            std::cout << "block " << i << ": " << text;
        };
    M::Machine m(opts);
    M::init(m, f->program);
    const M::RunResult r = m.run();
    // The timeline of a run that faulted is written too: it shows what led to the fault.
    const bool timeline_written = write_timeline(a.timeline);
    if (!r.ok()) {
        print_fault(*f, *r.fault);
        return 1;
    }
    int status = timeline_written ? 0 : 1;
    bool first = true;
    for (const auto& d : f->program.dumps) {
        std::string label;
        const M::Entry* e = find_entry(*f, m, d, &label);
        if (!e) {
            status = 1;
            continue;
        }
        M::DumpOptions o;
        o.region = d.region;
        o.hex = d.hex || a.hex;
        std::cout << (first ? "" : "\n") << M::format_tile(label, *e, o);
        first = false;
    }
    for (const std::string& spec : a.dump_bin) {
        const std::size_t eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
            std::cerr << "ptoas: error: --dump-bin " << ptosim::diag::quoted(spec)
                      << ": expected NAME=PATH\n";
            status = 1;
            continue;
        }
        ptosim::pto_as::DumpSpec d;
        d.name = spec.substr(0, eq);
        std::string label;
        const M::Entry* e = find_entry(*f, m, d, &label);
        if (!e) {
            status = 1;
            continue;
        }
        // The physical tile as the block wrote it: Row x Col elements (at most the entry's size).
        const std::size_t n = e->shape.layout.size() * ptosim::dtype_size(e->shape.dtype);
        if (!write_output(spec.substr(eq + 1),
                          std::string_view(reinterpret_cast<const char*>(e->data.get()), n)))
            status = 1;
    }
    if (f->program.dumps.empty() && a.dump_bin.empty())
        std::cout << "ran " << r.executed << (r.executed == 1 ? " block" : " blocks") << "\n";
    if (status == 0 && a.hazards && !ptosim::hazards::reports().empty())
        status = kHazardStatus;
    return status;
}

// The run, under the profile when asked: its table on stderr after the run, its JSON to a file (checked).
int run(const RunArgs& a) {
    const bool profiling = a.profile || !a.profile_json.empty();
    if (profiling)
        ptosim::profile::enable(true);
    int status = run_program(a);
    if (!profiling)
        return status;
    const ptosim::profile::Report r = ptosim::profile::report();
    std::cerr << ptosim::profile::text(r);
    if (!a.profile_json.empty() && !write_output(a.profile_json, ptosim::profile::json(r)) && status == 0)
        status = 1;
    return status;
}

}  // namespace

void add_run_command(CLI::App& app, Context& ctx) {
    auto args = std::make_shared<RunArgs>();
    CLI::App* cmd = app.add_subcommand("run", "Run a program on the ISA model and print tiles after the run");
    add_program_options(*cmd, args->program);
    cmd->add_option(
        "--dump", args->program.dumps,
        "Print a tile after the run: T#1, %value, with an optional region T#1[0:2, 240:] and 'hex'");
    cmd->add_option("--dump-bin", args->dump_bin,
                    "Write a tile's bytes after the run: NAME=PATH (T#1=out.bin)");
    cmd->add_flag("--hex", args->hex, "Print dumped elements as hex bit patterns");
    cmd->add_flag("--trace", args->trace, "Print each block before it runs");
    cmd->add_flag("--hazards", args->hazards,
                  "Check the pipes' synchronisation (docs/hazards.md): print each hazard and a summary; exit "
                  "status 3 when one was found");
    cmd->add_option(
           "--trace-timeline", args->timeline,
           "Write the pipeline timeline (Chrome trace / Perfetto JSON, docs/timeline.md) to FILE and "
           "its per-pipe summary to stderr")
        ->type_name("FILE");
    cmd->add_flag("--profile", args->profile,
                  "Print where the simulation's host time went, per instruction and element type, to stderr "
                  "after the run (docs/performance.md, \"Where the time goes\")");
    cmd->add_option("--profile-json", args->profile_json, "Write the same profile as JSON to FILE")
        ->type_name("FILE");
    cmd->add_option("--entry", args->module.entry, "Module form: the function to run (default: pto.entry's)");
    cmd->add_option(
        "--arg", args->module.args,
        "Module form: an argument, %name=SPEC or SPEC by position: zeros:N, fill:V:N, iota:START:STEP:N, "
        "random:N[:seed=S][:min=A][:max=B], file=PATH[:N] (N a count or ROWSxCOLS); a number for a "
        "scalar");
    cmd->add_option("--out", args->module.outs,
                    "Module form: write a pointer argument after the run: %name=PATH");
    cmd->add_option("--blocks", args->module.blocks, "Module form: simulated cores (get_block_num)")
        ->check(CLI::Range(1, 4096));
    cmd->add_option("--max-steps", args->module.max_steps,
                    "Module form: steps a block may take, an operation or a loop iteration each, before the "
                    "run is stopped (default 200000000)")
        ->check(CLI::Range(uint64_t{1}, std::numeric_limits<uint64_t>::max()));
    cmd->callback([args, &ctx] { ctx.status = run(*args); });
}

}  // namespace ptoas
