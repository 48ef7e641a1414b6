#include "ptosim/asm/codec.hpp"

#include <string>

namespace ptosim::linx {

namespace {

Loc word_loc(std::span<const Loc> locs, std::size_t index, uint32_t offset) {
    Loc loc = index < locs.size() ? locs[index] : Loc{};
    loc.offset = offset;
    loc.word = static_cast<uint32_t>(index);
    return loc;
}

}  // namespace

Result<std::vector<Word>> split_words(std::span<const uint8_t> bytes) {
    Result<std::vector<Word>> r;
    std::size_t i = 0;
    while (i < bytes.size()) {
        const Loc loc{0, 0, static_cast<uint32_t>(i), static_cast<uint32_t>(r.value.size())};
        if (i + 2 > bytes.size()) {
            r.diags.push_back({AsmStatus::TruncatedInput, "odd number of bytes", loc});
            return r;
        }
        const uint32_t lo = static_cast<uint32_t>(bytes[i]) | static_cast<uint32_t>(bytes[i + 1]) << 8;
        if ((lo & 1u) == 0) {
            r.value.push_back({lo, 2});
            i += 2;
            continue;
        }
        if (i + 4 > bytes.size()) {
            r.diags.push_back({AsmStatus::TruncatedInput, "a 32-bit instruction needs 4 bytes", loc});
            return r;
        }
        const uint32_t hi = static_cast<uint32_t>(bytes[i + 2]) | static_cast<uint32_t>(bytes[i + 3]) << 8;
        r.value.push_back({lo | hi << 16, 4});
        i += 4;
    }
    return r;
}

Result<Program> decode(std::span<const Word> words, const DecodeOptions& opts, std::span<const Loc> locs) {
    Result<Program> r;
    std::vector<Insn> open;
    std::size_t open_index = 0;  // word index of the open block's BSTART
    std::vector<uint32_t> offsets;
    uint32_t offset = 0;

    const auto close = [&]() -> bool {
        if (open.empty())
            return true;
        std::size_t where = 0;
        Expected<Block> b = make_block(open, opts.arch, &where);
        if (!b) {
            const std::size_t index = open_index + where;
            r.diags.push_back({b.error().status, b.error().detail, word_loc(locs, index, offsets[where])});
            return false;
        }
        b->loc = word_loc(locs, open_index, offsets[0]);
        r.value.push_back(std::move(*b));
        open.clear();
        offsets.clear();
        return true;
    };

    for (std::size_t i = 0; i < words.size(); ++i) {
        const Word w = words[i];
        Expected<Insn> insn = decode_insn(w);
        if (!insn) {
            r.diags.push_back({insn.error().status, insn.error().detail, word_loc(locs, i, offset)});
            return r;
        }
        if (is_bstart(insn->kind)) {
            if (!close())
                return r;
            open_index = i;
        } else if (open.empty()) {
            r.diags.push_back({AsmStatus::OutsideBlock, "no BSTART before it", word_loc(locs, i, offset)});
            return r;
        }
        open.push_back(*insn);
        offsets.push_back(offset);
        offset += w.size;
        if (is_stop(insn->kind) && !close())
            return r;
    }
    close();
    return r;
}

Result<Program> decode_bytes(std::span<const uint8_t> bytes, const DecodeOptions& opts) {
    Result<std::vector<Word>> words = split_words(bytes);
    if (!words.ok())
        return {{}, std::move(words.diags)};
    return decode(words.value, opts);
}

std::vector<Word> encode(const Block& b) {
    std::vector<Word> out;
    out.reserve(b.insns.size());
    for (const Insn& i : b.insns)
        out.push_back(encode_insn(i));
    return out;
}

std::vector<Word> encode(const Program& p) {
    std::vector<Word> out;
    for (const Block& b : p)
        for (const Insn& i : b.insns)
            out.push_back(encode_insn(i));
    return out;
}

std::vector<uint8_t> to_bytes(std::span<const Word> words) {
    std::vector<uint8_t> out;
    for (const Word& w : words)
        for (unsigned k = 0; k < w.size; ++k)
            out.push_back(static_cast<uint8_t>(w.bits >> (8 * k)));
    return out;
}

std::string to_hex(std::span<const Word> words) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (const Word& w : words) {
        for (int k = w.size * 2 - 1; k >= 0; --k)
            out += kDigits[(w.bits >> (4 * k)) & 15u];
        out += '\n';
    }
    return out;
}

Result<HexWords> parse_hex(std::string_view text) {
    Result<HexWords> r;
    uint32_t line = 1;
    std::size_t i = 0;
    std::size_t line_start = 0;
    const auto is_hex = [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == ',') {
            ++i;
            continue;
        }
        if (c == '#' || (c == '/' && i + 1 < text.size() && text[i + 1] == '/')) {
            while (i < text.size() && text[i] != '\n')
                ++i;
            continue;
        }
        const Loc loc{line, static_cast<uint32_t>(i - line_start + 1), 0, 0};
        std::size_t j = i;
        while (j < text.size() && text[j] != '\n' && text[j] != ' ' && text[j] != '\t' && text[j] != '\r' &&
               text[j] != ',' && text[j] != '#')
            ++j;
        std::string_view tok = text.substr(i, j - i);
        i = j;
        if (tok.size() > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'))
            tok.remove_prefix(2);
        bool ok = tok.size() == 4 || tok.size() == 8;
        uint32_t v = 0;
        for (char d : tok) {
            ok = ok && is_hex(d);
            if (!ok)
                break;
            v = v << 4 | static_cast<uint32_t>(d <= '9' ? d - '0' : (d | 0x20) - 'a' + 10);
        }
        if (!ok) {
            r.diags.push_back({AsmStatus::BadHexWord, diag::quoted(tok), loc});
            return r;
        }
        const uint8_t size = tok.size() == 4 ? 2 : 4;
        if ((size == 4) != ((v & 1u) != 0)) {
            r.diags.push_back({AsmStatus::BadHexWord,
                               size == 4 ? "an 8-digit word must have bit 0 (W) set"
                                         : "a 4-digit word must have bit 0 (W) clear",
                               loc});
            return r;
        }
        r.value.words.push_back({v, size});
        r.value.locs.push_back(loc);
    }
    return r;
}

}  // namespace ptosim::linx
