#include "ptosim/machine/program.hpp"

#include <algorithm>

#include "ptosim/asm/codec.hpp"
#include "ptosim/asm/parser.hpp"
#include "ptosim/asm/printer.hpp"
#include "ptosim/machine/data.hpp"
#include "ptosim/pto_as/printer.hpp"
#include "ptosim/pto_as/sync.hpp"

namespace ptosim::machine {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && linx::iequals(s.substr(s.size() - suffix.size()), suffix);
}

std::string_view trim_left(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    return s;
}

Problem problem(const pto_as::Diag& d) {
    return Problem{d.message(), linx::Loc{d.loc.line, d.loc.col, 0, 0}};
}

}  // namespace

std::string_view source_kind_name(SourceKind k) {
    switch (k) {
        case SourceKind::LinxText:
            return "Linx text";
        case SourceKind::LinxBinary:
            return "Linx binary";
        case SourceKind::PtoAs:
            return "PTO-AS";
    }
    return "?";
}

SourceKind detect_kind(std::string_view path, std::string_view data) {
    if (ends_with(path, ".pto"))
        return SourceKind::PtoAs;
    if (ends_with(path, ".bin"))
        return SourceKind::LinxBinary;
    for (const char c : data) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\v' && c != '\f')
            return SourceKind::LinxBinary;
    }
    std::size_t pos = 0;
    while (pos < data.size()) {
        std::size_t nl = data.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = data.size();
        const std::string_view line = trim_left(data.substr(pos, nl - pos));
        pos = nl + 1;
        if (line.empty() || line.starts_with("//") || line.starts_with("#"))
            continue;
        if (line.starts_with(".arg") || line.starts_with(".const") || line.starts_with("%") ||
            line.starts_with("pto."))
            return SourceKind::PtoAs;
        if (line.starts_with(".tile") || line.starts_with(".reg") || line.starts_with(".dump"))
            continue;
        // A synchronous PTO-AS statement without results, e.g. "tassign %t, 0x1000".
        const std::size_t sp = line.find_first_of(" \t");
        if (sp != std::string_view::npos && trim_left(line.substr(sp)).starts_with("%"))
            return SourceKind::PtoAs;
        return SourceKind::LinxText;
    }
    return SourceKind::LinxText;
}

std::vector<Problem> apply_directive(Loaded& p, const pto_as::Directive& d, const LoadOptions& opts) {
    std::vector<Problem> out;
    const auto report = [&](pto_as::Status s, std::string detail, pto_as::Loc loc) {
        out.push_back(problem(pto_as::Diag{s, std::move(detail), loc}));
    };
    switch (d.kind) {
        case pto_as::Directive::Kind::Tile: {
            const pto_as::TileDecl& t = d.tile;
            for (const TileInit& have : p.tiles)
                if (have.hand == t.where.hand && have.index == t.where.index)
                    report(pto_as::Status::DuplicateTile,
                           std::string(linx::hand_name(t.where.hand)) + "#" + std::to_string(t.where.index),
                           t.loc);
            if (!out.empty())
                return out;
            TileInit init;
            init.hand = t.where.hand;
            init.index = t.where.index;
            init.shape = TileShape{t.dtype, Layout::row_major(t.rows, t.cols), t.rows, t.cols};
            const std::size_t count = static_cast<std::size_t>(t.rows) * static_cast<std::size_t>(t.cols);
            init.size = t.size_class ? 16u << *t.size_class : size_class_bytes(count * dtype_size(t.dtype));
            pto_as::Status status{};
            std::string why;
            auto bytes = make_data(t.data, t.dtype, count, opts.base_dir, &status, &why);
            if (!bytes) {
                report(status, why, t.data.loc);
                return out;
            }
            init.bytes = std::move(*bytes);
            init.data = t.data;
            p.tiles.push_back(std::move(init));
            return out;
        }
        case pto_as::Directive::Kind::Reg:
            p.regs.push_back(d.reg);
            return out;
        case pto_as::Directive::Kind::Dump:
            p.dumps.push_back(d.dump);
            return out;
    }
    return out;
}

LoadResult load_program(std::string_view data, SourceKind kind, const LoadOptions& opts) {
    LoadResult r;
    r.value.kind = kind;
    switch (kind) {
        case SourceKind::LinxBinary: {
            linx::DecodeOptions d;
            d.arch = opts.arch;
            const auto* bytes = reinterpret_cast<const uint8_t*>(data.data());
            auto dec = linx::decode_bytes(std::span<const uint8_t>(bytes, data.size()), d);
            for (const linx::Diag& diag : dec.diags)
                r.problems.push_back({diag.message(), diag.loc});
            r.value.blocks = std::move(dec.value);
            return r;
        }
        case SourceKind::PtoAs: {
            auto parsed = pto_as::parse(data);
            if (!parsed.ok()) {
                for (const pto_as::Diag& diag : parsed.diags)
                    r.problems.push_back(problem(diag));
                return r;
            }
            return lower(parsed.value, opts);
        }
        case SourceKind::LinxText:
            break;
    }
    // Linx text: the directive lines go to the directive parser and become blank lines for the assembler, so
    // that its line numbers stay those of the file.
    std::string text;
    text.reserve(data.size());
    uint32_t lineno = 0;
    std::size_t pos = 0;
    while (pos <= data.size()) {
        std::size_t nl = data.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = data.size();
        const std::string_view line = data.substr(pos, nl - pos);
        ++lineno;
        if (pto_as::is_directive_line(line)) {
            auto d = pto_as::parse_linx_directive(line, lineno);
            if (!d.ok()) {
                for (const pto_as::Diag& diag : d.diags)
                    r.problems.push_back(problem(diag));
            } else {
                for (Problem& pr : apply_directive(r.value, d.value, opts))
                    r.problems.push_back(std::move(pr));
            }
        } else {
            text.append(line);
        }
        if (nl < data.size())
            text.push_back('\n');
        pos = nl + 1;
    }
    linx::AsmOptions a;
    a.arch = opts.arch;
    auto parsed = linx::parse(text, a);
    for (const linx::Diag& diag : parsed.diags)
        r.problems.push_back({diag.message(), diag.loc});
    // Report in line order, whichever parser found them.
    std::stable_sort(r.problems.begin(), r.problems.end(),
                     [](const Problem& x, const Problem& y) { return x.loc.line < y.loc.line; });
    r.value.blocks = std::move(parsed.value);
    return r;
}

void init(Machine& m, const Loaded& p) {
    for (const TileInit& t : p.tiles)
        m.place(t.hand, t.index, t.shape, t.size, t.bytes);
    for (const pto_as::RegInit& r : p.regs)
        m.set_reg(r.reg, r.bits);
    m.load(p.blocks, p.steps);
}

std::optional<linx::TileRef> resolve(const Loaded& p, std::string_view name, std::string* why) {
    if (name.starts_with("%")) {
        for (const NamedTile& n : p.names)
            if (n.name == name)
                return linx::TileRef{n.hand, n.index, false};
        *why = std::string("no tile named ") + std::string(name);
        return std::nullopt;
    }
    auto d = pto_as::parse_linx_directive(std::string(".dump ") + std::string(name), 0);
    if (!d.ok()) {
        *why = d.diags[0].message();
        return std::nullopt;
    }
    const std::string_view s = d.value.dump.name;
    linx::TileRef r;
    r.hand = s[0] == 'T' || s[0] == 't'   ? Hand::T
             : s[0] == 'U' || s[0] == 'u' ? Hand::U
             : s[0] == 'M' || s[0] == 'm' ? Hand::M
                                          : Hand::N;
    r.index = static_cast<uint8_t>(std::stoi(std::string(s.substr(2))));
    return r;
}

std::string print_linx(const Loaded& p) {
    std::string out;
    for (const TileInit& t : p.tiles) {
        pto_as::Directive d;
        d.kind = pto_as::Directive::Kind::Tile;
        d.tile.where = linx::TileRef{t.hand, t.index, false};
        d.tile.dtype = t.shape.dtype;
        d.tile.rows = t.shape.layout.rows;
        d.tile.cols = t.shape.layout.cols;
        if (size_class_bytes(t.bytes.size()) != t.size) {
            uint8_t code = 1;
            while ((16u << code) < t.size)
                ++code;
            d.tile.size_class = code;
        }
        d.tile.data = t.data;
        out += pto_as::print_directive(d);
        if (!t.name.empty())
            out += std::string("  # ") + t.name;
        out += "\n";
    }
    for (const pto_as::RegInit& r : p.regs) {
        pto_as::Directive d;
        d.kind = pto_as::Directive::Kind::Reg;
        d.reg = r;
        out += pto_as::print_directive(d) + "\n";
    }
    for (const pto_as::DumpSpec& dump : p.dumps) {
        pto_as::Directive d;
        d.kind = pto_as::Directive::Kind::Dump;
        d.dump = dump;
        std::string why;
        if (dump.name.starts_with("%"))
            if (const auto t = resolve(p, dump.name, &why))
                d.dump.name = std::string(linx::hand_name(t->hand)) + "#" + std::to_string(t->index);
        out += pto_as::print_directive(d);
        if (dump.name != d.dump.name)
            out += std::string("  # ") + dump.name;
        out += "\n";
    }
    // The synchronisation statements have no Linx encoding: comments show where they run.
    std::size_t next = 0;
    const auto steps_before = [&](std::size_t block) {
        for (; next < p.steps.size() && p.steps[next].before <= block; ++next) {
            const Step& st = p.steps[next];
            if (st.kind == Step::Kind::Load)
                continue;
            pto_as::SyncSpec sync;
            sync.kind = st.kind == Step::Kind::SetFlag    ? pto_as::SyncKind::SetFlag
                        : st.kind == Step::Kind::WaitFlag ? pto_as::SyncKind::WaitFlag
                                                          : pto_as::SyncKind::Barrier;
            sync.src = st.src;
            sync.dst = st.dst;
            sync.event = st.event;
            out += "# " + pto_as::print_sync(sync) +
                   "  (no LinxISA encoding: synchronisation runs from PTO-AS only)\n";
        }
    };
    for (std::size_t i = 0; i < p.blocks.size(); ++i) {
        steps_before(i);
        out += linx::print_block(p.blocks[i]);
    }
    steps_before(p.blocks.size());
    return out;
}

}  // namespace ptosim::machine
