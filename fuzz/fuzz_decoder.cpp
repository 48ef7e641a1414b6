// libFuzzer: arbitrary bytes into the decoder. Bad input must be rejected with a diagnostic, never crash;
// good input must survive words -> decode -> encode and text -> words -> text exactly.
#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_check.hpp"
#include "ptosim/asm/asm.hpp"

namespace L = ptosim::linx;

using ptosim::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::span<const uint8_t> bytes(data, size);
    const auto r = L::decode_bytes(bytes);
    if (!r.ok()) {
        for (const L::Diag& d : r.diags)
            check(!d.message().empty());
        return 0;
    }
    const std::vector<L::Word> words = L::encode(r.value);
    check(L::to_bytes(words) == std::vector<uint8_t>(bytes.begin(), bytes.end()));
    for (bool raw : {false, true}) {
        L::PrintOptions opts;
        opts.raw = raw;
        const std::string text = L::print(r.value, opts);
        const auto again = L::parse(text);
        check(again.ok());
        check(L::encode(again.value) == words);
        check(L::print(again.value, opts) == text);
    }
    const auto hex = L::parse_hex(L::to_hex(words));
    check(hex.ok() && hex.value.words == words);
    return 0;
}
