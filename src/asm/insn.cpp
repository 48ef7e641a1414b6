#include "ptosim/asm/insn.hpp"

#include <array>
#include <string>

#include "ptosim/isa/table.hpp"

namespace ptosim::linx {

namespace {

constexpr uint32_t bits(uint32_t w, unsigned hi, unsigned lo) {
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1u);
}

// BSTART forms with a family code at [19:15]: Func [14:12] = 1, [11:7] = 3, Opc1 = Opcode = 0, W = 1.
constexpr uint32_t kStartLow = 0x1181;
constexpr uint32_t kFamilyTepl = 3, kFamilyTma = 2, kFamilyCube = 6;

struct FnName {
    uint8_t fn;
    std::string_view name;
};
constexpr FnName kTmaNames[] = {
    {0, "TLOAD"},        {1, "TSTORE"},     {2, "TMOV"},          {3, "TPREFETCH"},
    {4, "MGATHER"},      {5, "MSCATTER"},   {6, "MGATHER.MASK"},  {7, "MSCATTER.MASK"},
    {8, "MGATHER.CAS"},  {9, "L2S.INSERT"}, {10, "L2S.PUBLISH"},  {11, "S2L.BROADCAST"},
    {12, "S2L.EXTRACT"}, {13, "GMOV"},      {14, "TSTORE.SPART"},
};
constexpr FnName kCubeNames[] = {
    {0, "TMATMUL"},        {1, "TMATMUL.BIAS"},  {2, "TMATMUL.ACC"},   {4, "TMATMULMX"},
    {5, "TMATMULMX.BIAS"}, {6, "TMATMULMX.ACC"}, {16, "TGEMV"},        {17, "TGEMV.BIAS"},
    {18, "TGEMV.ACC"},     {20, "TGEMVMX"},      {21, "TGEMVMX.BIAS"}, {22, "TGEMVMX.ACC"},
};

constexpr std::array<std::string_view, 32> kRegNames = {
    "zero", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6",  "a7",  "ra",  "s0",  "s1",  "s2",  "s3",  "s4",
    "s5",   "s6", "s7", "s8", "x0", "x1", "x2", "x3", "t#1", "t#2", "t#3", "t#4", "u#1", "u#2", "u#3", "u#4",
};
constexpr std::array<std::string_view, 4> kPadNames = {"Zero", "Max", "Min", "Null"};
constexpr std::array<std::string_view, 8> kCmpNames = {"EQ", "NE", "LT", "GT", "LE", "GE", "", ""};
constexpr std::array<std::string_view, 8> kRModeNames = {"", "RNE", "RTZ", "RTM", "RTP", "RNA", "RTO", "RHB"};

Err fail(AsmStatus s, std::string detail = {}) {
    return Err{s, std::move(detail)};
}

std::string hex(uint32_t v, int digits) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(static_cast<std::size_t>(digits), '0');
    for (int i = digits - 1; i >= 0; --i, v >>= 4)
        s[static_cast<std::size_t>(i)] = kDigits[v & 15u];
    return "0x" + s;
}

Expected<Insn> decode16(uint32_t w) {
    Insn insn;
    if (w == 0) {
        insn.kind = Kind::CBStop;
        return insn;
    }
    if ((w & 0x3Fu) == 0x3Cu) {
        if (bits(w, 15, 14) == 3) {  // C.B.DIM lives in the LoopNest == 3 space of C.B.DIMI
            insn.kind = Kind::CBDim;
            insn.lb = static_cast<uint8_t>(bits(w, 13, 11));
            insn.reg = static_cast<uint8_t>(bits(w, 10, 6));
            if (insn.lb > 2)
                return fail(AsmStatus::InvalidLoopNest, "C.B.DIM LoopNest " + std::to_string(insn.lb));
        } else {
            insn.kind = Kind::CBDimI;
            insn.lb = static_cast<uint8_t>(bits(w, 15, 14));
            insn.imm = bits(w, 13, 6);
        }
        return insn;
    }
    if (bits(w, 3, 1) == 7)
        return fail(AsmStatus::UnsupportedInstruction, "16-bit prefix of a 48-bit instruction " + hex(w, 4));
    return fail(AsmStatus::UnknownInstruction, hex(w, 4) + " is not a block header instruction");
}

Expected<Insn> decode_start(uint32_t w) {
    Insn insn;
    if (w == 0x00000001u) {
        insn.kind = Kind::BStop;
        return insn;
    }
    if ((w & 0x7Fu) == 0x11u || (w & 0x7Fu) == 0x21u) {
        insn.kind = (w & 0x7Fu) == 0x11u ? Kind::BStartDirect : Kind::BStartCond;
        insn.simm = static_cast<int32_t>(w) >> 7;  // simm25 at [31:7]
        return insn;
    }
    if ((w & 0x7FFFu) != kStartLow)
        return fail(AsmStatus::UnknownInstruction, hex(w, 8) + " is not a block header instruction");
    const uint32_t family = bits(w, 19, 15);
    const uint32_t type = bits(w, 31, 27);
    if (family == kFamilyTepl) {
        insn.kind = Kind::BStartTepl;
        insn.fn = static_cast<uint8_t>(bits(w, 26, 20));
        if (!isa::find_op(insn.fn))
            return fail(AsmStatus::ReservedTileOp, "Mode " + std::to_string(insn.fn >> 5) + ", Function " +
                                                       std::to_string(insn.fn & 31) + " (id " +
                                                       hex(insn.fn, 2) + ")");
    } else if (family == kFamilyTma || family == kFamilyCube) {
        insn.kind = family == kFamilyTma ? Kind::BStartTma : Kind::BStartCube;
        insn.fn = static_cast<uint8_t>(bits(w, 24, 20));
        if (bits(w, 26, 25) != 0 || start_fn_name(insn.kind, insn.fn).empty())
            return fail(AsmStatus::UnknownInstruction,
                        std::string(family == kFamilyTma ? "BSTART.TMA" : "BSTART.CUBE") + " function " +
                            std::to_string(bits(w, 26, 20)));
    } else {
        return fail(AsmStatus::UnsupportedInstruction, "BSTART block family " + std::to_string(family));
    }
    if (!dtype_code_valid(type))
        return fail(AsmStatus::ReservedDataType, "BSTART DataType " + std::to_string(type));
    insn.type = static_cast<DType>(type);
    return insn;
}

Expected<Insn> decode_datr(uint32_t w) {
    Insn insn;
    insn.kind = Kind::BDatr;
    Datr& d = insn.datr;
    d.cmode = static_cast<uint8_t>(bits(w, 31, 29));
    d.pad = static_cast<uint8_t>(bits(w, 28, 27));
    d.sat = bits(w, 26, 26) != 0;
    d.canon = bits(w, 25, 25) != 0;
    const uint32_t type = bits(w, 24, 20);
    d.rmode = static_cast<uint8_t>(bits(w, 17, 15));
    d.layout = static_cast<uint8_t>(bits(w, 11, 7));
    if (bits(w, 19, 18) != 0)
        return fail(AsmStatus::ReservedBitsSet, "B.DATR[19:18]");
    if (!dtype_code_valid(type))
        return fail(AsmStatus::ReservedDataType, "B.DATR DataType " + std::to_string(type));
    if (d.cmode > 5)
        return fail(AsmStatus::ReservedCmpMode, "CMode " + std::to_string(d.cmode));
    if (d.layout != 0)
        return fail(AsmStatus::UnsupportedLayout, "Layout " + std::to_string(d.layout));
    d.type = static_cast<DType>(type);
    return insn;
}

TileRef tile_from_code(uint32_t code, bool reuse) {
    return TileRef{static_cast<Hand>(code >> 4), static_cast<uint8_t>((code & 15u) + 1u), reuse};
}

Expected<Insn> decode_iot(uint32_t w) {
    Insn insn;
    insn.kind = Kind::BIot;
    const uint32_t func = bits(w, 14, 12);
    insn.nsrc = static_cast<uint8_t>(6 - func);  // 100 two, 101 one, 110 none
    const uint32_t src1 = bits(w, 31, 26), src0 = bits(w, 25, 20);
    const bool s1r = bits(w, 11, 11) != 0, s0r = bits(w, 10, 10) != 0;
    if (insn.nsrc < 2 && (src1 != 0 || s1r))
        return fail(AsmStatus::ReservedBitsSet, "B.IOT SrcTile1 field of a form with fewer than two sources");
    if (insn.nsrc < 1 && (src0 != 0 || s0r))
        return fail(AsmStatus::ReservedBitsSet, "B.IOT SrcTile0 field of the no-source form");
    if (insn.nsrc >= 1)
        insn.src[0] = tile_from_code(src0, s0r);
    if (insn.nsrc >= 2)
        insn.src[1] = tile_from_code(src1, s1r);
    insn.last = bits(w, 19, 19) != 0;
    const uint32_t size = bits(w, 18, 15), hand = bits(w, 9, 7);
    if (hand == 4 || hand == 6)
        return fail(AsmStatus::ReservedDstHand,
                    "DstTile " + std::to_string(hand) + (hand == 4 ? " (ACC)" : ""));
    if (hand == 7) {
        if (size != 0)
            return fail(AsmStatus::SizeWithoutDestination, "imm4 " + std::to_string(size));
    } else {
        if (size == 0)
            return fail(AsmStatus::ZeroSizeDestination);
        insn.dst = TileDst{static_cast<Hand>(hand), static_cast<uint8_t>(size)};
    }
    return insn;
}

Expected<Insn> decode32(uint32_t w) {
    const uint32_t opcode = bits(w, 3, 1), opc1 = bits(w, 6, 4), func = bits(w, 14, 12);
    if (opcode == 7)
        return fail(AsmStatus::UnsupportedInstruction, "32-bit prefix of a 64-bit instruction " + hex(w, 8));
    if (opcode == 0) {
        if (opc1 == 0 || (w & 0x7Fu) == 0x11u || (w & 0x7Fu) == 0x21u)
            return decode_start(w);
        return fail(AsmStatus::UnknownInstruction, hex(w, 8) + " is not a block header instruction");
    }
    if (opcode != 1)
        return fail(AsmStatus::UnknownInstruction, hex(w, 8) + " is not a block header instruction");
    Insn insn;
    switch (opc1) {
        case 0:
            return fail(AsmStatus::UnsupportedInstruction, "B.TEXT");
        case 1:  // block I/O
            if (func == 0) {
                insn.kind = Kind::BIor;
                if (bits(w, 26, 25) != 0)
                    return fail(AsmStatus::ReservedBitsSet, "B.IOR[26:25]");
                insn.rs = {static_cast<uint8_t>(bits(w, 19, 15)), static_cast<uint8_t>(bits(w, 24, 20)),
                           static_cast<uint8_t>(bits(w, 31, 27))};
                insn.rd = static_cast<uint8_t>(bits(w, 11, 7));
                return insn;
            }
            if (func == 1)
                return fail(AsmStatus::UnsupportedInstruction, "B.IOD / B.IOS");
            if (func >= 4 && func <= 6)
                return decode_iot(w);
            return fail(AsmStatus::InvalidFunc, "block I/O Func " + std::to_string(func));
        case 2:  // block attributes
            if (func == 1)
                return decode_datr(w);
            if (func == 0)
                return fail(AsmStatus::UnsupportedInstruction, "B.CATR");
            if (func == 2)
                return fail(AsmStatus::UnsupportedInstruction, "B.FPATR");
            return fail(AsmStatus::InvalidFunc, "block attribute Func " + std::to_string(func));
        case 3:
            return fail(AsmStatus::UnsupportedInstruction, "B.HINT");
        case 4:
            insn.kind = Kind::BDim;
            insn.lb = static_cast<uint8_t>(func);
            insn.reg = static_cast<uint8_t>(bits(w, 19, 15));
            insn.imm = bits(w, 31, 20) | bits(w, 11, 7) << 12;
            if (func > 2)
                return fail(AsmStatus::InvalidLoopNest, "B.DIM LoopNest " + std::to_string(func));
            return insn;
        default:
            return fail(AsmStatus::UnknownInstruction, hex(w, 8) + " is not a block header instruction");
    }
}

}  // namespace

Expected<Insn> decode_insn(Word w) {
    if (w.size == 2)
        return decode16(w.bits & 0xFFFFu);
    if ((w.bits & 1u) == 0)
        return fail(AsmStatus::UnknownInstruction, "a 32-bit word must have bit 0 (W) set");
    return decode32(w.bits);
}

Word encode_insn(const Insn& i) {
    const auto u = [](auto v) { return static_cast<uint32_t>(v); };
    switch (i.kind) {
        case Kind::BStartTepl:
            return {u(i.type) << 27 | (u(i.fn) & 127u) << 20 | kFamilyTepl << 15 | kStartLow, 4};
        case Kind::BStartTma:
        case Kind::BStartCube:
            return {u(i.type) << 27 | (u(i.fn) & 31u) << 20 |
                        (i.kind == Kind::BStartTma ? kFamilyTma : kFamilyCube) << 15 | kStartLow,
                    4};
        case Kind::BStartDirect:
        case Kind::BStartCond:
            return {u(i.simm) << 7 | (i.kind == Kind::BStartDirect ? 0x11u : 0x21u), 4};
        case Kind::BStop:
            return {1u, 4};
        case Kind::CBStop:
            return {0u, 2};
        case Kind::BDatr: {
            const Datr& d = i.datr;
            return {(u(d.cmode) & 7u) << 29 | (u(d.pad) & 3u) << 27 | u(d.sat) << 26 | u(d.canon) << 25 |
                        (u(d.type) & 31u) << 20 | (u(d.rmode) & 7u) << 15 | 1u << 12 |
                        (u(d.layout) & 31u) << 7 | 0x23u,
                    4};
        }
        case Kind::BDim:
            return {(i.imm & 0xFFFu) << 20 | (u(i.reg) & 31u) << 15 | (u(i.lb) & 7u) << 12 |
                        ((i.imm >> 12) & 31u) << 7 | 0x43u,
                    4};
        case Kind::CBDimI:
            return {(u(i.lb) & 3u) << 14 | (i.imm & 0xFFu) << 6 | 0x3Cu, 2};
        case Kind::CBDim:
            return {3u << 14 | (u(i.lb) & 7u) << 11 | (u(i.reg) & 31u) << 6 | 0x3Cu, 2};
        case Kind::BIot: {
            uint32_t w = u(i.last) << 19 | (6u - (u(i.nsrc) & 3u)) << 12 | 0x13u;
            if (i.nsrc >= 1)
                w |= (i.src[0].code() & 63u) << 20 | u(i.src[0].reuse) << 10;
            if (i.nsrc >= 2)
                w |= (i.src[1].code() & 63u) << 26 | u(i.src[1].reuse) << 11;
            w |= i.dst ? ((u(i.dst->size) & 15u) << 15 | (u(i.dst->hand) & 7u) << 7) : 7u << 7;
            return {w, 4};
        }
        case Kind::BIor:
            return {(u(i.rs[2]) & 31u) << 27 | (u(i.rs[1]) & 31u) << 20 | (u(i.rs[0]) & 31u) << 15 |
                        (u(i.rd) & 31u) << 7 | 0x13u,
                    4};
    }
    return {1u, 4};
}

std::string_view start_fn_name(Kind k, unsigned fn) {
    if (k == Kind::BStartTma) {
        for (const FnName& n : kTmaNames)
            if (n.fn == fn)
                return n.name;
    } else if (k == Kind::BStartCube) {
        for (const FnName& n : kCubeNames)
            if (n.fn == fn)
                return n.name;
    }
    return {};
}

std::optional<uint8_t> find_start_fn(Kind k, std::string_view name) {
    if (k == Kind::BStartTma) {
        for (const FnName& n : kTmaNames)
            if (iequals(n.name, name))
                return n.fn;
    } else if (k == Kind::BStartCube) {
        for (const FnName& n : kCubeNames)
            if (iequals(n.name, name))
                return n.fn;
    }
    return std::nullopt;
}

std::string_view reg_name(unsigned code) {
    return code < kRegNames.size() ? kRegNames[code] : std::string_view("?");
}

std::optional<uint8_t> parse_reg(std::string_view text) {
    for (std::size_t i = 0; i < kRegNames.size(); ++i)
        if (iequals(text, kRegNames[i]))
            return static_cast<uint8_t>(i);
    // r0..r23: the architectural numbers.
    if (text.size() >= 2 && text.size() <= 3 && (text[0] == 'r' || text[0] == 'R')) {
        unsigned n = 0;
        for (char c : text.substr(1)) {
            if (c < '0' || c > '9')
                return std::nullopt;
            n = n * 10 + static_cast<unsigned>(c - '0');
        }
        if (text.size() == 3 && text[1] == '0')
            return std::nullopt;  // no leading zeros: one spelling per register
        if (n <= 23)
            return static_cast<uint8_t>(n);
    }
    return std::nullopt;
}

std::string_view pad_name(unsigned code) {
    return kPadNames[code & 3u];
}
std::string_view cmp_name(unsigned code) {
    return kCmpNames[code & 7u];
}
std::string_view rmode_name(unsigned code) {
    return kRModeNames[code & 7u];
}
std::string_view hand_name(Hand h) {
    switch (h) {
        case Hand::T:
            return "T";
        case Hand::U:
            return "U";
        case Hand::M:
            return "M";
        case Hand::N:
            return "N";
        case Hand::S:
            return "S";
    }
    return "?";
}

std::optional<uint8_t> parse_pad(std::string_view text) {
    for (std::size_t i = 0; i < kPadNames.size(); ++i)
        if (iequals(text, kPadNames[i]))
            return static_cast<uint8_t>(i);
    return std::nullopt;
}

std::optional<uint8_t> parse_cmp(std::string_view text) {
    for (std::size_t i = 0; i < 6; ++i)
        if (iequals(text, kCmpNames[i]))
            return static_cast<uint8_t>(i);
    return std::nullopt;
}

std::optional<uint8_t> parse_rmode(std::string_view text) {
    for (std::size_t i = 1; i < kRModeNames.size(); ++i)
        if (iequals(text, kRModeNames[i]))
            return static_cast<uint8_t>(i);
    // Aliases of encoding.md §3.5.
    if (iequals(text, "RNONE"))
        return uint8_t{0};
    if (iequals(text, "RDN"))
        return uint8_t{3};
    if (iequals(text, "RUP"))
        return uint8_t{4};
    return std::nullopt;
}

std::string size_name(unsigned size_class) {
    const uint32_t bytes = 16u << (size_class & 15u);
    return bytes >= 1024 ? std::to_string(bytes / 1024) + "KB" : std::to_string(bytes) + "B";
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = static_cast<char>(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

}  // namespace ptosim::linx
