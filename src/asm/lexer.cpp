#include "ptosim/asm/lexer.hpp"

#include <string>

namespace ptosim::linx {

namespace {

bool word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '#';
}

}  // namespace

Expected<std::vector<Token>> lex_line(std::string_view line, uint32_t* bad_col) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < line.size()) {
        const char c = line[i];
        const auto col = static_cast<uint32_t>(i + 1);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
            ++i;
            continue;
        }
        if (c == '#' || (c == '/' && i + 1 < line.size() && line[i + 1] == '/'))
            break;
        if (word_char(c)) {
            std::size_t j = i;
            while (j < line.size() && word_char(line[j]))
                ++j;
            out.push_back({Tok::Word, line.substr(i, j - i), col});
            i = j;
            continue;
        }
        if (c == '-' && i + 1 < line.size() && line[i + 1] == '>') {
            out.push_back({Tok::Arrow, line.substr(i, 2), col});
            i += 2;
            continue;
        }
        Tok kind;
        switch (c) {
            case ',':
                kind = Tok::Comma;
                break;
            case '<':
                kind = Tok::Lt;
                break;
            case '>':
                kind = Tok::Gt;
                break;
            case ':':
                kind = Tok::Colon;
                break;
            case '+':
                kind = Tok::Plus;
                break;
            case '-':
                kind = Tok::Minus;
                break;
            case '[':
                kind = Tok::LBracket;
                break;
            case ']':
                kind = Tok::RBracket;
                break;
            case '{':
                kind = Tok::LBrace;
                break;
            case '}':
                kind = Tok::RBrace;
                break;
            case '=':
                kind = Tok::Equals;
                break;
            default: {
                if (bad_col)
                    *bad_col = col;
                const auto u = static_cast<unsigned char>(c);
                std::string shown =
                    u >= 0x20 && u < 0x7F ? std::string{'\'', c, '\''} : "byte " + std::to_string(u);
                return Err{AsmStatus::UnexpectedCharacter, shown};
            }
        }
        out.push_back({kind, line.substr(i, 1), col});
        ++i;
    }
    return out;
}

}  // namespace ptosim::linx
