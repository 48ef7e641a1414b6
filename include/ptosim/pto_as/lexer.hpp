// Tokens of PTO-AS text and of the program directives (.tile, .reg, .arg, .const, .dump).
//
// The text is MLIR-like: `%name` values, `!pto.tile<...>` types and `#pto<...>` attributes are single tokens
// (their `<...>` bodies balanced), words are runs of letters, digits, '_', '.', '#' and '$', with '-' inside
// a word that does not start with a digit (so `pto.tcmp`, `16x16xf32`, `T#3`, `0x1f`, `-1.5e-3` and
// `my-data.bin` are one token each). A comment starts with "//", or with '#' followed
// by a blank or the end of the line. A statement ends at a newline or ';' outside parentheses, brackets and
// braces.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ptosim/pto_as/status.hpp"

namespace ptosim::pto_as {

enum class Tok : uint8_t {
    Value,   // %name
    Word,    // identifier, keyword or number
    Type,    // !pto.tile<...>, !pto.tile_buf<...> (or any !dialect.name[<...>])
    Attr,    // #pto<cmp lt>, #pto.cmp<EQ>, ... (any #dialect[.name][<...>]), and the short form <PIPE_V>
    Symbol,  // @name
    String,  // "text" (quotes included in the text)
    Comma,
    Equals,
    Colon,
    Arrow,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    End,  // end of a statement: newline or ';' at nesting depth 0, and the end of the text
};

struct Token {
    Tok kind;
    std::string_view text;  // a view into the source
    Loc loc;
    uint32_t offset;  // byte offset of the token in the source
};

// Every token of a text; the last one is End. On an unexpected character or an unbalanced `<...>` the
// diagnostic says where and the tokens are empty.
Result<std::vector<Token>> lex(std::string_view text);

std::string_view tok_name(Tok k);

}  // namespace ptosim::pto_as
