// libFuzzer: arbitrary text into the PTO-AS front end and the ISA model. Bad input must be rejected with
// located diagnostics, never crash; whatever parses must print in canonical form and parse back to the same
// program; whatever loads (PTO-AS lowered to blocks, or Linx text with directives) must run on the model
// without a crash (faults are fine).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "ptosim/machine/program.hpp"
#include "ptosim/pto_as/parser.hpp"
#include "ptosim/pto_as/printer.hpp"

namespace M = ptosim::machine;
namespace P = ptosim::pto_as;

using ptosim::fuzz::check;

namespace {

// file= data would read whatever the fuzzer names: load only programs without it.
bool reads_files(std::string_view text) {
    return text.find("file") != std::string_view::npos;
}

void run(const M::Loaded& p) {
    M::Machine m;
    M::init(m, p);
    const M::RunResult r = m.run();
    check(r.ok() || !r.fault->message().empty());
    std::string why;
    for (const P::DumpSpec& d : p.dumps)
        (void)M::resolve(p, d.name, &why);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto r = P::parse(text);
    if (!r.ok()) {
        for (const P::Diag& d : r.diags)
            check(d.loc.line >= 1 && d.loc.col >= 1 && !d.message().empty());
    } else {
        const std::string canonical = P::print(r.value);
        const auto again = P::parse(canonical);
        check(again.ok());
        check(again.value == r.value);
        check(P::print(again.value) == canonical);
    }
    if (reads_files(text))
        return 0;
    for (M::SourceKind kind : {M::SourceKind::PtoAs, M::SourceKind::LinxText}) {
        const M::LoadResult loaded = M::load_program(text, kind, {});
        for (const M::Problem& p : loaded.problems)
            check(!p.message.empty());
        if (loaded.ok())
            run(loaded.value);
    }
    return 0;
}
