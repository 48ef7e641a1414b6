// TPRINT's text follows pto-isa's device implementation (include/pto/npu/a2a3/TPrint.hpp, which A5 uses too):
// a header line, the shape, then the values with printf's %8.4f / %8.2f / %10.6f for floating point and
// %8d / %10d (%8u / %10u) for integers. The device prints float and half only among the floating types and
// integers up to 32 bits; here bfloat16 and the 8- and 4-bit float formats print as their float values and
// 64-bit integers in full.
#include "ptosim/ops/print.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "ptosim/core/check.hpp"
#include "ptosim/core/narrow_float.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kInstr = "TPRINT";

int width(PrintStyle s) {
    return s == PrintStyle::Width10Precision6 ? 10 : 8;
}
int precision(PrintStyle s) {
    return s == PrintStyle::Width8Precision2 ? 2 : s == PrintStyle::Width10Precision6 ? 6 : 4;
}

uint8_t nibble(const std::byte* base, std::size_t i) {
    const auto b = static_cast<uint8_t>(base[i / 2]);
    return (i % 2) ? b >> 4 : b & 0x0F;
}

// Prints element i (in elements from base), preceded by a blank unless it is the first of its line.
void print_value(std::FILE* out, const std::byte* base, DType t, std::size_t i, bool first, PrintStyle s) {
    if (!first)
        std::fputc(' ', out);
    const int w = width(s), p = precision(s);
    const auto real = [&](double v) { std::fprintf(out, "%*.*f", w, p, v); };
    const auto load = [&](auto tag) {
        decltype(tag) v;
        std::memcpy(&v, base + i * sizeof v, sizeof v);
        return v;
    };
    switch (t) {
        case DType::F32:
            return real(load(float{}));
        case DType::F16:
            return real(static_cast<float>(load(float16{})));
        case DType::BF16:
            return real(static_cast<float>(load(bfloat16{})));
        case DType::E4M3:
            return real(narrow::to_float<narrow::Format::E4M3>(static_cast<uint8_t>(base[i])));
        case DType::E5M2:
            return real(narrow::to_float<narrow::Format::E5M2>(static_cast<uint8_t>(base[i])));
        case DType::E8M0:
            return real(narrow::to_float<narrow::Format::E8M0>(static_cast<uint8_t>(base[i])));
        case DType::HIF8:
            return real(narrow::to_float<narrow::Format::HiF8>(static_cast<uint8_t>(base[i])));
        case DType::E2M1X2:
            return real(narrow::to_float<narrow::Format::E2M1>(nibble(base, i)));
        case DType::E1M2X2:
            return real(narrow::to_float<narrow::Format::E1M2>(nibble(base, i)));
        case DType::S64:
            std::fprintf(out, "%*" PRId64, w, load(int64_t{}));
            return;
        case DType::U64:
            std::fprintf(out, "%*" PRIu64, w, load(uint64_t{}));
            return;
        case DType::S32:
            std::fprintf(out, "%*d", w, static_cast<int>(load(int32_t{})));
            return;
        case DType::S16:
            std::fprintf(out, "%*d", w, static_cast<int>(load(int16_t{})));
            return;
        case DType::S8:
            std::fprintf(out, "%*d", w, static_cast<int>(load(int8_t{})));
            return;
        case DType::S4X2:
            std::fprintf(out, "%*d", w, static_cast<int>(static_cast<int8_t>(nibble(base, i) << 4) >> 4));
            return;
        case DType::S4:
            std::fprintf(out, "%*d", w,
                         static_cast<int>(static_cast<int8_t>(static_cast<uint8_t>(base[i]) << 4) >> 4));
            return;
        case DType::U32:
            std::fprintf(out, "%*u", w, static_cast<unsigned>(load(uint32_t{})));
            return;
        case DType::U16:
            std::fprintf(out, "%*u", w, static_cast<unsigned>(load(uint16_t{})));
            return;
        case DType::U8:
            std::fprintf(out, "%*u", w, static_cast<unsigned>(load(uint8_t{})));
            return;
        case DType::U4X2:
            std::fprintf(out, "%*u", w, static_cast<unsigned>(nibble(base, i)));
            return;
        default:
            std::fprintf(out, "%*s", w, "?");
            return;
    }
}

void separator(std::FILE* out, int64_t cols, int64_t valid_cols, PrintStyle s) {
    const std::string dashes(static_cast<std::size_t>(width(s)), '-');
    for (int64_t c = 0; c < cols; ++c) {
        if (c > 0)
            std::fputc(' ', out);
        std::fputs(dashes.c_str(), out);
        if (c == valid_cols - 1 && valid_cols > 0 && valid_cols < cols)
            std::fputc('|', out);
    }
    std::fputc('\n', out);
}

std::string_view tile_layout_name(const Layout& l) {
    switch (l.kind) {
        case Layout::Kind::RowMajor:
            return "ND";
        case Layout::Kind::ColMajor:
            return "DN";
        case Layout::Kind::Zz:
            return "Zz";
        case Layout::Kind::Zn:
            return "Zn";
        case Layout::Kind::Nz:
            return "Nz";
        case Layout::Kind::Nn:
            return "Nn";
    }
    return "Unknown";
}

}  // namespace

void print_tile(std::FILE* out, const TileView& t, PrintStyle style, std::string_view tile_type) {
    validate::tile(t, kInstr, "src");
    PTOSIM_CHECK(t.bytes() <= t.capacity, kInstr,
                 "TPRINT prints the whole tile, which reaches past the end of its buffer",
                 {"bytes", t.bytes()}, {"buffer_bytes_left", t.capacity});
    const std::string name(dtype_pto_name(t.dtype)), layout(tile_layout_name(t.layout)), type(tile_type);
    std::fprintf(out, "=== [TPRINT Tile] Data Type: %s, Layout: %s, TileType: %s ===\n", name.c_str(),
                 layout.c_str(), type.c_str());
    const int64_t rows = t.layout.rows, cols = t.layout.cols;
    std::fprintf(out, "  Shape: [%" PRId64 ", %" PRId64 "], Valid Shape: [%d, %d]\n", rows, cols,
                 static_cast<int>(t.valid_rows), static_cast<int>(t.valid_cols));
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t c = 0; c < cols; ++c) {
            print_value(out, t.data, t.dtype, t.layout.offset(r, c), c == 0, style);
            if (c == t.valid_cols - 1 && t.valid_cols > 0 && t.valid_cols < cols)
                std::fputc('|', out);
        }
        std::fputc('\n', out);
        if (r == t.valid_rows - 1 && t.valid_rows > 0 && t.valid_rows < rows)
            separator(out, cols, t.valid_cols, style);
    }
}

void print_copy(const GlobalView& tmp, const TileView& t) {
    validate::tile(t, kInstr, "src");
    PTOSIM_CHECK(t.bytes() <= t.capacity, kInstr,
                 "TPRINT copies the whole tile, which reaches past the end of its buffer",
                 {"bytes", t.bytes()}, {"buffer_bytes_left", t.capacity});
    PTOSIM_CHECK(!dtype_is_twin(t.dtype) && dtype_size(tmp.dtype) == t.elem_size(), kInstr,
                 "tile and tmp element sizes must match (4-bit types are not supported)",
                 {"tile", dtype_cpp_name(t.dtype)}, {"tmp", dtype_cpp_name(tmp.dtype)});
    GlobalView out = tmp;  // Rows x Cols, row-major, from tmp's address
    for (int i = 0; i < 3; ++i) {
        out.shape[i] = 1;
        out.stride[i] = int64_t{t.layout.rows} * t.layout.cols;
    }
    out.shape[3] = t.layout.rows;
    out.shape[4] = t.layout.cols;
    out.stride[3] = t.layout.cols;
    out.stride[4] = 1;
    out.layout = GlobalLayout::ND;
    validate::global(out, kInstr, "tmp");
    const std::size_t es = t.elem_size();
    for (int32_t r = 0; r < t.layout.rows; ++r)
        for (int32_t c = 0; c < t.layout.cols; ++c)
            std::memcpy(out.data + (static_cast<std::size_t>(r) * t.layout.cols + c) * es,
                        t.data + t.layout.offset(r, c) * es, es);
}

void print_global(std::FILE* out, const GlobalView& g, PrintStyle style) {
    validate::global(g, kInstr, "src");
    const std::string name(dtype_pto_name(g.dtype));
    const auto at = [&](int64_t offset, bool first) {
        print_value(out, g.data, g.dtype, static_cast<std::size_t>(offset), first, style);
    };
    if (g.layout == GlobalLayout::NZ) {
        std::fprintf(out, "=== [TPRINT GlobalTensor] Data Type: %s, Layout: NZ ===\n", name.c_str());
        std::fprintf(out, "  Logical Shape: [%" PRId64 ", %" PRId64 "]\n", g.rows(), g.cols());
        for (int64_t r = 0; r < g.rows(); ++r) {
            for (int64_t c = 0; c < g.cols(); ++c)
                at(g.offset(r, c), c == 0);
            std::fputc('\n', out);
        }
        return;
    }
    std::fprintf(out, "=== [TPRINT GlobalTensor] Data Type: %s, Layout: %s ===\n", name.c_str(),
                 g.layout == GlobalLayout::DN ? "DN" : "ND");
    const int64_t* n = g.shape;
    const int64_t* s = g.stride;
    std::fprintf(out, "  Shape: [%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 "]\n", n[0],
                 n[1], n[2], n[3], n[4]);
    for (int64_t i0 = 0; i0 < n[0]; ++i0)
        for (int64_t i1 = 0; i1 < n[1]; ++i1)
            for (int64_t i2 = 0; i2 < n[2]; ++i2) {
                std::fprintf(out, "  Batch [%" PRId64 ", %" PRId64 ", %" PRId64 "]:\n", i0, i1, i2);
                for (int64_t r = 0; r < n[3]; ++r) {
                    for (int64_t c = 0; c < n[4]; ++c)
                        at(i0 * s[0] + i1 * s[1] + i2 * s[2] + r * s[3] + c * s[4], c == 0);
                    std::fputc('\n', out);
                }
            }
}

namespace {

// Renders with the FILE* printer into memory, then writes the text to std::cout in one piece. The buffer is
// released however the printer leaves (a failed check throws under a throwing handler); without memory for
// it, the text goes to stdout directly.
template <typename F>
void to_cout(F&& print) {
    struct Buffer {
        char* text = nullptr;
        std::size_t size = 0;
        std::FILE* file = open_memstream(&text, &size);
        ~Buffer() {
            if (file != nullptr)
                std::fclose(file);
            std::free(text);
        }
    } buffer;
    if (buffer.file == nullptr) {
        std::cout.flush();
        print(stdout);
        return;
    }
    print(buffer.file);
    std::fclose(buffer.file);
    buffer.file = nullptr;
    std::cout.write(buffer.text, static_cast<std::streamsize>(buffer.size));
    std::cout.flush();
}

}  // namespace

void print_tile_to_cout(const TileView& tile, PrintStyle style, std::string_view tile_type) {
    to_cout([&](std::FILE* out) { print_tile(out, tile, style, tile_type); });
}

void print_global_to_cout(const GlobalView& g, PrintStyle style) {
    to_cout([&](std::FILE* out) { print_global(out, g, style); });
}

}  // namespace ptosim::ops
