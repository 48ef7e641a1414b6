// PTO-AS in the module form PTOAS reads and writes: MLIR text with `module { func.func @k(...) { ... } }`,
// `arith` / `scf` / `func` operations and `pto.*` operations in their custom syntax (docs/pto-as-module.md).
//
// The parser is generic: it knows MLIR's structure (values, operation boundaries, attribute dictionaries,
// regions and blocks, type and attribute aliases), not each operation's syntax. An operation keeps the tokens
// of its custom syntax; what they mean is decided by whoever executes it (ptosim/machine/module_run.hpp). So
// every program parses, also one with operations ptosim cannot run, and those are then reported by name and
// place.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/pto_as/status.hpp"

namespace ptosim::pto_as::mod {

enum class Tok : uint8_t {
    Value,   // %name, %name#k
    Label,   // ^bb0
    Symbol,  // @name
    Word,    // an identifier, keyword or number; with a glued <...>: memref<...>, strided<...>, dense<...>
    Type,    // !dialect.name[<...>] or !alias
    Attr,    // #dialect.name[<...>] or #alias
    Angle,   // a standalone <...> (PTOAS's short attributes <PIPE_V> and type bodies after ':')
    String,  // "text" (quotes included)
    Punct,   // ( ) [ ] { } , = : -> and any other single character
};

struct Token {
    Tok kind = Tok::Punct;
    std::string_view text;  // a view into the module's source (an alias use: the alias's definition)
    Loc loc;
    bool is(std::string_view p) const { return kind == Tok::Punct && text == p; }
    bool word(std::string_view w) const { return kind == Tok::Word && text == w; }
};

struct Op;

// A block: its label and arguments (`^bb0(%a: i32):`; both empty for a region's unlabelled entry block) and
// its operations.
struct Block {
    std::string_view label;
    std::vector<Token> args;  // the tokens between the label's parentheses
    std::vector<Op> ops;
};

struct Region {
    std::vector<Block> blocks;
    Loc loc;  // the '{'
};

struct Op {
    std::vector<std::string_view> results;  // "%0"; `%r:2 = ...` gives "%r#0", "%r#1"
    std::string_view name;                  // "pto.tadd", "arith.constant", "return", ...
    // The tokens after the name, in order, without the regions. Each region leaves one `{}` Punct token in
    // their place, so the text around it (scf.if's `else`, scf.while's `do`) keeps its position.
    std::vector<Token> body;
    std::vector<Region> regions;
    Loc loc;  // the name's, or the first result's
};

// A parsed text: its top-level operations (usually one `module`), which own views into `source`.
struct Module {
    std::shared_ptr<const std::string> source;
    std::vector<Op> ops;
    std::size_t op_count = 0;  // every operation, nested ones included
};

// How deep regions may nest (`scf.if` in `scf.for` in `func.func` in `module` is 4). The parser, the scope
// check, the walks over a module and the runner recurse once per level; this bound keeps them far from the
// end of any thread's stack (also under the sanitizers), and PTOAS's programs nest fewer than 10 deep. A
// deeper region is an error (Status::TooDeep) at its '{'.
inline constexpr int kMaxNesting = 256;

// Every token of a text, comments (`//` to the end of the line) left out. Never throws.
Result<std::vector<Token>> lex(std::string_view text);

// Parses a module-form text. Every value used must be defined before, in an enclosing scope (function and
// block arguments, loop variables and iteration arguments, earlier results). Regions nest at most
// kMaxNesting deep. Never throws.
Result<Module> parse(std::string text);

// True when a text is in the module form (its first token is `module`, `func.func` or an alias definition),
// false for the statement-level PTO-AS of ptosim/pto_as/parser.hpp.
bool is_module_text(std::string_view text);

// A tile instruction's lower-case mnemonic (`tadd`, `tmatmul`): an operation name of the synchronous level,
// which the parser reads as `pto.tadd`.
bool is_instruction_word(std::string_view w);

// The function operations of a module (`func.func`), in order, at any depth of `module` nesting.
std::vector<const Op*> functions(const Module& m);
// A func.func's name, without the '@'.
std::string_view function_name(const Op& f);

// Every operation of a region, depth first (for checks that look at all of them).
template <typename F>
void walk(const std::vector<Op>& ops, F&& f) {
    for (const Op& op : ops) {
        f(op);
        for (const Region& r : op.regions)
            for (const Block& b : r.blocks)
                walk(b.ops, f);
    }
}

}  // namespace ptosim::pto_as::mod
