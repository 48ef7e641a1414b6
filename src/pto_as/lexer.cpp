#include "ptosim/pto_as/lexer.hpp"

#include <string>

namespace ptosim::pto_as {

namespace {

bool alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool digit(char c) {
    return c >= '0' && c <= '9';
}
bool word_char(char c) {
    return alpha(c) || digit(c) || c == '.' || c == '#' || c == '$';
}
bool blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

class Lexer {
  public:
    explicit Lexer(std::string_view text) : s_(text) {}

    Result<std::vector<Token>> run() {
        Result<std::vector<Token>> out;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '\n') {
                if (depth_ == 0)
                    emit(Tok::End, i_, 1);
                advance(1);
                continue;
            }
            if (blank(c)) {
                advance(1);
                continue;
            }
            if ((c == '/' && peek(1) == '/') || (c == '#' && (i_ + 1 >= s_.size() || blank(s_[i_ + 1]) ||
                                                              s_[i_ + 1] == '\n' || s_[i_ + 1] == '#'))) {
                while (i_ < s_.size() && s_[i_] != '\n')
                    advance(1);
                continue;
            }
            const std::size_t start = i_;
            if (c == '%') {
                std::size_t j = i_ + 1;
                while (j < s_.size() && (alpha(s_[j]) || digit(s_[j]) || s_[j] == '.' || s_[j] == '$'))
                    ++j;
                if (j == i_ + 1)
                    return fail(out, "'%' without a name");
                emit(Tok::Value, start, j - start);
                advance(j - start);
                continue;
            }
            if (c == '!' || (c == '#' && i_ + 1 < s_.size() && alpha(s_[i_ + 1])) || c == '@') {
                std::size_t j = i_ + 1;
                while (j < s_.size() && (alpha(s_[j]) || digit(s_[j]) || s_[j] == '.'))
                    ++j;
                if (j == i_ + 1)
                    return fail(out, std::string("'") + c + "' without a name");
                if (c != '@' && j < s_.size() && s_[j] == '<') {
                    // Balanced <...> body; '->' inside does not close it.
                    int nest = 0;
                    for (; j < s_.size(); ++j) {
                        if (s_[j] == '\n')
                            break;
                        if (s_[j] == '-' && j + 1 < s_.size() && s_[j + 1] == '>') {
                            ++j;
                            continue;
                        }
                        if (s_[j] == '<')
                            ++nest;
                        else if (s_[j] == '>' && --nest == 0)
                            break;
                    }
                    if (j >= s_.size() || s_[j] != '>')
                        return fail(out, std::string("unbalanced '<' in ") +
                                             std::string(s_.substr(start, j - start)));
                    ++j;
                }
                emit(c == '!' ? Tok::Type : c == '#' ? Tok::Attr : Tok::Symbol, start, j - start);
                advance(j - start);
                continue;
            }
            if (c == '"') {
                std::size_t j = i_ + 1;
                while (j < s_.size() && s_[j] != '"' && s_[j] != '\n')
                    ++j;
                if (j >= s_.size() || s_[j] != '"')
                    return fail(out, "unterminated string");
                emit(Tok::String, start, j + 1 - start);
                advance(j + 1 - start);
                continue;
            }
            if (word_char(c) || (c == '-' && digit(peek(1))) || (c == '+' && digit(peek(1)))) {
                std::size_t j = i_ + 1;
                const bool number = digit(c) || c == '-' || c == '+' || c == '.';
                while (j < s_.size()) {
                    if (word_char(s_[j]) || (s_[j] == '-' && j + 1 < s_.size() && word_char(s_[j + 1]) &&
                                             s_[j + 1] != '#' && !number)) {
                        ++j;  // a '-' inside a word (file names: no-such-file.bin); never '->'
                    } else if (number && (s_[j] == '-' || s_[j] == '+') &&
                               (s_[j - 1] == 'e' || s_[j - 1] == 'E') && !is_hex(start, j)) {
                        ++j;  // exponent sign: 1.5e-3
                    } else {
                        break;
                    }
                }
                emit(Tok::Word, start, j - start);
                advance(j - start);
                continue;
            }
            if (c == '<') {
                // A dialect attribute in its short form inside an operation: `<PIPE_V>`, `<EVENT_ID0>`
                // (PTOAS prints pto.set_flag's operands so).
                std::size_t j = i_ + 1;
                while (j < s_.size() && s_[j] != '>' && s_[j] != '\n' && s_[j] != '<')
                    ++j;
                if (j >= s_.size() || s_[j] != '>' || j == i_ + 1)
                    return fail(out, "'<' without a name and a closing '>'");
                emit(Tok::Attr, start, j + 1 - start);
                advance(j + 1 - start);
                continue;
            }
            if (c == '-' && peek(1) == '>') {
                emit(Tok::Arrow, start, 2);
                advance(2);
                continue;
            }
            Tok kind;
            switch (c) {
                case ',':
                    kind = Tok::Comma;
                    break;
                case '=':
                    kind = Tok::Equals;
                    break;
                case ':':
                    kind = Tok::Colon;
                    break;
                case '(':
                    kind = Tok::LParen;
                    break;
                case ')':
                    kind = Tok::RParen;
                    break;
                case '{':
                    kind = Tok::LBrace;
                    break;
                case '}':
                    kind = Tok::RBrace;
                    break;
                case '[':
                    kind = Tok::LBracket;
                    break;
                case ']':
                    kind = Tok::RBracket;
                    break;
                case ';':
                    kind = Tok::End;
                    break;
                default:
                    return fail(out, std::string(1, '\'').append(1, c).append(1, '\''));
            }
            if (kind == Tok::LParen || kind == Tok::LBrace || kind == Tok::LBracket)
                ++depth_;
            else if ((kind == Tok::RParen || kind == Tok::RBrace || kind == Tok::RBracket) && depth_ > 0)
                --depth_;
            if (kind != Tok::End || depth_ == 0)
                emit(kind, start, 1);
            advance(1);
        }
        emit(Tok::End, s_.size(), 0);
        out.value = std::move(toks_);
        return out;
    }

  private:
    char peek(std::size_t k) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
    bool is_hex(std::size_t start, std::size_t j) const {
        std::size_t p = start;
        if (s_[p] == '-' || s_[p] == '+')
            ++p;
        return j > p + 1 && s_[p] == '0' && (s_[p + 1] == 'x' || s_[p + 1] == 'X');
    }
    void advance(std::size_t n) {
        for (std::size_t k = 0; k < n && i_ < s_.size(); ++k, ++i_) {
            if (s_[i_] == '\n') {
                ++line_;
                col_ = 1;
            } else {
                ++col_;
            }
        }
    }
    void emit(Tok k, std::size_t start, std::size_t n) {
        toks_.push_back({k, s_.substr(start, n), Loc{line_, col_}, static_cast<uint32_t>(start)});
    }
    Result<std::vector<Token>>& fail(Result<std::vector<Token>>& out, std::string detail) {
        out.diags.push_back({Status::UnexpectedCharacter, std::move(detail), Loc{line_, col_}});
        return out;
    }

    std::string_view s_;
    std::size_t i_ = 0;
    uint32_t line_ = 1, col_ = 1;
    int depth_ = 0;
    std::vector<Token> toks_;
};

}  // namespace

Result<std::vector<Token>> lex(std::string_view text) {
    return Lexer(text).run();
}

std::string_view tok_name(Tok k) {
    switch (k) {
        case Tok::Value:
            return "a %value";
        case Tok::Word:
            return "a word";
        case Tok::Type:
            return "a type";
        case Tok::Attr:
            return "an attribute";
        case Tok::Symbol:
            return "a symbol";
        case Tok::String:
            return "a string";
        case Tok::Comma:
            return "','";
        case Tok::Equals:
            return "'='";
        case Tok::Colon:
            return "':'";
        case Tok::Arrow:
            return "'->'";
        case Tok::LParen:
            return "'('";
        case Tok::RParen:
            return "')'";
        case Tok::LBrace:
            return "'{'";
        case Tok::RBrace:
            return "'}'";
        case Tok::LBracket:
            return "'['";
        case Tok::RBracket:
            return "']'";
        case Tok::End:
            return "the end of the statement";
    }
    return "?";
}

}  // namespace ptosim::pto_as
