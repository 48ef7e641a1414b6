// Round-trip properties over random valid blocks (rapidcheck):
//   words -> decode -> encode is the identity, and decoding gives back the block's meaning;
//   text -> words -> text is the identity for canonical text (folded and raw);
//   non-canonical spellings (16-bit forms, other orders and B.IOT packings, no stop) survive both trips too.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "asm_test_util.hpp"
#include "ptosim/isa/table.hpp"

namespace {

using namespace ptosim::linx;
using ptosim::DType;
namespace isa = ptosim::isa;

std::vector<DType> valid_types() {
    std::vector<DType> out;
    for (unsigned c = 0; c < 32; ++c)
        if (ptosim::dtype_code_valid(c))
            out.push_back(static_cast<DType>(c));
    return out;
}

// The element types the A5 profile accepts for op (its descriptor's set).
std::vector<DType> source_types(const isa::OpInfo& op) {
    std::vector<DType> out;
    for (DType t : valid_types())
        if (op.types_for(ptosim::Arch::A5).contains(t))
            out.push_back(t);
    return out;
}

template <typename T>
T pick(const std::vector<T>& v) {
    return v[*rc::gen::inRange<std::size_t>(0, v.size())];
}

uint32_t imm17() {
    // Small values are the common case; the whole range must work.
    return *rc::gen::oneOf(rc::gen::inRange<uint32_t>(0, 300), rc::gen::inRange<uint32_t>(0, 1u << 17));
}

TileRef tile() {
    return TileRef{static_cast<Hand>(*rc::gen::inRange(0, 4)), static_cast<uint8_t>(*rc::gen::inRange(1, 17)),
                   *rc::gen::arbitrary<bool>()};
}

TileDst destination() {
    static const std::vector<Hand> kHands{Hand::T, Hand::U, Hand::M, Hand::N, Hand::S};
    return TileDst{pick(kHands), static_cast<uint8_t>(*rc::gen::inRange(1, 16))};
}

// A random valid tile-op block (A5 profile), in canonical words.
Block arbitrary_block() {
    static const std::vector<const isa::OpInfo*> linx_ops = [] {
        std::vector<const isa::OpInfo*> v;
        for (const isa::OpInfo& o : isa::kOps)
            if (o.has_linx_id() && o.available(ptosim::Arch::A5))
                v.push_back(&o);
        return v;
    }();
    const isa::OpInfo& op = *pick(linx_ops);
    Block b;
    b.op = &op;
    b.type = pick(source_types(op));
    for (auto& lb : b.lb)
        if (*rc::gen::arbitrary<bool>())
            lb = LoopBound{static_cast<uint8_t>(*rc::gen::oneOf(rc::gen::just(0), rc::gen::inRange(0, 32))),
                           imm17()};
    const int nsrc = *rc::gen::inRange<int>(op.src_min, op.src_max + 1);
    for (int i = 0; i < nsrc; ++i)
        b.srcs.push_back(tile());
    for (int i = 0; i < op.dsts; ++i)
        b.dsts.push_back(destination());
    for (int i = 0; i < op.scalars; ++i)
        b.scalars.push_back(static_cast<uint8_t>(*rc::gen::inRange(0, 32)));
    if (op.needs_datr() || *rc::gen::arbitrary<bool>()) {
        Datr d;
        d.type = b.type;
        if (op.has(isa::kDstType)) {
            std::vector<DType> dst;
            for (DType t : valid_types())
                if (op.pairs != nullptr ? op.pairs->allows(ptosim::Arch::A5, b.type, t)
                                        : op.dst_types_for(ptosim::Arch::A5).empty() ||
                                              op.dst_types_for(ptosim::Arch::A5).contains(t))
                    dst.push_back(t);
            d.type = pick(dst);
        }
        d.pad = static_cast<uint8_t>(op.has(isa::kByteId) ? *rc::gen::inRange(0, b.type == DType::U16 ? 2 : 4)
                                                          : *rc::gen::inRange(0, 4));
        if (op.has(isa::kCMode))
            d.cmode = static_cast<uint8_t>(*rc::gen::inRange(0, 6));
        if (op.has(isa::kRMode))
            d.rmode = static_cast<uint8_t>(*rc::gen::inRange(0, 8));
        d.sat = op.has(isa::kSat) && *rc::gen::arbitrary<bool>();
        d.canon = op.has(isa::kCanon) && *rc::gen::arbitrary<bool>();
        b.datr = d;
    }
    b.insns = lower(b);
    return b;
}

// The same meaning in other words: 16-bit forms, another LB order, another B.IOT packing, B.IOR elsewhere,
// another stop (or none).
std::vector<Insn> respell(const Block& b) {
    std::vector<Insn> dims, ios;
    for (const Insn& i : b.insns) {
        if (is_dim(i.kind)) {
            Insn d = i;
            if (d.reg == 0 && d.imm < 256 && *rc::gen::arbitrary<bool>())
                d.kind = Kind::CBDimI;
            else if (d.imm == 0 && *rc::gen::arbitrary<bool>())
                d.kind = Kind::CBDim;
            dims.push_back(d);
        }
    }
    std::vector<std::size_t> order(dims.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    for (std::size_t k = order.size(); k > 1; --k)
        std::swap(order[k - 1], order[*rc::gen::inRange<std::size_t>(0, k)]);

    // B.IOT words: sources in order, at most two per word; destinations in order, at most one per word.
    std::vector<Insn> iots;
    Insn cur;
    cur.kind = Kind::BIot;
    bool open = false;
    for (const TileRef& s : b.srcs) {
        if (open && (cur.nsrc == 2 || *rc::gen::arbitrary<bool>())) {
            iots.push_back(cur);
            cur = Insn{};
            cur.kind = Kind::BIot;
        }
        cur.src[cur.nsrc++] = s;
        open = true;
    }
    if (open)
        iots.push_back(cur);
    std::size_t next = 0;  // first word a destination may go to
    for (const TileDst& d : b.dsts) {
        while (next < iots.size() && (iots[next].dst || *rc::gen::arbitrary<bool>()))
            ++next;
        if (next == iots.size()) {
            Insn w;
            w.kind = Kind::BIot;
            iots.push_back(w);
        }
        iots[next++].dst = d;
    }
    if (iots.empty() || *rc::gen::inRange(0, 4) == 0) {
        Insn w;
        w.kind = Kind::BIot;
        iots.push_back(w);
    }
    iots.back().last = true;

    std::vector<Insn> out{b.insns.front()};
    if (b.datr) {
        Insn d;
        d.kind = Kind::BDatr;
        d.datr = *b.datr;
        out.push_back(d);
    }
    for (std::size_t k : order)
        out.push_back(dims[k]);
    const std::size_t ior_at = *rc::gen::inRange<std::size_t>(0, iots.size() + 1);
    for (std::size_t k = 0; k <= iots.size(); ++k) {
        if (k == ior_at && b.op->scalars > 0) {
            Insn ior;
            ior.kind = Kind::BIor;
            for (std::size_t s = 0; s < b.scalars.size(); ++s)
                ior.rs[s] = b.scalars[s];
            out.push_back(ior);
        }
        if (k < iots.size())
            out.push_back(iots[k]);
    }
    const int stop = *rc::gen::inRange(0, 3);
    if (stop < 2) {
        Insn s;
        s.kind = stop == 0 ? Kind::BStop : Kind::CBStop;
        out.push_back(s);
    }
    return out;
}

void check_same_meaning(const Block& a, const Block& b) {
    RC_ASSERT(a.op == b.op);
    RC_ASSERT(a.type == b.type);
    RC_ASSERT(a.datr == b.datr);
    RC_ASSERT(a.lb == b.lb);
    RC_ASSERT(a.srcs == b.srcs);
    RC_ASSERT(a.dsts == b.dsts);
    RC_ASSERT(a.scalars == b.scalars);
}

// words -> decode -> encode, and text (folded and raw) -> words -> text.
void check_round_trips(const std::vector<Word>& words, std::size_t blocks) {
    const auto decoded = decode(words);
    RC_ASSERT(decoded.ok());
    RC_ASSERT(decoded.value.size() == blocks);
    RC_ASSERT(encode(decoded.value) == words);
    for (bool raw : {false, true}) {
        PrintOptions opts;
        opts.raw = raw;
        const std::string text = print(decoded.value, opts);
        const auto parsed = parse(text);
        RC_ASSERT(parsed.ok());
        RC_ASSERT(encode(parsed.value) == words);
        RC_ASSERT(print(parsed.value, opts) == text);
    }
    const auto bytes = to_bytes(words);
    const auto again = decode_bytes(bytes);
    RC_ASSERT(again.ok());
    RC_ASSERT(encode(again.value) == words);
    const auto hex = parse_hex(to_hex(words));
    RC_ASSERT(hex.ok());
    RC_ASSERT(hex.value.words == words);
}

RC_GTEST_PROP(RoundTrip, CanonicalBlock, ()) {
    const Block b = arbitrary_block();
    std::size_t where = 0;
    const auto checked = make_block(b.insns, ptosim::Arch::A5, &where);
    RC_ASSERT(static_cast<bool>(checked));
    const std::vector<Word> words = encode(b);
    const auto decoded = decode(words);
    RC_ASSERT(decoded.ok());
    RC_ASSERT(decoded.value.size() == 1u);
    check_same_meaning(decoded.value[0], b);
    RC_ASSERT(is_canonical(decoded.value[0]));
    // Canonical blocks print folded: one line, no raw BSTART.
    const std::string text = print(decoded.value);
    RC_ASSERT(std::count(text.begin(), text.end(), '\n') == 1);
    RC_ASSERT(text.find("BSTART") == std::string::npos);
    check_round_trips(words, 1);
}

RC_GTEST_PROP(RoundTrip, Program, ()) {
    const int n = *rc::gen::inRange(1, 6);
    std::vector<Word> words;
    for (int i = 0; i < n; ++i) {
        const auto w = encode(arbitrary_block());
        words.insert(words.end(), w.begin(), w.end());
    }
    check_round_trips(words, static_cast<std::size_t>(n));
}

RC_GTEST_PROP(RoundTrip, RespelledBlock, ()) {
    const Block b = arbitrary_block();
    const std::vector<Insn> insns = respell(b);
    std::size_t where = 0;
    const auto checked = make_block(insns, ptosim::Arch::A5, &where);
    RC_ASSERT(static_cast<bool>(checked));
    check_same_meaning(*checked, b);
    std::vector<Word> words;
    for (const Insn& i : insns)
        words.push_back(encode_insn(i));
    // A block without a stop is ended by the next BSTART: append a canonical block after it.
    const auto tail = encode(arbitrary_block());
    words.insert(words.end(), tail.begin(), tail.end());
    check_round_trips(words, 2);
    // Non-canonical words print as raw lines even in the default (folded) mode.
    if (insns != b.insns)
        RC_ASSERT(print_block(*checked).rfind("BSTART.TEPL", 0) == 0u);
}

// Valid blocks with a few bits flipped: whatever still decodes must encode back to the same words and survive
// the text trip (most flips land in a field and give another valid block, some give an error status).
RC_GTEST_PROP(RoundTrip, MutatedWords, ()) {
    const Block b = arbitrary_block();
    const std::vector<Insn> insns = *rc::gen::arbitrary<bool>() ? b.insns : respell(b);
    std::vector<Word> words;
    for (const Insn& i : insns)
        words.push_back(encode_insn(i));
    const int flips = *rc::gen::inRange(1, 4);
    for (int f = 0; f < flips; ++f) {
        Word& w = words[*rc::gen::inRange<std::size_t>(0, words.size())];
        w.bits ^= 1u << *rc::gen::inRange(1, w.size * 8);  // bit 0 (the length) stays
    }
    const auto decoded = decode(words);
    RC_TAG(decoded.ok() ? "decoded" : std::string(status_name(decoded.diags.at(0).status)));
    if (decoded.ok())
        check_round_trips(words, decoded.value.size());
}

}  // namespace
