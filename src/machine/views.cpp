#include "ptosim/machine/views.hpp"

namespace ptosim::machine {

namespace {

std::string shape_text(int32_t rows, int32_t cols) {
    return std::to_string(rows) + " x " + std::to_string(cols);
}

// The row-major view of `size` bytes holding form f: Row = size / (cols * elemsize). `entry` names the bytes
// and `content` what they must hold, for the message.
bool form_view(const DstForm& f, uint32_t size, const char* entry, const char* content, TileShape* out,
               std::string* why) {
    const std::size_t elem = dtype_size(f.dtype);
    if (f.cols <= 0) {
        *why = std::string(entry) + " has no columns (Col is 0)";
        return false;
    }
    const auto rows = static_cast<int32_t>(size / (static_cast<std::size_t>(f.cols) * elem));
    if (f.valid_rows > rows) {
        const std::size_t need =
            static_cast<std::size_t>(f.valid_rows) * static_cast<std::size_t>(f.cols) * elem;
        *why = std::string(entry) + " of " + std::to_string(size) + " bytes holds " +
               shape_text(rows, f.cols) + " " + std::string(dtype_name(f.dtype)) + ", " + content + " " +
               shape_text(f.valid_rows, f.cols) + " (" + std::to_string(need) + " bytes)";
        return false;
    }
    *out = TileShape{f.dtype, Layout::row_major(rows, f.cols), f.valid_rows, f.valid_cols};
    return true;
}

}  // namespace

isa::Views op_views(const isa::OpInfo& op, std::size_t nsrc) {
    isa::Views v = op.views;
    if (v.dst == DstRule::HalfCols && nsrc != 1)
        v.dst = DstRule::Same;
    return v;
}

BlockShape block_shape(const linx::Block& b, const std::array<uint64_t, 32>& regs, uint32_t whole) {
    const auto value = [&](int i) -> std::optional<int32_t> {
        if (!b.lb[i])
            return std::nullopt;
        const uint64_t v = regs[b.lb[i]->reg & 31u] + b.lb[i]->imm;
        return static_cast<int32_t>(v & 0xffffu);
    };
    BlockShape s;
    s.type = b.type;
    s.dst_type = b.dst_type();
    const auto vc = value(linx::kValidCol), vr = value(linx::kValidRow), col = value(linx::kCol);
    s.valid_rows = vr.value_or(1);
    if (vc || col) {
        s.valid_cols = vc ? *vc : *col;
        s.cols = col ? *col : *vc;
    } else {
        s.cols = s.valid_cols = static_cast<int32_t>(whole / dtype_size(b.type));
    }
    return s;
}

bool src_view(SrcRole role, const BlockShape& s, uint32_t size, TileShape* out, std::string* why) {
    if (role == SrcRole::FilterBytes) {
        const auto n = static_cast<int32_t>(size);
        *out = TileShape{DType::U8, Layout::col_major(n, 1), n, 1};
        return true;
    }
    if (role == SrcRole::Mask)
        return form_view(dst_form(DstRule::Mask, s, DType::U8), size, "a mask entry", "the block reads", out,
                         why);
    if (role == SrcRole::RowVector || role == SrcRole::RowScale)
        return form_view(dst_form(DstRule::RowVector, s, row_vector_type(role, s.type)), size,
                         "a per-row vector entry", "the block reads", out, why);
    if (role == SrcRole::ColVector)
        return form_view(dst_form(DstRule::ColVector, s, s.type), size, "a per-column vector entry",
                         "the block reads", out, why);
    const DType type = role == SrcRole::Index ? s.dst_type : s.type;
    const std::size_t elem = dtype_size(type);
    if (s.cols <= 0) {
        *why = "Col (LB2) is 0";
        return false;
    }
    const auto rows = static_cast<int32_t>(size / (static_cast<std::size_t>(s.cols) * elem));
    if (s.valid_cols > s.cols || s.valid_rows > rows) {
        *why = std::string("an entry of ") + std::to_string(size) + " bytes holds " +
               shape_text(rows, s.cols) + " " + std::string(dtype_name(type)) +
               " (Row x Col), the block reads " + shape_text(s.valid_rows, s.valid_cols) + " (LB1 x LB0)";
        return false;
    }
    *out = TileShape{type, Layout::row_major(rows, s.cols), s.valid_rows, s.valid_cols};
    return true;
}

DstForm dst_form(DstRule rule, const BlockShape& s, DType dst_type, std::size_t k) {
    switch (rule) {
        case DstRule::ValueIndex:  // the value in the sources' type, the index in the destination type
            return {k == 0 ? s.type : dst_type, s.cols, s.valid_rows, s.valid_cols};
        case DstRule::Histogram:
            return {dst_type, 256, s.valid_rows, 256};
        case DstRule::Mask: {
            // Packed u8 words, rows padded to 32 bytes (the row alignment of a row-major tile).
            const int32_t words = (s.valid_cols + 7) / 8;
            const int32_t cols = words == 0 ? 32 : (words + 31) / 32 * 32;
            return {DType::U8, cols, s.valid_rows, words};
        }
        case DstRule::HalfCols:
            return {dst_type, (s.cols + 1) / 2, s.valid_rows, s.valid_cols / 2};
        case DstRule::RowVector:  // one value per row: [R, 1]
            return {dst_type, 1, s.valid_rows, 1};
        case DstRule::ColVector:  // one value per column: [1, C]
            return {dst_type, s.cols, 1, s.valid_cols};
        case DstRule::Same:
        case DstRule::Unspecified:
            break;
    }
    return {dst_type, s.cols, s.valid_rows, s.valid_cols};
}

bool dst_view(const DstForm& f, uint32_t size, TileShape* out, std::string* why) {
    return form_view(f, size, "a destination", "the result is", out, why);
}

}  // namespace ptosim::machine
