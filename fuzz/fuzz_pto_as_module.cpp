// libFuzzer: arbitrary text into the module form (PTOAS's MLIR programs): parse, decode every operation, and
// run the entry when there is one, every pointer argument a small zeroed buffer and every scalar 1. Bad input
// must be rejected with located diagnostics, never crash; a run may fail, with a message. Deep nesting and
// endless loops (empty bodies included) end with TooDeep / StepLimit errors.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "ptosim/machine/module_run.hpp"

namespace mod = ptosim::pto_as::mod;
namespace R = ptosim::machine::modrun;

using ptosim::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto parsed = mod::parse(text);
    // Located, and short however long the token it quotes (a message repeats at most a clipped detail).
    for (const auto& d : parsed.diags)
        check(!d.message().empty() && d.loc.line != 0 && d.message().size() < 1200);
    if (!parsed.ok())
        return 0;
    R::Options o;
    o.max_steps = 100000;
    const R::Check c = R::prepare(parsed.value, o);
    for (const auto& d : c.errors)
        check(!d.message().empty());
    if (c.entry.empty() || !c.errors.empty())
        return 0;
    std::vector<std::string> specs;
    for (const R::Param& p : c.params)
        specs.push_back(p.pointer ? "zeros:4096" : "1");
    auto bound = R::bind(c, specs, o);
    if (!bound.ok())
        return 0;
    if (const auto failure = R::run(c, bound.value, o))
        check(!failure->message().empty());
    return 0;
}
