#include "program_io.hpp"

#include <iostream>

#include "io.hpp"
#include "ptosim/pto_as/parser.hpp"

namespace ptoas {

namespace M = ptosim::machine;

void add_program_options(CLI::App& cmd, ProgramArgs& a) {
    cmd.add_option("FILE", a.input,
                   "Program: Linx text, Linx binary (*.bin) or PTO-AS (*.pto); '-' for stdin")
        ->required();
    add_arch_option(cmd, &a.arch);
    auto* bin = cmd.add_flag("--binary", a.binary, "The input is a Linx binary (as 'ptoas asm' writes)");
    auto* pto = cmd.add_flag("--pto", a.pto, "The input is PTO-AS text");
    auto* linx = cmd.add_flag("--linx", a.linx, "The input is Linx assembly text");
    bin->excludes(pto)->excludes(linx);
    pto->excludes(linx);
    cmd.add_option("--tile", a.tiles,
                   "An input tile, as a .tile directive: 'T#3 u32 4x64 random seed=1' (Linx programs)");
    cmd.add_option("--reg", a.regs, "A scalar register, as a .reg directive: 'a0 = 64' or 'a2 = 1.5 : fp32'");
}

std::optional<LoadedFile> load_file(const ProgramArgs& a, const std::string* given) {
    const std::optional<std::string> data = given ? std::optional<std::string>(*given) : read_input(a.input);
    if (!data)
        return std::nullopt;
    LoadedFile f;
    f.name = display_name(a.input);
    f.source = *data;
    f.opts.arch = a.arch;
    if (a.input != "-") {
        const std::size_t slash = a.input.find_last_of('/');
        f.opts.base_dir = slash == std::string::npos ? "." : a.input.substr(0, slash);
    }
    M::SourceKind kind = a.binary ? M::SourceKind::LinxBinary
                         : a.pto  ? M::SourceKind::PtoAs
                         : a.linx ? M::SourceKind::LinxText
                                  : M::detect_kind(a.input, f.source);
    M::LoadResult r = M::load_program(f.source, kind, f.opts);
    bool ok = r.ok();
    for (const M::Problem& p : r.problems)
        print_error(f.name, f.source, p.loc, p.message);
    f.program = std::move(r.value);

    // The command line's directives: parsed like the file's, reported with the option they came from.
    const auto apply = [&](const std::vector<std::string>& specs, const char* directive, const char* option) {
        for (const std::string& spec : specs) {
            const std::string line = std::string(directive) + " " + spec;
            auto d = ptosim::pto_as::parse_linx_directive(line, 0);
            std::vector<M::Problem> problems;
            if (!d.ok()) {
                for (const auto& diag : d.diags)
                    problems.push_back({diag.message(), {diag.loc.line, diag.loc.col, 0, 0}});
            } else {
                if (d.value.kind == ptosim::pto_as::Directive::Kind::Tile &&
                    f.program.kind == M::SourceKind::PtoAs)
                    problems.push_back(
                        {"--tile is for Linx programs; PTO-AS declares its inputs with .arg", {}});
                else
                    problems = M::apply_directive(f.program, d.value, f.opts);
            }
            for (const M::Problem& p : problems) {
                std::cerr << "ptoas: error: " << option << " " << ptosim::diag::quoted(spec) << ": "
                          << ptosim::diag::clip(p.message, 4 * ptosim::diag::kMaxEchoed) << "\n";
                ok = false;
            }
        }
    };
    apply(a.tiles, ".tile", "--tile");
    apply(a.regs, ".reg", "--reg");
    apply(a.dumps, ".dump", "--dump");
    if (!ok)
        return std::nullopt;
    return f;
}

void print_fault(const LoadedFile& f, const M::Fault& fault) {
    print_error(f.name, f.source, fault.loc, fault.message());
}

}  // namespace ptoas
