// libFuzzer: arbitrary text into the assembler. Bad input must be rejected with located diagnostics, never
// crash; whatever assembles must decode back to the same words, and its disassembly must reassemble to them.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "ptosim/asm/asm.hpp"

namespace L = ptosim::linx;

using ptosim::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto r = L::parse(text);
    if (!r.ok()) {
        for (const L::Diag& d : r.diags)
            check(d.loc.line >= 1 && !d.message().empty());
        return 0;
    }
    const std::vector<L::Word> words = L::encode(r.value);
    const auto decoded = L::decode(words);
    check(decoded.ok());
    check(decoded.value.size() == r.value.size());
    check(L::encode(decoded.value) == words);
    for (bool raw : {false, true}) {
        L::PrintOptions opts;
        opts.raw = raw;
        const std::string canonical = L::print(decoded.value, opts);
        const auto again = L::parse(canonical);
        check(again.ok());
        check(L::encode(again.value) == words);
        check(L::print(again.value, opts) == canonical);
    }
    return 0;
}
