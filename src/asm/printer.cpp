#include "ptosim/asm/printer.hpp"

#include <string>
#include <vector>

namespace ptosim::linx {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i)
            out += ", ";
        out += parts[i];
    }
    return out;
}

std::string tile_text(const TileRef& t) {
    std::string s = std::string(hand_name(t.hand)) + "#" + std::to_string(t.index);
    return t.reuse ? s + ".reuse" : s;
}

std::string dst_text(const TileDst& d) {
    return "->" + std::string(hand_name(d.hand)) + "<" + size_name(d.size) + ">";
}

std::string lb_text(const LoopBound& lb) {
    if (lb.reg == 0)
        return std::to_string(lb.imm);
    if (lb.imm == 0)
        return std::string(reg_name(lb.reg));
    return std::string(reg_name(lb.reg)) + "+" + std::to_string(lb.imm);
}

std::string datr_text(const Datr& d, const isa::OpInfo* op) {
    std::vector<std::string> parts{std::string(dtype_name(d.type))};
    if (op && op->has(isa::kByteId)) {
        // The seed's spelling "B.DATR DstType, ByteId, PadValue"; the PadValue can only be Null.
        parts.push_back("Byte" + std::to_string(d.pad));
        parts.emplace_back("Null");
    } else {
        parts.emplace_back(pad_name(d.pad));
    }
    if ((op && op->has(isa::kCMode)) || d.cmode != 0)
        parts.emplace_back(cmp_name(d.cmode));
    if (d.rmode != 0)
        parts.emplace_back(rmode_name(d.rmode));
    if (d.sat)
        parts.emplace_back("SAT");
    if (d.canon)
        parts.emplace_back("CANON");
    return "B.DATR " + join(parts);
}

}  // namespace

std::string print_insn(const Insn& i, const isa::OpInfo* op) {
    switch (i.kind) {
        case Kind::BStartTepl: {
            const isa::OpInfo* info = isa::find_op(i.fn);
            const std::string name =
                info ? std::string(info->name) : std::to_string(i.fn >> 5) + ", " + std::to_string(i.fn & 31);
            return "BSTART.TEPL " + name + ", " + std::string(dtype_name(i.type));
        }
        case Kind::BStartTma:
        case Kind::BStartCube:
            return std::string(i.kind == Kind::BStartTma ? "BSTART.TMA " : "BSTART.CUBE ") +
                   std::string(start_fn_name(i.kind, i.fn)) + ", " + std::string(dtype_name(i.type));
        case Kind::BStartDirect:
            return "BSTART DIRECT, " + std::to_string(i.simm);
        case Kind::BStartCond:
            return "BSTART COND, " + std::to_string(i.simm);
        case Kind::BStop:
            return "BSTOP";
        case Kind::CBStop:
            return "C.BSTOP";
        case Kind::BDatr:
            return datr_text(i.datr, op);
        case Kind::BDim:
            return "B.DIM " + std::string(reg_name(i.reg)) + ", " + std::to_string(i.imm) + ", ->LB" +
                   std::to_string(i.lb);
        case Kind::CBDimI:
            return "C.B.DIMI " + std::to_string(i.imm) + ", ->LB" + std::to_string(i.lb);
        case Kind::CBDim:
            return "C.B.DIM " + std::string(reg_name(i.reg)) + ", ->LB" + std::to_string(i.lb);
        case Kind::BIot: {
            std::vector<std::string> parts;
            for (unsigned k = 0; k < i.nsrc && k < 2; ++k)
                parts.push_back(tile_text(i.src[k]));
            if (i.last)
                parts.emplace_back("last");
            if (i.dst)
                parts.push_back(dst_text(*i.dst));
            return parts.empty() ? "B.IOT" : "B.IOT " + join(parts);
        }
        case Kind::BIor: {
            std::size_t n = op ? op->scalars : 0;
            for (std::size_t k = 0; k < 3; ++k)
                if (i.rs[k] != 0 && k + 1 > n)
                    n = k + 1;
            std::vector<std::string> regs;
            for (std::size_t k = 0; k < n; ++k)
                regs.emplace_back(reg_name(i.rs[k]));
            std::string s = "B.IOR [" + join(regs) + "]";
            if (i.rd != 0)
                s += ", ->" + std::string(reg_name(i.rd));
            return s;
        }
    }
    return "?";
}

std::string print_folded(const Block& b) {
    const isa::OpInfo& op = *b.op;
    std::string name(op.name);
    if (op.has(isa::kCMode) && b.datr)
        name += "." + std::string(cmp_name(b.datr->cmode));

    std::vector<std::string> attrs;
    for (unsigned l = 0; l < 3; ++l)
        if (b.lb[l])
            attrs.push_back("LB" + std::to_string(l) + ":" + lb_text(*b.lb[l]));
    attrs.push_back(lower(dtype_name(b.type)));
    if (b.datr) {
        const Datr& d = *b.datr;
        if (op.has(isa::kDstType))
            attrs.push_back(lower(dtype_name(d.type)));
        if (op.has(isa::kByteId)) {
            attrs.push_back("Byte" + std::to_string(d.pad));
        } else if (!op.needs_datr() || d.pad != static_cast<uint8_t>(LinxPad::Null)) {
            // For an op that needs no B.DATR, writing the PadValue is what asks for one.
            attrs.emplace_back(pad_name(d.pad));
        }
        if (d.rmode != 0)
            attrs.emplace_back(rmode_name(d.rmode));
        if (d.sat)
            attrs.emplace_back("SAT");
        if (d.canon)
            attrs.emplace_back("CANON");
    }

    std::vector<std::string> operands;
    for (const TileRef& t : b.srcs)
        operands.push_back(tile_text(t));
    if (op.scalars > 0) {
        std::vector<std::string> regs;
        for (uint8_t r : b.scalars)
            regs.emplace_back(reg_name(r));
        operands.push_back("[" + join(regs) + "]");
    }
    for (const TileDst& d : b.dsts)
        operands.push_back(dst_text(d));

    std::string line = name + " <" + join(attrs) + ">";
    if (!operands.empty())
        line += ", " + join(operands);
    return line;
}

std::string print_block(const Block& b, const PrintOptions& opts) {
    // A block of an instruction without a LinxISA id (built from PTO-AS) has no words: a comment shows it.
    if (b.op && !b.op->has_linx_id())
        return "# " + print_folded(b) + "  (no LinxISA encoding: runs from PTO-AS only)\n";
    if (!opts.raw && is_canonical(b))
        return print_folded(b) + "\n";
    std::string out;
    for (const Insn& i : b.insns)
        out += print_insn(i, b.op) + "\n";
    return out;
}

std::string print(const Program& p, const PrintOptions& opts) {
    std::string out;
    for (const Block& b : p)
        out += print_block(b, opts);
    return out;
}

}  // namespace ptosim::linx
