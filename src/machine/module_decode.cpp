// Decoding the module form's operations from the tokens of their custom syntax (module_ir.hpp). The syntax of
// each operation is PTOAS's (its docs/PTO_IR_manual.md and the programs in its test/ folder); this file
// knows which tokens carry what, the runner (module_run.cpp) what they do.
#include <algorithm>
#include <cctype>
#include <string>

#include "module_ir.hpp"
#include "ptosim/pto_as/attrs.hpp"
#include "ptosim/pto_as/sync.hpp"

namespace ptosim::machine::modrun {

namespace {

using mod::Tok;
using mod::Token;
using Toks = std::vector<Token>;

struct Error {
    Status status;
    std::string detail;
    Loc loc;
};

[[noreturn]] void fail(Status s, const Token& t, std::string detail) {
    throw Error{s, std::move(detail), t.loc};
}

using diag::quoted;  // a token, clipped: a hostile 2 MB token is not echoed whole

// [a, b) of a body: a token range.
struct Span {
    std::size_t a = 0, b = 0;
};

std::size_t close_of(const Toks& t, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < t.size(); ++i) {
        if (t[i].is("(") || t[i].is("[") || t[i].is("{"))
            ++depth;
        else if ((t[i].is(")") || t[i].is("]") || t[i].is("}")) && --depth == 0)
            return i;
    }
    return t.size();
}

// The contents of `key(...)` at depth 0 (ins, outs, iter_args).
std::optional<Span> group(const Toks& t, std::string_view key) {
    int depth = 0;
    for (std::size_t i = 0; i + 1 < t.size(); ++i) {
        if (depth == 0 && t[i].word(key) && t[i + 1].is("("))
            return Span{i + 2, close_of(t, i + 1)};
        if (t[i].is("(") || t[i].is("[") || t[i].is("{"))
            ++depth;
        else if (t[i].is(")") || t[i].is("]") || t[i].is("}"))
            --depth;
    }
    return std::nullopt;
}

// The first depth-0 ':' in [s.a, s.b), or s.b.
std::size_t colon_in(const Toks& t, Span s) {
    int depth = 0;
    for (std::size_t i = s.a; i < s.b; ++i) {
        if (depth == 0 && t[i].is(":"))
            return i;
        if (t[i].is("(") || t[i].is("[") || t[i].is("{"))
            ++depth;
        else if (t[i].is(")") || t[i].is("]") || t[i].is("}"))
            --depth;
    }
    return s.b;
}

// The depth-0 values of [s.a, s.b) before its ':' (attribute dictionaries and key = value lists skipped).
std::vector<std::string_view> values_in(const Toks& t, Span s) {
    std::vector<std::string_view> out;
    const std::size_t end = colon_in(t, s);
    int depth = 0;
    for (std::size_t i = s.a; i < end; ++i) {
        if (t[i].is("(") || t[i].is("[") || t[i].is("{"))
            ++depth;
        else if (t[i].is(")") || t[i].is("]") || t[i].is("}"))
            --depth;
        else if (depth == 0 && t[i].kind == Tok::Value && !(i + 1 < end && t[i + 1].is("=")) &&
                 !(i > s.a && t[i - 1].is("=")))
            out.push_back(t[i].text);
    }
    return out;
}

// The types after the ':' of [s.a, s.b): one token each, split at depth-0 ',' and '->' (parentheses of a
// function type skipped).
std::vector<const Token*> types_in(const Toks& t, Span s) {
    std::vector<const Token*> out;
    for (std::size_t i = colon_in(t, s) + 1; i < s.b; ++i) {
        const Token& x = t[i];
        if (x.kind == Tok::Type || x.kind == Tok::Word || x.kind == Tok::Angle)
            out.push_back(&x);
        else if (x.is("{"))
            i = close_of(t, i);
    }
    return out;
}

// `key = VALUE` anywhere in the body (depth 0, inside a dictionary or inside ins(...)): the value's tokens
// (the contents of a [...] list, else one token).
std::optional<Span> attr(const Toks& t, std::string_view key) {
    for (std::size_t i = 0; i + 2 < t.size(); ++i) {
        if (!(t[i].kind == Tok::Word || t[i].kind == Tok::String) || !t[i + 1].is("="))
            continue;
        std::string_view k = t[i].text;
        if (t[i].kind == Tok::String)
            k = k.substr(1, k.size() - 2);
        if (k != key)
            continue;
        if (t[i + 2].is("["))
            return Span{i + 3, close_of(t, i + 2)};
        return Span{i + 2, i + 3};
    }
    return std::nullopt;
}

std::vector<std::string_view> value_list(const Toks& t, Span s, const Token& at, std::string_view what) {
    std::vector<std::string_view> out;
    for (std::size_t i = s.a; i < s.b; ++i) {
        if (t[i].kind == Tok::Value)
            out.push_back(t[i].text);
        else if (!t[i].is(","))
            fail(
                Status::NotExecutable, at,
                std::string(what) + " with a constant " + quoted(t[i].text) + " (ptosim takes %values here)");
    }
    return out;
}

// The element type inside `!pto.ptr<f32>`, `!pto.tensor_view<?x?xf32>`, `!pto.partition_tensor_view<..>`.
std::optional<DType> elem_of(std::string_view type) {
    const std::size_t open = type.find('<');
    if (open == std::string_view::npos || type.back() != '>')
        return std::nullopt;
    std::string_view body = type.substr(open + 1, type.size() - open - 2);
    body = body.substr(0, body.find(','));
    const std::size_t x = body.rfind('x');
    if (x != std::string_view::npos && body.find_first_of("0123456789?") < x)
        body = body.substr(x + 1);
    const auto s = parse_stype(body);
    if (!s || s->kind == SType::Kind::Index)
        return std::nullopt;
    return s->dtype;
}

SType stype_or_fail(const Token& t) {
    const auto s = parse_stype(t.text);
    if (!s)
        fail(Status::BadType, t,
             quoted(t.text) + " (a scalar type: index, i1, i8, i16, i32, i64, f16, bf16, f32)");
    return *s;
}

pto_as::TileType tile_type_or_fail(const Token& t) {
    pto_as::TypeError err;
    const auto ty = pto_as::parse_type(t.text, t.loc.col, &err);
    if (!ty)
        throw Error{err.status, err.detail, Loc{t.loc.line, err.col, 0, 0}};
    if (!ty->is_tile())
        fail(Status::BadType, t, quoted(t.text) + " (a tile type)");
    return ty->tile;
}

const Token& last_type(const mod::Op& op) {
    const auto types = types_in(op.body, Span{0, op.body.size()});
    if (types.empty())
        fail(Status::TypeCountMismatch, op.body.empty() ? Token{Tok::Punct, "", op.loc} : op.body.back(),
             diag::clip(op.name) + " without its ': TYPE'");
    return *types.back();
}

bool one_of(std::string_view s, std::initializer_list<std::string_view> names) {
    return std::find(names.begin(), names.end(), s) != names.end();
}

// The destination-passing form `ins(...) outs(...)`: the operand names of each group into d. Without it: an
// error of `status` (NotExecutable where PTOAS has another, SSA, form ptosim does not run).
void dps(const mod::Op& op, Decoded& d, Status status = Status::SyntaxError) {
    const auto ins = group(op.body, "ins");
    const auto outs = group(op.body, "outs");
    if (!ins && !outs && !op.results.empty() && status == Status::NotExecutable) {
        // The SSA and synchronous levels: `%d = pto.NAME %a, %b : (T, T) -> R` / `%d = NAME %a, %b : T -> R`.
        // The results are new tiles of the result types, written as a DPS destination would be.
        d.ins = values_in(op.body, Span{0, op.body.size()});
        d.outs = op.results;
        const auto types = types_in(op.body, Span{0, op.body.size()});
        if (types.size() < op.results.size())
            fail(Status::TypeCountMismatch, Token{Tok::Word, op.name, op.loc},
                 diag::clip(op.name) + ": one result type per result (`-> TYPE`)");
        for (std::size_t k = types.size() - op.results.size(); k < types.size(); ++k)
            d.result_tiles.push_back(tile_type_or_fail(*types[k]));
        return;
    }
    if (!ins || !outs)
        fail(status, Token{Tok::Word, op.name, op.loc},
             diag::clip(op.name) + (status == Status::SyntaxError
                                        ? " needs ins(...) outs(...)"
                                        : " in the SSA form (ptosim runs ins(...) outs(...))"));
    d.ins = values_in(op.body, *ins);
    d.outs = values_in(op.body, *outs);
}

// An integer attribute `key = 3 : i32` (or `key = 3`).
std::optional<int64_t> int_attr(const Toks& t, std::string_view key) {
    const auto v = attr(t, key);
    if (!v)
        return std::nullopt;
    const auto n = pto_as::parse_number(t[v->a].text);
    if (!n || n->is_float)
        fail(Status::BadAttributeValue, t[v->a], quoted(t[v->a].text) + " (an integer)");
    return static_cast<int64_t>(n->negative ? ~n->magnitude + 1 : n->magnitude);
}

std::optional<bool> bool_attr(const Toks& t, std::string_view key) {
    const auto v = attr(t, key);
    if (!v)
        return std::nullopt;
    if (!t[v->a].word("true") && !t[v->a].word("false"))
        fail(Status::BadAttributeValue, t[v->a], quoted(t[v->a].text) + " (true or false)");
    return t[v->a].word("true");
}

void decode_func(const mod::Op& op, Decoded& d) {
    const Toks& t = op.body;
    std::size_t i = 0;
    while (i < t.size() && !t[i].is("("))
        ++i;
    const std::size_t end = close_of(t, i);
    for (++i; i < end; ++i) {
        if (t[i].kind != Tok::Value)
            continue;
        if (i + 2 >= end || !t[i + 1].is(":"))
            fail(Status::SyntaxError, t[i], "function argument without a type");
        const Token& ty = t[i + 2];
        Param p;
        p.name = std::string(t[i].text);
        p.type = std::string(ty.text);
        if (ty.text.starts_with("!pto.ptr<")) {
            const auto e = elem_of(ty.text);
            if (!e)
                fail(Status::BadType, ty, quoted(ty.text));
            p.pointer = true;
            p.dtype = *e;
        } else if (const auto s = parse_stype(ty.text)) {
            p.dtype = s->dtype;
        } else {
            fail(Status::NotExecutable, ty,
                 "function argument of type " + quoted(ty.text) +
                     " (ptosim runs kernels whose arguments are !pto.ptr<T> and scalars)");
        }
        d.params.push_back(std::move(p));
    }
    // attributes {pto.kernel_kind = #pto.kernel_kind<cube>}: the function runs on the cube core only.
    if (const auto k = attr(t, "pto.kernel_kind")) {
        const auto kind = pto_as::attr::enum_text(t[k->a].text, "kernel_kind");
        if (!kind || (*kind != "cube" && *kind != "vector"))
            fail(Status::BadAttributeValue, t[k->a],
                 quoted(t[k->a].text) + " (#pto.kernel_kind<cube | vector>)");
        d.core = *kind;
    }
}

// arith.constant dense<[1, 2, 3, 4]> : vector<4xi16> (or dense<0>, every element): TMRGSORT's executed
// counts.
void decode_dense(const mod::Op& op, Decoded& d) {
    const Token& v = op.body[0];
    const Token& ty = last_type(op);
    const std::string_view type = ty.text;
    const std::size_t x = type.find('x');
    if (!type.starts_with("vector<") || x == std::string_view::npos || type.back() != '>')
        fail(Status::NotExecutable, ty,
             "arith.constant of type " + quoted(type) + " (ptosim takes vector<NxiK>)");
    const auto elem = parse_stype(type.substr(x + 1, type.size() - x - 2));
    const auto len = pto_as::parse_number(type.substr(7, x - 7));
    if (!elem || elem->kind == SType::Kind::Float || !len || len->is_float || len->negative ||
        len->magnitude == 0 || len->magnitude > 64)
        fail(Status::NotExecutable, ty,
             "arith.constant of type " + quoted(type) + " (ptosim takes vector<NxiK>)");
    std::string_view body = v.text.substr(6, v.text.size() - 7);  // inside dense<...>
    const bool splat = !body.starts_with("[");
    if (!splat)
        body = body.substr(1, body.size() - 2);
    std::vector<int64_t> values;
    while (!body.empty()) {
        const std::size_t comma = body.find(',');
        std::string_view item = body.substr(0, comma);
        while (!item.empty() && item.front() == ' ')
            item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ')
            item.remove_suffix(1);
        const auto n = pto_as::parse_number(item);
        if (!n || n->is_float)
            fail(Status::BadLiteral, v, quoted(item) + " (an integer)");
        values.push_back(static_cast<int64_t>(n->negative ? ~n->magnitude + 1 : n->magnitude));
        body = comma == std::string_view::npos ? std::string_view() : body.substr(comma + 1);
    }
    if (splat && values.size() == 1)
        values.assign(len->magnitude, values[0]);
    if (values.size() != len->magnitude)
        fail(Status::TypeCountMismatch, v, std::to_string(values.size()) + " elements for " + quoted(type));
    d.kind = Kind::Constant;
    d.type = *elem;
    d.dense = std::move(values);
}

void decode_arith(const mod::Op& op, Decoded& d) {
    const Toks& t = op.body;
    const Span all{0, t.size()};
    d.sub = op.name.substr(6);  // after "arith."
    if (d.sub == "constant") {
        d.kind = Kind::Constant;
        if (t.empty())
            fail(Status::SyntaxError, Token{Tok::Punct, "", op.loc}, "arith.constant without a value");
        if (t[0].word("true") || t[0].word("false")) {
            d.boolean = t[0].word("true");
            d.number.magnitude = d.boolean ? 1 : 0;
            d.type = SType{SType::Kind::Int, 1, DType::U8};
            return;
        }
        if (t[0].text.starts_with("dense<")) {
            decode_dense(op, d);
            return;
        }
        const auto n = pto_as::parse_number(t[0].text);
        if (!n)
            fail(Status::NotExecutable, t[0],
                 "arith.constant " + quoted(t[0].text) + " (ptosim takes scalar constants)");
        d.number = *n;
        d.type = stype_or_fail(last_type(op));
        return;
    }
    d.kind = Kind::Arith;
    if (one_of(d.sub, {"cmpi", "cmpf"})) {
        if (t.empty() || t[0].kind != Tok::Word)
            fail(Status::SyntaxError, Token{Tok::Punct, "", op.loc},
                 diag::clip(op.name) + " without a predicate");
        d.pred = t[0].text;
        static constexpr std::string_view kPreds[] = {
            "eq",  "ne",  "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",  "oeq",
            "one", "olt", "ole", "ogt", "oge", "ueq", "une", "ord", "uno", "true", "false"};
        if (std::find(std::begin(kPreds), std::end(kPreds), d.pred) == std::end(kPreds))
            fail(Status::BadAttributeValue, t[0], quoted(d.pred) + " (a cmpi / cmpf predicate)");
        d.ins = values_in(t, Span{1, t.size()});
        d.from = stype_or_fail(last_type(op));
        d.type = SType{SType::Kind::Int, 1, DType::U8};
        if (d.ins.size() != 2)
            fail(Status::OperandCountMismatch, t[0], diag::clip(op.name) + " takes two operands");
        return;
    }
    d.ins = values_in(t, all);
    if (one_of(d.sub, {"index_cast", "index_castui", "extsi", "extui", "trunci", "sitofp", "uitofp", "fptosi",
                       "fptoui", "extf", "truncf", "bitcast"})) {
        // %a : FROM to TO
        const std::size_t c = colon_in(t, all);
        if (c + 3 >= t.size() || !t[c + 2].word("to"))
            fail(Status::SyntaxError, t.empty() ? Token{Tok::Punct, "", op.loc} : t.back(),
                 diag::clip(op.name) + " needs ': FROM to TO'");
        d.from = stype_or_fail(t[c + 1]);
        d.type = stype_or_fail(t[c + 3]);
    } else {
        d.type = stype_or_fail(last_type(op));
        d.from = d.type;
    }
    static constexpr std::string_view kUnary[] = {"index_cast", "index_castui", "extsi",  "extui",  "trunci",
                                                  "sitofp",     "uitofp",       "fptosi", "fptoui", "extf",
                                                  "truncf",     "bitcast",      "negf"};
    static constexpr std::string_view kBinary[] = {
        "addi",    "subi", "muli",      "divsi",     "divui",     "remsi",    "remui",    "andi",
        "ori",     "xori", "shli",      "shrsi",     "shrui",     "maxsi",    "minsi",    "maxui",
        "minui",   "addf", "subf",      "mulf",      "divf",      "maximumf", "minimumf", "maxnumf",
        "minnumf", "remf", "ceildivsi", "ceildivui", "floordivsi"};
    std::size_t want = 0;
    if (std::find(std::begin(kUnary), std::end(kUnary), d.sub) != std::end(kUnary))
        want = 1;
    else if (std::find(std::begin(kBinary), std::end(kBinary), d.sub) != std::end(kBinary))
        want = 2;
    else if (d.sub == "select")
        want = 3;
    else
        fail(Status::NotExecutable, Token{Tok::Word, op.name, op.loc}, diag::clip(op.name));
    if (d.ins.size() != want)
        fail(Status::OperandCountMismatch, Token{Tok::Word, op.name, op.loc},
             diag::clip(op.name) + " takes " + std::to_string(want) + " operand(s)");
}

void decode_scf(const mod::Op& op, Decoded& d) {
    const Toks& t = op.body;
    const Token at{Tok::Word, op.name, op.loc};
    if (op.name == "scf.for") {
        // %iv = %lb to %ub step %step [iter_args(%a = %init, ...)] [: type] [-> (types)] {body}
        d.kind = Kind::For;
        if (t.size() < 7 || t[0].kind != Tok::Value || !t[1].is("=") || t[2].kind != Tok::Value ||
            !t[3].word("to") || t[4].kind != Tok::Value || !t[5].word("step") || t[6].kind != Tok::Value)
            fail(Status::SyntaxError, at, "scf.for needs %iv = %lb to %ub step %step");
        d.iv = t[0].text;
        d.ins = {t[2].text, t[4].text, t[6].text};
        if (const auto g = group(t, "iter_args")) {
            for (std::size_t i = g->a; i + 2 < g->b + 1; ++i)
                if (t[i].kind == Tok::Value && t[i + 1].is("=") && t[i + 2].kind == Tok::Value) {
                    d.iter_names.push_back(t[i].text);
                    d.ins.push_back(t[i + 2].text);
                }
        }
        if (t.size() > 8 && t[7].is(":"))
            d.type = stype_or_fail(t[8]);
        if (op.regions.size() != 1)
            fail(Status::SyntaxError, at, "scf.for without its body");
        if (d.iter_names.size() != op.results.size())
            fail(Status::ResultCountMismatch, at, "scf.for: one result per iteration argument");
    } else if (op.name == "scf.if") {
        d.kind = Kind::If;
        if (t.empty() || t[0].kind != Tok::Value || op.regions.empty() || op.regions.size() > 2)
            fail(Status::SyntaxError, at, "scf.if needs %cond {then} [else {else}]");
        d.ins = {t[0].text};
    } else if (op.name == "scf.while") {
        d.kind = Kind::While;
        if (op.regions.size() != 2)
            fail(Status::SyntaxError, at, "scf.while needs its before and do regions");
        if (!t.empty() && t[0].is("(")) {
            const std::size_t end = close_of(t, 0);
            for (std::size_t i = 1; i + 2 < end + 1; ++i)
                if (t[i].kind == Tok::Value && t[i + 1].is("=") && t[i + 2].kind == Tok::Value) {
                    d.iter_names.push_back(t[i].text);
                    d.ins.push_back(t[i + 2].text);
                }
        }
    } else if (op.name == "scf.yield") {
        d.kind = Kind::Yield;
        d.ins = values_in(t, Span{0, t.size()});
    } else if (op.name == "scf.condition") {
        d.kind = Kind::Condition;
        std::vector<std::string_view> v;
        for (std::size_t i = 0; i < colon_in(t, Span{0, t.size()}); ++i)
            if (t[i].kind == Tok::Value)
                v.push_back(t[i].text);
        if (v.empty())
            fail(Status::SyntaxError, at, "scf.condition(%cond) without its condition");
        d.ins = std::move(v);
    } else {
        fail(Status::NotExecutable, at, diag::clip(op.name));
    }
}

std::optional<int> sync_pipe(const Token& t) {
    const auto name = pto_as::attr::enum_text(t.text, "pipe");
    return name ? pto_as::pipe_from_name(*name) : std::nullopt;
}

void decode_sync(const mod::Op& op, Decoded& d) {
    using pto_as::SyncKind;
    const Toks& t = op.body;
    const Token at{Tok::Word, op.name, op.loc};
    d.kind = Kind::Sync;
    std::vector<const Token*> items;
    for (const Token& x : t)
        if (x.kind == Tok::Angle || x.kind == Tok::Attr || x.kind == Tok::Word || x.kind == Tok::String ||
            x.kind == Tok::Value)
            items.push_back(&x);
    if (op.name == "pto.barrier") {
        d.sync.kind = SyncKind::Barrier;
        const auto p = items.size() == 1 ? sync_pipe(*items[0]) : std::nullopt;
        if (!p)
            fail(Status::BadPipe, items.empty() ? at : *items[0], "pto.barrier <PIPE_...>");
        d.sync.src = *p;
        return;
    }
    const bool events = op.name == "pto.record_event" || op.name == "pto.wait_event";
    const bool dynamic = op.name.ends_with("_dyn");  // the event id is a value: set_flag_dyn [P, P, %eid]
    d.sync.kind = op.name.starts_with("pto.set_flag")    ? SyncKind::SetFlag
                  : op.name.starts_with("pto.wait_flag") ? SyncKind::WaitFlag
                  : op.name == "pto.record_event"        ? SyncKind::RecordEvent
                                                         : SyncKind::WaitEvent;
    if (items.size() != 3)
        fail(Status::OperandCountMismatch, at, diag::clip(op.name) + "[SRC, DST, EVENT_IDk]");
    for (int k = 0; k < 2; ++k) {
        if (events) {
            auto name = pto_as::attr::enum_text(items[k]->text, "pipe_event_type");
            if (!name)
                name = pto_as::attr::enum_text(items[k]->text, "sync_op_type");
            const auto ty = name ? pto_as::sync_op_type_from_name(*name) : std::nullopt;
            if (!ty)
                fail(Status::BadAttributeValue, *items[k], quoted(items[k]->text) + " (a sync op type)");
            (k == 0 ? d.sync.src_type : d.sync.dst_type) = *ty;
            (k == 0 ? d.sync.src : d.sync.dst) = pto_as::sync_op_types()[*ty].pipe;
        } else {
            const auto p = sync_pipe(*items[k]);
            if (!p || *p == 6)
                fail(Status::BadPipe, *items[k], quoted(items[k]->text));
            (k == 0 ? d.sync.src : d.sync.dst) = *p;
        }
    }
    if (dynamic) {
        if (items[2]->kind != Tok::Value)
            fail(Status::BadEventId, *items[2], quoted(items[2]->text) + " (an event id value)");
        d.ins = {items[2]->text};
        return;
    }
    const auto ev = pto_as::attr::enum_text(items[2]->text, "event");
    if (!ev || ev->size() != 9 || !ev->starts_with("EVENT_ID") || (*ev)[8] < '0' || (*ev)[8] > '7')
        fail(Status::BadEventId, *items[2], quoted(items[2]->text));
    d.sync.event = (*ev)[8] - '0';
}

// Tile instructions of the descriptor table: `pto.NAME ins(SOURCES and SCALARS [{attrs}] : TYPES) outs(DSTS :
// TYPES) [{attrs}]`.
void decode_instr(const mod::Op& op, Decoded& d) {
    const Toks& t = op.body;
    const Token at{Tok::Word, op.name, op.loc};
    std::string upper;
    for (char c : op.name.substr(4))
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    d.info = isa::find_op(upper);
    if (!d.info || !ops::has_kernel(d.info->op))
        fail(Status::NotExecutable, at, diag::clip(op.name));
    d.kind = Kind::Instr;
    dps(op, d, Status::NotExecutable);
    if (d.outs.size() != d.info->dsts)
        fail(Status::OperandCountMismatch, at,
             diag::clip(op.name) + " writes " + std::to_string(d.info->dsts) + " tile(s)");
    const isa::OpInfo& info = *d.info;
    if (info.has(isa::kCMode)) {
        auto v = attr(t, "cmpMode");
        if (!v)
            v = attr(t, "cmp_mode");
        if (!v)
            fail(Status::MissingAttribute, at, diag::clip(op.name) + " needs {cmpMode = #pto<cmp ...>}");
        const auto m = pto_as::attr::cmp_value(t[v->a].text);
        if (!m)
            fail(Status::BadAttributeValue, t[v->a], quoted(t[v->a].text));
        d.attrs.cmp = *m;
    }
    if (info.has(isa::kByteId)) {
        // ptosim's {byte = #pto<hist_byte BYTE_k>}, or PTOAS's {isMSB = true | false} (default true), which
        // names the high or the low byte of a 16-bit source.
        if (const auto v = attr(t, "byte")) {
            const auto b = pto_as::attr::byte_value(t[v->a].text);
            if (!b)
                fail(Status::BadAttributeValue, t[v->a], quoted(t[v->a].text) + " (#pto<hist_byte BYTE_k>)");
            d.attrs.byte = *b;
        } else if (const auto m = attr(t, "isMSB")) {
            if (!t[m->a].word("true") && !t[m->a].word("false"))
                fail(Status::BadAttributeValue, t[m->a], quoted(t[m->a].text) + " (true or false)");
            d.msb = t[m->a].word("true");
        } else {
            d.msb = true;
        }
    }
    if (info.has(isa::kRMode)) {
        auto v = attr(t, "rmode");
        if (!v)
            v = attr(t, "roundMode");
        uint8_t r = 1;  // RINT, as the statement level
        if (v) {
            const auto m = pto_as::attr::rmode_value(t[v->a].text);
            if (!m)
                fail(Status::BadAttributeValue, t[v->a], quoted(t[v->a].text));
            r = *m;
        }
        d.attrs.round = static_cast<convert::RoundMode>(r);
        if (const auto s = attr(t, "satMode")) {
            const auto m = pto_as::attr::sat_value(t[s->a].text);
            if (!m)
                fail(Status::BadAttributeValue, t[s->a], quoted(t[s->a].text));
            d.attrs.sat = *m ? convert::SatMode::On : convert::SatMode::Off;
        }
    }
}

// The sort, gather and generate instructions (C++-API kernels without a descriptor row): PTOAS's forms.
void decode_special(const mod::Op& op, Decoded& d) {
    const Toks& t = op.body;
    const Token at{Tok::Word, op.name, op.loc};
    const std::string_view n = op.name;
    dps(op, d);
    d.sub = n.substr(4);
    auto counts = [&](std::size_t lo, std::size_t hi, std::size_t outs_lo, std::size_t outs_hi,
                      const char* form) {
        if (d.ins.size() < lo || d.ins.size() > hi || d.outs.size() < outs_lo || d.outs.size() > outs_hi)
            fail(Status::OperandCountMismatch, at, std::string(n) + " " + form);
    };
    if (d.sub == "tsort32") {
        d.kind = Kind::Sort;
        counts(2, 3, 1, 1, "ins(%src, %idx[, %tmp]) outs(%dst)");
    } else if (d.sub == "tmrgsort") {
        d.kind = Kind::Sort;
        // ins(%src, %blockLen) outs(%dst), or ins(%src0, ..[, %tmp] {exhausted}) outs(%dst[, %tmp],
        // %executed)
        counts(2, 5, 1, 3,
               "ins(%src, %blockLen) outs(%dst) or ins(%src0, %src1, ...) outs(%dst, %tmp, %executed)");
        d.flag = bool_attr(t, "exhausted").value_or(false);
    } else if (d.sub == "tgather") {
        d.kind = Kind::Gather;
        if (const auto v = attr(t, "maskPattern")) {
            const auto name = pto_as::attr::enum_text(t[v->a].text, "mask_pattern");
            static constexpr std::string_view kPatterns[] = {"P0101", "P1010", "P0001", "P0010",
                                                             "P0100", "P1000", "P1111"};
            const auto* it =
                name ? std::find(std::begin(kPatterns), std::end(kPatterns), *name) : std::end(kPatterns);
            if (it == std::end(kPatterns))
                fail(Status::BadAttributeValue, t[v->a],
                     quoted(t[v->a].text) + " (#pto.mask_pattern<P0101>, ...)");
            d.int_attr = it - std::begin(kPatterns) + 1;
            counts(1, 1, 1, 1, "ins(%src {maskPattern = ...}) outs(%dst)");
        } else if (d.outs.size() == 2) {
            fail(Status::NotExecutable, at, "pto.tgather's compare form");
        } else {
            counts(2, 3, 1, 1, "ins(%src, %indices[, %tmp]) outs(%dst)");
        }
    } else if (d.sub == "tgatherb" || d.sub == "tscatter") {
        d.kind = Kind::Gather;
        counts(2, 2, 1, 1,
               d.sub == "tgatherb" ? "ins(%src, %offsets) outs(%dst)" : "ins(%src, %indexes) outs(%dst)");
    } else if (d.sub == "tci") {
        d.kind = Kind::Generate;
        counts(1, 1, 1, 1, "ins(%start) outs(%dst)");
        d.flag = bool_attr(t, "descending").value_or(false);
    } else if (d.sub == "ttri") {
        d.kind = Kind::Generate;
        counts(1, 1, 1, 1, "ins(%diagonal) outs(%dst)");
        d.int_attr = int_attr(t, "upperOrLower").value_or(0);
        if (d.int_attr != 0 && d.int_attr != 1)
            fail(Status::BadAttributeValue, at, "upperOrLower is 0 (lower) or 1 (upper)");
    } else {  // trandom
        d.kind = Kind::Generate;
        counts(6, 6, 1, 1, "ins(%key0, %key1, %counter0, %counter1, %counter2, %counter3) outs(%dst)");
        d.int_attr = int_attr(t, "rounds").value_or(10);
        if (d.int_attr != 7 && d.int_attr != 10)
            fail(Status::BadAttributeValue, at, "rounds is 7 or 10");
    }
}

// The view operations' form `NAME %x, A = [%v, ...], B = [%v, ...] : TYPES`: the one operand into d.ins, the
// two lists into a and b.
void two_lists(const mod::Op& op, Decoded& d, std::string_view key_a, std::vector<std::string_view>& a,
               std::string_view key_b, std::vector<std::string_view>& b) {
    const Toks& t = op.body;
    const Token at{Tok::Word, op.name, op.loc};
    d.ins = values_in(t, Span{0, t.size()});
    const auto la = attr(t, key_a);
    const auto lb = attr(t, key_b);
    if (d.ins.size() != 1 || !la || !lb)
        fail(Status::SyntaxError, at,
             diag::clip(op.name) + " %x, " + std::string(key_a) + " = [...], " + std::string(key_b) +
                 " = [...] : TYPE");
    a = value_list(t, *la, at, key_a);
    b = value_list(t, *lb, at, key_b);
}

// ---- the micro level: pto.v* / pto.p* operations of isa/micro.def (pto-isa docs/isa/vector,
// docs/isa/scalar)

// The rows' operand shapes, read from the row's family; the element types and granularities from the types.
struct MicroSyntax {
    std::vector<std::string_view> vals;  // the operands before ':', in order (a vlds / vsts offset included)
    std::vector<const Token*> types;     // the types after ':'
    const Token* str = nullptr;          // the quoted mode or pattern ("lt", "PAT_ALL")
};

MicroSyntax micro_syntax(const Toks& t) {
    MicroSyntax s;
    const std::size_t end = colon_in(t, Span{0, t.size()});
    int depth = 0;
    for (std::size_t i = 0; i < end; ++i) {
        if (t[i].is("{")) {
            i = close_of(t, i);
            continue;
        }
        if (t[i].is("(") || t[i].is("["))
            ++depth;
        else if (t[i].is(")") || t[i].is("]"))
            --depth;
        else if (t[i].kind == Tok::Value)
            s.vals.push_back(t[i].text);
        else if (t[i].kind == Tok::String && !s.str && depth == 0)
            s.str = &t[i];
    }
    s.types = types_in(t, Span{0, t.size()});
    return s;
}

pto_as::VRegType vreg_or_fail(const Token& t) {
    pto_as::TypeError err;
    const auto v = pto_as::parse_vreg_type(t.text, t.loc.col, &err);
    if (!v)
        throw Error{err.status, err.detail, Loc{t.loc.line, err.col, 0, 0}};
    return *v;
}

uint32_t mask_or_fail(const Token& t) {
    pto_as::TypeError err;
    const auto g = pto_as::parse_mask_type(t.text, t.loc.col, &err);
    if (!g)
        throw Error{err.status, err.detail, Loc{t.loc.line, err.col, 0, 0}};
    return *g;
}

// `!pto.ptr<T, ub>`: a pointer into the Unified Buffer.
bool ub_pointer(std::string_view type) {
    if (!type.starts_with("!pto.ptr<") || !type.ends_with(">"))
        return false;
    const std::size_t comma = type.rfind(',');
    if (comma == std::string_view::npos)
        return false;
    std::string_view space = type.substr(comma + 1, type.size() - comma - 2);
    while (!space.empty() && space.front() == ' ')
        space.remove_prefix(1);
    while (!space.empty() && space.back() == ' ')
        space.remove_suffix(1);
    return space == "ub";
}

std::string mask_name(uint32_t gran) {
    return "!pto.mask<b" + std::to_string(8 * gran) + ">";
}

void decode_micro(const mod::Op& op, Decoded& d, const isa::MicroInfo& info, uint32_t suffix_gran) {
    using isa::MFamily;
    const Toks& t = op.body;
    const Token at{Tok::Word, op.name, op.loc};
    const std::string name(op.name);
    d.kind = Kind::Micro;
    d.micro = &info;
    const MicroSyntax s = micro_syntax(t);
    const auto shape = [&](std::size_t vals, std::size_t types, std::size_t results, std::string_view form) {
        if (s.vals.size() != vals)
            fail(Status::OperandCountMismatch, at, name + " takes " + std::string(form));
        if (s.types.size() != types)
            fail(Status::TypeCountMismatch, s.types.empty() ? at : *s.types.back(),
                 name + ": " + std::to_string(types) + " types (" + std::string(form) + ")");
        if (op.results.size() != results)
            fail(Status::ResultCountMismatch, at,
                 name + " has " + std::to_string(results) + " result(s): " + std::string(form));
        d.ins = s.vals;
    };
    // Every vector operand and result: the same register type, an element type of the row.
    const auto vregs = [&](std::initializer_list<std::size_t> ks) {
        const pto_as::VRegType first = vreg_or_fail(*s.types[*ks.begin()]);
        for (std::size_t k : ks)
            if (const pto_as::VRegType v = vreg_or_fail(*s.types[k]); v != first)
                fail(Status::TypeMismatch, *s.types[k],
                     name + ": " + pto_as::print_vreg_type(v) + " where the first vector is " +
                         pto_as::print_vreg_type(first));
        if (!info.types.contains(first.elem))
            fail(Status::BadType, *s.types[*ks.begin()],
                 name + " does not take " + pto_as::mlir_dtype_name(first.elem) + " elements");
        d.elem = first.elem;
    };
    // A predicate operand or result: its granularity is the elements' size.
    const auto masks = [&](std::initializer_list<std::size_t> ks) {
        for (std::size_t k : ks) {
            const uint32_t g = mask_or_fail(*s.types[k]);
            if (g != dtype_size(d.elem))
                fail(Status::TypeMismatch, *s.types[k],
                     name + ": " + mask_name(g) + " predicates " + std::to_string(g) + "-byte elements; " +
                         pto_as::mlir_dtype_name(d.elem) + " needs " +
                         mask_name(static_cast<uint32_t>(dtype_size(d.elem))));
            d.gran = g;
        }
    };
    // A scalar operand of the elements' type (vadds's scalar, vcmps's, vbr's).
    const auto scalar_of_elem = [&](std::size_t k) {
        const SType st = stype_or_fail(*s.types[k]);
        if (st.kind == SType::Kind::Index || (st.kind == SType::Kind::Float) != dtype_is_float(d.elem) ||
            static_cast<std::size_t>(st.width) != 8 * dtype_size(d.elem))
            fail(Status::TypeMismatch, *s.types[k],
                 name + ": the scalar is " + std::string(s.types[k]->text) + ", the elements " +
                     pto_as::mlir_dtype_name(d.elem));
    };
    const auto mode = [&] {
        if (!s.str)
            fail(Status::SyntaxError, at, name + " needs its comparison mode (\"eq\", \"ne\", \"lt\", ...)");
        std::string m(s.str->text.substr(1, s.str->text.size() - 2));
        std::transform(m.begin(), m.end(), m.begin(), [](unsigned char c) { return std::tolower(c); });
        static constexpr std::pair<std::string_view, CmpMode> kModes[] = {
            {"eq", CmpMode::EQ}, {"ne", CmpMode::NE}, {"lt", CmpMode::LT},
            {"le", CmpMode::LE}, {"gt", CmpMode::GT}, {"ge", CmpMode::GE}};
        for (const auto& [k, v] : kModes)
            if (m == k) {
                d.cmp = v;
                return;
            }
        fail(Status::BadAttributeValue, *s.str, quoted(s.str->text) + " (eq, ne, lt, le, gt or ge)");
    };
    // The distribution (isa/micro_dist.def): vlds / vsts take {dist = "..."} (NORM when absent), vldsx2 /
    // vstsx2 a quoted operand; rows ptosim does not run are refused here, with the row's reason.
    const auto dist = [&]() -> const isa::DistInfo& {
        const bool pair = info.op == isa::MOp::vldsx2 || info.op == isa::MOp::vstsx2;
        const Token* where = nullptr;
        std::string_view v = "\"NORM\"";
        if (pair) {
            if (!s.str)
                fail(Status::SyntaxError, at, name + " needs its distribution (\"DINTLV_B32\", ...)");
            where = s.str;
            v = s.str->text;
        } else if (const auto a = attr(t, "dist")) {
            where = &t[a->a];
            v = where->text;
        }
        const std::string_view spelling = v.substr(1, v.size() - 2);
        const isa::DistInfo* row = isa::find_dist(info.op, spelling);
        if (!row) {
            std::string known;
            for (const isa::DistInfo& r : isa::kMicroDists)
                if (r.op == info.op)
                    known += (known.empty() ? "" : ", ") + std::string(r.spelling);
            fail(Status::BadAttributeValue, where ? *where : at,
                 quoted(v) + " (" + name + " takes " + known + ")");
        }
        if (row->shape == isa::DistShape::Unmodelled)
            fail(Status::NotExecutable, where ? *where : at,
                 name + " with the distribution " + std::string(v) + ": " + std::string(row->rule));
        d.dist = row;
        return *row;
    };
    // The element sizes a distribution allows: the register's `reg` and the pointer's `ptr`.
    const auto sizes_fit = [&](const isa::DistInfo& r, uint32_t reg, const Token& reg_type, uint32_t ptr,
                               const Token& ptr_type) {
        const uint32_t es = isa::dist_elem_size(r, reg);
        bool reg_ok = reg == es, ptr_ok = ptr == es;
        if (r.shape == isa::DistShape::Unpack)  // the memory elements, or the lanes they widen to
            reg_ok = reg == es || reg == es * r.factor;
        if (r.shape == isa::DistShape::Pack)  // the narrowed elements it writes, or the register's
            ptr_ok = ptr == es || ptr == es / r.factor;
        if (!reg_ok)
            fail(Status::TypeMismatch, reg_type,
                 name + " " + std::string(r.spelling) + " works on " + std::to_string(es) +
                     "-byte elements; the register's are " + std::to_string(reg));
        if (!ptr_ok)
            fail(Status::TypeMismatch, ptr_type,
                 name + " " + std::string(r.spelling) + ": the pointer's elements are " +
                     std::to_string(ptr) + " bytes");
    };
    switch (info.family) {
        case MFamily::Binary:
            shape(3, 4, 1, "%a, %b, %mask : (vreg, vreg, mask) -> vreg");
            vregs({0, 1, 3});
            masks({2});
            break;
        case MFamily::VecScalar:
            shape(3, 4, 1, "%a, %scalar, %mask : (vreg, T, mask) -> vreg");
            vregs({0, 3});
            masks({2});
            scalar_of_elem(1);
            break;
        case MFamily::Unary:
            shape(2, 3, 1, "%a, %mask : (vreg, mask) -> vreg");
            vregs({0, 2});
            masks({1});
            break;
        case MFamily::Reduce:
            shape(2, 3, 1, "%a, %mask : (vreg, mask) -> vreg");
            vregs({0, 2});
            masks({1});
            break;
        case MFamily::Compare:
            shape(3, 4, 1, "%a, %b, %seed, \"MODE\" : (vreg, vreg, mask) -> mask");
            vregs({0, 1});
            masks({2, 3});
            mode();
            break;
        case MFamily::CompareScalar:
            shape(3, 4, 1, "%a, %scalar, %seed, \"MODE\" : (vreg, T, mask) -> mask");
            vregs({0});
            masks({2, 3});
            scalar_of_elem(1);
            mode();
            break;
        case MFamily::Select:
            shape(3, 4, 1, "%a, %b, %mask : (vreg, vreg, mask) -> vreg");
            vregs({0, 1, 3});
            masks({2});
            break;
        case MFamily::Broadcast:
            if (info.op == isa::MOp::vci) {
                shape(s.vals.size() == 2 ? 2 : 1, s.vals.size() == 2 ? 3 : 2, 1,
                      "%start [, %mask] {order = \"ASC\"|\"DESC\"} : (T [, mask]) -> vreg");
                vregs({s.types.size() - 1});
                if (s.vals.size() == 2)
                    masks({1});
                const SType st = stype_or_fail(*s.types[0]);
                if (st.kind != SType::Kind::Int)
                    fail(Status::TypeMismatch, *s.types[0], name + ": the start is an integer");
                if (const auto o = attr(t, "order")) {
                    const std::string_view v = t[o->a].text;
                    if (v != "\"ASC\"" && v != "\"DESC\"")
                        fail(Status::BadAttributeValue, t[o->a], quoted(v) + " (\"ASC\" or \"DESC\")");
                    d.flag = v == "\"DESC\"";
                }
            } else {
                shape(s.vals.size() == 2 ? 2 : 1, s.vals.size() == 2 ? 3 : 2, 1,
                      "%scalar [, %mask] : (T [, mask]) -> vreg");
                vregs({s.types.size() - 1});
                if (s.types[0]->text.starts_with("!pto.vreg"))
                    fail(Status::NotExecutable, *s.types[0],
                         name + " of a register's lane (ptosim runs the scalar form)");
                if (s.vals.size() == 2)
                    masks({1});
                else
                    d.gran = static_cast<uint32_t>(dtype_size(d.elem));
                scalar_of_elem(0);
            }
            break;
        case MFamily::Load: {
            const bool pair = info.op == isa::MOp::vldsx2;
            if (pair) {
                shape(2, 4, 2, "%ptr[%offset], \"DIST\" : !pto.ptr<T, ub>, index -> vreg, vreg");
                vregs({2, 3});
            } else {
                shape(2, 2, 1, "%ptr[%offset] {dist = \"DIST\"} : !pto.ptr<T, ub> -> vreg");
                vregs({1});
            }
            const isa::DistInfo& r = dist();
            const auto e = elem_of(s.types[0]->text);
            if (!ub_pointer(s.types[0]->text) || !e)
                fail(Status::TypeMismatch, *s.types[0], name + " reads a UB pointer (!pto.ptr<T, ub>)");
            sizes_fit(r, static_cast<uint32_t>(dtype_size(d.elem)), *s.types[pair ? 2 : 1],
                      static_cast<uint32_t>(dtype_size(*e)), *s.types[0]);
            break;
        }
        case MFamily::Store: {
            const bool pair = info.op == isa::MOp::vstsx2;
            if (pair) {
                shape(
                    5, 5, 0,
                    "%low, %high, %ptr[%offset], \"DIST\", %mask : vreg, vreg, !pto.ptr<T, ub>, index, mask");
                vregs({0, 1});
            } else {
                shape(4, 3, 0,
                      "%value, %ptr[%offset], %mask {dist = \"DIST\"} : vreg, !pto.ptr<T, ub>, mask");
                vregs({0});
            }
            const std::size_t ptr = pair ? 2 : 1;
            const isa::DistInfo& r = dist();
            // The predicate's granularity is the element size; 8-byte elements take a b32 predicate (VPTO
            // has no mask<b64>; the 64-bit lane i reads bit 8i, which a b32 predicate of 2N lanes sets).
            const auto reg = static_cast<uint32_t>(dtype_size(d.elem));
            const std::size_t mk = pair ? 4 : 2;
            const uint32_t g = mask_or_fail(*s.types[mk]);
            if (g != reg && !(reg == 8 && g == 4))
                fail(Status::TypeMismatch, *s.types[mk],
                     name + ": " + mask_name(g) + " predicates " + std::to_string(g) + "-byte elements; " +
                         pto_as::mlir_dtype_name(d.elem) + " needs " + mask_name(reg == 8 ? 4 : reg));
            d.gran = g;
            const auto e = elem_of(s.types[ptr]->text);
            if (!ub_pointer(s.types[ptr]->text) || !e)
                fail(Status::TypeMismatch, *s.types[ptr], name + " writes a UB pointer (!pto.ptr<T, ub>)");
            sizes_fit(r, reg, *s.types[0], static_cast<uint32_t>(dtype_size(*e)), *s.types[ptr]);
            break;
        }
        case MFamily::PredGen: {
            if (suffix_gran == 0)
                fail(Status::NotExecutable, at,
                     diag::clip(name) + " (ptosim runs " + diag::clip(name) + "_b8, _b16 and _b32)");
            d.gran = suffix_gran;
            if (info.op == isa::MOp::pset) {
                shape(0, 1, 1, "\"PATTERN\" : !pto.mask<G>");
                if (!s.str)
                    fail(Status::SyntaxError, at,
                         name + " needs its pattern (\"PAT_ALL\", \"PAT_VL8\", ...)");
                static constexpr std::string_view kPatterns[] = {
                    "PAT_ALL",  "PAT_ALLF", "PAT_H",     "PAT_Q",   "PAT_VL1",
                    "PAT_VL2",  "PAT_VL3",  "PAT_VL4",   "PAT_VL8", "PAT_VL16",
                    "PAT_VL32", "PAT_VL64", "PAT_VL128", "PAT_M3",  "PAT_M4"};
                const std::string_view p = s.str->text.substr(1, s.str->text.size() - 2);
                const auto* it = std::find(std::begin(kPatterns), std::end(kPatterns), p);
                if (it == std::end(kPatterns))
                    fail(Status::BadAttributeValue, *s.str,
                         quoted(s.str->text) + " (PAT_ALL, PAT_ALLF, PAT_H, PAT_Q, PAT_VLn, PAT_M3, PAT_M4)");
                d.pattern = static_cast<uint8_t>(it - std::begin(kPatterns));
            } else if (info.op == isa::MOp::plt) {
                if (s.vals.size() != 1 || (op.results.size() != 1 && op.results.size() != 2) ||
                    s.types.size() != 1 + op.results.size())
                    fail(Status::OperandCountMismatch, at,
                         name + " takes %n : i32 -> !pto.mask<G>[, i32] (the mask and the count left)");
                d.ins = s.vals;
                const SType st = stype_or_fail(*s.types[0]);
                if (st.kind != SType::Kind::Int)
                    fail(Status::TypeMismatch, *s.types[0], name + ": the count is an integer");
                if (op.results.size() == 2)
                    d.type = stype_or_fail(*s.types[2]);
            } else {
                fail(Status::NotExecutable, at, diag::clip(name));
            }
            const uint32_t g = mask_or_fail(*s.types[info.op == isa::MOp::pset ? 0 : 1]);
            if (g != suffix_gran)
                fail(Status::TypeMismatch, *s.types[info.op == isa::MOp::pset ? 0 : 1],
                     name + " makes a " + mask_name(suffix_gran) + ", not a " + mask_name(g));
            break;
        }
        default:
            fail(Status::NotExecutable, at, diag::clip(name));
    }
}

void decode_pto(const mod::Op& op, Decoded& d) {
    const Toks& t = op.body;
    const Span all{0, t.size()};
    const Token at{Tok::Word, op.name, op.loc};
    const std::string_view n = op.name;
    // A micro-instruction: its mnemonic's row (pset_b32 / plt_b16: the row of pset / plt, granularity 4 / 2).
    {
        std::string_view m = n.substr(4);
        uint32_t gran = 0;
        for (const auto& [suffix, g] :
             {std::pair<std::string_view, uint32_t>{"_b8", 1}, {"_b16", 2}, {"_b32", 4}})
            if (m.ends_with(suffix)) {
                m.remove_suffix(suffix.size());
                gran = g;
                break;
            }
        if (const isa::MicroInfo* info = isa::find_micro(m);
            info && (gran == 0 || info->family == isa::MFamily::PredGen)) {
            decode_micro(op, d, *info, gran);
            return;
        }
    }
    if (n == "pto.castptr") {
        // %p = pto.castptr %addr : i64 -> !pto.ptr<T, ub>
        d.kind = Kind::CastPtr;
        d.ins = values_in(t, all);
        if (d.ins.size() != 1 || op.results.size() != 1)
            fail(Status::OperandCountMismatch, at, "%p = pto.castptr %addr : i64 -> !pto.ptr<T, ub>");
        const Token& ty = last_type(op);
        const auto e = elem_of(ty.text);
        if (!ty.text.starts_with("!pto.ptr<") || !e)
            fail(Status::BadType, ty, quoted(ty.text) + " (a pointer type: !pto.ptr<T, ub>)");
        if (!ub_pointer(ty.text))
            fail(Status::NotExecutable, ty,
                 "pto.castptr to " + std::string(ty.text) + " (ptosim casts UB addresses)");
        d.elem = *e;
        return;
    }
    if (n == "pto.vecscope") {
        d.kind = Kind::VecScope;
        if (op.regions.size() != 1)
            fail(Status::SyntaxError, at, "pto.vecscope { ... }");
        return;
    }
    if (n == "pto.make_tensor_view") {
        d.kind = Kind::MakeView;
        two_lists(op, d, "shape", d.shape, "strides", d.strides);
        if (d.shape.size() != d.strides.size() || d.shape.empty() || d.shape.size() > 5)
            fail(Status::OperandCountMismatch, at, "one stride per dimension, 1 to 5 dimensions");
        const auto e = elem_of(last_type(op).text);
        if (!e)
            fail(Status::BadType, last_type(op), quoted(last_type(op).text));
        d.elem = *e;
        if (const auto l = attr(t, "layout")) {
            const auto name = pto_as::attr::enum_text(t[l->a].text, "layout");
            if (name && (*name == "nd" || *name == "ND"))
                d.layout = GlobalLayout::ND;
            else if (name && (*name == "dn" || *name == "DN"))
                d.layout = GlobalLayout::DN;
            else
                fail(Status::NotExecutable, t[l->a], "tensor view layout " + quoted(t[l->a].text));
        }
    } else if (n == "pto.partition_view") {
        d.kind = Kind::Partition;
        two_lists(op, d, "offsets", d.offsets, "sizes", d.sizes);
        if (d.offsets.size() != d.sizes.size())
            fail(Status::OperandCountMismatch, at, "one offset per size");
    } else if (n == "pto.addptr") {
        d.kind = Kind::AddPtr;
        d.ins = values_in(t, all);
        if (d.ins.size() != 2)
            fail(Status::OperandCountMismatch, at, "pto.addptr %ptr, %offset");
    } else if (n == "pto.get_tensor_view_dim") {
        d.kind = Kind::ViewDim;
        d.ins = values_in(t, all);
        if (d.ins.size() != 2)
            fail(Status::OperandCountMismatch, at, "pto.get_tensor_view_dim %view, %dim");
    } else if (n == "pto.alloc_tile") {
        d.kind = Kind::AllocTile;
        d.tile = tile_type_or_fail(last_type(op));
        auto one = [&](std::string_view key) -> std::optional<std::string_view> {
            const auto v = attr(t, key);
            if (!v)
                return std::nullopt;
            if (t[v->a].kind != Tok::Value)
                fail(Status::SyntaxError, t[v->a], std::string(key) + " takes a %value");
            return t[v->a].text;
        };
        d.addr = one("addr");
        d.valid_row = one("valid_row");
        d.valid_col = one("valid_col");
        if ((d.tile.valid_rows == pto_as::kDynamic) != d.valid_row.has_value() ||
            (d.tile.valid_cols == pto_as::kDynamic) != d.valid_col.has_value())
            fail(Status::OperandCountMismatch, at,
                 "a dynamic valid extent ('?') needs its valid_row / valid_col operand, a static one has "
                 "none");
    } else if (n == "pto.set_validshape") {
        d.kind = Kind::SetValidShape;
        d.ins = values_in(t, all);
        if (d.ins.size() != 3)
            fail(Status::OperandCountMismatch, at, "pto.set_validshape %tile, %rows, %cols");
    } else if (n == "pto.tload" || n == "pto.tstore") {
        d.kind = n == "pto.tload" ? Kind::Load : Kind::Store;
        dps(op, d);
        if (d.ins.size() != 1 || d.outs.size() != 1)
            fail(Status::NotExecutable, at,
                 std::string(n) +
                     " with padding, pre-quantisation or init operands (ptosim runs the plain form)");
        for (std::string_view key : {"atomicType", "reluPreMode", "stPhase", "pad_mode"})
            if (const auto v = attr(t, key))
                fail(Status::NotExecutable, t[v->a], std::string(n) + " with " + std::string(key));
    } else if (n == "pto.declare_eventid_array") {
        // %arr = pto.declare_eventid_array -> !pto.eventid_array<N>; _get %arr[%i]; _set %arr[%i], %v
        d.kind = Kind::EventArray;
        d.sub = "declare";
        const Token* type = nullptr;  // after '->'
        for (const Token& x : t)
            if (x.kind == Tok::Type)
                type = &x;
        if (!type)
            fail(Status::TypeCountMismatch, at, "pto.declare_eventid_array -> !pto.eventid_array<N>");
        const std::string_view ty = type->text;
        const auto len = pto_as::parse_number(ty.substr(ty.find('<') + 1, ty.size() - ty.find('<') - 2));
        if (!ty.starts_with("!pto.eventid_array<") || !len || len->is_float || len->negative ||
            len->magnitude == 0 || len->magnitude > 64)
            fail(Status::BadType, *type, quoted(ty) + " (!pto.eventid_array<N>)");
        d.int_attr = static_cast<int64_t>(len->magnitude);
    } else if (n == "pto.eventid_array_get" || n == "pto.eventid_array_set") {
        d.kind = Kind::EventArray;
        d.sub = n.substr(18);
        for (const Token& x : t)
            if (x.kind == Tok::Value)
                d.ins.push_back(x.text);
        if (d.ins.size() != (d.sub == "get" ? 2u : 3u))
            fail(Status::OperandCountMismatch, at,
                 std::string(n) + (d.sub == "get" ? " %array[%index]" : " %array[%index], %value"));
    } else if (n == "pto.tprint") {
        d.kind = Kind::Print;
        const auto ins = group(t, "ins");
        if (!ins)
            fail(Status::SyntaxError, at, "pto.tprint ins(%tile : TYPE)");
        d.ins = values_in(t, *ins);
        if (d.ins.size() != 1)
            fail(Status::NotExecutable, at, "pto.tprint of a global tensor or with a scratch tensor");
    } else if (n == "pto.treshape" || n == "pto.tassign") {
        // %r = pto.treshape %src : T -> T2 (the same storage as another type); %r = pto.tassign %t, %addr
        d.kind = Kind::View;
        d.sub = n.substr(4);
        d.ins = values_in(t, all);
        if (d.ins.size() != (n == "pto.treshape" ? 1u : 2u) || op.results.size() != 1)
            fail(Status::OperandCountMismatch, at,
                 n == "pto.treshape" ? "%r = pto.treshape %src : T -> T2" : "%r = pto.tassign %tile, %addr");
        if (n == "pto.treshape")
            d.tile = tile_type_or_fail(last_type(op));
    } else if (one_of(n, {"pto.tfillpad", "pto.tfillpad_inplace", "pto.tconcat"})) {
        d.kind = Kind::Rearrange;
        d.sub = n.substr(4);
        const auto ins = group(t, "ins");
        if (!ins)
            fail(Status::SyntaxError, at, std::string(n) + " ins(...)");
        d.ins = values_in(t, *ins);
        if (const auto outs = group(t, "outs"))
            d.outs = values_in(t, *outs);
        const bool ok = n == "pto.tconcat" ? d.ins.size() == 2 && d.outs.size() == 1
                                           : d.ins.size() == 1 && d.outs.size() <= 1;
        if (!ok)
            fail(Status::OperandCountMismatch, at,
                 std::string(n) +
                     (n == "pto.tconcat" ? " ins(%src0, %src1) outs(%dst)" : " ins(%src) [outs(%dst)]"));
    } else if (one_of(n, {"pto.reserve_buffer", "pto.import_reserved_buffer"})) {
        // The consumer's local FIFO buffer: ptosim keeps a local FIFO's slots in the ring itself, so only the
        // value (the base address, 0 when the compiler would plan it) matters.
        d.kind = Kind::PipeSetup;
        d.sub = n.substr(4);
        d.int_attr = int_attr(t, "base").value_or(0);
        if (op.results.size() != 1)
            fail(Status::ResultCountMismatch, at, std::string(n) + " has one result");
    } else if (one_of(n, {"pto.aic_initialize_pipe", "pto.aiv_initialize_pipe"})) {
        d.kind = Kind::PipeSetup;
        d.sub = "init";
        d.core = n == "pto.aic_initialize_pipe" ? "cube" : "vector";
        d.int_attr = int_attr(t, "dir_mask").value_or(0);
        d.slot_size = int_attr(t, "slot_size").value_or(0);
        if (d.int_attr < 1 || d.int_attr > 3)
            fail(Status::BadAttributeValue, at, "dir_mask is 1 (C2V), 2 (V2C) or 3 (both)");
        if (d.slot_size <= 0 || d.slot_size > (1 << 20))
            fail(Status::BadAttributeValue, at, "slot_size: the slot's bytes, 1 to 1 MiB");
        if (const auto g = attr(t, "gm_slot_buffer")) {
            if (t[g->a].kind != Tok::Value)
                fail(Status::SyntaxError, t[g->a], "gm_slot_buffer takes a pointer value");
            d.gm = t[g->a].text;
        }
    } else if (one_of(n, {"pto.tpush_to_aiv", "pto.tpush_to_aic", "pto.tpop_from_aic", "pto.tpop_from_aiv",
                          "pto.tfree_from_aic", "pto.tfree_from_aiv"})) {
        // tpush_to_X(%tile : T) {split = k}; %t = tpop_from_X {split = k} -> T; tfree_from_X {split = k}
        d.kind = Kind::Pipe;
        d.sub = n.substr(4);
        d.int_attr = int_attr(t, "split").value_or(0);
        if (d.int_attr < 0 || d.int_attr > 2)
            fail(Status::BadAttributeValue, at, "split is 0 (none), 1 (up / down) or 2 (left / right)");
        for (const Token& x : t)
            if (x.kind == Tok::Value)
                d.ins.push_back(x.text);
        const bool push = d.sub.starts_with("tpush"), pop = d.sub.starts_with("tpop");
        // A pop into a tile type with '?' valid extents takes them: tpop_from_X(%rows, %cols).
        if ((push  ? d.ins.size() != 1u
             : pop ? d.ins.size() != 0u && d.ins.size() != 2u
                   : !d.ins.empty()) ||
            op.results.size() != (pop ? 1u : 0u))
            fail(Status::OperandCountMismatch, at,
                 std::string(n) + (push  ? "(%tile : TYPE) {split = k}"
                                   : pop ? ": %t = ... {split = k} -> TYPE"
                                         : " {split = k}"));
        if (pop) {
            const Token* type = nullptr;
            for (const Token& x : t)
                if (x.kind == Tok::Type)
                    type = &x;
            if (!type)
                fail(Status::TypeCountMismatch, at, std::string(n) + " -> TILE_TYPE");
            d.tile = tile_type_or_fail(*type);
            const bool dynamic =
                d.tile.valid_rows == pto_as::kDynamic || d.tile.valid_cols == pto_as::kDynamic;
            if (d.ins.size() == 2 && !dynamic)
                fail(Status::OperandCountMismatch, at,
                     "tpop's (%rows, %cols) set a '?' valid shape; this one is static");
            if (dynamic && d.ins.empty()) {  // no operands: the whole tile, as PTOAS's default
                d.tile.valid_rows = d.tile.rows;
                d.tile.valid_cols = d.tile.cols;
            }
        }
    } else if (n == "pto.section.cube" || n == "pto.section.vector") {
        d.kind = Kind::Section;
        d.core = n.substr(12);
        if (op.regions.size() != 1)
            fail(Status::SyntaxError, at, std::string(n) + " { ... }");
    } else if (one_of(n, {"pto.set_flag", "pto.wait_flag", "pto.barrier", "pto.record_event",
                          "pto.wait_event", "pto.set_flag_dyn", "pto.wait_flag_dyn"})) {
        decode_sync(op, d);
    } else if (n == "pto.sync.set" || n == "pto.sync.wait") {
        // pto.sync.set <PIPE_FIX>, 0 (or #pto.pipe<PIPE_FIX>): the pipe, then the flag id.
        d.kind = Kind::IntraBlock;
        d.sub = n.substr(9);
        std::vector<const Token*> items;
        for (const Token& x : t)
            if (!x.is(","))
                items.push_back(&x);
        const auto pipe = items.size() == 2 ? sync_pipe(*items[0]) : std::nullopt;
        if (!pipe || *pipe == 6)  // not PIPE_ALL
            fail(Status::BadPipe, items.empty() ? at : *items[0], std::string(n) + " <PIPE_...>, ID");
        const auto id = pto_as::parse_number(items[1]->text);
        if (!id || id->is_float || id->negative || id->magnitude > 31)
            fail(Status::BadEventId, *items[1], quoted(items[1]->text) + " (a flag id, 0 to 31)");
        d.sync.src = *pipe;
        d.int_attr = static_cast<int64_t>(id->magnitude);
    } else if (one_of(n, {"pto.get_block_idx", "pto.get_block_num", "pto.get_subblock_idx",
                          "pto.get_subblock_num"})) {
        d.kind = Kind::BlockInfo;
        d.sub = n.substr(8);
        d.type = SType{SType::Kind::Int, 64, DType::S64};
        const auto types = types_in(t, all);
        if (!types.empty())
            d.type = stype_or_fail(*types.back());
    } else if (one_of(n, {"pto.tmov", "pto.textract", "pto.tinsert"})) {
        // tmov ins(%src) outs(%dst); textract / tinsert ins(%src, %row, %col) outs(%dst); {reluPreMode = ...}
        d.kind = Kind::Move;
        d.sub = n.substr(4);
        dps(op, d, d.sub == "tinsert" ? Status::SyntaxError : Status::NotExecutable);
        const std::size_t want = d.sub == "tmov" ? 1 : 3;
        if (d.ins.size() != want || d.outs.size() != 1)
            fail(Status::NotExecutable, at,
                 std::string(n) +
                     " with a quantisation tile or scalar (ptosim runs the plain and ReLU forms)");
        for (std::string_view key : {"preQuantScalar", "accToVecMode"})
            if (attr(t, key) && key == "preQuantScalar")
                fail(Status::NotExecutable, at, std::string(n) + " with " + std::string(key));
        if (const auto r = attr(t, "reluPreMode")) {
            const auto v = pto_as::attr::enum_text(t[r->a].text, "relu_pre_mode");
            if (!v || !one_of(*v, {"no_relu", "normal_relu", "NoRelu", "NormalRelu"}))
                fail(Status::BadAttributeValue, t[r->a],
                     quoted(t[r->a].text) + " (#pto<relu_pre_mode no_relu | normal_relu>)");
            d.relu = *v == "normal_relu" || *v == "NormalRelu";
        }
    } else if (n.starts_with("pto.tmatmul") || n.starts_with("pto.tgemv")) {
        // ins(%a, %b) / .acc: ins(%acc, %a, %b) / .bias: ins(%a, %b, %bias); outs(%c). The MX forms are not
        // run.
        const std::string_view form =
            n.substr(n.find('.', 4) == std::string_view::npos ? n.size() : n.find('.', 4));
        if (!one_of(form, {"", ".acc", ".bias"}))
            fail(Status::NotExecutable, at, diag::clip(n));
        d.kind = Kind::Matmul;
        d.sub = form;
        dps(op, d, Status::NotExecutable);
        if (d.ins.size() != (form.empty() ? 2u : 3u) || d.outs.size() != 1)
            fail(Status::OperandCountMismatch, at,
                 std::string(n) +
                     (form.empty()     ? " takes ins(%a, %b)"
                      : form == ".acc" ? " takes ins(%acc, %a, %b)"
                                       : " takes ins(%a, %b, %bias)") +
                     " and outs(%c)");
    } else if (one_of(n, {"pto.tsort32", "pto.tmrgsort", "pto.tgather", "pto.tgatherb", "pto.tscatter",
                          "pto.tci", "pto.ttri", "pto.trandom"})) {
        decode_special(op, d);
    } else if (n.size() > 5 && n[4] == 't') {
        decode_instr(op, d);
    } else {
        fail(Status::NotExecutable, at, diag::clip(n));
    }
}

}  // namespace

std::optional<SType> parse_stype(std::string_view s) {
    using K = SType::Kind;
    if (s == "index")
        return SType{K::Index, 64, DType::S64};
    if (s == "i1")
        return SType{K::Int, 1, DType::U8};
    static constexpr std::pair<std::string_view, SType> kTypes[] = {
        {"i8", {K::Int, 8, DType::S8}},      {"i16", {K::Int, 16, DType::S16}},
        {"i32", {K::Int, 32, DType::S32}},   {"i64", {K::Int, 64, DType::S64}},
        {"ui8", {K::Int, 8, DType::U8}},     {"ui16", {K::Int, 16, DType::U16}},
        {"ui32", {K::Int, 32, DType::U32}},  {"ui64", {K::Int, 64, DType::U64}},
        {"si8", {K::Int, 8, DType::S8}},     {"si16", {K::Int, 16, DType::S16}},
        {"si32", {K::Int, 32, DType::S32}},  {"si64", {K::Int, 64, DType::S64}},
        {"f16", {K::Float, 16, DType::F16}}, {"bf16", {K::Float, 16, DType::BF16}},
        {"f32", {K::Float, 32, DType::F32}}, {"f64", {K::Float, 64, DType::F64}},
    };
    for (const auto& [name, type] : kTypes)
        if (s == name)
            return type;
    return std::nullopt;
}

std::variant<Decoded, Diag> decode(const mod::Op& op) {
    Decoded d;
    d.op = &op;
    try {
        const std::string_view n = op.name;
        if (n == "module") {
            d.kind = Kind::Module;
        } else if (n == "func.func") {
            d.kind = Kind::Func;
            decode_func(op, d);
        } else if (n == "return" || n == "func.return") {
            d.kind = Kind::Return;
            d.ins = values_in(op.body, Span{0, op.body.size()});
        } else if (n == "func.call") {
            d.kind = Kind::Call;
            for (const Token& t : op.body)
                if (t.kind == Tok::Symbol) {
                    d.callee = t.text.substr(1);
                    break;
                }
            d.ins = values_in(op.body, Span{0, op.body.size()});
            if (d.ins.empty()) {  // the operands are inside the call's parentheses
                for (std::size_t i = 0; i < colon_in(op.body, Span{0, op.body.size()}); ++i)
                    if (op.body[i].kind == Tok::Value)
                        d.ins.push_back(op.body[i].text);
            }
        } else if (n.starts_with("arith.")) {
            decode_arith(op, d);
        } else if (n.starts_with("scf.")) {
            decode_scf(op, d);
        } else if (n.starts_with("pto.")) {
            decode_pto(op, d);
        } else {
            fail(Status::NotExecutable, Token{Tok::Word, n, op.loc}, diag::clip(n));
        }
    } catch (const Error& e) {
        return Diag{e.status, e.detail, e.loc};
    }
    return d;
}

}  // namespace ptosim::machine::modrun
