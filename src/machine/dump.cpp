#include <algorithm>

#include "ptosim/machine/data.hpp"

namespace ptosim::machine {

namespace {

std::string size_text(uint32_t bytes) {
    return bytes >= 1024 ? std::to_string(bytes / 1024) + "KB" : std::to_string(bytes) + "B";
}

}  // namespace

std::string format_tile(std::string_view name, const Entry& e, const DumpOptions& opts) {
    const TileShape& s = e.shape;
    std::string out(name);
    out += std::string(": ") + std::string(dtype_name(s.dtype)) + " " + std::to_string(s.layout.rows) + "x" +
           std::to_string(s.layout.cols) + ", valid " + std::to_string(s.valid_rows) + "x" +
           std::to_string(s.valid_cols) + ", " + size_text(e.size) + ", ";
    out += e.writer < 0 ? std::string("input") : std::string("written by block ") + std::to_string(e.writer);
    if (e.released())
        out += std::string(", released by block ") + std::to_string(e.released_by);
    out += "\n";

    const pto_as::Region all;
    const pto_as::Region& r = opts.region ? *opts.region : all;
    const int32_t r0 = std::min(r.r0, s.valid_rows), c0 = std::min(r.c0, s.valid_cols);
    const int32_t r1 = r.r1 < 0 ? s.valid_rows : std::min(r.r1, s.valid_rows);
    const int32_t c1 = r.c1 < 0 ? s.valid_cols : std::min(r.c1, s.valid_cols);
    if (r0 >= r1 || c0 >= c1)
        return out + "  (empty)\n";

    // Text of every element first, so that the columns line up.
    constexpr int32_t kPerLine = 16;
    const std::size_t elem = dtype_size(s.dtype);
    std::vector<std::string> cells;
    std::size_t width = 1;
    for (int32_t i = r0; i < r1; ++i)
        for (int32_t j = c0; j < c1; ++j) {
            cells.push_back(format_element(e.data.get() + s.layout.offset(i, j) * elem, s.dtype, opts.hex));
            width = std::max(width, cells.back().size());
        }
    const std::size_t label =
        (std::string("[") + std::to_string(r1 - 1) + ", " + std::to_string(c1 - 1) + "]").size();
    std::size_t k = 0;
    for (int32_t i = r0; i < r1; ++i) {
        for (int32_t j = c0; j < c1; j += kPerLine) {
            std::string line = std::string("[") + std::to_string(i) + ", " + std::to_string(j) + "]";
            line.resize(label, ' ');
            for (int32_t jj = j; jj < std::min(c1, j + kPerLine); ++jj) {
                const std::string& cell = cells[k++];
                line += std::string(width + 1 - cell.size(), ' ') + cell;
            }
            out += line + "\n";
        }
    }
    return out;
}

}  // namespace ptosim::machine
