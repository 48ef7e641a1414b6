// ptoas disasm FILE|- [--hex-input] [--raw]: block words -> Linx assembly text.
#include <memory>

#include "commands.hpp"
#include "io.hpp"
#include "ptosim/asm/codec.hpp"
#include "ptosim/asm/printer.hpp"

namespace ptoas {

namespace {

struct DisasmArgs {
    std::string input;
    std::string output;
    bool hex_input = false;
    bool raw = false;
    ptosim::Arch arch = ptosim::Arch::A5;
};

int run_disasm(const DisasmArgs& a) {
    const std::optional<std::string> data = read_input(a.input);
    if (!data)
        return 1;
    ptosim::linx::DecodeOptions opts;
    opts.arch = a.arch;
    ptosim::linx::Result<ptosim::linx::Program> r;
    if (a.hex_input) {
        const auto hex = ptosim::linx::parse_hex(*data);
        if (!hex.ok()) {
            print_diags(display_name(a.input), *data, hex.diags);
            return 1;
        }
        r = ptosim::linx::decode(hex.value.words, opts, hex.value.locs);
    } else {
        const auto* p = reinterpret_cast<const uint8_t*>(data->data());
        r = ptosim::linx::decode_bytes(std::span<const uint8_t>(p, data->size()), opts);
    }
    if (!r.ok()) {
        print_diags(display_name(a.input), *data, r.diags);
        return 1;
    }
    ptosim::linx::PrintOptions print_opts;
    print_opts.raw = a.raw;
    return write_output(a.output, ptosim::linx::print(r.value, print_opts)) ? 0 : 1;
}

}  // namespace

void add_disasm_command(CLI::App& app, Context& ctx) {
    auto args = std::make_shared<DisasmArgs>();
    CLI::App* cmd = app.add_subcommand("disasm", "Disassemble Linx block words into assembly text");
    cmd->add_option("FILE", args->input, "Binary words ('-' for stdin)")->required();
    cmd->add_option("-o,--output", args->output, "Output file (default: stdout)");
    cmd->add_flag("--hex-input", args->hex_input,
                  "Input is hex text, one word per token (as 'asm --hex' writes)");
    cmd->add_flag("--raw", args->raw, "Print raw block-header lines instead of the folded macro form");
    add_arch_option(*cmd, &args->arch);
    cmd->callback([args, &ctx] { ctx.status = run_disasm(*args); });
}

}  // namespace ptoas
