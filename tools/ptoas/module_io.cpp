#include "module_io.hpp"

#include <algorithm>
#include <iostream>

#include "io.hpp"
#include "ptosim/machine/data.hpp"
#include "ptosim/machine/module_run.hpp"
#include "ptosim/sync/hazards.hpp"

namespace ptoas {

namespace {

namespace R = ptosim::machine::modrun;
namespace mod = ptosim::pto_as::mod;

// Exit status of a run that the hazard checker found a hazard in (docs/machine.md).
constexpr int kHazardStatus = 3;

void report(const ModuleInput& in, const ptosim::pto_as::Diag& d, std::string_view severity = "error") {
    if (d.loc.line == 0)
        std::cerr << "ptoas: " << severity << ": " << d.message() << "\n";
    else
        print_located(in.name, in.source, {d.loc.line, d.loc.col, 0, 0}, severity, d.message());
}

R::Options options(const ModuleInput& in, const ProgramArgs& a, const ModuleArgs& m) {
    R::Options o;
    o.arch = a.arch;
    o.entry = m.entry;
    o.source_name = in.name;
    o.base_dir = in.base_dir;
    o.blocks = m.blocks;
    if (m.max_steps != 0)
        o.max_steps = m.max_steps;
    return o;
}

// Parses and prepares; prints every problem. nullopt when the module cannot run at all.
std::optional<R::Check> load(const ModuleInput& in, const ProgramArgs& a, const ModuleArgs& m,
                             std::optional<mod::Module>& module, bool warn) {
    auto parsed = mod::parse(in.source);
    for (const auto& d : parsed.diags)
        report(in, d);
    if (!parsed.ok())
        return std::nullopt;
    module = std::move(parsed.value);
    R::Check c = R::prepare(*module, options(in, a, m));
    for (const auto& d : c.errors)
        report(in, d);
    if (warn)
        for (const auto& d : c.not_executable)
            report(in, d, "warning");
    if (!c.errors.empty())
        return std::nullopt;
    return c;
}

std::string signature(const R::Check& c) {
    std::string s = "@" + c.entry + "(";
    for (std::size_t i = 0; i < c.params.size(); ++i)
        s += (i ? ", " : "") + c.params[i].name + ": " + c.params[i].type;
    return s + ")";
}

}  // namespace

std::optional<ModuleInput> read_program(const ProgramArgs& a) {
    const std::optional<std::string> data = read_input(a.input);
    if (!data)
        return std::nullopt;
    ModuleInput in{display_name(a.input), *data, ".", !a.binary && !a.linx && mod::is_module_text(*data)};
    if (a.input != "-") {
        const std::size_t slash = a.input.find_last_of('/');
        in.base_dir = slash == std::string::npos ? "." : a.input.substr(0, slash);
    }
    return in;
}

int check_module(const ModuleInput& in, const ProgramArgs& a, const ModuleArgs& m) {
    std::optional<mod::Module> module;
    const std::optional<R::Check> c = load(in, a, m, module, true);
    if (!c)
        return 1;
    std::cout << "ok: module, " << c->functions << (c->functions == 1 ? " function, " : " functions, ")
              << c->ops << " operations";
    if (!c->not_executable.empty())
        std::cout << ", " << c->not_executable.size() << " not executable yet";
    if (c->entry.empty()) {
        std::cout << "; functions";
        for (const std::string& f : c->function_names)
            std::cout << " @" << f;
        std::cout << " (run one with --entry)\n";
    } else {
        std::cout << "; entry " << signature(*c) << "\n";
    }
    return 0;
}

int run_module(const ModuleInput& in, const ProgramArgs& a, const ModuleArgs& m) {
    std::optional<mod::Module> module;
    const std::optional<R::Check> c = load(in, a, m, module, false);
    if (!c)
        return 1;
    if (c->entry.empty()) {
        std::cerr << "ptoas: error: no entry function: choose one of";
        for (const std::string& f : c->function_names)
            std::cerr << " @" << f;
        std::cerr << " with --entry\n";
        return 1;
    }
    const R::Options opts = options(in, a, m);
    auto bound = R::bind(*c, m.args, opts);
    for (const auto& d : bound.diags)
        report(in, d);
    if (!bound.ok()) {
        std::cerr << "ptoas: the entry is " << signature(*c) << "\n";
        return 1;
    }
    if (m.hazards)
        ptosim::hazards::enable(true, true);
    start_timeline(m.timeline);
    const auto failure = R::run(*c, bound.value, opts);
    // The timeline of a run that failed is written too: it shows what led to the failure.
    const bool timeline_written = write_timeline(m.timeline);
    if (failure) {
        report(in, *failure);
        return 1;
    }
    int status = timeline_written ? 0 : 1;
    auto find = [&](const std::string& name) -> const R::Binding* {
        for (const R::Binding& b : bound.value)
            if (b.param.name == name && b.param.pointer)
                return &b;
        std::cerr << "ptoas: error: " << ptosim::diag::clip(name) << " is not a pointer argument of "
                  << signature(*c) << "\n";
        status = 1;
        return nullptr;
    };
    for (const std::string& spec : m.outs) {
        const std::size_t eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
            std::cerr << "ptoas: error: --out " << ptosim::diag::quoted(spec) << ": expected %name=PATH\n";
            status = 1;
            continue;
        }
        if (const R::Binding* b = find(spec.substr(0, eq)))
            if (!write_output(
                    spec.substr(eq + 1),
                    std::string_view(reinterpret_cast<const char*>(b->bytes.data()), b->bytes.size())))
                status = 1;
    }
    bool first = true;
    for (const std::string& name : a.dumps) {
        const R::Binding* b = find(name);
        if (!b)
            continue;
        const std::size_t es = ptosim::dtype_size(b->param.dtype);
        const std::size_t n = b->bytes.size() / es;
        const int64_t cols = b->rows > 1 ? b->cols : std::min<int64_t>(static_cast<int64_t>(n), 16);
        std::cout << (first ? "" : "\n") << name << ": " << ptosim::dtype_name(b->param.dtype) << " x " << n
                  << "\n";
        for (std::size_t i = 0; i < n; i += static_cast<std::size_t>(cols)) {
            std::cout << "[" << i / static_cast<std::size_t>(cols) << "]";
            for (std::size_t j = i; j < std::min(n, i + static_cast<std::size_t>(cols)); ++j)
                std::cout << " "
                          << ptosim::machine::format_element(b->bytes.data() + j * es, b->param.dtype, m.hex);
            std::cout << "\n";
        }
        first = false;
    }
    if (m.outs.empty() && a.dumps.empty())
        std::cout << "ran @" << c->entry << " on " << m.blocks << (m.blocks == 1 ? " block" : " blocks")
                  << "\n";
    if (status == 0 && m.hazards && !ptosim::hazards::reports().empty())
        status = kHazardStatus;
    return status;
}

}  // namespace ptoas
