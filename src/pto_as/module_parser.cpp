// The module form's structure (ptosim/pto_as/module.hpp): operations, their regions and blocks, aliases, and
// the scoping of values.
//
// MLIR's custom syntax gives no terminator, so an operation ends where the next one starts. At nesting depth
// 0 (outside parentheses, brackets and attribute dictionaries) the next operation starts at its results
// (`%a, %b:2 = NAME`, where NAME is a word or a generic-form string), at a dotted operation name or `return`,
// at a block label, or at the '}' closing the region. A '{' at depth 0 opens a region unless
// what follows is not `key = ...`, or `key,` / `key}` on the same line (an attribute dictionary).
#include <algorithm>
#include <cctype>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ptosim/pto_as/module.hpp"

#include "ptosim/isa/table.hpp"

namespace ptosim::pto_as::mod {

namespace {

bool op_name_word(const Token& t) {
    if (t.kind != Tok::Word || t.text.empty())
        return false;
    if (t.text == "return" || is_instruction_word(t.text))
        return true;
    const char c = t.text.front();
    return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') &&
           t.text.find('.') != std::string_view::npos && t.text.find('<') == std::string_view::npos;
}

std::string_view base_name(std::string_view v) {
    return v.substr(0, v.find('#'));
}

}  // namespace

// A tile instruction's mnemonic in lower case (`tadd`, `tmatmul`): the synchronous level's operation names.
bool is_instruction_word(std::string_view w) {
    if (w.size() < 2 || w.size() > 16 || w[0] != 't')
        return false;
    std::string upper;
    for (char c : w) {
        if (!std::islower(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) &&
            c != '_')
            return false;
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    static constexpr std::string_view kCube[] = {"TMOV", "TEXTRACT", "TINSERT", "TMATMUL", "TGEMV"};
    return isa::find_op(upper) != nullptr ||
           std::find(std::begin(kCube), std::end(kCube), upper) != std::end(kCube);
}

namespace {

class Parser {
  public:
    explicit Parser(std::vector<Token> toks) : t_(std::move(toks)) { end_.loc = end_loc(); }

    bool run(std::vector<Op>& top) {
        while (ok_ && i_ < t_.size()) {
            if (at(i_).is("}"))
                return error(at(i_).loc, "'}' without its '{'");
            if (alias_at(i_)) {
                define_alias();
                continue;
            }
            parse_op(top);
        }
        return ok_;
    }

    std::vector<Diag> diags;
    std::size_t op_count = 0;

  private:
    // Past the last token: an empty token at the end of the text, so that what is missing there is located.
    const Token& at(std::size_t j) const { return j < t_.size() ? t_[j] : end_; }

    bool error(Loc loc, std::string detail, Status s = Status::SyntaxError) {
        if (ok_)
            diags.push_back({s, std::move(detail), loc});
        ok_ = false;
        return false;
    }

    bool alias_at(std::size_t j) const {
        return (at(j).kind == Tok::Type || at(j).kind == Tok::Attr) && at(j + 1).is("=");
    }

    // `!name = TYPE` / `#name = ATTR`: later uses of the name read the definition's text.
    void define_alias() {
        const Token name = t_[i_];
        i_ += 2;
        if (i_ >= t_.size())
            return void(error(name.loc, "alias " + diag::clip(name.text) + " without a definition"));
        Token def = resolve(t_[i_++]);
        aliases_[std::string(name.text)] = def.text;
    }

    Token resolve(Token t) const {
        if (t.kind == Tok::Type || t.kind == Tok::Attr) {
            auto it = aliases_.find(std::string(t.text));
            if (it != aliases_.end())
                t.text = it->second;
        }
        return t;
    }

    // Does an operation start at token j (depth 0)?
    bool starts_op(std::size_t j) const {
        const Token& t = at(j);
        if (t.kind == Tok::Label || t.is("}") || alias_at(j))
            return true;
        if (op_name_word(t))
            return !at(j + 1).is("=");
        if (t.kind != Tok::Value)
            return false;
        // %a[:N] (, %b[:N])* = NAME
        while (at(j).kind == Tok::Value) {
            ++j;
            if (at(j).is(":") && at(j + 1).kind == Tok::Word)
                j += 2;
            if (!at(j).is(","))
                break;
            ++j;
        }
        return at(j).is("=") && (at(j + 1).kind == Tok::Word || at(j + 1).kind == Tok::String);
    }

    // At a '{' of depth 0: a region (else an attribute dictionary)?
    bool region_at(std::size_t j) const {
        const Token& open = at(j);
        const Token& next = at(j + 1);
        if (j + 1 >= t_.size())
            return false;
        if (next.is("}"))
            return next.loc.line > open.loc.line;  // `{}` is an empty dictionary, an empty region spans lines
        if ((next.kind == Tok::Word || next.kind == Tok::String) && next.text != "return") {
            const Token& after = at(j + 2);
            if (after.is("="))  // an operation is never a word followed by '='
                return false;
            if ((after.is(",") || after.is("}")) && next.loc.line == open.loc.line)
                return false;  // unit attributes: {pto.entry}
        }
        return true;
    }

    void parse_op(std::vector<Op>& out) {
        Op op;
        op.loc = at(i_).loc;
        // Results.
        if (at(i_).kind == Tok::Value) {
            while (at(i_).kind == Tok::Value) {
                const std::string_view name = at(i_).text;
                ++i_;
                if (at(i_).is(":")) {
                    const Token& n = at(i_ + 1);
                    int count = 0;
                    for (char c : n.text) {
                        if (c < '0' || c > '9' || count > 4096)
                            return void(error(n.loc, "bad result count " + diag::quoted(n.text)));
                        count = count * 10 + (c - '0');
                    }
                    if (n.kind != Tok::Word || n.text.empty())
                        return void(error(n.loc, "bad result count " + diag::quoted(n.text)));
                    i_ += 2;
                    for (int k = 0; k < count; ++k)
                        op.results.push_back(intern(std::string(name) + "#" + std::to_string(k)));
                } else {
                    op.results.push_back(name);
                }
                if (!at(i_).is(","))
                    break;
                ++i_;
            }
            if (!at(i_).is("="))
                return void(
                    error(at(i_).loc, "expected '=' after the results, found " + diag::quoted(at(i_).text)));
            ++i_;
        }
        const Token& name = at(i_);
        if (name.kind == Tok::String && name.text.size() >= 2) {
            op.name = name.text.substr(1, name.text.size() - 2);
        } else if (name.kind == Tok::Word && is_instruction_word(name.text)) {
            op.name = intern("pto." + std::string(name.text));  // the synchronous level: `tadd` is `pto.tadd`
        } else if (name.kind == Tok::Word) {
            op.name = name.text;
        } else {
            return void(error(name.loc, "expected an operation, found " + diag::quoted(name.text)));
        }
        ++i_;
        ++op_count;
        // Body.
        std::vector<Loc> open;  // unclosed ( [ { of the body
        while (ok_ && i_ < t_.size()) {
            const Token& t = at(i_);
            if (open.empty()) {
                if (starts_op(i_))
                    break;
                if (t.is("{") && region_at(i_)) {
                    op.body.push_back({Tok::Punct, "{}", t.loc});
                    op.regions.emplace_back();
                    parse_region(op.regions.back());
                    continue;
                }
            }
            if (t.is("(") || t.is("[") || t.is("{")) {
                open.push_back(t.loc);
            } else if (t.is(")") || t.is("]") || t.is("}")) {
                if (open.empty())
                    return void(error(t.loc, diag::quoted(t.text) + " without its opening bracket"));
                open.pop_back();
            }
            op.body.push_back(resolve(t));
            ++i_;
        }
        if (!open.empty())
            return void(error(open.back(), "bracket not closed in " + std::string(op.name)));
        out.push_back(std::move(op));
    }

    void parse_region(Region& r) {
        r.loc = at(i_).loc;
        // Each level recurses (parse_op, parse_region); so do the scope check, walk() and the runner.
        if (depth_ >= kMaxNesting)
            return void(error(r.loc,
                              "a region inside " + std::to_string(kMaxNesting) +
                                  " others (ptosim's limit: docs/pto-as-module.md)",
                              Status::TooDeep));
        ++depth_;
        struct Leave {
            int& d;
            ~Leave() { --d; }
        } leave{depth_};
        ++i_;  // '{'
        r.blocks.emplace_back();
        bool first = true;
        while (ok_) {
            if (i_ >= t_.size())  // at the end of the text, which is where '}' is missing
                return void(error(end_loc(), "the text ends inside the region opened at " +
                                                 std::to_string(r.loc.line) + ":" +
                                                 std::to_string(r.loc.col) + " ('{' without its '}')"));
            const Token& t = at(i_);
            if (t.is("}")) {
                ++i_;
                return;
            }
            if (t.kind == Tok::Label) {
                if (!first || !r.blocks.back().ops.empty())
                    r.blocks.emplace_back();
                Block& b = r.blocks.back();
                b.label = t.text;
                ++i_;
                if (at(i_).is("(")) {
                    int depth = 0;
                    do {
                        if (i_ >= t_.size())
                            return void(error(t.loc, "block arguments not closed"));
                        if (at(i_).is("("))
                            ++depth;
                        else if (at(i_).is(")"))
                            --depth;
                        b.args.push_back(resolve(at(i_)));
                        ++i_;
                    } while (depth > 0);
                }
                if (!at(i_).is(":"))
                    return void(error(at(i_).loc, "expected ':' after the block label"));
                ++i_;
                first = false;
                continue;
            }
            first = false;
            if (alias_at(i_))
                return void(error(t.loc, "an alias is defined only at the top level"));
            parse_op(r.blocks.back().ops);
        }
    }

    // Names made for `%r:2` results live as long as the module (in a node-stable set shared by all parses).
    static std::string_view intern(std::string s) {
        static std::unordered_set<std::string>* names = new std::unordered_set<std::string>();
        static std::mutex* m = new std::mutex();
        std::lock_guard lock(*m);
        return *names->insert(std::move(s)).first;
    }

    // Just after the last token: where a missing closing brace belongs.
    Loc end_loc() const {
        if (t_.empty())
            return {1, 1, 0, 0};
        const Token& last = t_.back();
        Loc l = last.loc;
        for (char c : last.text) {  // a <...> token may span lines
            if (c == '\n') {
                ++l.line;
                l.col = 1;
            } else {
                ++l.col;
            }
        }
        return l;
    }

    std::vector<Token> t_;
    Token end_{Tok::Punct, "", {}};
    std::size_t i_ = 0;
    int depth_ = 0;  // regions open around i_
    bool ok_ = true;
    std::unordered_map<std::string, std::string_view> aliases_;
};

// Values defined for an operation's regions: `%x = ...` inside its body (scf.for's induction variable,
// iter_args, scf.while's arguments) and a function's arguments.
bool defines_for_regions(const Op& op, std::size_t k) {
    const Token& t = op.body[k];
    if (t.kind != Tok::Value)
        return false;
    if (op.name == "func.func")
        return k + 1 < op.body.size() && op.body[k + 1].is(":");
    return k + 1 < op.body.size() && op.body[k + 1].is("=");
}

class Scopes {
  public:
    std::vector<Diag> diags;

    void check(const std::vector<Op>& ops) {
        for (const Op& op : ops) {
            std::vector<std::string_view> inner;
            for (std::size_t k = 0; k < op.body.size(); ++k) {
                const Token& t = op.body[k];
                if (t.kind != Tok::Value)
                    continue;
                if (defines_for_regions(op, k))
                    inner.push_back(base_name(t.text));
                else if (!defined(base_name(t.text)) && diags.size() < 50)
                    diags.push_back({Status::UndefinedValue, diag::clip(t.text), t.loc});
            }
            for (const Region& r : op.regions) {
                frames_.emplace_back(inner.begin(), inner.end());
                for (const Block& b : r.blocks) {
                    frames_.emplace_back();
                    for (const Token& a : b.args)
                        if (a.kind == Tok::Value)
                            frames_.back().insert(a.text);
                    check(b.ops);
                    frames_.pop_back();
                }
                frames_.pop_back();
            }
            for (std::string_view res : op.results)
                frames_.back().insert(base_name(res));
        }
    }

    Scopes() { frames_.emplace_back(); }

  private:
    bool defined(std::string_view v) const {
        return std::any_of(frames_.begin(), frames_.end(), [&](const auto& f) { return f.count(v) != 0; });
    }
    std::vector<std::unordered_set<std::string_view>> frames_;
};

}  // namespace

Result<Module> parse(std::string text) {
    Result<Module> r;
    r.value.source = std::make_shared<const std::string>(std::move(text));
    Result<std::vector<Token>> toks = lex(*r.value.source);
    if (!toks.ok()) {
        r.diags = std::move(toks.diags);
        return r;
    }
    Parser p(std::move(toks.value));
    if (!p.run(r.value.ops)) {
        r.diags = std::move(p.diags);
        r.value.ops.clear();
        return r;
    }
    r.value.op_count = p.op_count;
    Scopes scopes;
    scopes.check(r.value.ops);
    r.diags = std::move(scopes.diags);
    return r;
}

bool is_module_text(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
        } else if (text.substr(i, 2) == "//") {
            while (i < text.size() && text[i] != '\n')
                ++i;
        } else {
            break;
        }
    }
    const std::string_view rest = text.substr(i);
    auto word_is = [&](std::string_view w) {
        return rest.substr(0, w.size()) == w &&
               (rest.size() == w.size() || !std::isalnum(static_cast<unsigned char>(rest[w.size()])));
    };
    if (word_is("module") || word_is("func.func"))
        return true;
    // `!name = ...` / `#name = ...`: an alias (a statement-level '#' comment has a blank after the '#').
    if (rest.size() < 2 || (rest[0] != '!' && rest[0] != '#') ||
        !std::isalpha(static_cast<unsigned char>(rest[1])))
        return false;
    std::size_t j = 1;
    while (j < rest.size() &&
           (std::isalnum(static_cast<unsigned char>(rest[j])) || rest[j] == '_' || rest[j] == '.'))
        ++j;
    while (j < rest.size() && (rest[j] == ' ' || rest[j] == '\t'))
        ++j;
    return j < rest.size() && rest[j] == '=';
}

std::vector<const Op*> functions(const Module& m) {
    std::vector<const Op*> out;
    walk(m.ops, [&](const Op& op) {
        if (op.name == "func.func")
            out.push_back(&op);
    });
    return out;
}

std::string_view function_name(const Op& f) {
    for (const Token& t : f.body)
        if (t.kind == Tok::Symbol)
            return t.text.substr(1);
    return {};
}

}  // namespace ptosim::pto_as::mod
