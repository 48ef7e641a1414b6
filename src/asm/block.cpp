#include "ptosim/asm/block.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "ptosim/isa/check.hpp"

namespace ptosim::linx {

namespace {

std::string count_text(unsigned lo, unsigned hi, std::string_view what) {
    std::string s = std::to_string(lo);
    if (hi != lo)
        s += " or " + std::to_string(hi);
    return s + " " + std::string(what);
}

std::string type_text(DType t) {
    return std::string(dtype_name(t));
}

// The descriptor's element-type and attribute rules (isa/check.hpp) as an assembler status, and the word at
// fault: the B.DATR (word 1) when the destination type or ByteId is, else the BSTART.
std::optional<std::pair<Err, std::size_t>> check_types(const Block& b, Arch arch) {
    isa::BlockTypes t;
    t.type = b.type;
    t.dst_type = b.dst_type();
    t.byte_id = b.byte_id();
    if (const auto c = b.cmp())
        t.cmode = static_cast<int>(*c);
    const auto e = isa::check_block_types(*b.op, arch, t);
    if (!e)
        return std::nullopt;
    switch (e->kind) {
        case isa::Violation::Unavailable:
            return std::pair{Err{AsmStatus::UnavailableOnProfile, e->detail}, std::size_t{0}};
        case isa::Violation::Type:
            return std::pair{Err{AsmStatus::DTypeNotAllowed, e->detail}, std::size_t{0}};
        case isa::Violation::DstType:
            return std::pair{Err{AsmStatus::DTypeNotAllowed, e->detail}, std::size_t{1}};
        case isa::Violation::ByteId:
            return std::pair{Err{AsmStatus::ByteIdOutOfRange, e->detail}, std::size_t{1}};
        case isa::Violation::CmpMode:
            break;
    }
    return std::pair{Err{AsmStatus::ReservedCmpMode, e->detail}, std::size_t{1}};
}

}  // namespace

std::optional<LinxPad> Block::pad() const {
    if (op && op->has(isa::kByteId))
        return std::nullopt;
    return datr ? static_cast<LinxPad>(datr->pad) : LinxPad::Null;
}

int Block::byte_id() const {
    if (!op || !op->has(isa::kByteId) || !datr)
        return -1;
    return datr->pad;
}

std::optional<LinxCmp> Block::cmp() const {
    if (!op || !op->has(isa::kCMode) || !datr)
        return std::nullopt;
    return static_cast<LinxCmp>(datr->cmode);
}

Expected<Block> make_block(std::span<const Insn> insns, Arch arch, std::size_t* where) {
    std::size_t dummy = 0;
    std::size_t& at = where ? *where : dummy;
    at = 0;
    if (insns.empty() || !is_bstart(insns[0].kind))
        return Err{AsmStatus::OutsideBlock, "a block starts with BSTART"};

    Block b;
    b.insns.assign(insns.begin(), insns.end());
    const Insn& start = insns[0];
    b.type = start.type;
    if (start.kind == Kind::BStartTepl) {
        b.op = isa::find_op(start.fn);
        if (!b.op)
            return Err{AsmStatus::ReservedTileOp, "id " + std::to_string(start.fn)};
    }

    // Order: BSTART, [B.DATR], B.DIM*, then B.IOT / B.IOR; the stop ends the block.
    enum Phase { kStart, kDim, kIo } phase = kStart;
    bool saw_last = false;
    std::optional<std::size_t> ior_at;
    std::size_t last_iot = 0;
    for (std::size_t i = 1; i < insns.size(); ++i) {
        const Insn& in = insns[i];
        at = i;
        switch (in.kind) {
            case Kind::BDatr:
                if (b.datr)
                    return Err{AsmStatus::DuplicateDatr, ""};
                if (phase != kStart)
                    return Err{AsmStatus::DatrOutOfPlace,
                               phase == kDim ? "after B.DIM" : "after B.IOT/B.IOR"};
                b.datr = in.datr;
                break;
            case Kind::BDim:
            case Kind::CBDimI:
            case Kind::CBDim:
                if (phase == kIo)
                    return Err{AsmStatus::DimOutOfPlace, "LB" + std::to_string(in.lb) + " after B.IOT/B.IOR"};
                phase = kDim;
                if (b.lb[in.lb])
                    return Err{AsmStatus::LoopBoundWrittenTwice, "LB" + std::to_string(in.lb)};
                b.lb[in.lb] = LoopBound{in.reg, in.imm};
                break;
            case Kind::BIot:
                phase = kIo;
                if (saw_last)
                    return Err{AsmStatus::IotAfterLast, ""};
                for (unsigned k = 0; k < in.nsrc; ++k)
                    b.srcs.push_back(in.src[k]);
                if (in.dst)
                    b.dsts.push_back(*in.dst);
                saw_last = in.last;
                last_iot = i;
                break;
            case Kind::BIor:
                phase = kIo;
                if (ior_at)
                    return Err{AsmStatus::DuplicateIor, ""};
                ior_at = i;
                break;
            case Kind::BStop:
            case Kind::CBStop:
                if (i + 1 != insns.size())
                    return Err{AsmStatus::OutsideBlock, "words after BSTOP"};
                break;
            default:
                return Err{AsmStatus::OutsideBlock, "BSTART inside a block"};
        }
    }

    const bool tile_like =
        start.kind == Kind::BStartTepl || start.kind == Kind::BStartTma || start.kind == Kind::BStartCube;
    if (tile_like && !saw_last) {
        at = 0;
        return Err{AsmStatus::MissingLast, ""};
    }
    if (!b.op) {
        if (ior_at)
            b.scalars.assign(insns[*ior_at].rs.begin(), insns[*ior_at].rs.end());
        return b;
    }

    // The op's operand schema.
    const isa::OpInfo& op = *b.op;
    const std::string name(op.name);
    at = last_iot;
    if (b.srcs.size() < op.src_min || b.srcs.size() > op.src_max)
        return Err{AsmStatus::OperandCountMismatch, name + " takes " +
                                                        count_text(op.src_min, op.src_max, "source tile(s)") +
                                                        ", got " + std::to_string(b.srcs.size())};
    if (b.dsts.size() != op.dsts)
        return Err{AsmStatus::OperandCountMismatch, name + " takes " +
                                                        count_text(op.dsts, op.dsts, "destination tile(s)") +
                                                        ", got " + std::to_string(b.dsts.size())};
    if (op.scalars == 0 && ior_at) {
        at = *ior_at;
        return Err{AsmStatus::OperandCountMismatch, name + " takes no scalar register (B.IOR)"};
    }
    if (op.scalars > 0) {
        if (!ior_at)
            return Err{AsmStatus::OperandCountMismatch, name + " takes " + std::to_string(op.scalars) +
                                                            " scalar register(s) in B.IOR, got none"};
        at = *ior_at;
        const Insn& ior = insns[*ior_at];
        for (std::size_t k = op.scalars; k < ior.rs.size(); ++k)
            if (ior.rs[k] != 0)
                return Err{AsmStatus::OperandCountMismatch,
                           name + " takes " + std::to_string(op.scalars) + " scalar register(s)"};
        if (ior.rd != 0)
            return Err{AsmStatus::OperandCountMismatch, name + " writes no scalar register"};
        b.scalars.assign(ior.rs.begin(), ior.rs.begin() + op.scalars);
    }

    // Attributes.
    if (op.needs_datr() && !b.datr) {
        at = 0;
        return Err{AsmStatus::MissingDatr, name + " needs " +
                                               std::string(op.has(isa::kByteId)  ? "DstType and ByteId"
                                                           : op.has(isa::kCMode) ? "its compare mode"
                                                                                 : "its DstType")};
    }
    if (b.datr) {
        at = 1;
        const Datr& d = *b.datr;
        if (d.type != b.type && !op.has(isa::kDstType))
            return Err{AsmStatus::AttributeNotAllowed,
                       name + " has no DstType (B.DATR DataType " + type_text(d.type) +
                           " differs from the BSTART type " + type_text(b.type) + ")"};
        if (d.cmode != 0 && !op.has(isa::kCMode))
            return Err{AsmStatus::AttributeNotAllowed, name + " has no compare mode"};
        if (d.rmode != 0 && !op.has(isa::kRMode))
            return Err{AsmStatus::AttributeNotAllowed, name + " has no rounding mode"};
        if (d.sat && !op.has(isa::kSat))
            return Err{AsmStatus::AttributeNotAllowed, name + " has no saturation"};
        if (d.canon && !op.has(isa::kCanon))
            return Err{AsmStatus::AttributeNotAllowed, name + " has no canonicalize flag"};
    }
    if (auto e = check_types(b, arch)) {
        at = e->second;
        return e->first;
    }
    return b;
}

std::vector<Insn> lower(const Block& b) {
    if (!b.op)
        return b.insns;
    std::vector<Insn> out;
    Insn start;
    start.kind = Kind::BStartTepl;
    start.type = b.type;
    start.fn = b.op->id;
    out.push_back(start);
    if (b.datr) {
        Insn d;
        d.kind = Kind::BDatr;
        d.datr = *b.datr;
        out.push_back(d);
    }
    for (uint8_t l = 0; l < 3; ++l) {
        if (!b.lb[l])
            continue;
        Insn d;
        d.kind = Kind::BDim;
        d.lb = l;
        d.reg = b.lb[l]->reg;
        d.imm = b.lb[l]->imm;
        out.push_back(d);
    }
    // Sources two per word; destinations one per word on the trailing words (the 0.56 doc's example puts the
    // destination of a three-source op on the second word); the final word is marked last.
    const std::size_t words = std::max<std::size_t>({(b.srcs.size() + 1) / 2, b.dsts.size(), 1});
    const std::size_t first_dst = words - b.dsts.size();
    for (std::size_t w = 0; w < words; ++w) {
        Insn io;
        io.kind = Kind::BIot;
        for (std::size_t k = 2 * w; k < b.srcs.size() && k < 2 * w + 2; ++k)
            io.src[io.nsrc++] = b.srcs[k];
        if (w >= first_dst)
            io.dst = b.dsts[w - first_dst];
        io.last = w + 1 == words;
        out.push_back(io);
    }
    if (b.op->scalars > 0) {
        Insn ior;
        ior.kind = Kind::BIor;
        for (std::size_t k = 0; k < b.scalars.size() && k < 3; ++k)
            ior.rs[k] = b.scalars[k];
        out.push_back(ior);
    }
    Insn stop;
    stop.kind = Kind::BStop;
    out.push_back(stop);
    return out;
}

bool is_canonical(const Block& b) {
    return b.op && b.insns == lower(b);
}

}  // namespace ptosim::linx
