#include "ptosim/asm/parser.hpp"

#include <charconv>
#include <span>
#include <string>
#include <vector>

#include "ptosim/asm/lexer.hpp"

namespace ptosim::linx {

namespace {

// Internal: a line's first error unwinds to the line loop (nothing escapes parse()).
struct Fail {
    Diag diag;
};

[[noreturn]] void fail(AsmStatus s, uint32_t col, std::string detail = {}) {
    throw Fail{Diag{s, std::move(detail), Loc{0, col, 0, 0}}};
}

using diag::clip;
using diag::quoted;  // a token, clipped: a hostile 2 MB token is not echoed whole

std::optional<uint64_t> parse_uint(std::string_view s) {
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    if (s.empty() || s.size() > 16)
        return std::nullopt;
    uint64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

// Size class from "4KB", "512B", "1.5KB": bytes must be a power of two from 32 B to 512 KB.
std::optional<uint8_t> parse_size(std::string_view s, std::string* why) {
    std::size_t i = 0;
    uint64_t whole = 0, frac = 0, scale = 1;
    bool digits = false;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && whole < (1ull << 40)) {
        whole = whole * 10 + static_cast<uint64_t>(s[i++] - '0');
        digits = true;
    }
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9' && scale < 1000000) {
            frac = frac * 10 + static_cast<uint64_t>(s[i++] - '0');
            scale *= 10;
            digits = true;
        }
    }
    const std::string_view unit = s.substr(i);
    uint64_t mult = 0;
    if (iequals(unit, "B"))
        mult = 1;
    else if (iequals(unit, "KB") || iequals(unit, "KiB"))
        mult = 1024;
    if (!digits || mult == 0) {
        *why = quoted(s) + " (units B or KB)";
        return std::nullopt;
    }
    const uint64_t num = (whole * scale + frac) * mult;
    if (num % scale != 0) {
        *why = quoted(s) + " is not a whole number of bytes";
        return std::nullopt;
    }
    const uint64_t bytes = num / scale;
    if (bytes == 0 || (bytes & (bytes - 1)) != 0) {
        *why = quoted(s) + " = " + std::to_string(bytes) + " bytes is not a power of two";
        return std::nullopt;
    }
    if (bytes < 32 || bytes > 512 * 1024) {
        *why = quoted(s) + " is outside 32B..512KB";
        return std::nullopt;
    }
    uint8_t code = 0;
    while ((16ull << code) != bytes)
        ++code;
    return code;
}

// Token cursor over one line.
class Cursor {
  public:
    Cursor(std::span<const Token> toks, uint32_t end_col) : toks_(toks), end_col_(end_col) {}
    bool done() const { return i_ >= toks_.size(); }
    const Token* peek() const { return done() ? nullptr : &toks_[i_]; }
    bool at(Tok k) const { return !done() && toks_[i_].kind == k; }
    uint32_t col() const { return done() ? end_col_ : toks_[i_].col; }
    const Token& next() { return toks_[i_++]; }
    bool accept(Tok k) {
        if (!at(k))
            return false;
        ++i_;
        return true;
    }
    const Token& expect(Tok k, const char* what) {
        if (!at(k))
            fail(AsmStatus::SyntaxError, col(), std::string("expected ") + what + got());
        return next();
    }
    const Token& word(const char* what) { return expect(Tok::Word, what); }
    void end() {
        if (!done())
            fail(AsmStatus::SyntaxError, col(),
                 "unexpected " + quoted(toks_[i_].text) + " at the end of the line");
    }
    std::string got() const {
        return done() ? " (got end of line)" : " (got " + quoted(toks_[i_].text) + ")";
    }

  private:
    std::span<const Token> toks_;
    std::size_t i_ = 0;
    uint32_t end_col_;
};

uint32_t number(Cursor& c, uint64_t max, const char* what) {
    const Token& t = c.word(what);
    const auto v = parse_uint(t.text);
    if (!v)
        fail(AsmStatus::SyntaxError, t.col,
             std::string("expected ") + what + " (got " + quoted(t.text) + ")");
    if (*v > max)
        fail(AsmStatus::ImmediateOutOfRange, t.col, clip(t.text) + " > " + std::to_string(max));
    return static_cast<uint32_t>(*v);
}

uint8_t reg(const Token& t) {
    const auto r = parse_reg(t.text);
    if (!r)
        fail(AsmStatus::UnknownRegister, t.col, quoted(t.text));
    return *r;
}

DType dtype(const Token& t) {
    const auto d = parse_dtype(t.text);
    if (!d)
        fail(AsmStatus::UnknownDataType, t.col, quoted(t.text));
    return *d;
}

// "->LB0".."->LB2"
uint8_t loop_bound_target(Cursor& c) {
    c.expect(Tok::Arrow, "'->LBn'");
    const Token& t = c.word("LB0, LB1 or LB2");
    if (t.text.size() == 3 && (t.text[0] == 'L' || t.text[0] == 'l') &&
        (t.text[1] == 'B' || t.text[1] == 'b') && t.text[2] >= '0' && t.text[2] <= '9') {
        if (t.text[2] > '2')
            fail(AsmStatus::InvalidLoopNest, t.col, quoted(t.text));
        return static_cast<uint8_t>(t.text[2] - '0');
    }
    fail(AsmStatus::SyntaxError, t.col, "expected LB0, LB1 or LB2 (got " + quoted(t.text) + ")");
}

// LBn name as an attribute key, or -1.
int loop_bound_key(std::string_view s) {
    if (s.size() == 3 && (s[0] == 'L' || s[0] == 'l') && (s[1] == 'B' || s[1] == 'b') && s[2] >= '0' &&
        s[2] <= '9')
        return s[2] - '0';
    return -1;
}

// "T#3", "u#16.reuse" -> TileRef (hands T, U, M, N). Case does not matter: the position says it is a tile.
bool looks_like_tile(std::string_view s) {
    return s.size() >= 2 && s[1] == '#';
}

TileRef tile(const Token& t) {
    std::string_view s = t.text;
    TileRef r;
    bool reuse = false;
    if (s.size() > 6 && iequals(s.substr(s.size() - 6), ".reuse")) {
        reuse = true;
        s.remove_suffix(6);
    }
    if (s.size() < 3 || s[1] != '#')
        fail(AsmStatus::BadTileOperand, t.col, quoted(t.text));
    switch (s[0]) {
        case 'T':
        case 't':
            r.hand = Hand::T;
            break;
        case 'U':
        case 'u':
            r.hand = Hand::U;
            break;
        case 'M':
        case 'm':
            r.hand = Hand::M;
            break;
        case 'N':
        case 'n':
            r.hand = Hand::N;
            break;
        default:
            fail(AsmStatus::BadTileOperand, t.col, quoted(t.text));
    }
    const std::string_view digits = s.substr(2);
    unsigned idx = 0;
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), idx);
    if (ec != std::errc() || p != digits.data() + digits.size() || (digits[0] == '0' && digits.size() > 1)) {
        if (ec == std::errc::result_out_of_range)
            fail(AsmStatus::TileIndexOutOfRange, t.col, quoted(t.text));
        fail(AsmStatus::BadTileOperand, t.col, quoted(t.text));
    }
    if (idx < 1 || idx > 16)
        fail(AsmStatus::TileIndexOutOfRange, t.col, quoted(t.text));
    r.index = static_cast<uint8_t>(idx);
    r.reuse = reuse;
    return r;
}

// "->T<4KB>" (the arrow already consumed).
TileDst destination(Cursor& c) {
    const Token& h = c.word("a destination hand (T, U, M, N or S)");
    TileDst d;
    if (iequals(h.text, "T"))
        d.hand = Hand::T;
    else if (iequals(h.text, "U"))
        d.hand = Hand::U;
    else if (iequals(h.text, "M"))
        d.hand = Hand::M;
    else if (iequals(h.text, "N"))
        d.hand = Hand::N;
    else if (iequals(h.text, "S"))
        d.hand = Hand::S;
    else
        fail(AsmStatus::BadTileOperand, h.col, "destination " + quoted(h.text) + " (T, U, M, N or S)");
    c.expect(Tok::Lt, "'<' and a size class");
    const Token& s = c.word("a size class such as 4KB");
    std::string why;
    const auto code = parse_size(s.text, &why);
    if (!code)
        fail(AsmStatus::BadSizeClass, s.col, why);
    d.size = *code;
    c.expect(Tok::Gt, "'>' after the size class");
    return d;
}

// "[a0, t#1]" (the '[' already consumed).
std::vector<uint8_t> scalar_list(Cursor& c) {
    std::vector<uint8_t> regs;
    if (c.accept(Tok::RBracket))
        return regs;
    for (;;) {
        const uint32_t col = c.col();
        regs.push_back(reg(c.word("a scalar register")));
        if (regs.size() > 3)
            fail(AsmStatus::OperandCountMismatch, col, "B.IOR carries at most three source registers");
        if (c.accept(Tok::RBracket))
            return regs;
        c.expect(Tok::Comma, "',' or ']'");
    }
}

// ---------------------------------------------------------------------------------------------------------
// Raw lines
// ---------------------------------------------------------------------------------------------------------

enum class Raw {
    None,
    BStartTepl,
    BStartTma,
    BStartCube,
    BStart,
    BStop,
    CBStop,
    BDatr,
    BDim,
    CBDimI,
    CBDim,
    BIot,
    BIor
};

Raw raw_kind(std::string_view m) {
    static constexpr std::pair<std::string_view, Raw> kNames[] = {
        {"BSTART.TEPL", Raw::BStartTepl}, {"BSTART.TMA", Raw::BStartTma}, {"BSTART.CUBE", Raw::BStartCube},
        {"BSTART", Raw::BStart},          {"BSTOP", Raw::BStop},          {"C.BSTOP", Raw::CBStop},
        {"B.DATR", Raw::BDatr},           {"B.DIM", Raw::BDim},           {"C.B.DIMI", Raw::CBDimI},
        {"C.B.DIM", Raw::CBDim},          {"B.IOT", Raw::BIot},           {"B.IOR", Raw::BIor},
    };
    for (const auto& [name, kind] : kNames)
        if (iequals(m, name))
            return kind;
    return Raw::None;
}

// An attribute word may appear once in a B.DATR or a folded attribute list.
void once(bool seen, const Token& t) {
    if (seen)
        fail(AsmStatus::DuplicateAttribute, t.col, quoted(t.text));
}

// The op (when known: a raw B.DATR may follow no BSTART) must have the attribute.
void allowed(const isa::OpInfo* op, isa::Attr a, const Token& t, const char* what) {
    if (op && !op->has(a))
        fail(AsmStatus::AttributeNotAllowed, t.col, std::string(op->name) + " has no " + what);
}

// The B.DATR flags both spellings share (raw B.DATR words and the folded form's attribute list).
struct DatrFlags {
    std::optional<uint8_t> rmode;
    bool sat = false, canon = false;

    bool any() const { return rmode || sat || canon; }

    // Takes the word if it is RMode, SAT or CANON; false if it is none of them.
    bool take(const isa::OpInfo* op, const Token& t) {
        const std::string_view s = t.text;
        if (const auto r = parse_rmode(s)) {
            once(rmode.has_value(), t);
            allowed(op, isa::kRMode, t, "rounding mode");
            rmode = r;
        } else if (iequals(s, "SAT")) {
            once(sat, t);
            allowed(op, isa::kSat, t, "saturation");
            sat = true;
        } else if (iequals(s, "CANON")) {
            once(canon, t);
            allowed(op, isa::kCanon, t, "canonicalize flag");
            canon = true;
        } else {
            return false;
        }
        return true;
    }

    void store(Datr& d) const {
        d.rmode = rmode.value_or(0);
        d.sat = sat;
        d.canon = canon;
    }
};

// B.DATR words, order-free (the canonical order is DataType, [ByteId,] PadValue, [CMode,] [RMode,] [SAT,]
// [CANON]).
Insn parse_datr(Cursor& c, const Insn* start, uint32_t mnemonic_col) {
    const isa::OpInfo* op = start && start->kind == Kind::BStartTepl ? isa::find_op(start->fn) : nullptr;
    std::optional<DType> type;
    std::optional<uint8_t> pad, byte, cmode;
    DatrFlags flags;
    uint32_t pad_col = 0;
    const bool braces = c.accept(Tok::LBrace);
    bool first = true;
    while (!c.done() && !(braces && c.at(Tok::RBrace))) {
        if (!first)
            c.expect(Tok::Comma, "','");
        first = false;
        const Token& t = c.word("a B.DATR field");
        std::string_view s = t.text;
        // ByteId spellings: Byte1, ByteId.1, ByteId=1, ByteId=Byte1.
        std::optional<uint8_t> b;
        if (s.size() == 5 && iequals(s.substr(0, 4), "Byte") && s[4] >= '0' && s[4] <= '3') {
            b = static_cast<uint8_t>(s[4] - '0');
        } else if (s.size() == 8 && iequals(s.substr(0, 7), "ByteId.") && s[7] >= '0' && s[7] <= '3') {
            b = static_cast<uint8_t>(s[7] - '0');
        } else if (iequals(s, "ByteId") && c.accept(Tok::Equals)) {
            const Token& v = c.word("a ByteId");
            std::string_view vs = v.text;
            if (vs.size() == 5 && iequals(vs.substr(0, 4), "Byte"))
                vs.remove_prefix(4);
            if (vs.size() != 1 || vs[0] < '0' || vs[0] > '3')
                fail(AsmStatus::UnknownAttribute, v.col, "ByteId " + quoted(v.text));
            b = static_cast<uint8_t>(vs[0] - '0');
        }
        if (b) {
            once(byte.has_value(), t);
            allowed(op, isa::kByteId, t, "ByteId");
            byte = b;
        } else if (const auto d = parse_dtype(s)) {
            once(type.has_value(), t);
            if (op && *d != start->type && !op->has(isa::kDstType))
                fail(AsmStatus::AttributeNotAllowed, t.col,
                     std::string(op->name) + " has no DstType (the B.DATR type must equal the BSTART type)");
            type = d;
        } else if (const auto p = parse_pad(s)) {
            once(pad.has_value(), t);
            pad = p;
            pad_col = t.col;
        } else if (const auto m = parse_cmp(s)) {
            once(cmode.has_value(), t);
            allowed(op, isa::kCMode, t, "compare mode");
            cmode = m;
        } else if (flags.take(op, t)) {
            // RMode, SAT or CANON
        } else if (iequals(s, "NORM")) {
            // the only layout
        } else {
            fail(AsmStatus::UnknownAttribute, t.col, quoted(s));
        }
    }
    if (braces)
        c.expect(Tok::RBrace, "'}'");

    Insn insn;
    insn.kind = Kind::BDatr;
    Datr& d = insn.datr;
    d.type = type ? *type : (start ? start->type : DType::F64);
    if (op && op->has(isa::kByteId)) {
        if (pad && *pad != static_cast<uint8_t>(LinxPad::Null))
            fail(AsmStatus::PadValueWithByteId, pad_col,
                 std::string(op->name) + " PadValue " + std::string(pad_name(*pad)));
        if (!byte)
            fail(AsmStatus::MissingByteId, mnemonic_col, std::string(op->name) + " B.DATR");
        d.pad = *byte;
    } else {
        if (pad && byte)
            fail(AsmStatus::DuplicateAttribute, pad_col, "PadValue and ByteId share B.DATR[28:27]");
        d.pad = byte ? *byte : pad ? *pad : static_cast<uint8_t>(LinxPad::Null);
    }
    if (op && op->has(isa::kCMode) && !cmode)
        fail(AsmStatus::MissingCmpMode, mnemonic_col, std::string(op->name) + " B.DATR");
    d.cmode = cmode.value_or(0);
    flags.store(d);
    return insn;
}

Insn parse_iot(Cursor& c) {
    Insn insn;
    insn.kind = Kind::BIot;
    bool first = true;
    while (!c.done()) {
        if (!first)
            c.expect(Tok::Comma, "','");
        first = false;
        if (c.at(Tok::Arrow)) {
            const uint32_t col = c.col();
            c.next();
            const TileDst d = destination(c);
            if (insn.dst)
                fail(AsmStatus::IotTooManyOperands, col, "a second destination");
            insn.dst = d;
            continue;
        }
        const Token& t = c.word("a source tile, 'last' or '->' and a destination");
        if (iequals(t.text, "last")) {
            if (insn.last)
                fail(AsmStatus::DuplicateAttribute, t.col, "last");
            insn.last = true;
            continue;
        }
        const TileRef r = tile(t);
        if (insn.nsrc == 2)
            fail(AsmStatus::IotTooManyOperands, t.col, "a third source " + quoted(t.text));
        insn.src[insn.nsrc++] = r;
    }
    return insn;
}

// One raw line; start is the open block's BSTART (nullptr when none), for B.DATR defaults and checks.
Insn parse_raw(Raw kind, const Token& m, Cursor& c, const Insn* start) {
    Insn insn;
    switch (kind) {
        case Raw::BStartTepl: {
            insn.kind = Kind::BStartTepl;
            const Token& t = c.word("a tile operation");
            if (const auto mode = parse_uint(t.text)) {  // SPEC058 form: Mode, Function, DataType
                if (*mode > 3)
                    fail(AsmStatus::ImmediateOutOfRange, t.col, "Mode " + clip(t.text) + " > 3");
                c.expect(Tok::Comma, "','");
                const uint32_t fn = number(c, 31, "a Function number");
                insn.fn = static_cast<uint8_t>(*mode << 5 | fn);
                if (!isa::find_op(insn.fn))
                    fail(AsmStatus::ReservedTileOp, t.col,
                         "Mode " + std::to_string(*mode) + ", Function " + std::to_string(fn));
            } else {
                const isa::OpInfo* op = isa::find_op(t.text);
                if (!op)
                    fail(AsmStatus::UnknownMnemonic, t.col, quoted(t.text));
                insn.fn = op->id;
            }
            c.expect(Tok::Comma, "','");
            insn.type = dtype(c.word("a data type"));
            break;
        }
        case Raw::BStartTma:
        case Raw::BStartCube: {
            insn.kind = kind == Raw::BStartTma ? Kind::BStartTma : Kind::BStartCube;
            const Token& t = c.word("a function name");
            const auto fn = find_start_fn(insn.kind, t.text);
            if (!fn)
                fail(AsmStatus::UnknownMnemonic, t.col, quoted(t.text) + " for " + std::string(m.text));
            insn.fn = *fn;
            c.expect(Tok::Comma, "','");
            insn.type = dtype(c.word("a data type"));
            break;
        }
        case Raw::BStart: {
            const Token& t = c.word("DIRECT or COND");
            if (iequals(t.text, "DIRECT"))
                insn.kind = Kind::BStartDirect;
            else if (iequals(t.text, "COND"))
                insn.kind = Kind::BStartCond;
            else
                fail(AsmStatus::UnknownMnemonic, t.col, "BSTART " + quoted(t.text) + " (DIRECT or COND)");
            c.expect(Tok::Comma, "','");
            const bool neg = c.accept(Tok::Minus);
            const uint32_t v = number(c, neg ? (1u << 24) : (1u << 24) - 1, "an offset");
            insn.simm = neg ? -static_cast<int32_t>(v) : static_cast<int32_t>(v);
            break;
        }
        case Raw::BStop:
            insn.kind = Kind::BStop;
            break;
        case Raw::CBStop:
            insn.kind = Kind::CBStop;
            break;
        case Raw::BDatr:
            insn = parse_datr(c, start, m.col);
            break;
        case Raw::BDim:
            insn.kind = Kind::BDim;
            insn.reg = reg(c.word("a register"));
            c.expect(Tok::Comma, "','");
            insn.imm = number(c, (1u << 17) - 1, "an immediate");
            c.expect(Tok::Comma, "','");
            insn.lb = loop_bound_target(c);
            break;
        case Raw::CBDimI:
            insn.kind = Kind::CBDimI;
            insn.imm = number(c, 255, "an immediate");
            c.expect(Tok::Comma, "','");
            insn.lb = loop_bound_target(c);
            break;
        case Raw::CBDim:
            insn.kind = Kind::CBDim;
            insn.reg = reg(c.word("a register"));
            c.expect(Tok::Comma, "','");
            insn.lb = loop_bound_target(c);
            break;
        case Raw::BIot:
            insn = parse_iot(c);
            break;
        case Raw::BIor: {
            insn.kind = Kind::BIor;
            c.expect(Tok::LBracket, "'['");
            const std::vector<uint8_t> regs = scalar_list(c);
            for (std::size_t k = 0; k < regs.size(); ++k)
                insn.rs[k] = regs[k];
            if (c.accept(Tok::Comma)) {
                if (c.accept(Tok::Arrow)) {
                    insn.rd = reg(c.word("a destination register"));
                } else {  // LINX04 style: second bracket = outputs
                    const uint32_t col = c.col();
                    c.expect(Tok::LBracket, "'->' or '['");
                    const std::vector<uint8_t> out = scalar_list(c);
                    if (out.size() > 1)
                        fail(AsmStatus::OperandCountMismatch, col, "B.IOR writes at most one register");
                    insn.rd = out.empty() ? 0 : out[0];
                }
            }
            break;
        }
        case Raw::None:
            break;
    }
    c.end();
    return insn;
}

// ---------------------------------------------------------------------------------------------------------
// Folded macro lines
// ---------------------------------------------------------------------------------------------------------

struct FoldedCols {
    uint32_t mnemonic = 0, type = 0, dst_type = 0, byte = 0, operands = 0;
    std::array<uint32_t, 3> lb{};
};

Block parse_folded(const Token& m, Cursor& c, FoldedCols& cols) {
    cols.mnemonic = m.col;
    std::string_view name = m.text, suffix;
    bool has_suffix = false;
    if (const auto dot = name.find('.'); dot != std::string_view::npos) {
        suffix = name.substr(dot + 1);
        name = name.substr(0, dot);
        has_suffix = true;
    }
    const isa::OpInfo* op = isa::find_op(name);
    if (!op)
        fail(AsmStatus::UnknownMnemonic, m.col, quoted(m.text));
    const auto suffix_col = static_cast<uint32_t>(m.col + name.size() + 1);
    std::optional<uint8_t> cmode;
    if (op->has(isa::kCMode)) {
        if (!has_suffix)
            fail(AsmStatus::MissingCmpMode, m.col,
                 std::string(op->name) + ".EQ, " + std::string(op->name) + ".GT, ...");
        cmode = parse_cmp(suffix);
        if (!cmode)
            fail(AsmStatus::UnknownCmpMode, suffix_col, quoted(suffix));
    } else if (has_suffix) {
        fail(AsmStatus::UnexpectedCmpMode, suffix_col, std::string(op->name) + " ." + std::string(suffix));
    }

    Block b;
    b.op = op;
    std::optional<DType> type, dst_type;
    std::optional<uint8_t> byte, pad;
    DatrFlags flags;
    c.expect(Tok::Lt, "'<' and the attributes after the mnemonic");
    bool first = true;
    while (!c.at(Tok::Gt)) {
        if (c.done())
            fail(AsmStatus::SyntaxError, c.col(), "expected '>' to close the attributes");
        if (!first)
            c.expect(Tok::Comma, "',' or '>'");
        first = false;
        const Token& t = c.word("an attribute");
        const std::string_view s = t.text;
        if (const int l = loop_bound_key(s); l >= 0 && c.at(Tok::Colon)) {
            c.next();
            if (l > 2)
                fail(AsmStatus::InvalidLoopNest, t.col, quoted(s));
            if (b.lb[l])
                fail(AsmStatus::LoopBoundWrittenTwice, t.col, quoted(s));
            cols.lb[l] = t.col;
            LoopBound v;
            const Token& x = c.word("a loop-bound value (imm, reg or reg+imm)");
            if (const auto n = parse_uint(x.text)) {
                if (*n >= (1u << 17))
                    fail(AsmStatus::ImmediateOutOfRange, x.col, clip(x.text) + " > 131071");
                v.imm = static_cast<uint32_t>(*n);
            } else {
                v.reg = reg(x);
                if (c.accept(Tok::Plus))
                    v.imm = number(c, (1u << 17) - 1, "an immediate");
            }
            b.lb[l] = v;
        } else if (s.size() == 5 && iequals(s.substr(0, 4), "Byte") && s[4] >= '0' && s[4] <= '3') {
            once(byte.has_value(), t);
            allowed(op, isa::kByteId, t, "ByteId");
            byte = static_cast<uint8_t>(s[4] - '0');
            cols.byte = t.col;
        } else if (const auto d = parse_dtype(s)) {
            if (!type) {
                type = d;
                cols.type = t.col;
            } else {
                if (!op->has(isa::kDstType))
                    fail(AsmStatus::AttributeNotAllowed, t.col, std::string(op->name) + " has no DstType");
                once(dst_type.has_value(), t);
                dst_type = d;
                cols.dst_type = t.col;
            }
        } else if (const auto p = parse_pad(s)) {
            once(pad.has_value(), t);
            if (op->has(isa::kByteId) && *p != static_cast<uint8_t>(LinxPad::Null))
                fail(AsmStatus::PadValueWithByteId, t.col,
                     std::string(op->name) + " PadValue " + std::string(s));
            pad = p;
        } else if (flags.take(op, t)) {
            // RMode, SAT or CANON
        } else if (parse_cmp(s)) {
            fail(AsmStatus::UnknownAttribute, t.col,
                 quoted(s) + " (a compare mode is a mnemonic suffix: " + std::string(op->name) + "." +
                     std::string(s) + ")");
        } else {
            fail(AsmStatus::UnknownAttribute, t.col, quoted(s));
        }
    }
    const uint32_t gt_col = c.col();
    c.next();  // '>'
    if (!type)
        fail(AsmStatus::MissingDataType, gt_col, std::string(op->name) + " source type");
    if (op->has(isa::kDstType) && !dst_type)
        fail(AsmStatus::MissingDataType, gt_col, std::string(op->name) + " DstType");
    if (op->has(isa::kByteId) && !byte)
        fail(AsmStatus::MissingByteId, gt_col, std::string(op->name));
    b.type = *type;

    // Operands: source tiles, then [scalars], then destinations.
    enum { kSrc, kScalar, kDst } stage = kSrc;
    bool scalars_given = false;
    cols.operands = c.col();
    bool first_operand = true;
    while (c.accept(Tok::Comma)) {
        if (first_operand)
            cols.operands = c.col();  // the first operand, or the end of the line
        first_operand = false;
        if (c.at(Tok::Arrow)) {
            c.next();
            stage = kDst;
            b.dsts.push_back(destination(c));
        } else if (c.accept(Tok::LBracket)) {
            if (stage != kSrc)
                fail(AsmStatus::SyntaxError, c.col(),
                     "[scalars] come after the source tiles, before destinations");
            stage = kScalar;
            scalars_given = true;
            b.scalars = scalar_list(c);
        } else {
            const Token& t = c.word("a source tile, [scalar registers] or '->' and a destination");
            if (!looks_like_tile(t.text))
                fail(AsmStatus::BadTileOperand, t.col, quoted(t.text));
            if (stage != kSrc)
                fail(AsmStatus::SyntaxError, t.col,
                     "source tiles come first, then [scalars], then destinations");
            b.srcs.push_back(tile(t));
        }
    }
    c.end();

    const std::string n(op->name);
    if (b.srcs.size() < op->src_min || b.srcs.size() > op->src_max)
        fail(AsmStatus::OperandCountMismatch, cols.operands,
             n + " takes " + std::to_string(op->src_min) +
                 (op->src_max != op->src_min ? " or " + std::to_string(op->src_max) : "") +
                 " source tile(s), got " + std::to_string(b.srcs.size()));
    if (b.dsts.size() != op->dsts)
        fail(AsmStatus::OperandCountMismatch, cols.operands,
             n + " takes " + std::to_string(op->dsts) + " destination(s), got " +
                 std::to_string(b.dsts.size()));
    if (op->scalars == 0 && scalars_given)
        fail(AsmStatus::OperandCountMismatch, cols.operands, n + " takes no scalar register");
    if (b.scalars.size() != op->scalars)
        fail(AsmStatus::OperandCountMismatch, cols.operands,
             n + " takes " + std::to_string(op->scalars) + " scalar register(s) in [ ], got " +
                 std::to_string(b.scalars.size()));

    if (op->needs_datr() || pad || flags.any()) {
        Datr d;
        d.type = dst_type.value_or(b.type);
        d.pad = op->has(isa::kByteId) ? *byte : pad.value_or(static_cast<uint8_t>(LinxPad::Null));
        d.cmode = cmode.value_or(0);
        flags.store(d);
        b.datr = d;
    }
    b.insns = lower(b);
    return b;
}

// ---------------------------------------------------------------------------------------------------------

class TextParser {
  public:
    TextParser(const AsmOptions& opts, Result<Program>& out) : opts_(opts), out_(out) {}

    bool full() const { return out_.diags.size() >= opts_.max_errors; }

    void line(std::string_view text, uint32_t lineno) {
        uint32_t bad_col = 0;
        Expected<std::vector<Token>> toks = lex_line(text, &bad_col);
        if (!toks) {
            report({toks.error().status, toks.error().detail, Loc{lineno, bad_col, 0, 0}});
            poison();
            return;
        }
        if (toks->empty())
            return;
        const auto end_col = static_cast<uint32_t>(text.size() + 1);
        Cursor c(*toks, end_col);
        const Token& m = (*toks)[0];
        try {
            if (m.kind != Tok::Word)
                fail(AsmStatus::SyntaxError, m.col, "expected a mnemonic (got " + quoted(m.text) + ")");
            c.next();
            const Raw kind = raw_kind(m.text);
            if (kind == Raw::None) {
                close();
                FoldedCols cols;
                Block b = parse_folded(m, c, cols);
                std::size_t where = 0;
                Expected<Block> checked = make_block(b.insns, opts_.arch, &where);
                if (!checked)
                    fail(checked.error().status, folded_col(checked.error().status, where, cols),
                         checked.error().detail);
                checked->loc = Loc{lineno, m.col, 0, 0};
                out_.value.push_back(std::move(*checked));
                return;
            }
            const bool starts = kind == Raw::BStartTepl || kind == Raw::BStartTma ||
                                kind == Raw::BStartCube || kind == Raw::BStart;
            if (starts) {
                close();
                open_ = true;
            } else if (!open_) {
                fail(AsmStatus::OutsideBlock, m.col, clip(m.text) + " before any BSTART");
            }
            const Insn* start = insns_.empty() ? nullptr : &insns_[0];
            const Insn insn = parse_raw(kind, m, c, start);
            if (!poisoned_) {
                insns_.push_back(insn);
                locs_.push_back(Loc{lineno, m.col, 0, 0});
            }
            if (is_stop(insn.kind))
                close();
        } catch (const Fail& f) {
            Diag d = f.diag;
            d.loc.line = lineno;
            report(std::move(d));
            poison();
        }
    }

    // End the open raw block: analyse it as a whole.
    void close() {
        if (open_ && !poisoned_ && !insns_.empty()) {
            std::size_t where = 0;
            Expected<Block> b = make_block(insns_, opts_.arch, &where);
            if (b) {
                b->loc = locs_[0];
                out_.value.push_back(std::move(*b));
            } else {
                report({b.error().status, b.error().detail, locs_[where]});
            }
        }
        open_ = false;
        poisoned_ = false;
        insns_.clear();
        locs_.clear();
    }

  private:
    // Map a block-level error of a folded line to the column of the part at fault.
    static uint32_t folded_col(AsmStatus s, std::size_t where, const FoldedCols& cols) {
        if (s == AsmStatus::ByteIdOutOfRange && cols.byte)
            return cols.byte;
        if (s == AsmStatus::DTypeNotAllowed)
            return where == 1 && cols.dst_type ? cols.dst_type : cols.type;
        if (s == AsmStatus::OperandCountMismatch)
            return cols.operands;
        return cols.mnemonic;
    }

    void report(Diag d) {
        if (!full())
            out_.diags.push_back(std::move(d));
    }
    // A line of the open raw block failed: keep the block open (its other lines still get checked) but
    // drop it.
    void poison() {
        if (open_)
            poisoned_ = true;
    }

    const AsmOptions& opts_;
    Result<Program>& out_;
    bool open_ = false;
    bool poisoned_ = false;
    std::vector<Insn> insns_;
    std::vector<Loc> locs_;
};

}  // namespace

Result<Program> parse(std::string_view text, const AsmOptions& opts) {
    Result<Program> out;
    TextParser p(opts, out);
    uint32_t lineno = 0;
    std::size_t pos = 0;
    while (pos <= text.size() && !p.full()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        ++lineno;
        p.line(text.substr(pos, nl - pos), lineno);
        pos = nl + 1;
    }
    p.close();
    if (!out.ok())
        out.value.clear();
    return out;
}

}  // namespace ptosim::linx
