#include "rewrite.hpp"

#include <cctype>
#include <cstddef>

namespace ptosim::chevron {
namespace {

bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Which bytes are code: false inside comments and string / character literals (their delimiters included).
std::vector<bool> code_mask(std::string_view s) {
    std::vector<bool> code(s.size(), true);
    size_t i = 0;
    auto mark = [&](size_t from, size_t to) {
        for (size_t k = from; k < to && k < s.size(); ++k)
            code[k] = false;
    };
    // A quoted literal from the opening quote at `open`: ends after the matching quote, or at the line's end.
    auto quoted = [&](size_t open) {
        const char q = s[open];
        size_t k = open + 1;
        while (k < s.size() && s[k] != q && s[k] != '\n')
            k += (s[k] == '\\' && k + 1 < s.size()) ? 2 : 1;
        return k < s.size() && s[k] == q ? k + 1 : k;
    };
    while (i < s.size()) {
        const char c = s[i];
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            size_t end = s.find('\n', i);
            end = end == std::string_view::npos ? s.size() : end;
            mark(i, end);
            i = end;
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            size_t end = s.find("*/", i + 2);
            end = end == std::string_view::npos ? s.size() : end + 2;
            mark(i, end);
            i = end;
        } else if (c == '"' || c == '\'') {
            const size_t end = quoted(i);
            mark(i, end);
            i = end;
        } else if (std::isdigit(static_cast<unsigned char>(c)) != 0 ||
                   (c == '.' && i + 1 < s.size() &&
                    std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0)) {
            // A pp-number: its ' are digit separators, not character literals.
            ++i;
            while (i < s.size()) {
                const char d = s[i];
                const char prev = s[i - 1];
                if (ident_char(d) || d == '.' || d == '\'' ||
                    ((d == '+' || d == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')))
                    ++i;
                else
                    break;
            }
        } else if (ident_char(c)) {
            const size_t start = i;
            while (i < s.size() && ident_char(s[i]))
                ++i;
            const std::string_view word = s.substr(start, i - start);
            const bool raw = !word.empty() && word.back() == 'R' &&
                             (word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR");
            if (raw && i < s.size() && s[i] == '"') {
                // R"delim( ... )delim"
                const size_t paren = s.find('(', i);
                if (paren == std::string_view::npos) {
                    mark(i, s.size());
                    i = s.size();
                    continue;
                }
                std::string close(1, ')');
                close.append(s.substr(i + 1, paren - i - 1));
                close.push_back('"');
                size_t end = s.find(close, paren);
                end = end == std::string_view::npos ? s.size() : end + close.size();
                mark(i, end);
                i = end;
            } else if ((word == "u8" || word == "u" || word == "U" || word == "L") && i < s.size() &&
                       (s[i] == '"' || s[i] == '\'')) {
                const size_t end = quoted(i);
                mark(i, end);
                i = end;
            }
        } else {
            ++i;
        }
    }
    return code;
}

struct Position {
    int line, column;
};
Position position(std::string_view s, size_t at) {
    Position p{1, 1};
    for (size_t k = 0; k < at && k < s.size(); ++k) {
        if (s[k] == '\n') {
            ++p.line;
            p.column = 1;
        } else {
            ++p.column;
        }
    }
    return p;
}

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// The start of the callee expression that ends right before `end`: a possibly qualified name with template
// arguments (`ns::Kernel<float, 16>`, `pto::template K<T>`). Returns end when there is none.
size_t callee_start(std::string_view s, const std::vector<bool>& code, size_t end) {
    size_t i = end;
    auto skip_space_back = [&] {
        while (i > 0 && (is_space(s[i - 1]) || !code[i - 1]))
            --i;
    };
    skip_space_back();
    size_t start = end;
    for (;;) {
        if (i > 0 && s[i - 1] == '>') {
            // Template arguments: back to the matching '<', ignoring angle brackets inside parentheses.
            int angle = 0;
            int paren = 0;
            size_t k = i;
            while (k > 0) {
                --k;
                if (!code[k])
                    continue;
                const char c = s[k];
                if (c == ')' || c == ']')
                    ++paren;
                else if ((c == '(' || c == '[') && paren > 0)
                    --paren;
                else if (paren == 0 && c == '>')
                    ++angle;
                else if (paren == 0 && c == '<' && --angle == 0)
                    break;
                if (c == ';' || c == '{' || c == '}')
                    return start;  // ran past the statement: not a template-id
            }
            if (angle != 0)
                return start;
            i = k;
            skip_space_back();
        }
        const size_t name_end = i;
        while (i > 0 && ident_char(s[i - 1]) && code[i - 1])
            --i;
        if (i == name_end)
            return start;
        start = i;
        // A `::` before the name (a qualified name), possibly with the `template` disambiguator after it.
        size_t k = i;
        while (k > 0 && (is_space(s[k - 1]) || !code[k - 1]))
            --k;
        if (k >= 2 && s[k - 1] == ':' && s[k - 2] == ':' && code[k - 1]) {
            i = k - 2;
            skip_space_back();
            if (i == 0 || !(ident_char(s[i - 1]) || s[i - 1] == '>')) {
                start = k - 2;  // `::Kernel`: the global namespace
                return start;
            }
            continue;
        }
        // `template` between `::` and the name.
        if (k >= 8 && s.substr(k - 8, 8) == "template" && (k == 8 || !ident_char(s[k - 9]))) {
            size_t t = k - 8;
            while (t > 0 && (is_space(s[t - 1]) || !code[t - 1]))
                --t;
            if (t >= 2 && s[t - 1] == ':' && s[t - 2] == ':') {
                i = t - 2;
                skip_space_back();
                continue;
            }
        }
        return start;
    }
}

constexpr std::string_view kOpen = "<<<";
constexpr std::string_view kClose = ">>>";

}  // namespace

bool has_launch(std::string_view source) {
    const std::vector<bool> code = code_mask(source);
    for (size_t at = source.find(kOpen); at != std::string_view::npos; at = source.find(kOpen, at + 1))
        if (code[at])
            return true;
    return false;
}

Result rewrite(std::string_view s) {
    Result r;
    const std::vector<bool> code = code_mask(s);
    size_t copied = 0;  // s[0, copied) is in r.text
    size_t at = s.find(kOpen);
    while (at != std::string_view::npos) {
        if (!code[at]) {
            at = s.find(kOpen, at + 1);
            continue;
        }
        const Position where = position(s, at);
        auto fail = [&](std::string message) {
            r.errors.push_back({where.line, where.column, std::move(message)});
        };
        // The launch configuration: up to the `>>>` outside any bracket.
        int depth = 0;
        size_t close = std::string_view::npos;
        for (size_t k = at + kOpen.size(); k < s.size(); ++k) {
            if (!code[k])
                continue;
            const char c = s[k];
            if (c == '(' || c == '[' || c == '{')
                ++depth;
            else if (c == ')' || c == ']' || c == '}')
                --depth;
            if (depth < 0 || c == ';')
                break;
            if (depth == 0 && s.substr(k, kClose.size()) == kClose) {
                close = k;
                break;
            }
        }
        if (close == std::string_view::npos) {
            fail("`<<<` without a matching `>>>` before the end of the statement");
            at = s.find(kOpen, at + 1);
            continue;
        }
        size_t call = close + kClose.size();
        while (call < s.size() && (is_space(s[call]) || !code[call]))
            ++call;
        const size_t start = callee_start(s, code, at);
        const std::string_view config = s.substr(at + kOpen.size(), close - at - kOpen.size());
        bool blank_config = true;
        for (char c : config)
            blank_config = blank_config && is_space(c);
        if (call >= s.size() || s[call] != '(') {
            fail("a kernel launch `<<<...>>>` must be followed by the kernel's argument list `(...)`");
        } else if (start >= at || start < copied) {
            fail("no kernel name before `<<<` (expected `Kernel<<<blockDim, l2ctrl, stream>>>(args...)`)");
        } else if (blank_config) {
            fail("a kernel launch needs at least the block count: `<<<blockDim, l2ctrl, stream>>>`");
        } else {
            r.text.append(s.substr(copied, start - copied));
            r.text.append("::ptosim::chevron_launch([&](auto&&... ptosim_chevron_args) { ");
            r.text.append(s.substr(start, at - start));
            r.text.append("(static_cast<decltype(ptosim_chevron_args)&&>(ptosim_chevron_args)...); },");
            r.text.append(config);
            r.text.append(")");
            copied = close + kClose.size();
            ++r.launches;
        }
        at = s.find(kOpen, std::max(at + 1, copied));
    }
    r.text.append(s.substr(copied));
    return r;
}

}  // namespace ptosim::chevron
