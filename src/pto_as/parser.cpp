#include "ptosim/pto_as/parser.hpp"

#include "ptosim/pto_as/attrs.hpp"

#include <algorithm>
#include <charconv>
#include <span>
#include <string>
#include <utility>

#include "ptosim/pto_as/lexer.hpp"
#include "ptosim/pto_as/sync.hpp"

namespace ptosim::pto_as {

namespace {

using linx::iequals;

// Internal: a statement's first error unwinds to the statement loop (nothing escapes parse()).
struct Fail {
    Diag diag;
};

[[noreturn]] void fail(Status s, Loc loc, std::string detail = {}) {
    throw Fail{Diag{s, std::move(detail), loc}};
}

using diag::quoted;  // a token, clipped: a hostile 2 MB token is not echoed whole

// Token cursor over one statement (the tokens up to and including its End).
class Cursor {
  public:
    explicit Cursor(std::span<const Token> toks) : toks_(toks) {}
    const Token& peek(std::size_t k = 0) const {
        return i_ + k < toks_.size() ? toks_[i_ + k] : toks_.back();
    }
    bool at(Tok k) const { return peek().kind == k; }
    bool at_word(std::string_view w) const { return at(Tok::Word) && iequals(peek().text, w); }
    bool done() const { return at(Tok::End); }
    Loc loc() const { return peek().loc; }
    const Token& next() {
        const Token& t = peek();
        if (i_ < toks_.size() && t.kind != Tok::End)
            ++i_;
        return t;
    }
    bool accept(Tok k) {
        if (!at(k))
            return false;
        next();
        return true;
    }
    const Token& expect(Tok k, std::string_view what) {
        if (!at(k))
            fail(Status::SyntaxError, loc(), std::string("expected ") + std::string(what) + got());
        return next();
    }
    void end() {
        if (!done())
            fail(Status::SyntaxError, loc(),
                 std::string("unexpected ") + quoted(peek().text) + " at the end of the statement");
    }
    std::string got() const {
        return done() ? " (got the end of the statement)" : std::string(" (got ") + quoted(peek().text) + ")";
    }

  private:
    std::span<const Token> toks_;
    std::size_t i_ = 0;
};

Number number(Cursor& c, std::string_view what) {
    const Token& t = c.peek();
    if (t.kind == Tok::Word)
        if (const auto n = parse_number(t.text)) {
            c.next();
            return *n;
        }
    fail(Status::SyntaxError, t.loc, std::string("expected ") + std::string(what) + c.got());
}

// Element bits of a literal for a type, or BadLiteral at the literal.
uint64_t literal_bits(const Number& n, DType t, Loc loc) {
    std::string why;
    const auto b = number_bits(n, t, &why);
    if (!b)
        fail(Status::BadLiteral, loc, why);
    return *b;
}

Type type(Cursor& c) {
    const Token& t = c.peek();
    if (t.kind != Tok::Type && t.kind != Tok::Word)
        fail(Status::SyntaxError, t.loc, std::string("expected a type") + c.got());
    TypeError err{};
    auto ty = parse_type(t.text, t.loc.col, &err);
    if (!ty)
        fail(err.status, Loc{t.loc.line, err.col}, err.detail);
    c.next();
    return *ty;
}

TileType tile_type(Cursor& c) {
    const Loc at = c.loc();
    const Type t = type(c);
    if (!t.is_tile())
        fail(
            Status::TypeMismatch, at,
            std::string("expected a tile type (!pto.tile<...> or !pto.tile_buf<...>), got ") + print_type(t));
    return t.tile;
}

// "4KB", "512B": a size class 1..15 (32 B .. 512 KB).
uint8_t size_class(const Token& t) {
    std::string_view s = t.text;
    uint64_t mult = 0;
    if (s.size() > 2 && iequals(s.substr(s.size() - 2), "KB")) {
        mult = 1024;
        s.remove_suffix(2);
    } else if (s.size() > 1 && iequals(s.substr(s.size() - 1), "B")) {
        mult = 1;
        s.remove_suffix(1);
    }
    uint64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (mult == 0 || ec != std::errc() || p != s.data() + s.size() || v > (1u << 20))
        fail(Status::SyntaxError, t.loc,
             std::string("expected a size such as 4KB (got ") + quoted(t.text) + ")");
    const uint64_t bytes = v * mult;
    for (uint8_t code = 1; code <= 15; ++code)
        if ((16ull << code) == bytes)
            return code;
    fail(Status::SyntaxError, t.loc, quoted(t.text) + " is not a power of two from 32B to 512KB");
}

// "16x64"
void extent(const Token& t, int32_t* rows, int32_t* cols) {
    const std::string_view s = t.text;
    const auto x = s.find('x');
    const auto one = [](std::string_view v, int32_t* out) {
        int32_t n = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        *out = n;
        return !v.empty() && ec == std::errc() && p == v.data() + v.size() && n > 0;
    };
    if (x == std::string_view::npos || !one(s.substr(0, x), rows) || !one(s.substr(x + 1), cols))
        fail(Status::SyntaxError, t.loc,
             std::string("expected ROWSxCOLS such as 4x64 (got ") + quoted(t.text) + ")");
}

// DATA (shared by .tile and .arg); dtype and count check the literals.
DataSpec data_spec(Cursor& c, DType dtype, std::size_t count) {
    DataSpec d;
    d.loc = c.loc();
    if (c.done())
        return d;
    const Token& k = c.expect(Tok::Word, "zero, fill, iota, values, random or file=");
    const auto value = [&](std::string_view what) {
        const Loc at = c.loc();
        const Number n = number(c, what);
        literal_bits(n, dtype, at);
        return n;
    };
    if (iequals(k.text, "zero")) {
        d.kind = DataSpec::Kind::Zero;
    } else if (iequals(k.text, "fill")) {
        d.kind = DataSpec::Kind::Fill;
        d.values.push_back(value("a value"));
    } else if (iequals(k.text, "iota")) {
        d.kind = DataSpec::Kind::Iota;
        Number start, step;
        step.magnitude = 1;
        step.value = 1;
        if (!c.done())
            start = number(c, "a start value");
        if (!c.done())
            step = number(c, "a step");
        d.values = {start, step};
    } else if (iequals(k.text, "values")) {
        d.kind = DataSpec::Kind::Values;
        while (!c.done()) {
            if (!d.values.empty())
                c.accept(Tok::Comma);
            const Loc at = c.loc();
            d.values.push_back(value("a value"));
            if (d.values.size() > count)
                fail(Status::DataSizeMismatch, at,
                     std::string("more than the tile's ") + std::to_string(count) + " elements");
        }
        if (d.values.empty())
            fail(Status::BadDataSpec, c.loc(), "values without a value");
    } else if (iequals(k.text, "random")) {
        d.kind = DataSpec::Kind::Random;
        while (!c.done()) {
            const Token& key = c.expect(Tok::Word, "seed=, min= or max=");
            c.expect(Tok::Equals, "'='");
            if (iequals(key.text, "seed")) {
                const Token& v = c.peek();
                const auto n = parse_number(v.text);
                if (v.kind != Tok::Word || !n || n->is_float || n->negative)
                    fail(Status::BadDataSpec, v.loc,
                         std::string("seed must be a non-negative integer") + c.got());
                c.next();
                d.seed = n->magnitude;
            } else if (iequals(key.text, "min")) {
                d.min = value("a minimum");
            } else if (iequals(key.text, "max")) {
                d.max = value("a maximum");
            } else {
                fail(Status::BadDataSpec, key.loc, std::string("unknown random option ") + quoted(key.text));
            }
        }
        if (d.min && d.max && d.min->value > d.max->value)
            fail(Status::BadDataSpec, d.loc, "min is greater than max");
    } else if (iequals(k.text, "file")) {
        d.kind = DataSpec::Kind::File;
        c.expect(Tok::Equals, "'=' and a path");
        const Token& p = c.peek();
        if (p.kind == Tok::String && p.text.size() > 2)
            d.path = std::string(p.text.substr(1, p.text.size() - 2));
        else if (p.kind == Tok::Word)
            d.path = std::string(p.text);
        else
            fail(Status::BadDataSpec, p.loc,
                 std::string("expected a path (quote it when it has '/')") + c.got());
        c.next();
    } else {
        fail(Status::BadDataSpec, k.loc, quoted(k.text));
    }
    c.end();
    return d;
}

// "[r0:r1, c0:c1]" (the '[' not yet consumed)
Region region(Cursor& c) {
    Region r;
    c.expect(Tok::LBracket, "'['");
    const auto range = [&](int32_t* a, int32_t* b) {
        const auto index = [&]() -> int32_t {
            const Token& t = c.expect(Tok::Word, "an index");
            const auto n = parse_number(t.text);
            if (!n || n->is_float || n->negative || n->magnitude > (1u << 30))
                fail(Status::SyntaxError, t.loc,
                     std::string("expected an index (got ") + quoted(t.text) + ")");
            return static_cast<int32_t>(n->magnitude);
        };
        if (c.at(Tok::Comma) || c.at(Tok::RBracket)) {
            fail(Status::SyntaxError, c.loc(), std::string("expected A, A:B, A:, :B or :") + c.got());
        }
        *a = c.at(Tok::Colon) ? 0 : index();
        if (c.accept(Tok::Colon)) {
            *b = c.at(Tok::Comma) || c.at(Tok::RBracket) ? -1 : index();
        } else {
            *b = *a + 1;
        }
        if (*b != -1 && *b <= *a)
            fail(Status::SyntaxError, c.loc(), "empty range");
    };
    range(&r.r0, &r.r1);
    c.expect(Tok::Comma, "',' between the rows and the columns");
    range(&r.c0, &r.c1);
    c.expect(Tok::RBracket, "']'");
    return r;
}

// NAME[REGION] [hex] (after ".dump").
DumpSpec dump_spec(Cursor& c, bool pto) {
    DumpSpec d;
    d.loc = c.loc();
    const Token& n = c.peek();
    if (n.kind != Tok::Value && (pto || n.kind != Tok::Word))
        fail(Status::SyntaxError, n.loc,
             std::string(pto ? "expected a %value" : "expected a tile such as T#1 or a %value") + c.got());
    c.next();
    d.name = std::string(n.text);
    if (c.at(Tok::LBracket))
        d.region = region(c);
    if (c.at_word("hex")) {
        c.next();
        d.hex = true;
    }
    c.end();
    return d;
}

// ---------------------------------------------------------------------------------------------------------
// PTO-AS statements
// ---------------------------------------------------------------------------------------------------------

// Attribute values (ptosim/pto_as/attrs.hpp, shared with the module form).
std::optional<CmpMode> cmp_value(const Token& t) {
    return attr::cmp_value(t.text);
}
std::optional<uint8_t> byte_value(const Token& t) {
    return attr::byte_value(t.text);
}
std::optional<uint8_t> rmode_value(const Token& t) {
    return attr::rmode_value(t.text);
}
std::optional<bool> sat_value(const Token& t) {
    return attr::sat_value(t.text);
}

struct Attrs {
    std::optional<uint8_t> rmode;
    std::optional<bool> sat;
    std::optional<CmpMode> cmp;
    std::optional<uint8_t> byte;
    std::optional<bool> is_msb;
    Loc is_msb_loc;
    bool seen = false;
};

// "{k = v, ...}" (the '{' not yet consumed) for op.
void attr_dict(Cursor& c, const isa::OpInfo& op, Attrs& a) {
    const Loc open = c.loc();
    c.expect(Tok::LBrace, "'{'");
    if (a.seen)
        fail(Status::DuplicateAttribute, open, "a second attribute dictionary");
    a.seen = true;
    bool first = true;
    while (!c.accept(Tok::RBrace)) {
        if (!first)
            c.expect(Tok::Comma, "',' or '}'");
        first = false;
        const Token& k = c.expect(Tok::Word, "an attribute name");
        c.expect(Tok::Equals, "'='");
        const Token& v = c.next();
        const std::string op_name(op.name);
        if (iequals(k.text, "cmpMode") || iequals(k.text, "cmp")) {
            if (!op.has(isa::kCMode))
                fail(Status::UnknownAttribute, k.loc, op_name + " has no compare mode");
            if (a.cmp)
                fail(Status::DuplicateAttribute, k.loc, quoted(k.text));
            a.cmp = cmp_value(v);
            if (!a.cmp)
                fail(Status::BadAttributeValue, v.loc,
                     quoted(v.text) +
                         " (a compare mode: #pto<cmp lt>, #pto<cmp GT>, #pto.cmp<EQ>; eq ne lt le gt ge)");
        } else if (iequals(k.text, "byte")) {
            if (!op.has(isa::kByteId))
                fail(Status::UnknownAttribute, k.loc, op_name + " has no byte");
            if (a.byte || a.is_msb)
                fail(Status::DuplicateAttribute, k.loc, quoted(k.text));
            a.byte = byte_value(v);
            if (!a.byte)
                fail(Status::BadAttributeValue, v.loc,
                     quoted(v.text) + " (#pto<hist_byte BYTE_0> .. BYTE_3)");
        } else if (iequals(k.text, "isMSB")) {
            if (!op.has(isa::kByteId))
                fail(Status::UnknownAttribute, k.loc, op_name + " has no isMSB");
            if (a.byte || a.is_msb)
                fail(Status::DuplicateAttribute, k.loc, quoted(k.text));
            if (v.kind != Tok::Word || !(iequals(v.text, "true") || iequals(v.text, "false")))
                fail(Status::BadAttributeValue, v.loc, quoted(v.text) + " (true or false)");
            a.is_msb = iequals(v.text, "true");
            a.is_msb_loc = v.loc;
        } else if (iequals(k.text, "rmode") || iequals(k.text, "roundMode")) {
            if (!op.has(isa::kRMode))
                fail(Status::UnknownAttribute, k.loc, op_name + " has no rounding mode");
            if (a.rmode)
                fail(Status::DuplicateAttribute, k.loc, quoted(k.text));
            a.rmode = rmode_value(v);
            if (!a.rmode)
                fail(Status::BadAttributeValue, v.loc,
                     quoted(v.text) +
                         " (a rounding mode: #pto<round_mode CAST_RINT>; NONE RINT ROUND FLOOR CEIL "
                         "TRUNC ODD)");
        } else if (iequals(k.text, "satmode") || iequals(k.text, "sat")) {
            if (!op.has(isa::kSat))
                fail(Status::UnknownAttribute, k.loc, op_name + " has no saturation mode");
            if (a.sat)
                fail(Status::DuplicateAttribute, k.loc, quoted(k.text));
            a.sat = sat_value(v);
            if (!a.sat)
                fail(Status::BadAttributeValue, v.loc,
                     quoted(v.text) + " (#pto<sat_mode ON> or #pto<sat_mode OFF>)");
        } else {
            fail(Status::UnknownAttribute, k.loc, quoted(k.text) + " on " + op_name);
        }
    }
}

Value value(Cursor& c, std::string_view what = "a %value") {
    const Token& t = c.expect(Tok::Value, what);
    return Value{std::string(t.text), t.loc};
}

// "%a, %b" up to '{', ':', ')' or the end.
std::vector<Value> value_list(Cursor& c) {
    std::vector<Value> out;
    if (!c.at(Tok::Value))
        return out;
    out.push_back(value(c));
    while (c.accept(Tok::Comma))
        out.push_back(value(c));
    return out;
}

std::vector<Type> type_list(Cursor& c) {
    std::vector<Type> out{type(c)};
    while (c.accept(Tok::Comma))
        out.push_back(type(c));
    return out;
}

// "-> R", "-> R0, R1", "-> (R0, R1)"
std::vector<Type> result_types(Cursor& c) {
    if (c.accept(Tok::LParen)) {
        std::vector<Type> r = type_list(c);
        c.expect(Tok::RParen, "')'");
        return r;
    }
    return type_list(c);
}

class StmtParser {
  public:
    explicit StmtParser(Cursor& c) : c_(c) {}

    Stmt parse() {
        Stmt s;
        s.loc = c_.loc();
        const Token& first = c_.peek();
        if (first.kind == Tok::Word && first.text.starts_with("."))
            return directive(s);
        if (first.kind == Tok::Value) {
            s.results.push_back(value(c_));
            while (c_.accept(Tok::Comma))
                s.results.push_back(value(c_));
            c_.expect(Tok::Equals, "'=' after the results");
        }
        const Token& m = c_.expect(Tok::Word, "an operation");
        std::string_view name = m.text;
        const bool pto = name.size() > 4 && iequals(name.substr(0, 4), "pto.");
        if (pto)
            name.remove_prefix(4);
        s.level = pto ? Level::Ssa : Level::Sync;
        if (pto)
            for (const SyncKind k : {SyncKind::SetFlag, SyncKind::WaitFlag, SyncKind::RecordEvent,
                                     SyncKind::WaitEvent, SyncKind::Barrier})
                if (iequals(name, sync_name(k).substr(4)))
                    return sync(s, k, m);
        if (iequals(name, "alloc_tile"))
            return alloc_tile(s, m);
        if (iequals(name, "tassign"))
            return tassign(s, pto);
        s.op = isa::find_op(name);
        if (!s.op || s.op->family == isa::Family::Memory)  // global memory is not in this front end's model
            fail(Status::UnknownOperation, m.loc, quoted(m.text));
        s.kind = StmtKind::Op;
        if (pto && c_.at_word("ins")) {
            if (!s.results.empty())
                fail(Status::ResultCountMismatch, s.results[0].loc,
                     "the DPS form has no results (outs(...) holds them)");
            s.level = Level::Dps;
            return dps(s, m);
        }
        return op(s, m);
    }

  private:
    void check_counts(const Stmt& s, Loc mnemonic, const std::vector<Value>& dsts) {
        const isa::OpInfo& op = *s.op;
        const std::string n(op.name);
        const std::size_t n_ops = s.operands.size();
        const std::size_t tiles = n_ops >= op.scalars ? n_ops - op.scalars : 0;
        if (n_ops < op.scalars || tiles < op.src_min || tiles > op.src_max)
            fail(Status::OperandCountMismatch, s.operands.empty() ? mnemonic : s.operands[0].loc,
                 n + " takes " + std::to_string(op.src_min) +
                     (op.src_max != op.src_min ? std::string(" or ") + std::to_string(op.src_max) : "") +
                     " tile(s)" +
                     (op.scalars ? std::string(" and ") + std::to_string(op.scalars) + " scalar(s)" : "") +
                     ", got " + std::to_string(n_ops) + " operand(s)");
        if (dsts.size() != op.dsts)
            fail(Status::ResultCountMismatch, dsts.empty() ? mnemonic : dsts[0].loc,
                 n + " has " + std::to_string(op.dsts) + " result(s), got " + std::to_string(dsts.size()));
    }

    void finish_attrs(Stmt& s, const Attrs& a, Loc mnemonic) {
        const isa::OpInfo& op = *s.op;
        if (op.has(isa::kCMode)) {
            if (!a.cmp)
                fail(Status::MissingAttribute, mnemonic,
                     std::string(op.name) + " needs {cmpMode = #pto<cmp ...>}");
            s.cmp = a.cmp;
        }
        if (op.has(isa::kRMode))  // PTOAS: an omitted rounding mode is CAST_RINT
            s.rmode = a.rmode.value_or(uint8_t{1});
        if (op.has(isa::kSat))
            s.sat = a.sat;
        if (op.has(isa::kByteId)) {
            if (a.is_msb) {
                // PTOAS spells the uint16_t cases {isMSB = true} (BYTE_1) / {isMSB = false} (BYTE_0).
                const Type* src = s.operand_types.empty() ? nullptr : &s.operand_types[0];
                if (!src || !src->is_tile() || src->tile.dtype != DType::U16)
                    fail(Status::BadAttributeValue, a.is_msb_loc,
                         "isMSB needs a ui16 source type; write {byte = #pto<hist_byte BYTE_k>}");
                s.byte = *a.is_msb ? 1 : 0;
            } else if (a.byte) {
                s.byte = a.byte;
            } else {
                fail(Status::MissingAttribute, mnemonic,
                     std::string(op.name) + " needs {byte = #pto<hist_byte BYTE_k>}");
            }
        }
    }

    // Synchronous and SSA forms.
    Stmt op(Stmt& s, const Token& m) {
        s.operands = value_list(c_);
        Attrs a;
        if (c_.at(Tok::LBrace))
            attr_dict(c_, *s.op, a);
        check_counts(s, m.loc, s.results);
        const std::size_t tiles = tile_operand_count(s);
        if (c_.accept(Tok::Colon)) {
            const Loc types_at = c_.loc();
            if (s.level == Level::Ssa) {
                const bool paren = c_.accept(Tok::LParen);
                if (!(paren && c_.at(Tok::RParen)))
                    s.operand_types = type_list(c_);
                if (paren)
                    c_.expect(Tok::RParen, "')'");
                if (s.operand_types.size() != s.operands.size())
                    fail(Status::TypeCountMismatch, types_at,
                         std::to_string(s.operand_types.size()) + " type(s) for " +
                             std::to_string(s.operands.size()) + " operand(s)");
                if (!s.results.empty() || c_.at(Tok::Arrow)) {
                    const Loc arrow = c_.loc();
                    c_.expect(Tok::Arrow, "'->' and the result types");
                    s.result_types = result_types(c_);
                    if (s.result_types.size() != s.results.size())
                        fail(Status::TypeCountMismatch, arrow,
                             std::to_string(s.result_types.size()) + " result type(s) for " +
                                 std::to_string(s.results.size()) + " result(s)");
                }
            } else {
                std::vector<Type> given;
                if (!c_.at(Tok::Arrow))
                    given = type_list(c_);
                // pto-isa's form without an arrow: one type per operand, then one per result
                // (`%d = texpands %s : f32, !pto.tile<...>`).
                if (!c_.at(Tok::Arrow) && !s.results.empty() &&
                    given.size() == s.operands.size() + s.results.size()) {
                    s.result_types.assign(given.end() - static_cast<std::ptrdiff_t>(s.results.size()),
                                          given.end());
                    given.resize(s.operands.size());
                }
                normalise_sync_types(s, given, tiles, types_at);
                if (c_.at(Tok::Arrow)) {
                    const Loc arrow = c_.loc();
                    c_.next();
                    s.result_types = result_types(c_);
                    if (s.result_types.size() != s.results.size())
                        fail(Status::TypeCountMismatch, arrow,
                             std::to_string(s.result_types.size()) + " result type(s) for " +
                                 std::to_string(s.results.size()) + " result(s)");
                }
            }
        } else if (s.level == Level::Ssa) {
            fail(Status::SyntaxError, c_.loc(),
                 std::string("expected ':' and the type signature") + c_.got());
        }
        finish_attrs(s, a, m.loc);
        c_.end();
        check_kinds(s);
        return s;
    }

    // Sync types: one shared by every tile operand, one per tile operand, or one per operand; collapsed to
    // one when every tile operand has the same type.
    void normalise_sync_types(Stmt& s, const std::vector<Type>& given, std::size_t tiles, Loc at) {
        if (given.empty())
            return;
        if (given.size() == 1) {
            s.operand_types = given;
            return;
        }
        if (given.size() != tiles && given.size() != s.operands.size())
            fail(Status::TypeCountMismatch, at,
                 std::to_string(given.size()) + " type(s) for " + std::to_string(s.operands.size()) +
                     " operand(s)");
        // Not collapsed when a scalar type comes first (TDIVS's scalar-first form: scalar_first() reads it).
        bool same = tiles > 0 && given[0].is_tile();
        for (std::size_t i = 1; i < tiles; ++i)
            same = same && given[i] == given[0];
        if (same)
            s.operand_types = {given[0]};
        else
            s.operand_types = given;
    }

    // pto-isa's TDIVS(dst, scalar, src), the scalar divided by each element, is the row TRDIVS with the tile
    // first: `tdivs %s, %t` with a scalar type first is read as `trdivs %t, %s` (and printed back as
    // written). pto-isa's TADDSC / TSUBSC spell the scalar between the tiles (`%src0, %scalar, %src1`); the
    // row keeps the tiles first.
    static void scalar_first(Stmt& s) {
        if (s.op->op == isa::Op::TDIVS && s.operands.size() == 2 && s.operand_types.size() == 2 &&
            !s.operand_types[0].is_tile() && s.operand_types[1].is_tile()) {
            s.op = &isa::op_info(isa::Op::TRDIVS);
            std::swap(s.operands[0], s.operands[1]);
            std::swap(s.operand_types[0], s.operand_types[1]);
        }
        if (scalar_in_the_middle(*s.op) && s.operands.size() == 3 && s.operand_types.size() == 3 &&
            !s.operand_types[1].is_tile()) {
            std::rotate(s.operands.begin() + 1, s.operands.begin() + 2, s.operands.end());
            std::rotate(s.operand_types.begin() + 1, s.operand_types.begin() + 2, s.operand_types.end());
        }
    }

    // Tile operands have tile types and scalars scalar types, wherever both are known.
    void check_kinds(Stmt& s) {
        scalar_first(s);
        const std::size_t tiles = tile_operand_count(s);
        if (s.operand_types.size() == s.operands.size() && s.operands.size() > 1) {
            for (std::size_t i = 0; i < s.operands.size(); ++i)
                if (s.operand_types[i].is_tile() != (i < tiles))
                    fail(Status::TypeMismatch, s.operands[i].loc,
                         s.operands[i].name + (i < tiles ? " is a tile operand: it needs a tile type"
                                                         : " is a scalar operand: it needs a scalar type"));
        } else if (s.operand_types.size() == 1 && !s.operand_types[0].is_tile() && tiles > 0) {
            fail(Status::TypeMismatch, s.loc, "the operand type must be a tile type");
        }
        for (std::size_t i = 0; i < s.result_types.size(); ++i)
            if (!s.result_types[i].is_tile())
                fail(Status::TypeMismatch, s.results[i].loc,
                     std::string("results are tiles: ") + s.results[i].name);
    }

    // pto.op ins(%a, %b [{attrs}] : T, T) outs(%d : R) [{attrs}]
    Stmt dps(Stmt& s, const Token& m) {
        c_.next();  // ins
        c_.expect(Tok::LParen, "'(' after ins");
        s.operands = value_list(c_);
        Attrs a;
        if (c_.at(Tok::LBrace))
            attr_dict(c_, *s.op, a);
        if (!s.operands.empty()) {
            c_.expect(Tok::Colon, "':' and the operand types");
            s.operand_types = type_list(c_);
        }
        c_.expect(Tok::RParen, "')'");
        if (s.op->dsts > 0 || c_.at_word("outs")) {
            if (!c_.at_word("outs"))
                fail(Status::SyntaxError, c_.loc(), std::string("expected outs(...)") + c_.got());
            c_.next();
            c_.expect(Tok::LParen, "'(' after outs");
            s.results = value_list(c_);
            if (!s.results.empty()) {
                c_.expect(Tok::Colon, "':' and the result types");
                s.result_types = type_list(c_);
            }
            c_.expect(Tok::RParen, "')'");
        }
        if (c_.at(Tok::LBrace))
            attr_dict(c_, *s.op, a);
        check_counts(s, m.loc, s.results);
        if (s.operand_types.size() != s.operands.size())
            fail(Status::TypeCountMismatch, m.loc,
                 std::to_string(s.operand_types.size()) + " type(s) for " +
                     std::to_string(s.operands.size()) + " operand(s)");
        if (s.result_types.size() != s.results.size())
            fail(Status::TypeCountMismatch, m.loc,
                 std::to_string(s.result_types.size()) + " type(s) for " + std::to_string(s.results.size()) +
                     " result(s)");
        finish_attrs(s, a, m.loc);
        c_.end();
        check_kinds(s);
        return s;
    }

    // The name inside `<NAME>`, `#pto.KIND<NAME>`, `#pto<KIND NAME>`, `"NAME"` or a bare NAME.
    static std::optional<std::string_view> sync_operand(const Token& t, std::string_view kind) {
        if (t.kind != Tok::Attr && t.kind != Tok::Word && t.kind != Tok::String)
            return std::nullopt;
        return attr::enum_text(t.text, kind);
    }

    int sync_pipe(bool all_allowed) {
        const Token& t = c_.next();
        const auto text = sync_operand(t, "pipe");
        const auto p = text ? pipe_from_name(*text) : std::nullopt;
        if (!p || (*p == 6 && !all_allowed))  // PIPE_ALL: barriers only
            fail(Status::BadPipe, t.loc,
                 quoted(t.text) + (p ? " (a flag is between two pipes; PIPE_ALL is a barrier's)" : ""));
        return *p;
    }

    uint8_t sync_type() {
        const Token& t = c_.next();
        auto text = sync_operand(t, "pipe_event_type");
        if (!text && t.kind == Tok::Attr)
            text = sync_operand(t, "sync_op_type");
        const auto k = text ? sync_op_type_from_name(*text) : std::nullopt;
        if (!k) {
            std::string known;
            for (const SyncOpType& o : sync_op_types())
                known += (known.empty() ? "" : ", ") + std::string(o.name);
            fail(Status::BadPipe, t.loc, quoted(t.text) + " is not a sync op type (" + known + ")");
        }
        return *k;
    }

    int sync_event() {
        const Token& t = c_.next();
        const auto text = sync_operand(t, "event");
        if (text && text->size() == 9 && iequals(text->substr(0, 8), "EVENT_ID") && (*text)[8] >= '0' &&
            (*text)[8] <= '7')
            return (*text)[8] - '0';
        fail(Status::BadEventId, t.loc, quoted(t.text));
    }

    // pto.set_flag[SRC, DST, EVENT] / pto.wait_flag[...] / pto.record_event[OP, OP, EVENT] /
    // pto.wait_event[...] / pto.barrier PIPE, each with an optional dictionary of unit attributes (PTOAS
    // marks its own barriers `{pto.auto_sync_tail_barrier}`), which is not kept.
    Stmt sync(Stmt& s, SyncKind k, const Token& m) {
        s.kind = StmtKind::Sync;
        s.level = Level::Ssa;
        s.sync.kind = k;
        if (!s.results.empty())
            fail(Status::ResultCountMismatch, s.results[0].loc, std::string(sync_name(k)) + " has no result");
        if (k == SyncKind::Barrier) {
            if (c_.done())
                fail(Status::OperandCountMismatch, m.loc, "pto.barrier takes a pipe: pto.barrier <PIPE_ALL>");
            s.sync.src = sync_pipe(true);
        } else {
            c_.expect(Tok::LBracket, "'[' and the source, the destination and the event id");
            const bool events = k == SyncKind::RecordEvent || k == SyncKind::WaitEvent;
            const Loc src_at = c_.loc();
            if (events) {
                s.sync.src_type = sync_type();
                c_.expect(Tok::Comma, "','");
                s.sync.dst_type = sync_type();
                s.sync.src = sync_op_types()[s.sync.src_type].pipe;
                s.sync.dst = sync_op_types()[s.sync.dst_type].pipe;
            } else {
                s.sync.src = sync_pipe(false);
                c_.expect(Tok::Comma, "','");
                s.sync.dst = sync_pipe(false);
                if (s.sync.src == s.sync.dst)
                    fail(Status::BadPipe, src_at,
                         std::string("a flag from ") + std::string(pipe_name(s.sync.src)) +
                             " to itself (a pipe runs in order; pto.barrier orders within one)");
            }
            c_.expect(Tok::Comma, "','");
            s.sync.event = sync_event();
            c_.expect(Tok::RBracket, "']'");
        }
        if (c_.accept(Tok::LBrace)) {
            bool first = true;
            while (!c_.accept(Tok::RBrace)) {
                if (!first)
                    c_.expect(Tok::Comma, "',' or '}'");
                first = false;
                const Token& a = c_.expect(Tok::Word, "a unit attribute");
                if (c_.at(Tok::Equals))
                    fail(Status::UnknownAttribute, a.loc,
                         quoted(a.text) + " (" + std::string(sync_name(k)) + " takes unit attributes only)");
            }
        }
        c_.end();
        return s;
    }

    // An address: %value, an integer, or @tile(INTEGER).
    void address(Stmt& s) {
        if (c_.at(Tok::Value)) {
            s.operands.push_back(value(c_));
            return;
        }
        const Loc at = c_.loc();
        bool sym = false;
        if (c_.at(Tok::Symbol)) {
            if (c_.peek().text != "@tile")
                fail(Status::SyntaxError, at, "expected an address: %value, an integer or @tile(N)");
            c_.next();
            c_.expect(Tok::LParen, "'('");
            sym = true;
        }
        const Number n = number(c_, "an address: %value, an integer or @tile(N)");
        if (n.is_float || n.negative)
            fail(Status::BadAddress, at, print_number(n));
        s.addr = n.magnitude;
        if (sym)
            c_.expect(Tok::RParen, "')'");
    }

    // tassign %t, ADDR [: T[, index]]  /  pto.tassign ins(%t, ADDR [: T, index])
    Stmt tassign(Stmt& s, bool pto) {
        s.kind = StmtKind::Tassign;
        if (!s.results.empty())
            fail(Status::ResultCountMismatch, s.results[0].loc, "tassign has no result");
        const bool ins = pto && c_.at_word("ins");
        if (ins) {
            s.level = Level::Dps;
            c_.next();
            c_.expect(Tok::LParen, "'(' after ins");
        }
        s.operands.push_back(value(c_, "the tile (%value)"));
        c_.expect(Tok::Comma, "',' and an address");
        address(s);
        if (c_.accept(Tok::Colon)) {
            s.operand_types.push_back(type(c_));
            if (!s.operand_types[0].is_tile())
                fail(Status::TypeMismatch, s.loc, "the first tassign type is the tile's");
            if (c_.accept(Tok::Comma)) {
                const Loc at = c_.loc();
                s.operand_types.push_back(type(c_));
                const Type& t = s.operand_types[1];
                if (t.is_tile() || (t.kind == Type::Kind::Scalar && !dtype_is_signed_int(t.scalar) &&
                                    !dtype_is_unsigned_int(t.scalar)))
                    fail(Status::TypeMismatch, at, "the address type is index or an integer type");
            }
        }
        if (ins)
            c_.expect(Tok::RParen, "')'");
        c_.end();
        return s;
    }

    // %t = pto.alloc_tile [addr = ADDR] : TYPE
    Stmt alloc_tile(Stmt& s, const Token& m) {
        s.kind = StmtKind::AllocTile;
        if (s.results.size() != 1)
            fail(Status::ResultCountMismatch, s.results.empty() ? m.loc : s.results[1].loc,
                 "alloc_tile defines one tile");
        if (c_.at_word("addr")) {
            c_.next();
            c_.expect(Tok::Equals, "'='");
            address(s);
        }
        c_.expect(Tok::Colon, "':' and the tile type");
        s.result_types.push_back(Type{Type::Kind::Tile, tile_type(c_), DType::S64});
        c_.end();
        return s;
    }

    Stmt directive(Stmt& s) {
        const Token& d = c_.next();
        s.level = Level::Sync;
        if (iequals(d.text, ".arg")) {
            s.kind = StmtKind::Arg;
            s.results.push_back(value(c_));
            c_.expect(Tok::Colon, "':' and the tile type");
            const TileType t = tile_type(c_);
            s.result_types.push_back(Type{Type::Kind::Tile, t, DType::S64});
            s.data =
                data_spec(c_, t.dtype, static_cast<std::size_t>(t.rows) * static_cast<std::size_t>(t.cols));
            return s;
        }
        if (iequals(d.text, ".const")) {
            s.kind = StmtKind::Const;
            s.results.push_back(value(c_));
            c_.expect(Tok::Equals, "'=' and a number");
            const Loc at = c_.loc();
            s.number = number(c_, "a number");
            c_.expect(Tok::Colon, "':' and a type");
            const Loc type_at = c_.loc();
            const Type t = type(c_);
            if (t.is_tile())
                fail(Status::TypeMismatch, type_at, ".const defines a scalar (f32, i32, index, ...)");
            if (t.kind == Type::Kind::Scalar)
                literal_bits(s.number, t.scalar, at);
            else if (s.number.is_float || s.number.negative)
                fail(Status::BadLiteral, at, "an index is a non-negative integer");
            s.result_types.push_back(t);
            c_.end();
            return s;
        }
        if (iequals(d.text, ".dump")) {
            s.kind = StmtKind::Dump;
            s.dump = dump_spec(c_, true);
            return s;
        }
        fail(Status::UnknownDirective, d.loc,
             quoted(d.text) + " (PTO-AS has .arg, .const and .dump; .tile and .reg are Linx directives)");
    }

    Cursor& c_;
};

// ---------------------------------------------------------------------------------------------------------
// Linx directives
// ---------------------------------------------------------------------------------------------------------

linx::TileRef tile_name(const Token& t) {
    const std::string_view s = t.text;
    linx::TileRef r;
    if (s.size() < 3 || s[1] != '#')
        fail(Status::BadTileName, t.loc, quoted(s));
    switch (s[0]) {
        case 'T':
        case 't':
            r.hand = linx::Hand::T;
            break;
        case 'U':
        case 'u':
            r.hand = linx::Hand::U;
            break;
        case 'M':
        case 'm':
            r.hand = linx::Hand::M;
            break;
        case 'N':
        case 'n':
            r.hand = linx::Hand::N;
            break;
        default:
            fail(Status::BadTileName, t.loc, quoted(s));
    }
    unsigned k = 0;
    const std::string_view digits = s.substr(2);
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), k);
    if (ec != std::errc() || p != digits.data() + digits.size() || k < 1 || k > 16 || digits[0] == '0')
        fail(Status::BadTileName, t.loc, quoted(s));
    r.index = static_cast<uint8_t>(k);
    return r;
}

Directive linx_directive(Cursor& c) {
    Directive d;
    const Token& k = c.next();
    if (iequals(k.text, ".tile")) {
        d.kind = Directive::Kind::Tile;
        TileDecl& t = d.tile;
        t.loc = k.loc;
        const Token& name = c.expect(Tok::Word, "a tile such as T#3");
        t.where = tile_name(name);
        const Token& ty = c.expect(Tok::Word, "an element type such as u32");
        const auto dt = parse_dtype(ty.text);
        if (!dt)
            fail(Status::BadType, ty.loc, quoted(ty.text));
        t.dtype = *dt;
        extent(c.expect(Tok::Word, "ROWSxCOLS"), &t.rows, &t.cols);
        if (c.at_word("size") && c.peek(1).kind == Tok::Equals) {
            c.next();
            c.next();
            t.size_class = size_class(c.expect(Tok::Word, "a size such as 4KB"));
        }
        const std::size_t count = static_cast<std::size_t>(t.rows) * static_cast<std::size_t>(t.cols);
        if (count * dtype_size(t.dtype) > (512u << 10))
            fail(Status::TileTooLarge, name.loc,
                 std::to_string(t.rows) + "x" + std::to_string(t.cols) + " " +
                     std::string(dtype_name(t.dtype)));
        if (t.size_class && (16u << *t.size_class) < count * dtype_size(t.dtype))
            fail(Status::DataSizeMismatch, name.loc,
                 std::string("size=") + linx::size_name(*t.size_class) + " is smaller than " +
                     std::to_string(t.rows) + "x" + std::to_string(t.cols) + " " +
                     std::string(dtype_name(t.dtype)));
        t.data = data_spec(c, t.dtype, count);
        return d;
    }
    if (iequals(k.text, ".reg")) {
        d.kind = Directive::Kind::Reg;
        RegInit& r = d.reg;
        r.loc = k.loc;
        const Token& name = c.expect(Tok::Word, "a register such as a0");
        const auto code = linx::parse_reg(name.text);
        if (!code || *code == 0)
            fail(Status::SyntaxError, name.loc,
                 std::string("expected a register other than zero (got ") + quoted(name.text) + ")");
        r.reg = *code;
        c.expect(Tok::Equals, "'=' and a value");
        const Loc at = c.loc();
        r.value = number(c, "a number");
        if (c.accept(Tok::Colon)) {
            const Token& ty = c.expect(Tok::Word, "an element type such as fp32");
            const auto dt = parse_dtype(ty.text);
            if (!dt)
                fail(Status::BadType, ty.loc, quoted(ty.text));
            r.type = *dt;
        } else if (r.value.is_float) {
            fail(Status::BadLiteral, at,
                 std::string("a floating-point value needs its type: ") + print_number(r.value) + " : fp32");
        } else if (!r.value.negative && r.value.magnitude > 0x7fffffffffffffffull) {
            r.type = DType::U64;
        }
        r.bits = literal_bits(r.value, r.type, at);
        c.end();
        return d;
    }
    if (iequals(k.text, ".dump")) {
        d.kind = Directive::Kind::Dump;
        d.dump = dump_spec(c, false);
        if (!d.dump.name.starts_with("%"))
            tile_name(Token{Tok::Word, d.dump.name, d.dump.loc, 0});
        return d;
    }
    fail(Status::UnknownDirective, k.loc, quoted(k.text) + " (Linx text has .tile, .reg and .dump)");
}

}  // namespace

Result<Program> parse(std::string_view text, const ParseOptions& opts) {
    Result<Program> out;
    auto toks = lex(text);
    if (!toks.ok()) {
        out.diags = std::move(toks.diags);
        return out;
    }
    const std::vector<Token>& all = toks.value;
    std::size_t i = 0;
    while (i < all.size() && out.diags.size() < opts.max_errors) {
        std::size_t j = i;
        while (all[j].kind != Tok::End)
            ++j;
        if (j > i) {
            Cursor c(std::span<const Token>(all.data() + i, j - i + 1));
            try {
                out.value.stmts.push_back(StmtParser(c).parse());
            } catch (const Fail& f) {
                out.diags.push_back(f.diag);
            }
        }
        i = j + 1;
    }
    if (!out.ok())
        out.value.stmts.clear();
    return out;
}

bool is_directive_line(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
        ++i;
    return i + 1 < line.size() && line[i] == '.' &&
           ((line[i + 1] >= 'a' && line[i + 1] <= 'z') || (line[i + 1] >= 'A' && line[i + 1] <= 'Z'));
}

Result<Directive> parse_linx_directive(std::string_view line, uint32_t lineno) {
    Result<Directive> out;
    auto toks = lex(line);
    const auto relocate = [lineno](Diag d) {
        d.loc.line = lineno;
        return d;
    };
    if (!toks.ok()) {
        for (Diag& d : toks.diags)
            out.diags.push_back(relocate(d));
        return out;
    }
    // One statement: a ';' or a newline inside the line is not allowed.
    std::size_t ends = 0;
    for (const Token& t : toks.value)
        ends += t.kind == Tok::End;
    if (ends != 1) {
        out.diags.push_back({Status::SyntaxError, "one directive per line", Loc{lineno, 1}});
        return out;
    }
    Cursor c(toks.value);
    try {
        out.value = linx_directive(c);
        for (Loc* l :
             {&out.value.tile.loc, &out.value.tile.data.loc, &out.value.reg.loc, &out.value.dump.loc})
            if (l->line != 0)
                l->line = lineno;
    } catch (const Fail& f) {
        out.diags.push_back(relocate(f.diag));
    }
    return out;
}

}  // namespace ptosim::pto_as
