// Tokens of one line of Linx assembly text.
//
// A word is a run of letters, digits, '_', '.' and '#' ("BSTART.TEPL", "T#3.reuse", "4KB", "0x40"), so tile
// and register names are single tokens. A comment starts with "//", or with '#' where a token would start
// ("# note", "x  # note"); a '#' inside a word (T#3) is part of it.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ptosim/asm/status.hpp"

namespace ptosim::linx {

enum class Tok : uint8_t {
    Word,
    Comma,
    Lt,
    Gt,
    Colon,
    Plus,
    Minus,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Arrow,
    Equals
};

struct Token {
    Tok kind;
    std::string_view text;  // a view into the line
    uint32_t col;           // 1-based
};

// Tokens of a line (without the comment). On an unexpected character *bad_col is its column.
Expected<std::vector<Token>> lex_line(std::string_view line, uint32_t* bad_col);

}  // namespace ptosim::linx
