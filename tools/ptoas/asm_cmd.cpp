// ptoas asm FILE|- [-o OUT] [--hex]: Linx assembly text -> block words.
#include <memory>

#include "commands.hpp"
#include "io.hpp"
#include "ptosim/asm/codec.hpp"
#include "ptosim/asm/parser.hpp"

namespace ptoas {

namespace {

struct AsmArgs {
    std::string input;
    std::string output;
    bool hex = false;
    ptosim::Arch arch = ptosim::Arch::A5;
};

int run_asm(const AsmArgs& a) {
    const std::optional<std::string> text = read_input(a.input);
    if (!text)
        return 1;
    ptosim::linx::AsmOptions opts;
    opts.arch = a.arch;
    const auto r = ptosim::linx::parse(*text, opts);
    if (!r.ok()) {
        print_diags(display_name(a.input), *text, r.diags);
        return 1;
    }
    const std::vector<ptosim::linx::Word> words = ptosim::linx::encode(r.value);
    if (a.hex)
        return write_output(a.output, ptosim::linx::to_hex(words)) ? 0 : 1;
    const std::vector<uint8_t> bytes = ptosim::linx::to_bytes(words);
    return write_output(a.output, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()))
               ? 0
               : 1;
}

}  // namespace

void add_asm_command(CLI::App& app, Context& ctx) {
    auto args = std::make_shared<AsmArgs>();
    CLI::App* cmd = app.add_subcommand("asm", "Assemble Linx block text into 32/16-bit little-endian words");
    cmd->add_option("FILE", args->input, "Assembly text ('-' for stdin)")->required();
    cmd->add_option("-o,--output", args->output, "Output file (default: stdout)");
    cmd->add_flag("--hex", args->hex,
                  "Write hex text, one word per line (8 digits for 32-bit, 4 for 16-bit)");
    add_arch_option(*cmd, &args->arch);
    cmd->callback([args, &ctx] { ctx.status = run_asm(*args); });
}

}  // namespace ptoas
