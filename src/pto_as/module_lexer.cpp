// Tokens of the module form (ptosim/pto_as/module.hpp). MLIR's lexical rules, as far as PTOAS's programs use
// them: a `<...>` glued to a type, an attribute or a word belongs to it (balanced, `->` inside does not close
// it), so `!pto.tile_buf<loc=vec, ...>` and `memref<16x16xf16, #pto.address_space<gm>>` are one token each.
#include <cctype>
#include <string>

#include "ptosim/pto_as/module.hpp"

namespace ptosim::pto_as::mod {

namespace {

bool ident_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' || c == '-';
}

class Lexer {
  public:
    explicit Lexer(std::string_view text) : s_(text) {}

    Result<std::vector<Token>> run() {
        Result<std::vector<Token>> r;
        while (true) {
            skip_blanks();
            if (i_ >= s_.size())
                break;
            const Loc loc = here();
            const std::size_t start = i_;
            const char c = s_[i_];
            Tok kind = Tok::Punct;
            if (c == '%' || c == '^' || c == '@') {
                ++i_;
                if (c == '@' && i_ < s_.size() && s_[i_] == '"') {
                    if (!string_body())
                        return fail(r, loc, "unterminated string");
                } else {
                    name_chars();
                    // %0#1: the second result of a multi-result operation.
                    if (c == '%' && i_ + 1 < s_.size() && s_[i_] == '#' &&
                        std::isdigit(static_cast<unsigned char>(s_[i_ + 1]))) {
                        ++i_;
                        name_chars();
                    }
                }
                if (i_ == start + 1)
                    return fail(r, loc, std::string("'") + c + "' without a name");
                kind = c == '%' ? Tok::Value : c == '^' ? Tok::Label : Tok::Symbol;
            } else if (c == '!' || c == '#') {
                ++i_;
                name_chars();
                if (i_ == start + 1)
                    return fail(r, loc, std::string("'") + c + "' without a name");
                if (i_ < s_.size() && s_[i_] == '<' && !angle(r, loc))
                    return r;
                kind = c == '!' ? Tok::Type : Tok::Attr;
            } else if (ident_start(c)) {
                name_chars();
                if (i_ < s_.size() && s_[i_] == '<' && !angle(r, loc))
                    return r;
                kind = Tok::Word;
            } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                       (c == '-' && i_ + 1 < s_.size() &&
                        std::isdigit(static_cast<unsigned char>(s_[i_ + 1])))) {
                number();
                kind = Tok::Word;
            } else if (c == '"') {
                if (!string_body())
                    return fail(r, loc, "unterminated string");
                kind = Tok::String;
            } else if (c == '<') {
                if (!angle(r, loc))
                    return r;
                kind = Tok::Angle;
            } else if (c == '-' && i_ + 1 < s_.size() && s_[i_ + 1] == '>') {
                i_ += 2;
            } else if (std::isprint(static_cast<unsigned char>(c))) {
                ++i_;
            } else {
                return fail(r, loc,
                            "byte " + std::to_string(static_cast<unsigned>(static_cast<unsigned char>(c))),
                            Status::UnexpectedCharacter);
            }
            r.value.push_back({kind, s_.substr(start, i_ - start), loc});
        }
        return r;
    }

  private:
    Loc here() const {
        return {line_, static_cast<uint32_t>(i_ - line_start_ + 1), static_cast<uint32_t>(i_), 0};
    }

    void newline() {
        ++line_;
        line_start_ = i_ + 1;
    }

    void skip_blanks() {
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '\n') {
                newline();
                ++i_;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
                ++i_;
            } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '/') {
                while (i_ < s_.size() && s_[i_] != '\n')
                    ++i_;
            } else {
                break;
            }
        }
    }

    void name_chars() {
        while (i_ < s_.size() && ident_char(s_[i_]) &&
               !(s_[i_] == '-' && i_ + 1 < s_.size() && s_[i_ + 1] == '>'))
            ++i_;
    }

    // Digits, letters (hex, exponents, 16x16xf32 shapes), '.', and a sign right after an exponent's 'e'.
    void number() {
        const bool hex = s_.substr(i_, 2) == "0x" || s_.substr(i_, 2) == "0X";
        ++i_;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_') {
                ++i_;
            } else if ((c == '-' || c == '+') && (s_[i_ - 1] == 'e' || s_[i_ - 1] == 'E') && !hex) {
                ++i_;
            } else {
                break;
            }
        }
    }

    // A string from its opening quote; false when the line ends first.
    bool string_body() {
        ++i_;
        while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\n') {
            if (s_[i_] == '\\' && i_ + 1 < s_.size())
                ++i_;
            ++i_;
        }
        if (i_ >= s_.size() || s_[i_] != '"')
            return false;
        ++i_;
        return true;
    }

    // A balanced <...> from its '<' (newlines inside are allowed: PTOAS breaks long tile types).
    bool angle(Result<std::vector<Token>>& r, Loc loc) {
        int depth = 0;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '-' && i_ + 1 < s_.size() && s_[i_ + 1] == '>') {
                i_ += 2;
                continue;
            }
            if (c == '"') {
                if (!string_body()) {
                    fail(r, loc, "unterminated string inside '<...>'");
                    return false;
                }
                continue;
            }
            if (c == '\n')
                newline();
            ++i_;
            if (c == '<') {
                ++depth;
            } else if (c == '>' && --depth == 0) {
                return true;
            }
        }
        fail(r, loc, "'<' without its '>'");
        return false;
    }

    Result<std::vector<Token>>& fail(Result<std::vector<Token>>& r, Loc loc, std::string detail,
                                     Status status = Status::SyntaxError) {
        r.value.clear();
        r.diags.push_back({status, std::move(detail), loc});
        return r;
    }

    std::string_view s_;
    std::size_t i_ = 0;
    uint32_t line_ = 1;
    std::size_t line_start_ = 0;
};

}  // namespace

Result<std::vector<Token>> lex(std::string_view text) {
    return Lexer(text).run();
}

}  // namespace ptosim::pto_as::mod
