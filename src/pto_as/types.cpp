#include "ptosim/pto_as/types.hpp"

#include <array>
#include <charconv>
#include <vector>

#include "ptosim/asm/insn.hpp"

namespace ptosim::pto_as {

namespace {

using linx::iequals;

constexpr std::array<std::pair<std::string_view, Space>, 7> kSpaces{{{"vec", Space::Vec},
                                                                     {"mat", Space::Mat},
                                                                     {"left", Space::Left},
                                                                     {"right", Space::Right},
                                                                     {"acc", Space::Acc},
                                                                     {"bias", Space::Bias},
                                                                     {"scaling", Space::Scaling}}};

std::optional<Space> parse_space(std::string_view s) {
    for (const auto& [name, space] : kSpaces)
        if (iequals(s, name))
            return space;
    return std::nullopt;
}

std::optional<BLayout> parse_blayout(std::string_view s) {
    if (iequals(s, "row_major") || iequals(s, "RowMajor"))
        return BLayout::RowMajor;
    if (iequals(s, "col_major") || iequals(s, "ColMajor"))
        return BLayout::ColMajor;
    return std::nullopt;
}

std::optional<SLayout> parse_slayout(std::string_view s) {
    if (iequals(s, "none_box") || iequals(s, "NoneBox"))
        return SLayout::NoneBox;
    if (iequals(s, "row_major") || iequals(s, "RowMajor"))
        return SLayout::RowMajor;
    if (iequals(s, "col_major") || iequals(s, "ColMajor"))
        return SLayout::ColMajor;
    return std::nullopt;
}

std::optional<int32_t> parse_int(std::string_view s) {
    int32_t v = 0;
    if (s.empty())
        return std::nullopt;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < 0)
        return std::nullopt;
    return v;
}

std::optional<int32_t> parse_pad(std::string_view s) {
    if (const auto v = parse_int(s); v && *v <= 3)
        return v;
    static constexpr std::string_view kNames[] = {"null", "zero", "max", "min"};
    for (int32_t i = 0; i < 4; ++i)
        if (iequals(s, kNames[i]))
            return i;
    return std::nullopt;
}

std::string_view trim(std::string_view s, std::size_t* lead) {
    std::size_t a = 0;
    // Blanks, and the line breaks of a type written over several lines.
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (a < s.size() && blank(s[a]))
        ++a;
    std::size_t b = s.size();
    while (b > a && blank(s[b - 1]))
        --b;
    *lead = a;
    return s.substr(a, b - a);
}

struct Item {
    std::string_view key;  // "" for a bare item
    std::string_view value;
    uint32_t col;
};

// "RxC" with '?' allowed when dynamic_ok.
bool parse_extent(std::string_view s, bool dynamic_ok, int32_t* r, int32_t* c) {
    const auto x = s.find('x');
    if (x == std::string_view::npos)
        return false;
    const auto one = [&](std::string_view t, int32_t* out) {
        if (dynamic_ok && t == "?") {
            *out = kDynamic;
            return true;
        }
        const auto v = parse_int(t);
        if (!v)
            return false;
        *out = *v;
        return true;
    };
    return one(s.substr(0, x), r) && one(s.substr(x + 1), c);
}

// "16x16xf32": rows, cols, element type.
bool parse_shape(std::string_view s, TileType* t) {
    const auto x1 = s.find('x');
    if (x1 == std::string_view::npos)
        return false;
    const auto x2 = s.find('x', x1 + 1);
    if (x2 == std::string_view::npos)
        return false;
    const auto r = parse_int(s.substr(0, x1));
    const auto c = parse_int(s.substr(x1 + 1, x2 - x1 - 1));
    const auto d = parse_dtype(s.substr(x2 + 1));
    if (!r || !c || !d)
        return false;
    t->rows = *r;
    t->cols = *c;
    t->dtype = *d;
    return true;
}

struct Fail {
    Status status;
    std::string detail;
    uint32_t col;
};

std::string q(std::string_view s) {
    std::string r(1, '\'');
    r.append(s).push_back('\'');
    return r;
}

TileType parse_tile_body(std::string_view body, uint32_t col0, bool buf) {
    std::vector<Item> items;
    std::size_t pos = 0;
    while (pos <= body.size()) {
        std::size_t end = body.find(',', pos);
        if (end == std::string_view::npos)
            end = body.size();
        std::size_t lead = 0;
        const std::string_view raw = trim(body.substr(pos, end - pos), &lead);
        const auto col = static_cast<uint32_t>(col0 + pos + lead);
        if (raw.empty())
            throw Fail{Status::BadType, "empty field", col};
        Item it{"", raw, col};
        if (const auto eq = raw.find('='); eq != std::string_view::npos) {
            std::size_t l1 = 0, l2 = 0;
            it.key = trim(raw.substr(0, eq), &l1);
            it.value = trim(raw.substr(eq + 1), &l2);
        }
        items.push_back(it);
        pos = end + 1;
    }

    TileType t;
    t.buf = buf;
    bool valid_rows_given = false, valid_cols_given = false;
    if (!items.empty() && iequals(items[0].key, "loc")) {
        // Key form: each key once, in any order (PTOAS writes blayout= before v_row= in some programs).
        static constexpr std::string_view kKeys[] = {"loc",     "dtype", "rows",    "cols",
                                                     "v_row",   "v_col", "blayout", "slayout",
                                                     "fractal", "pad",   "compact"};
        bool seen[std::size(kKeys)] = {};
        for (const Item& it : items) {
            std::size_t k = 0;
            while (k < std::size(kKeys) && !iequals(it.key, kKeys[k]))
                ++k;
            if (k >= std::size(kKeys) || seen[k])
                throw Fail{Status::BadType,
                           q(it.key.empty() ? it.value : it.key) +
                               (k < std::size(kKeys) ? " given twice" : "") +
                               " (key form: loc=, dtype=, rows=, cols=, and optionally v_row=, v_col=, "
                               "blayout=, slayout=, fractal=, pad=, compact=; each once)",
                           it.col};
            seen[k] = true;
            const std::string_view v = it.value;
            bool ok = true;
            switch (k) {
                case 0:
                    if (const auto s = parse_space(v))
                        t.loc = *s;
                    else
                        ok = false;
                    break;
                case 1:
                    if (const auto d = parse_dtype(v))
                        t.dtype = *d;
                    else
                        ok = false;
                    break;
                case 2:
                case 3: {
                    const auto n = parse_int(v);
                    ok = n.has_value();
                    (k == 2 ? t.rows : t.cols) = n.value_or(0);
                    break;
                }
                case 4:
                case 5: {
                    int32_t& out = k == 4 ? t.valid_rows : t.valid_cols;
                    if (v == "?") {
                        out = kDynamic;
                    } else {
                        const auto n = parse_int(v);
                        ok = n.has_value();
                        out = n.value_or(0);
                    }
                    (k == 4 ? valid_rows_given : valid_cols_given) = true;
                    break;
                }
                case 6:
                    if (const auto b = parse_blayout(v))
                        t.blayout = *b;
                    else
                        ok = false;
                    break;
                case 7:
                    if (const auto s = parse_slayout(v))
                        t.slayout = *s;
                    else
                        ok = false;
                    break;
                case 8:
                case 9:
                case 10: {
                    const auto n = k == 9 ? parse_pad(v) : parse_int(v);
                    ok = n.has_value();
                    (k == 8 ? t.fractal : k == 9 ? t.pad : t.compact) = n.value_or(0);
                    break;
                }
                default:
                    break;
            }
            if (!ok)
                throw Fail{Status::BadType, std::string(kKeys[k]) + "=" + q(v), it.col};
        }
        if (!seen[0] || !seen[1] || !seen[2] || !seen[3])
            throw Fail{Status::BadType, "the key form needs loc=, dtype=, rows= and cols=", col0};
        if (!valid_rows_given)
            t.valid_rows = t.rows;
        if (!valid_cols_given)
            t.valid_cols = t.cols;
    } else {
        // Compact form: [loc,] RxCxT, then key=value in any order.
        std::size_t i = 0;
        if (i < items.size() && items[i].key.empty()) {
            if (const auto s = parse_space(items[i].value)) {
                t.loc = *s;
                ++i;
            }
        }
        if (i >= items.size() || !items[i].key.empty() || !parse_shape(items[i].value, &t))
            throw Fail{
                Status::BadType,
                "expected ROWSxCOLSxTYPE such as 16x16xf32" +
                    (i < items.size() ? std::string(" (got ") + q(items[i].value) + ")" : std::string()),
                i < items.size() ? items[i].col : col0};
        ++i;
        t.valid_rows = t.rows;
        t.valid_cols = t.cols;
        uint32_t seen = 0;
        for (; i < items.size(); ++i) {
            const Item& it = items[i];
            static constexpr std::string_view kKeys[] = {"valid",   "blayout", "slayout",
                                                         "fractal", "pad",     "compact"};
            std::size_t k = 0;
            while (k < std::size(kKeys) && !iequals(it.key, kKeys[k]))
                ++k;
            if (k >= std::size(kKeys))
                throw Fail{Status::BadType,
                           std::string("unknown field ") + q(it.key.empty() ? it.value : it.key), it.col};
            if (seen & (1u << k))
                throw Fail{Status::BadType, std::string("field given twice: ") + q(it.key), it.col};
            seen |= 1u << k;
            bool ok = true;
            switch (k) {
                case 0:
                    ok = parse_extent(it.value, true, &t.valid_rows, &t.valid_cols);
                    break;
                case 1:
                    if (const auto b = parse_blayout(it.value))
                        t.blayout = *b;
                    else
                        ok = false;
                    break;
                case 2:
                    if (const auto s = parse_slayout(it.value))
                        t.slayout = *s;
                    else
                        ok = false;
                    break;
                default: {
                    const auto n = k == 4 ? parse_pad(it.value) : parse_int(it.value);
                    ok = n.has_value();
                    (k == 3 ? t.fractal : k == 4 ? t.pad : t.compact) = n.value_or(0);
                    break;
                }
            }
            if (!ok)
                throw Fail{Status::BadType, std::string(kKeys[k]) + "=" + q(it.value), it.col};
        }
    }
    if (t.rows <= 0 || t.cols <= 0)
        throw Fail{Status::BadType, "rows and cols must be positive", col0};
    if ((t.valid_rows != kDynamic && t.valid_rows > t.rows) ||
        (t.valid_cols != kDynamic && t.valid_cols > t.cols))
        throw Fail{Status::BadType,
                   std::string("valid shape ") + std::to_string(t.valid_rows) + "x" +
                       std::to_string(t.valid_cols) + std::string(" exceeds the tile ") +
                       std::to_string(t.rows) + "x" + std::to_string(t.cols),
                   col0};
    return t;
}

std::string extent(int32_t v) {
    return v == kDynamic ? "?" : std::to_string(v);
}

}  // namespace

std::string_view space_name(Space s) {
    for (const auto& [name, space] : kSpaces)
        if (space == s)
            return name;
    return "?";
}

std::string mlir_dtype_name(DType t) {
    switch (t) {
        case DType::F64:
            return "f64";
        case DType::F32:
            return "f32";
        case DType::F16:
            return "f16";
        case DType::BF16:
            return "bf16";
        case DType::S8:
            return "i8";
        case DType::S16:
            return "i16";
        case DType::S32:
            return "i32";
        case DType::S64:
            return "i64";
        case DType::U8:
            return "ui8";
        case DType::U16:
            return "ui16";
        case DType::U32:
            return "ui32";
        case DType::U64:
            return "ui64";
        default: {
            std::string s(dtype_name(t));
            for (char& c : s)
                if (c >= 'A' && c <= 'Z')
                    c = static_cast<char>(c - 'A' + 'a');
            return s;
        }
    }
}

std::optional<Type> parse_type(std::string_view text, uint32_t col, TypeError* err) {
    Type t;
    try {
        const bool tile_buf = text.starts_with("!pto.tile_buf<");
        const bool tile = text.starts_with("!pto.tile<");
        if (tile_buf || tile) {
            const std::size_t open = text.find('<');
            if (text.back() != '>')
                throw Fail{Status::BadType, q(text), col};
            t.kind = Type::Kind::Tile;
            t.tile = parse_tile_body(text.substr(open + 1, text.size() - open - 2),
                                     static_cast<uint32_t>(col + open + 1), tile_buf);
            return t;
        }
        if (text.starts_with("!"))
            throw Fail{Status::BadType, q(text) + " (tile types are !pto.tile<...> and !pto.tile_buf<...>)",
                       col};
        if (iequals(text, "index")) {
            t.kind = Type::Kind::Index;
            return t;
        }
        if (const auto d = parse_dtype(text)) {
            t.kind = Type::Kind::Scalar;
            t.scalar = *d;
            return t;
        }
        throw Fail{Status::BadType, q(text), col};
    } catch (const Fail& f) {
        if (err)
            *err = TypeError{f.status, f.detail, f.col};
        return std::nullopt;
    }
}

std::optional<VRegType> parse_vreg_type(std::string_view text, uint32_t col, TypeError* err) {
    auto bad = [&](std::string detail, std::size_t at) -> std::optional<VRegType> {
        if (err)
            *err = TypeError{Status::BadType, std::move(detail), static_cast<uint32_t>(col + at)};
        return std::nullopt;
    };
    constexpr std::string_view kHead = "!pto.vreg<";
    if (!text.starts_with(kHead) || !text.ends_with(">"))
        return bad(q(text) + " (a vector register type: !pto.vreg<NxT>)", 0);
    const std::string_view body = text.substr(kHead.size(), text.size() - kHead.size() - 1);
    const std::size_t x = body.find('x');
    const auto lanes = x == std::string_view::npos ? std::nullopt : parse_int(body.substr(0, x));
    if (!lanes)
        return bad(q(text) + " (a vector register type: !pto.vreg<NxT>, N lanes of T)", kHead.size());
    const std::string_view elem = body.substr(x + 1);
    const auto d = parse_dtype(elem);
    if (!d || dtype_size(*d) == 0 || dtype_size(*d) > 8)
        return bad(q(elem) + " (a vector register's element type: f32, f16, bf16, i8 .. i64, ui8 .. ui64)",
                   kHead.size() + x + 1);
    const int32_t want = static_cast<int32_t>(256 / dtype_size(*d));
    if (*lanes != want)
        return bad(q(text) + ": " + std::to_string(*lanes) + " lanes of " + std::string(elem) + " are " +
                       std::to_string(static_cast<int64_t>(*lanes) * static_cast<int64_t>(dtype_size(*d))) +
                       " bytes; a vector register is 256 bytes (" + std::to_string(want) + "x" +
                       std::string(elem) + ")",
                   kHead.size());
    return VRegType{*d, *lanes};
}

std::optional<uint32_t> parse_mask_type(std::string_view text, uint32_t col, TypeError* err) {
    constexpr std::string_view kHead = "!pto.mask<";
    if (text == "!pto.mask<b8>")
        return 1;
    if (text == "!pto.mask<b16>")
        return 2;
    if (text == "!pto.mask<b32>")
        return 4;
    if (err)
        *err = TypeError{Status::BadType, q(text) + " (a predicate type: !pto.mask<b8>, <b16> or <b32>)",
                         static_cast<uint32_t>(col + (text.starts_with(kHead) ? kHead.size() : 0))};
    return std::nullopt;
}

std::string print_vreg_type(const VRegType& t) {
    return "!pto.vreg<" + std::to_string(t.lanes) + "x" + mlir_dtype_name(t.elem) + ">";
}

std::string print_tile_type(const TileType& t) {
    std::string s = t.buf ? "!pto.tile_buf<" : "!pto.tile<";
    s += std::string(space_name(t.loc)) + ", " + std::to_string(t.rows) + "x" + std::to_string(t.cols) + "x" +
         mlir_dtype_name(t.dtype);
    if (t.valid_rows != t.rows || t.valid_cols != t.cols)
        s += std::string(", valid=") + extent(t.valid_rows) + "x" + extent(t.valid_cols);
    if (t.blayout != BLayout::RowMajor)
        s += ", blayout=col_major";
    if (t.slayout != SLayout::NoneBox)
        s += t.slayout == SLayout::RowMajor ? ", slayout=row_major" : ", slayout=col_major";
    if (t.fractal != 512)
        s += std::string(", fractal=") + std::to_string(t.fractal);
    if (t.pad != 0)
        s += std::string(", pad=") + std::to_string(t.pad);
    if (t.compact != 0)
        s += std::string(", compact=") + std::to_string(t.compact);
    return s + ">";
}

std::string print_type(const Type& t) {
    switch (t.kind) {
        case Type::Kind::Tile:
            return print_tile_type(t.tile);
        case Type::Kind::Index:
            return "index";
        case Type::Kind::Scalar:
            return mlir_dtype_name(t.scalar);
    }
    return "?";
}

}  // namespace ptosim::pto_as
