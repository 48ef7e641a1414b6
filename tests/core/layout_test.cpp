// Layout offsets against independent formulas, and the properties every layout must have: the offset map of
// the valid region is injective and stays inside the buffer, and the spans agree with offset().
#include "ptosim/core/layout.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace {

using ptosim::Layout;
using Kind = Layout::Kind;

// Independent definition: enumerate the boxes in their storage order and the elements of each box in theirs,
// assigning consecutive offsets; the result is a table of (r, c) -> offset.
std::vector<std::size_t> enumerate_offsets(const Layout& l) {
    std::vector<std::size_t> table(l.size());
    std::size_t next = 0;
    const int box_rows = l.rows / l.inner_rows, box_cols = l.cols / l.inner_cols;
    auto fill_box = [&](int br, int bc) {
        if (l.kind == Kind::Zz || l.kind == Kind::Nz || l.kind == Kind::RowMajor) {
            for (int i = 0; i < l.inner_rows; ++i)
                for (int j = 0; j < l.inner_cols; ++j)
                    table[(br * l.inner_rows + i) * l.cols + bc * l.inner_cols + j] = next++;
        } else {
            for (int j = 0; j < l.inner_cols; ++j)
                for (int i = 0; i < l.inner_rows; ++i)
                    table[(br * l.inner_rows + i) * l.cols + bc * l.inner_cols + j] = next++;
        }
    };
    if (l.kind == Kind::RowMajor || l.kind == Kind::Zz || l.kind == Kind::Zn) {
        for (int br = 0; br < box_rows; ++br)
            for (int bc = 0; bc < box_cols; ++bc)
                fill_box(br, bc);
    } else {
        for (int bc = 0; bc < box_cols; ++bc)
            for (int br = 0; br < box_rows; ++br)
                fill_box(br, bc);
    }
    return table;
}

std::vector<Layout> all_layouts() {
    std::vector<Layout> out;
    for (int rows : {1, 2, 16, 32, 48}) {
        for (int cols : {8, 16, 32, 64}) {
            out.push_back(Layout::row_major(rows, cols));
            out.push_back(Layout::col_major(rows, cols));
        }
    }
    // Boxes of the fractal sizes pto-isa uses: 16 x (32/sizeof) and (32/sizeof) x 16 (512 B), 16 x 16 (1024 B
    // for 4-byte elements), 16 x 2 and 2 x 16 (MX scale tiles).
    const int boxes[][2] = {{16, 16}, {16, 8}, {8, 16}, {16, 32}, {32, 16}, {16, 2}, {2, 16}};
    for (auto [ir, ic] : boxes) {
        for (int nr : {1, 2, 3}) {
            for (int nc : {1, 2, 4}) {
                for (Kind k : {Kind::Zz, Kind::Zn, Kind::Nz, Kind::Nn}) {
                    out.push_back(Layout::boxed(k, ir * nr, ic * nc, ir, ic));
                }
            }
        }
    }
    return out;
}

TEST(Layout, PlainOffsetsMatchFormulas) {
    const Layout rm = Layout::row_major(4, 8), cm = Layout::col_major(4, 8);
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 8; ++c) {
            EXPECT_EQ(rm.offset(r, c), static_cast<std::size_t>(r * 8 + c));
            EXPECT_EQ(cm.offset(r, c), static_cast<std::size_t>(c * 4 + r));
        }
    }
}

TEST(Layout, EveryLayoutMatchesBoxEnumeration) {
    for (const Layout& l : all_layouts()) {
        const auto table = enumerate_offsets(l);
        for (int r = 0; r < l.rows; ++r) {
            for (int c = 0; c < l.cols; ++c) {
                ASSERT_EQ(l.offset(r, c), table[r * l.cols + c])
                    << ptosim::layout_kind_name(l.kind) << " " << l.rows << "x" << l.cols << " box "
                    << l.inner_rows << "x" << l.inner_cols << " at (" << r << "," << c << ")";
            }
        }
    }
}

TEST(Layout, ValidRegionIsInjectiveAndInside) {
    for (const Layout& l : all_layouts()) {
        for (int vr : {1, l.rows / 2, l.rows}) {
            for (int vc : {1, l.cols / 2 + 1, l.cols}) {
                if (vr < 1 || vc < 1 || vc > l.cols)
                    continue;
                std::set<std::size_t> seen;
                for (int r = 0; r < vr; ++r) {
                    for (int c = 0; c < vc; ++c) {
                        const std::size_t o = l.offset(r, c);
                        ASSERT_LT(o, l.size());
                        ASSERT_TRUE(seen.insert(o).second) << "two positions share offset " << o;
                    }
                }
            }
        }
    }
}

TEST(Layout, RowAndColumnSpansAgreeWithOffsets) {
    for (const Layout& l : all_layouts()) {
        for (int r = 0; r < l.rows; ++r) {
            int covered = 0;
            l.for_each_row_span(r, 1, l.cols - 1, [&](std::size_t off, int c, int n, int64_t step) {
                EXPECT_EQ(c, 1 + covered);
                for (int k = 0; k < n; ++k)
                    ASSERT_EQ(off + k * step, l.offset(r, c + k));
                covered += n;
            });
            EXPECT_EQ(covered, l.cols - 1);
        }
        for (int c = 0; c < l.cols; ++c) {
            int covered = 0;
            l.for_each_col_span(c, 0, l.rows, [&](std::size_t off, int r, int n, int64_t step) {
                EXPECT_EQ(r, covered);
                for (int k = 0; k < n; ++k)
                    ASSERT_EQ(off + k * step, l.offset(r + k, c));
                covered += n;
            });
            EXPECT_EQ(covered, l.rows);
        }
    }
}

TEST(Layout, RowMajorRowIsOneSpan) {
    const Layout l = Layout::row_major(8, 64);
    int spans = 0;
    l.for_each_row_span(3, 0, 64, [&](std::size_t off, int, int n, int64_t step) {
        ++spans;
        EXPECT_EQ(off, 3u * 64);
        EXPECT_EQ(n, 64);
        EXPECT_EQ(step, 1);
    });
    EXPECT_EQ(spans, 1);
}

}  // namespace
