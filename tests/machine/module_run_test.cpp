// Running PTO-AS modules: kernels with pointer and scalar arguments, control flow and index arithmetic, tile
// instructions on the kernel core, the cube's moves and matmul, multi-block launches, the hazard checker on
// a module, and one case per module-form status.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "ptosim/machine/module_run.hpp"
#include "ptosim/sync/hazards.hpp"

namespace {

namespace mod = ptosim::pto_as::mod;
namespace R = ptosim::machine::modrun;
using ptosim::pto_as::Status;

struct Ran {
    std::optional<ptosim::pto_as::Diag> error;  // a prepare, bind or run error
    std::vector<R::Binding> args;
    R::Check check;
    std::vector<float> f32(std::size_t k) const {
        std::vector<float> v(args[k].bytes.size() / 4);
        std::memcpy(v.data(), args[k].bytes.data(), args[k].bytes.size());
        return v;
    }
};

// Parses, prepares, binds and runs; the module lives as long as the test (static storage per call site is
// not needed: the result copies what it keeps).
Ran run(const std::string& text, std::vector<std::string> specs, R::Options o = {}) {
    static std::vector<std::unique_ptr<mod::Module>> keep;  // decoded operations point into the module
    Ran r;
    auto m = mod::parse(text);
    if (!m.ok()) {
        r.error = m.diags[0];
        return r;
    }
    keep.push_back(std::make_unique<mod::Module>(std::move(m.value)));
    r.check = R::prepare(*keep.back(), o);
    if (!r.check.errors.empty()) {
        r.error = r.check.errors[0];
        return r;
    }
    auto b = R::bind(r.check, specs, o);
    if (!b.ok()) {
        r.error = b.diags[0];
        return r;
    }
    r.args = std::move(b.value);
    r.error = R::run(r.check, r.args, o);
    return r;
}

const std::string kTile =
    "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=4, v_col=8, blayout=row_major, "
    "slayout=none_box, fractal=512, pad=0>";
const std::string kView = "!pto.partition_tensor_view<4x8xf32>";

// `%vX` over pointer argument %X (R x C floats, row-major) and `%pX`, all of it as a partition of type PART.
// R and C are index values of the kernel (`%c4`).
std::string whole_view(const std::string& x, const std::string& r, const std::string& c,
                       const std::string& part) {
    return "    %v" + x + " = pto.make_tensor_view %" + x + ", shape = [" + r + ", " + c + "], strides = [" +
           c + ", %c1] : !pto.tensor_view<?x?xf32>\n    %p" + x + " = pto.partition_view %v" + x +
           ", offsets = [%c0, %c0], sizes = [" + r + ", " + c + "] : !pto.tensor_view<?x?xf32> -> " + part +
           "\n";
}

// A kernel that loads %a and %b (4 x 8 floats), applies BODY to %ta, %tb into %tc, and stores %tc into %c.
std::string kernel(const std::string& body, const std::string& flags_before = "",
                   const std::string& flags_after = "") {
    return R"(module {
  func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
)" + whole_view("a", "%c4", "%c8", kView) +
           whole_view("b", "%c4", "%c8", kView) + whole_view("c", "%c4", "%c8", kView) +
           R"(    %ta = pto.alloc_tile : )" + kTile + R"(
    %tb = pto.alloc_tile : )" +
           kTile + R"(
    %tc = pto.alloc_tile : )" +
           kTile + R"(
    pto.tload ins(%pa : )" +
           kView + ") outs(%ta : " + kTile + R"()
    pto.tload ins(%pb : )" +
           kView + ") outs(%tb : " + kTile + R"()
)" + flags_before +
           body + "\n" + flags_after + R"(
    pto.tstore ins(%tc : )" +
           kTile + ") outs(%pc : " + kView + R"()
    return
  }
})";
}

const std::string kAdd =
    "    pto.tadd ins(%ta, %tb : " + kTile + ", " + kTile + ") outs(%tc : " + kTile + ")";

TEST(ModuleRun, VectorAdd) {
    const Ran r = run(kernel(kAdd), {"%a=iota:0:1:4x8", "%b=fill:0.5:f32:32", "%c=zeros:32"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto c = r.f32(2);
    for (int i = 0; i < 32; ++i)
        EXPECT_EQ(c[i], i + 0.5f) << i;
}

TEST(ModuleRun, CheckNamesTheEntryAndItsParameters) {
    const Ran r = run(kernel(kAdd), {"zeros:32", "zeros:32", "zeros:32"});
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.check.entry, "k");
    ASSERT_EQ(r.check.params.size(), 3u);
    EXPECT_EQ(r.check.params[2].name, "%c");
    EXPECT_TRUE(r.check.params[2].pointer);
    EXPECT_TRUE(r.check.not_executable.empty());
}

// A loop with a scalar iteration argument, an scf.if inside, and the scalar written into the tile with
// texpands: c = sum over i < 5 of (i even ? i : 10 * i) = 0 + 10 + 2 + 30 + 4 = 46.
TEST(ModuleRun, LoopsBranchesAndScalarArithmetic) {
    const std::string body = R"(
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %sum = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %c0) -> (index) {
      %r = arith.remsi %i, %c2 : index
      %odd = arith.cmpi ne, %r, %c0 : index
      %term = scf.if %odd -> (index) {
        %t = arith.muli %i, %c10 : index
        scf.yield %t : index
      } else {
        scf.yield %i : index
      }
      %next = arith.addi %acc, %term : index
      scf.yield %next : index
    }
    %si = arith.index_cast %sum : index to i32
    %sf = arith.sitofp %si : i32 to f32
    pto.texpands ins(%sf : f32) outs(%tc : )" +
                             kTile + ")";
    const Ran r = run(kernel(body), {"zeros:32", "zeros:32", "zeros:32"});
    ASSERT_FALSE(r.error) << r.error->message();
    EXPECT_EQ(r.f32(2)[31], 46.0f);
}

// Integer semantics as MLIR defines them, observed through texpands: floor / ceil division, signed
// remainder, unsigned compare, shifts and 8-bit wrap.
TEST(ModuleRun, ArithmeticFollowsMlir) {
    struct Case {
        std::string expr;  // defines %v : i32 from %m7 (-7) and %p2 (2)
        float want;
    };
    const Case cases[] = {
        {"%v = arith.divsi %m7, %p2 : i32", -3},
        {"%v = arith.floordivsi %m7, %p2 : i32", -4},
        {"%v = arith.ceildivsi %m7, %p2 : i32", -3},
        {"%v = arith.remsi %m7, %p2 : i32", -1},
        {"%v = arith.shrsi %m7, %p2 : i32", -2},
        {"%v = arith.shli %m7, %p2 : i32", -28},
        {"%v = arith.maxsi %m7, %p2 : i32", 2},
        {"%v = arith.minui %m7, %p2 : i32", 2},
        {"%u = arith.cmpi ult, %m7, %p2 : i32\n    %v = arith.extui %u : i1 to i32", 0},
        {"%w = arith.trunci %m7 : i32 to i8\n    %x = arith.muli %w, %w : i8\n    %v = arith.extsi %x : i8 "
         "to i32",
         49},
        {"%w = arith.constant 100 : i8\n    %x = arith.addi %w, %w : i8\n    %v = arith.extsi %x : i8 to i32",
         -56},
        {"%v = arith.select %t, %m7, %p2 : i32", -7},
    };
    for (const Case& c : cases) {
        const std::string body =
            "    %m7 = arith.constant -7 : i32\n    %p2 = arith.constant 2 : i32\n"
            "    %t = arith.constant true\n    " +
            c.expr +
            "\n    %f = arith.sitofp %v : i32 to f32\n    pto.texpands ins(%f : f32) outs(%tc : " + kTile +
            ")";
        const Ran r = run(kernel(body), {"zeros:32", "zeros:32", "zeros:32"});
        ASSERT_FALSE(r.error) << c.expr << ": " << r.error->message();
        EXPECT_EQ(r.f32(2)[0], c.want) << c.expr;
    }
}

TEST(ModuleRun, FloatConstantsRoundToTheirType) {
    // 0.1 as f16 is 0.0999755859375; as f32 0.100000001490116.
    const std::string body =
        "    %h = arith.constant 0.1 : f16\n    %f = arith.extf %h : f16 to f32\n"
        "    pto.texpands ins(%f : f32) outs(%tc : " +
        kTile + ")";
    const Ran r = run(kernel(body), {"zeros:32", "zeros:32", "zeros:32"});
    ASSERT_FALSE(r.error) << r.error->message();
    EXPECT_EQ(r.f32(2)[0], 0.0999755859375f);
}

// Each block stores its index + 1 into its own row of c (4 blocks, one row each).
TEST(ModuleRun, BlocksSeeTheirIndex) {
    const std::string row = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8>";
    const std::string text = R"(module {
  func.func @k(%c: !pto.ptr<f32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %b = pto.get_block_idx : i64
    %bi = arith.index_cast %b : i64 to index
    %v = pto.make_tensor_view %c, shape = [%c4, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %c0 = arith.constant 0 : index
    %p = pto.partition_view %v, offsets = [%bi, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x8xf32>
    %t = pto.alloc_tile : )" +
                             row + R"(
    %c1i = arith.constant 1 : i64
    %b1 = arith.addi %b, %c1i : i64
    %f = arith.sitofp %b1 : i64 to f32
    pto.texpands ins(%f : f32) outs(%t : )" +
                             row + R"()
    pto.tstore ins(%t : )" + row +
                             R"() outs(%p : !pto.partition_tensor_view<1x8xf32>)
    return
  }
})";
    R::Options o;
    o.blocks = 4;
    const Ran r = run(text, {"zeros:4x8"}, o);
    ASSERT_FALSE(r.error) << r.error->message();
    const auto c = r.f32(0);
    for (int i = 0; i < 32; ++i)
        EXPECT_EQ(c[i], i / 8 + 1) << i;
    // A fifth block's row lies past the 4 x 8 view: the error names that block.
    o.blocks = 5;
    const Ran past = run(text, {"zeros:4x8"}, o);
    ASSERT_TRUE(past.error);
    EXPECT_EQ(past.error->status, Status::OutOfBounds) << past.error->message();
    EXPECT_EQ(past.error->detail.rfind("block 4: ", 0), 0u) << past.error->message();
}

// The cube's 16 x 16 float tiles in the layouts TMATMUL takes, as aliases a program starts with, and the
// operations that make %o = %pa x %pb through L1, L0A / L0B and L0C (%pa, %pb: 16 x 16 partitions).
const std::string kCubeAliases =
    "!mat = !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>\n"
    "!left = !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>\n"
    "!right = !pto.tile_buf<loc=right, dtype=f32, rows=16, cols=16, blayout=row_major, slayout=col_major>\n"
    "!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, "
    "fractal=1024>\n"
    "!pv16 = !pto.partition_tensor_view<16x16xf32>\n";
const std::string kCubeProduct = R"(    %ma = pto.alloc_tile : !mat
    %mb = pto.alloc_tile : !mat
    %l = pto.alloc_tile : !left
    %r = pto.alloc_tile : !right
    %o = pto.alloc_tile : !acc
    pto.tload ins(%pa : !pv16) outs(%ma : !mat)
    pto.tload ins(%pb : !pv16) outs(%mb : !mat)
    pto.tmov ins(%ma : !mat) outs(%l : !left)
    pto.tmov ins(%mb : !mat) outs(%r : !right)
    pto.tmatmul ins(%l, %r : !left, !right) outs(%o : !acc)
)";

// Through the cube: an 16 x 16 product of small integers (exact in float) via L1, L0A / L0B and L0C.
TEST(ModuleRun, MatmulThroughTheCubeBuffers) {
    const std::string text = kCubeAliases + R"(module {
  func.func @mm(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
)" + whole_view("a", "%c16", "%c16", "!pv16") +
                             whole_view("b", "%c16", "%c16", "!pv16") +
                             whole_view("c", "%c16", "%c16", "!pv16") + kCubeProduct + R"(
    pto.tmatmul.acc ins(%o, %l, %r : !acc, !left, !right) outs(%o : !acc)
    pto.tstore ins(%o : !acc) outs(%pc : !pv16)
    return
  }
})";
    const Ran r = run(text, {"iota:-100:1:256", "iota:3:2:256", "zeros:256"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto c = r.f32(2);
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
            double s = 0;
            for (int k = 0; k < 16; ++k)
                s += (-100.0 + 16 * i + k) * (3.0 + 2 * (16 * k + j));
            ASSERT_EQ(c[16 * i + j], 2 * s) << i << "," << j;  // tmatmul, then tmatmul.acc adds it again
        }
}

TEST(ModuleRun, HazardCheckerSeesMissingAndPresentFlags) {
    ptosim::hazards::enable(true);
    ptosim::hazards::clear_reports();
    Ran r = run(kernel(kAdd), {"zeros:32", "zeros:32", "zeros:32"});
    ASSERT_FALSE(r.error);
    const auto bad = ptosim::hazards::reports();
    ASSERT_EQ(bad.size(), 3u);  // MTE2 -> V twice, V -> MTE3
    EXPECT_STREQ(bad[0].second.name.c_str(), "TADD");
    EXPECT_EQ(bad[0].first.where.line, 16u);  // the first tload
    ptosim::hazards::clear_reports();
    r = run(kernel(kAdd,
                   "    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n"
                   "    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n",
                   "    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]\n"
                   "    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]\n"),
            {"zeros:32", "zeros:32", "zeros:32"});
    ASSERT_FALSE(r.error);
    EXPECT_TRUE(ptosim::hazards::reports().empty());
    ptosim::hazards::enable(false);
}

// One row in, one row out: loads %in (1 x N of IN) into %s, runs BODY (which writes %d, 1 x M of OUT), stores
// %d.
std::string row_kernel(const std::string& in, int n, const std::string& out, int m, const std::string& body) {
    const std::string ts = "!pto.tile_buf<loc=vec, dtype=" + in + ", rows=1, cols=" + std::to_string(n) + ">";
    const std::string td =
        "!pto.tile_buf<loc=vec, dtype=" + out + ", rows=1, cols=" + std::to_string(m) + ">";
    const std::string ps = "!pto.partition_tensor_view<1x" + std::to_string(n) + "x" + in + ">";
    const std::string pd = "!pto.partition_tensor_view<1x" + std::to_string(m) + "x" + out + ">";
    return "!ts = " + ts + "\n!td = " + td + R"(
module {
  func.func @k(%in: !pto.ptr<)" +
           in + R"(>, %out: !pto.ptr<)" + out + R"(>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant )" +
           std::to_string(n) + R"( : index
    %m = arith.constant )" +
           std::to_string(m) + R"( : index
    %vi = pto.make_tensor_view %in, shape = [%c1, %n], strides = [%n, %c1] : !pto.tensor_view<?x?x)" +
           in + R"(>
    %vo = pto.make_tensor_view %out, shape = [%c1, %m], strides = [%m, %c1] : !pto.tensor_view<?x?x)" +
           out + R"(>
    %pi = pto.partition_view %vi, offsets = [%c0, %c0], sizes = [%c1, %n] : !pto.tensor_view<?x?x)" +
           in + "> -> " + ps + R"(
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c1, %m] : !pto.tensor_view<?x?x)" +
           out + "> -> " + pd + R"(
    %s = pto.alloc_tile : !ts
    %d = pto.alloc_tile : !td
    pto.tload ins(%pi : )" +
           ps + R"() outs(%s : !ts)
)" + body + R"(
    pto.tstore ins(%d : !td) outs(%po : )" +
           pd + R"()
    return
  }
})";
}

template <typename T>
std::vector<T> as(const R::Binding& b) {
    std::vector<T> v(b.bytes.size() / sizeof(T));
    std::memcpy(v.data(), b.bytes.data(), b.bytes.size());
    return v;
}

// TSORT32 then TMRGSORT of the two sorted halves, TGATHER with a mask pattern, TCI and TTRI, each against
// what its definition says.
TEST(ModuleRun, SortGatherGenerate) {
    // Values 31, 30, ..., 0 with indices 0..31 (TCI): sorted descending, pair k is (31 - k, k).
    const std::string idx = "!pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=32>";
    Ran r;
    r = run(row_kernel("f32", 32, "f32", 64,
                       "    %i = pto.alloc_tile : " + idx +
                           "\n    %z = arith.constant 0 : i32\n"
                           "    pto.tci ins(%z : i32) outs(%i : " +
                           idx +
                           ")\n"
                           "    pto.tsort32 ins(%s, %i : !ts, " +
                           idx + ") outs(%d : !td)"),
            {"iota:31:-1:32", "zeros:64"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto sorted = as<uint32_t>(r.args[1]);
    for (int k = 0; k < 32; ++k) {
        EXPECT_EQ(std::bit_cast<float>(sorted[2 * k]), 31.0f - k) << k;  // descending values
        EXPECT_EQ(sorted[2 * k + 1], static_cast<uint32_t>(k)) << k;  // iota 31, 30, ...: value 31 - k at k
    }

    // Mask P0101 keeps positions 0, 2, 4, ...
    r = run(row_kernel("f32", 16, "f32", 8,
                       "    pto.tgather ins(%s {maskPattern = #pto.mask_pattern<P0101>} : !ts) "
                       "outs(%d : !td)"),
            {"iota:0:1:16", "zeros:8"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto kept = r.f32(1);
    for (int k = 0; k < 8; ++k)
        EXPECT_EQ(kept[k], 2.0f * k);

    // TCI descending from 100; TTRI upper with diagonal 1 on one row: 0 where c < 1, else 1.
    r = run(row_kernel("i32", 8, "i32", 8,
                       "    %h = arith.constant 100 : i32\n    pto.tci ins(%h {descending = true} : i32) "
                       "outs(%d : !td)"),
            {"zeros:8", "zeros:8"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto ci = as<int32_t>(r.args[1]);
    for (int k = 0; k < 8; ++k)
        EXPECT_EQ(ci[k], 100 - k);
    r = run(row_kernel("i32", 8, "i32", 8,
                       "    %g = arith.constant 1 : i32\n    pto.ttri ins(%g {upperOrLower = 1 : i32} : i32) "
                       "outs(%d : !td)"),
            {"zeros:8", "zeros:8"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto tri = as<int32_t>(r.args[1]);
    for (int k = 0; k < 8; ++k)
        EXPECT_EQ(tri[k], k < 1 ? 0 : 1) << k;
}

// TMRGSORT of two sorted lists of pairs (the sorted halves of one TSORT32 output), with its executed counts.
TEST(ModuleRun, MergeSortedLists) {
    const std::string idx = "!pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=32>";
    const std::string half = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>";
    const std::string body = "    %i = pto.alloc_tile : " + idx + R"(
    %z = arith.constant 0 : i32
    pto.tci ins(%z : i32) outs(%i : )" +
                             idx + R"()
    %sorted = pto.alloc_tile addr = %a0 : !td
    pto.tsort32 ins(%s, %i : !ts, )" +
                             idx + R"() outs(%sorted : !td)
    %l0 = pto.alloc_tile addr = %a0 : )" +
                             half + R"(
    %l1 = pto.alloc_tile addr = %a1 : )" +
                             half + R"(
    %tmp = pto.alloc_tile : !td
    %ex = arith.constant dense<0> : vector<4xi16>
    pto.tmrgsort ins(%l0, %l1, %tmp {exhausted = false} : )" +
                             half + ", " + half + R"(, !td) outs(%d, %ex : !td, vector<4xi16>))";
    // The two lists are the halves of one sorted block (16 pairs each, both descending), placed with addr =
    // over the TSORT32 output.
    std::string text = row_kernel("f32", 32, "f32", 64, body);
    text.replace(text.find("    %s = pto.alloc_tile"), 0,
                 "    %a0 = arith.constant 65536 : i64\n    %a1 = arith.constant 65664 : i64\n");
    const Ran r = run(text, {"iota:0:1:32", "zeros:64"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto merged = as<uint32_t>(r.args[1]);
    for (int k = 0; k < 32; ++k)
        EXPECT_EQ(std::bit_cast<float>(merged[2 * k]), 31.0f - k) << k;
}

// TRESHAPE to a narrower valid region, TFILLPAD back to the whole row, TCONCAT, TPRINT.
TEST(ModuleRun, ViewsPaddingConcatAndPrint) {
    const std::string four = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=4>";
    const std::string body =
        "    %f = arith.constant 7.0 : f32\n"
        "    pto.texpands ins(%f : f32) outs(%d : !td)\n"
        "    %s4 = pto.treshape %s : !ts -> " +
        four +
        "\n"
        "    pto.tfillpad ins(%s4 : " +
        four +
        ") outs(%d : !td)\n"
        "    pto.tprint ins(%d : !td)";
    ::testing::internal::CaptureStdout();
    Ran r = run(row_kernel("f32", 8, "f32", 8, body), {"iota:1:1:8", "zeros:8"});
    const std::string printed = ::testing::internal::GetCapturedStdout();
    ASSERT_FALSE(r.error) << r.error->message();
    EXPECT_EQ(r.f32(1), (std::vector<float>{1, 2, 3, 4, 0, 0, 0, 0}));  // pad Null fills with 0
    EXPECT_NE(printed.find("4.0000"), std::string::npos) << printed;

    r = run(row_kernel("f32", 8, "f32", 16, "    pto.tconcat ins(%s, %s : !ts, !ts) outs(%d : !td)"),
            {"iota:0:1:8", "zeros:16"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto c = r.f32(1);
    for (int k = 0; k < 16; ++k)
        EXPECT_EQ(c[k], k % 8) << k;
}

// Event ids from an event-id array: a set and a wait with the same id are clean, different ids are a wait on
// a flag nobody set.
TEST(ModuleRun, DynamicEventIds) {
    auto text =
        [](const std::string& wait_index) {
            return row_kernel("f32", 8, "f32", 8, R"(
    %arr = pto.declare_eventid_array -> !pto.eventid_array<4>
    %c3 = arith.constant 3 : index
    pto.eventid_array_set %arr[%c0], %c3 : !pto.eventid_array<4>
    %e = pto.eventid_array_get %arr[%c0] : !pto.eventid_array<4>
    %w = pto.eventid_array_get %arr[)" + wait_index + R"(] : !pto.eventid_array<4>
    pto.set_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, %e]
    pto.wait_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, %w]
    pto.tmuls ins(%s, %f : !ts, f32) outs(%d : !td)
    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>])");
        };
    auto with_scale = [](std::string t) {
        t.replace(t.find("    %arr ="), 0, "    %f = arith.constant 2.0 : f32\n");
        return t;
    };
    ptosim::hazards::enable(true);
    ptosim::hazards::clear_reports();
    Ran r = run(with_scale(text("%c0")), {"iota:0:1:8", "zeros:8"});
    ASSERT_FALSE(r.error) << r.error->message();
    EXPECT_TRUE(ptosim::hazards::reports().empty());
    EXPECT_EQ(r.f32(1)[3], 6.0f);
    r = run(with_scale(text("%c1")), {"iota:0:1:8", "zeros:8"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto reports = ptosim::hazards::reports();
    ptosim::hazards::enable(false);
    bool waited_unset = false;
    for (const auto& rep : reports)
        waited_unset |= rep.kind == ptosim::hazards::Kind::WaitWithoutSet;
    EXPECT_TRUE(waited_unset);
}

// The three PTO-AS levels of one computation, cube instructions included: DPS (ins / outs), SSA (`%r =
// pto.NAME %a : (T) -> R`) and synchronous (`%r = NAME %a : T -> R`) give the same bytes.
TEST(ModuleRun, ThreeLevelsGiveTheSameBytes) {
    const std::string head = kCubeAliases + "!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>\n" +
                             "!pv = !pto.partition_tensor_view<16x16xf32>\n" + R"(
module {
  func.func @k(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %two = arith.constant 2.0 : f32
    %va = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %vc = pto.make_tensor_view %c, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pv
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pv
    %ma = pto.alloc_tile : !mat
    pto.tload ins(%pa : !pv) outs(%ma : !mat)
)";
    const std::string tail = R"(
    pto.tstore ins(%out : !vec) outs(%pc : !pv)
    return
  }
})";
    const std::string dps = R"(
    %l = pto.alloc_tile : !left
    %r = pto.alloc_tile : !right
    %o = pto.alloc_tile : !acc
    %v = pto.alloc_tile : !vec
    %out = pto.alloc_tile : !vec
    pto.tmov ins(%ma : !mat) outs(%l : !left)
    pto.tmov ins(%ma : !mat) outs(%r : !right)
    pto.tmatmul ins(%l, %r : !left, !right) outs(%o : !acc)
    pto.tmov ins(%o : !acc) outs(%v : !vec)
    pto.tmuls ins(%v, %two : !vec, f32) outs(%out : !vec))";
    const std::string ssa = R"(
    %l = pto.tmov %ma : (!mat) -> !left
    %r = pto.tmov %ma : (!mat) -> !right
    %o = pto.tmatmul %l, %r : (!left, !right) -> !acc
    %v = pto.tmov %o : (!acc) -> !vec
    %out = pto.tmuls %v, %two : (!vec, f32) -> !vec)";
    const std::string sync = R"(
    %l = tmov %ma : !mat -> !left
    %r = tmov %ma : !mat -> !right
    %o = tmatmul %l, %r : !left, !right -> !acc
    %v = tmov %o : !acc -> !vec
    %out = tmuls %v, %two : !vec, f32 -> !vec)";
    std::vector<std::vector<float>> results;
    for (const std::string* body : {&dps, &ssa, &sync}) {
        const Ran r = run(head + *body + tail, {"iota:-3:1:256", "zeros:256"});
        ASSERT_FALSE(r.error) << r.error->message() << "\n" << *body;
        results.push_back(r.f32(1));
    }
    double s = 0;  // (a a)(0, 0) * 2 = 2 * sum_k a(0, k) a(k, 0)
    for (int k = 0; k < 16; ++k)
        s += (-3.0 + k) * (-3.0 + 16 * k);
    EXPECT_EQ(results[0][0], 2 * s);
    EXPECT_EQ(results[1], results[0]);
    EXPECT_EQ(results[2], results[0]);
}

// A mixed kernel as PTOAS writes one: the entry calls a cube function and a vector function; every block runs
// the cube and two vector sub-blocks at once. The cube multiplies and pushes the 16 x 16 product to the
// vectors split up / down; each sub-block adds its eight rows to c's and stores them.
std::string mixed_kernel(bool cube_pushes) {
    const std::string half = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>";
    const std::string hv = "!pto.partition_tensor_view<8x16xf32>";
    const std::string view = "!pto.tensor_view<?x?xf32>";
    return kCubeAliases + R"(module {
  func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @cube(%a, %b) : (!pto.ptr<f32>, !pto.ptr<f32>) -> ()
    func.call @vector(%c) : (!pto.ptr<f32>) -> ()
    return
  }
  func.func private @cube(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %z = arith.constant 0 : i32
    %imp = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %imp : i32, v2c_consumer_buf = %z : i32)
)" + whole_view("a", "%c16", "%c16", "!pv16") +
           whole_view("b", "%c16", "%c16", "!pv16") + kCubeProduct +
           (cube_pushes ? "    pto.tpush_to_aiv(%o : !acc) {split = 1}\n" : std::string()) +
           R"(    return
  }
  func.func private @vector(%c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %z = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %buf = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %z : i32)
    %sub = pto.get_subblock_idx : i64
    %si = arith.index_cast %sub : i64 to index
    %row = arith.muli %si, %c8 : index
    %vc = pto.make_tensor_view %c, shape = [%c16, %c16], strides = [%c16, %c1] : )" +
           view + R"(
    %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c8, %c16] : )" +
           view + " -> " + hv + R"(
    %t = pto.alloc_tile : )" +
           half + R"(
    pto.tload ins(%pc : )" +
           hv + ") outs(%t : " + half + R"()
    %got = pto.tpop_from_aic {split = 1} -> )" +
           half + R"(
    pto.tadd ins(%t, %got : )" +
           half + ", " + half + ") outs(%t : " + half + R"()
    pto.tfree_from_aic {split = 1}
    pto.tstore ins(%t : )" +
           half + ") outs(%pc : " + hv + R"()
    return
  }
})";
}

TEST(ModuleRun, CubeAndVectorThroughAPipe) {
    const Ran r = run(mixed_kernel(true), {"iota:-5:1:256", "iota:7:-1:256", "fill:1000:256"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto c = r.f32(2);
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
            double s = 0;
            for (int k = 0; k < 16; ++k)
                s += (-5.0 + 16 * i + k) * (7.0 - (16 * k + j));
            ASSERT_EQ(c[16 * i + j], 1000 + s) << i << "," << j;  // integers: exact in float
        }
}

TEST(ModuleRun, APopNobodyPushesIsADeadlockNotAHang) {
    const Ran r = run(mixed_kernel(false), {"zeros:256", "zeros:256", "zeros:256"});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::KernelCheck);
    EXPECT_NE(r.error->message().find("deadlock"), std::string::npos) << r.error->message();
}

// pto.sync.set / pto.sync.wait (set_intra_block / wait_intra_block): the cube stores its product into c and
// sets flag 0 of each vector core (ids 0 and 16); each sub-block waits for it, then adds 1 to its eight rows
// of c into d. `wait_id` other than 0 waits for a flag nobody sets.
std::string intra_block_kernel(int wait_id) {
    const std::string half = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>";
    const std::string hv = "!pto.partition_tensor_view<8x16xf32>";
    const std::string view = "!pto.tensor_view<?x?xf32>";
    std::string halves;
    for (const char* x : {"c", "d"})
        halves += std::string("    %v") + x + " = pto.make_tensor_view %" + x +
                  ", shape = [%c16, %c16], strides = [%c16, %c1] : " + view + "\n    %h" + x +
                  " = pto.partition_view %v" + x + ", offsets = [%row, %c0], sizes = [%c8, %c16] : " + view +
                  " -> " + hv + "\n";
    return kCubeAliases + R"(module {
  func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>, %d: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @cube(%a, %b, %c) : (!pto.ptr<f32>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
    func.call @vector(%c, %d) : (!pto.ptr<f32>, !pto.ptr<f32>) -> ()
    return
  }
  func.func private @cube(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
)" + whole_view("a", "%c16", "%c16", "!pv16") +
           whole_view("b", "%c16", "%c16", "!pv16") + whole_view("c", "%c16", "%c16", "!pv16") +
           kCubeProduct +
           R"(    pto.tstore ins(%o : !acc) outs(%pc : !pv16)
    pto.sync.set <PIPE_FIX>, 0
    pto.sync.set #pto.pipe<PIPE_FIX>, 16
    return
  }
  func.func private @vector(%c: !pto.ptr<f32>, %d: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %one = arith.constant 1.0 : f32
    %sub = pto.get_subblock_idx : i64
    %si = arith.index_cast %sub : i64 to index
    %row = arith.muli %si, %c8 : index
)" + halves +
           "    pto.sync.wait <PIPE_MTE2>, " + std::to_string(wait_id) + R"(
    %t = pto.alloc_tile : )" +
           half + R"(
    pto.tload ins(%hc : )" +
           hv + ") outs(%t : " + half + R"()
    pto.tadds ins(%t, %one : )" +
           half + R"(, f32) outs(%t : )" + half + R"()
    pto.tstore ins(%t : )" +
           half + ") outs(%hd : " + hv + R"()
    return
  }
})";
}

TEST(ModuleRun, IntraBlockFlagsOrderTheCubeBeforeTheVectors) {
    ptosim::hazards::enable(true);
    ptosim::hazards::clear_reports();
    const Ran r = run(intra_block_kernel(0), {"iota:-5:1:256", "iota:7:-1:256", "zeros:256", "zeros:256"});
    ASSERT_FALSE(r.error) << r.error->message();
    for (const auto& rep : ptosim::hazards::reports())
        EXPECT_FALSE(rep.cross_core) << rep.text();  // the flags order the store before both loads
    ptosim::hazards::clear_reports();
    ptosim::hazards::enable(false);
    const auto d = r.f32(3);
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
            double s = 0;
            for (int k = 0; k < 16; ++k)
                s += (-5.0 + 16 * i + k) * (7.0 - (16 * k + j));
            ASSERT_EQ(d[16 * i + j], s + 1) << i << "," << j;
        }
}

TEST(ModuleRun, AnIntraBlockWaitNobodySetsIsADeadlock) {
    const Ran r = run(intra_block_kernel(3), {"zeros:256", "zeros:256", "zeros:256", "zeros:256"});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::KernelCheck);
    EXPECT_NE(r.error->message().find("deadlock"), std::string::npos) << r.error->message();
}

// A function with no core kind plays the cube and the vector at once: its set reaches its own flag.
TEST(ModuleRun, ALoneCoreSetsAndWaitsItsOwnFlags) {
    const std::string ok =
        "func.func @k() {\n  pto.sync.set <PIPE_FIX>, 0\n  pto.sync.set <PIPE_FIX>, 16\n"
        "  pto.sync.wait <PIPE_V>, 0\n  return\n}\n";
    const Ran r = run(ok, {});
    EXPECT_FALSE(r.error) << r.error->message();
    const std::string stuck =
        "func.func @k() {\n  pto.sync.set <PIPE_FIX>, 0\n  pto.sync.wait <PIPE_V>, 0\n"
        "  pto.sync.wait <PIPE_V>, 0\n  return\n}\n";
    const Ran s = run(stuck, {});
    ASSERT_TRUE(s.error);
    EXPECT_EQ(s.error->status, Status::KernelCheck);
    EXPECT_EQ(s.error->loc.line, 4u);
    EXPECT_NE(s.error->message().find("no set to consume"), std::string::npos) << s.error->message();
    const Ran bad = run("func.func @k() {\n  pto.sync.set <PIPE_ALL>, 0\n  return\n}\n", {});
    ASSERT_TRUE(bad.error);
    EXPECT_EQ(bad.error->status, Status::BadPipe);
    const Ran id = run("func.func @k() {\n  pto.sync.wait <PIPE_V>, 32\n  return\n}\n", {});
    ASSERT_TRUE(id.error);
    EXPECT_EQ(id.error->status, Status::BadEventId);
}

// Offsets and extents a program computes may be anything: outside the buffer or past 64 bits is an error at
// the access (or at the overflow), never an out-of-range address.
TEST(ModuleRun, HugeOffsetsAndExtentsAreErrors) {
    const std::string huge = "4611686018427387904";  // 2^62
    const std::string body = "    %h = arith.constant " + huge +
                             " : index\n"
                             "    %far = pto.addptr %a, %h : !pto.ptr<f32> -> !pto.ptr<f32>\n"
                             "    %vf = pto.make_tensor_view %far, shape = [%c4, %c8], strides = [%c8, %c1] "
                             ": !pto.tensor_view<?x?xf32>\n"
                             "    %pf = pto.partition_view %vf, offsets = [%c0, %c0], sizes = [%c4, %c8] : "
                             "!pto.tensor_view<?x?xf32> -> " +
                             kView + "\n    pto.tload ins(%pf : " + kView + ") outs(%ta : " + kTile + ")\n";
    Ran r = run(kernel(body), {"zeros:32", "zeros:32", "zeros:32"});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::OutOfBounds) << r.error->message();
    const std::string wide = "    %h = arith.constant " + huge +
                             " : index\n"
                             "    %vw = pto.make_tensor_view %a, shape = [%h, %h], strides = [%h, %c1] : "
                             "!pto.tensor_view<?x?xf32>\n"
                             "    %pw = pto.partition_view %vw, offsets = [%h, %c0], sizes = [%c4, %c8] : "
                             "!pto.tensor_view<?x?xf32> -> " +
                             kView + "\n    pto.tload ins(%pw : " + kView + ") outs(%ta : " + kTile + ")\n";
    r = run(kernel(wide), {"zeros:32", "zeros:32", "zeros:32"});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::OutOfBounds) << r.error->message();
}

// Every prefix of a program, and every program with one token removed, is either an error or runs: decoding
// never reads past an operation's tokens (the fuzzer found a cast whose `to TYPE` was cut off).
TEST(ModuleRun, CutProgramsAreErrorsNotCrashes) {
    const std::string body =
        "    %x = arith.constant 7 : i32\n    %y = arith.index_cast %x : i32 to index\n"
        "    %z = arith.sitofp %x : i32 to f32\n    %w = arith.cmpi slt, %x, %x : i32\n" +
        kAdd;
    const std::string text = kernel(body);
    for (std::size_t n = 0; n <= text.size(); n += 3)
        (void)run(text.substr(0, n), {"zeros:32", "zeros:32", "zeros:32"});
    // Remove one word at a time (the cut-off cast: "... : i32 to" with its type gone).
    for (std::size_t at = text.find("to index"); at != std::string::npos; at = std::string::npos) {
        std::string cut = text;
        cut.erase(at + 2, 6);
        const Ran r = run(cut, {"zeros:32", "zeros:32", "zeros:32"});
        ASSERT_TRUE(r.error);
    }
}

// ---- one case per module-form status ----------------------------------------------------------------------

// An scf.for with an empty body and a bound of 2^63 - 1: each iteration is a step, so the step limit ends it.
const std::string kEmptyLoop =
    "func.func @k() {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
    "  %big = arith.constant 9223372036854775807 : index\n  scf.for %i = %c0 to %big step %c1 {\n  }\n"
    "  return\n}\n";

// A function whose body is 100 regions deep and calls itself at the bottom: well within the call limit (256),
// its regions pass the runner's limit (2 x 256 regions, calls' included) in the sixth call, at the region of
// its seventh scf.if (line 9).
std::string deep_recursion() {
    std::string s = "func.func @k() {\n  %c = arith.constant 1 : i1\n";
    for (int i = 0; i < 100; ++i)
        s += "  scf.if %c {\n";
    s += "  func.call @k() : () -> ()\n";
    for (int i = 0; i < 100; ++i)
        s += "  }\n";
    return s + "  return\n}\n";
}

struct StatusCase {
    Status status;
    std::string text;
    std::vector<std::string> args;
    uint32_t line;  // 0: no location (arguments)
    std::string entry = "";
    uint64_t max_steps = R::Options{}.max_steps;
};

std::vector<StatusCase> status_cases() {
    const std::string bigtile = "!pto.tile_buf<loc=vec, dtype=f32, rows=512, cols=512>";
    return {
        {Status::NotExecutable,
         kernel("    pto.tmatmul.mx ins(%ta, %tb : " + kTile + ", " + kTile + ") outs(%tc : " + kTile + ")"),
         {"zeros:32", "zeros:32", "zeros:32"},
         18},
        {Status::NoEntry, kernel(kAdd), {}, 0, "nothere"},
        {Status::BadArgument, kernel(kAdd), {"zeros:32", "zeros:32"}, 0},
        {Status::BadArgument, kernel(kAdd), {"zeros", "zeros:32", "zeros:32"}, 0},
        {Status::BadArgument, kernel(kAdd), {"zeros:i32:32", "zeros:32", "zeros:32"}, 0},
        {Status::OutOfBounds, kernel(kAdd), {"zeros:31", "zeros:32", "zeros:32"}, 16},
        {Status::KernelCheck,
         kernel("    %z = arith.constant 0 : index\n    %q = arith.divui %c4, %z : index\n" + kAdd),
         {"zeros:32", "zeros:32", "zeros:32"},
         19},
        {Status::KernelCheck,
         kernel("    %n = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>\n"
                "    pto.tadd ins(%ta, %n : " +
                kTile + ", !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%tc : " + kTile + ")"),
         {"zeros:32", "zeros:32", "zeros:32"},
         19},
        {Status::OutOfTileSpace,
         "func.func @k() {\n  %a = pto.alloc_tile : " + bigtile + "\n  return\n}\n",
         {},
         2},
        {Status::TooDeep, deep_recursion(), {}, 9},
        {Status::StepLimit, kEmptyLoop, {}, 5, "", 1000},
    };
}

TEST(ModuleRun, EachStatusIsReportedWhereItHappens) {
    std::set<Status> seen;
    for (const StatusCase& c : status_cases()) {
        R::Options o;
        o.entry = c.entry;
        o.max_steps = c.max_steps;
        const Ran r = run(c.text, c.args, o);
        ASSERT_TRUE(r.error) << ptosim::pto_as::status_name(c.status);
        EXPECT_EQ(r.error->status, c.status) << r.error->message();
        EXPECT_EQ(r.error->loc.line, c.line) << r.error->message();
        seen.insert(c.status);
    }
    for (Status s = Status::NotExecutable; s <= std::end(ptosim::pto_as::kAllStatuses)[-1];
         s = static_cast<Status>(static_cast<int>(s) + 1))
        EXPECT_TRUE(seen.count(s)) << "no case for " << ptosim::pto_as::status_name(s);
}

TEST(ModuleRun, CheckListsWhatDoesNotExecuteAndStillRunsTheRest) {
    const std::string text =
        "func.func @k() {\n  %c = arith.constant true\n  scf.if %c {\n  } else {\n"
        "    pto.tmatmul.mx ins() outs()\n  }\n  return\n}\n";
    const Ran r = run(text, {});
    ASSERT_FALSE(r.error) << r.error->message();  // the else branch is not taken
    ASSERT_EQ(r.check.not_executable.size(), 1u);
    EXPECT_EQ(r.check.not_executable[0].detail, "pto.tmatmul.mx");
    EXPECT_EQ(r.check.not_executable[0].loc.line, 5u);
}

// The step limit counts loop iterations: an empty body with a 2^63 bound stops at the loop (line 5), also
// when it is nested in another loop, and quickly under a small limit.
TEST(ModuleRun, EmptyLoopsCountTowardsTheStepLimit) {
    R::Options o;
    o.max_steps = 100'000;
    Ran r = run(kEmptyLoop, {}, o);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::StepLimit);
    EXPECT_EQ(r.error->loc.line, 5u);
    EXPECT_NE(r.error->message().find("100000 steps"), std::string::npos) << r.error->message();
    std::string nested = kEmptyLoop;
    nested.replace(nested.find("  }\n"), 4, "    scf.for %j = %c0 to %big step %c1 {\n    }\n  }\n");
    r = run(nested, {}, o);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::StepLimit);
    EXPECT_EQ(r.error->loc.line, 6u);
    // An empty scf.while that never ends, likewise.
    const std::string loop_while =
        "func.func @k() {\n  %t = arith.constant 1 : i1\n  scf.while : () -> () {\n"
        "    scf.condition(%t)\n  } do {\n    scf.yield\n  }\n  return\n}\n";
    r = run(loop_while, {}, o);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::StepLimit) << r.error->message();
    // Loops that end within the limit run: 10 x 10 iterations and their bodies' operations.
    std::string ten = kEmptyLoop;
    ten.replace(ten.find("9223372036854775807"), 19, "10");
    ten.replace(ten.find("  }\n"), 4, "    scf.for %j = %c0 to %big step %c1 {\n    }\n  }\n");
    o.max_steps = 200;  // 5 operations, 10 x (an iteration, the inner loop, 10 iterations)
    r = run(ten, {}, o);
    EXPECT_FALSE(r.error) << r.error->message();
}

// Regions nested as deep as the parser allows run (the runner recurses once per level).
TEST(ModuleRun, DeepestNestingRuns) {
    std::string s = "func.func @k() {\n  %c = arith.constant 1 : i1\n";
    for (int i = 1; i < mod::kMaxNesting; ++i)
        s += "scf.if %c {\n";
    for (int i = 1; i < mod::kMaxNesting; ++i)
        s += "}\n";
    const Ran r = run(s + "  return\n}\n", {});
    EXPECT_FALSE(r.error) << r.error->message();
}

TEST(ModuleRun, RunawayLoopsAndRecursionEndWithAnError) {
    const std::string rec = "func.func @k() {\n  func.call @k() : () -> ()\n  return\n}\n";
    const Ran r = run(rec, {});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->status, Status::KernelCheck);
}

// ---- the micro level (pto.v* / pto.p*, isa/micro.def) -----------------------------------------------------

std::string read_example(const std::string& name) {
    std::ifstream in(std::string(PTOSIM_SOURCE_DIR) + "/examples/asm/" + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Both micro-level examples against plain C++ on pseudo-random data.
TEST(ModuleMicro, TailPredicatedAxpyMatchesCpp) {
    const Ran r = run(read_example("vaxpy_tail_micro_module.pto"),
                      {"%x=random:1x100:seed=3", "%y=random:1x100:seed=4", "%out=fill:-7:1x100"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto x = r.f32(0), y = r.f32(1), out = r.f32(2);
    for (int i = 0; i < 100; ++i) {
        const float twice = 2.0f * x[i];  // exact: the same bits with or without a fused multiply-add
        EXPECT_EQ(out[i], twice + y[i]) << i;
    }
}

// vlds / vsts reach the hazard checker on the V pipe: the example's flags are enough, and without its
// MTE2 -> V flag the checker names the tload and the vlds.
TEST(ModuleMicro, HazardCheckerSeesTheMicroLoadsAndStores) {
    const std::vector<std::string> args = {"%x=zeros:1x100", "%y=zeros:1x100", "%out=zeros:1x100"};
    const std::string text = read_example("vaxpy_tail_micro_module.pto");
    ptosim::hazards::enable(true);
    ptosim::hazards::clear_reports();
    Ran r = run(text, args);
    ASSERT_FALSE(r.error) << r.error->message();
    EXPECT_TRUE(ptosim::hazards::reports().empty());
    std::string unflagged;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.find("<PIPE_MTE2>, <PIPE_V>") == std::string::npos)
            unflagged += line + "\n";
    r = run(unflagged, args);
    ASSERT_FALSE(r.error) << r.error->message();
    const auto bad = ptosim::hazards::reports();
    ASSERT_EQ(bad.size(), 2u);  // the two tloads before the vlds of %x and of %y
    EXPECT_STREQ(bad[0].first.name.c_str(), "TLOAD");
    EXPECT_STREQ(bad[0].second.name.c_str(), "vlds");
    ptosim::hazards::clear_reports();
    ptosim::hazards::enable(false);
}

// vcadd's pairwise tree (lanes 2i and 2i+1 first), in plain C++.
float pairwise_sum(std::vector<float> v) {
    while (v.size() > 1) {
        std::vector<float> next;
        for (std::size_t i = 0; i < v.size(); i += 2)
            next.push_back(v[i] + v[i + 1]);
        v = std::move(next);
    }
    return v[0];
}

TEST(ModuleMicro, RowReductionsMatchCpp) {
    const Ran r =
        run(read_example("rowreduce_micro_module.pto"), {"%x=random:8x64:seed=5", "%out=fill:9:8x16"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto x = r.f32(0), out = r.f32(1);
    for (int row = 0; row < 8; ++row) {
        const std::vector<float> v(x.begin() + row * 64, x.begin() + row * 64 + 64);
        EXPECT_EQ(out[row * 16], pairwise_sum(v)) << row;
        EXPECT_EQ(out[row * 16 + 8], *std::max_element(v.begin(), v.end())) << row;
        for (int c = 1; c < 16; ++c)
            if (c != 8) {
                EXPECT_EQ(out[row * 16 + c], 0.0f) << row << "," << c;
            }
    }
}

// A kernel of micro-level operations (line 1 is `module {`, BODY starts on line 7): UB pointers %p (f32) and
// %h (f16) at 0 and %q (f32) at 4.
std::string micro_kernel(const std::string& body) {
    return R"(module {
  func.func @k() {
    %c0 = arith.constant 0 : index
    %a0 = arith.constant 0 : i64
    %a4 = arith.constant 4 : i64
    %p = pto.castptr %a0 : i64 -> !pto.ptr<f32, ub>
)" + body + R"(
    return
  }
})";
}

TEST(ModuleMicro, OperationsRunOnTheMicroCore) {
    // Compare, select, broadcast, index sequence and a VLane reduction, checked through a UB round trip.
    const Ran r = run(micro_kernel(R"(    %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %idx = arith.constant 0 : i32
    %seq = pto.vci %idx {order = "ASC"} : i32 -> !pto.vreg<64xi32>
    %f = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
    %ten = arith.constant 10.0 : f32
    %tens = pto.vbr %ten : f32 -> !pto.vreg<64xf32>
    %lt = pto.vcmps %tens, %ten, %all, "eq" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.mask<b32>
    %sel = pto.vsel %tens, %f, %lt : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %g = pto.vcgadd %sel, %all : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    pto.vsts %g, %p[%c0], %all : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    %h = pto.castptr %a0 : i64 -> !pto.ptr<i32, ub>
    %c64 = arith.constant 64 : index
    %lo = pto.plt_b32 %idx : i32 -> !pto.mask<b32>
    %ge = pto.vcmp %seq, %seq, %all, "ge" : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.mask<b32>
    %neg = pto.vneg %seq, %ge : (!pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xi32>
    pto.vsts %neg, %h[%c64], %all : !pto.vreg<64xi32>, !pto.ptr<i32, ub>, !pto.mask<b32>)"),
                      {});
    ASSERT_FALSE(r.error) << r.error->message();
    EXPECT_TRUE(r.check.not_executable.empty());
}

struct MicroCase {
    std::string body;
    Status status;
    uint32_t line, col;  // col 0: not checked
    std::string says;
};

TEST(ModuleMicro, BrokenRulesAreLocatedErrorsNamingTheOperation) {
    const MicroCase cases[] = {
        // check: a register of the wrong size, at its type
        {"    %v = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<32xf32>", Status::BadType, 7, 60,
         "a vector register is 256 bytes (64xf32)"},
        // check: a predicate of the wrong granularity for the elements
        {"    %m = pto.pset_b16 \"PAT_ALL\" : !pto.mask<b16>\n"
         "    %v = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>\n"
         "    %r = pto.vadd %v, %v, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16>) -> "
         "!pto.vreg<64xf32>",
         Status::TypeMismatch, 9, 0,
         "pto.vadd: !pto.mask<b16> predicates 2-byte elements; f32 needs !pto.mask<b32>"},
        // check: pset's suffix and its result type disagree
        {"    %m = pto.pset_b32 \"PAT_ALL\" : !pto.mask<b8>", Status::TypeMismatch, 7, 0,
         "pto.pset_b32 makes"},
        // check: an element type the row does not take (micro.def: vand is integers only)
        {"    %m = pto.pset_b32 \"PAT_ALL\" : !pto.mask<b32>\n"
         "    %v = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>\n"
         "    %r = pto.vand %v, %v, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> "
         "!pto.vreg<64xf32>",
         Status::BadType, 9, 0, "pto.vand does not take f32 elements"},
        // check: operands of two register types
        {"    %m = pto.pset_b32 \"PAT_ALL\" : !pto.mask<b32>\n"
         "    %v = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>\n"
         "    %r = pto.vsub %v, %v, %m : (!pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32>) -> "
         "!pto.vreg<64xf32>",
         Status::TypeMismatch, 9, 0,
         "pto.vsub: !pto.vreg<64xi32> where the first vector is !pto.vreg<64xf32>"},
        // run: a misaligned vlds, at the operation
        {"    %q = pto.castptr %a4 : i64 -> !pto.ptr<f32, ub>\n"
         "    %v = pto.vlds %q[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>",
         Status::KernelCheck, 8, 0, "32-byte aligned"},
        // run: a vlds past the end of the Unified Buffer
        {"    %far = arith.constant 131040 : index\n"
         "    %v = pto.vlds %p[%far] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>",
         Status::OutOfBounds, 8, 0, "vlds of 256 bytes"},
    };
    for (const MicroCase& c : cases) {
        const Ran r = run(micro_kernel(c.body), {});
        ASSERT_TRUE(r.error) << c.body;
        EXPECT_EQ(r.error->status, c.status) << r.error->message();
        EXPECT_EQ(r.error->loc.line, c.line) << r.error->message();
        if (c.col) {
            EXPECT_EQ(r.error->loc.col, c.col) << r.error->message();
        }
        EXPECT_NE(r.error->message().find(c.says), std::string::npos) << r.error->message();
    }
}

// The load / store distributions (isa/micro_dist.def) in a module: x = 0, 1, 2, ... (4 x 64 floats) in UB at
// 0, out (5 x 64 floats) at 2048. Row 0: BRC_B32 of x[5]. Row 1: the even elements of x[0..128)
// (vldsx2 DINTLV_B32's low register). Row 2: INTLV_B32 of (odd, even) for the first 32 pairs. Row 3: PK_B32
// of the i32 sequence 0..63 as 64 halves (128 bytes; the rest of the row stays 0). Row 4: E2B_B32 of
// x[8..16), VLane g holding x[8 + g].
TEST(ModuleMicro, DistributionsOfLoadsAndStores) {
    const std::string text = R"(
!tin = !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!tout = !pto.tile_buf<loc=vec, dtype=f32, rows=5, cols=64, v_row=5, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!pin = !pto.partition_tensor_view<4x64xf32>
!pout = !pto.partition_tensor_view<5x64xf32>
!view = !pto.tensor_view<?x?xf32>
module {
  func.func @dist(%x: !pto.ptr<f32>, %out: !pto.ptr<f32>) attributes {pto.entry} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %ax = arith.constant 0 : i64
    %ao = arith.constant 2048 : i64
    %ah = arith.constant 2816 : i64
    %vx = pto.make_tensor_view %x, shape = [%c4, %c64], strides = [%c64, %c1] : !view
    %vo = pto.make_tensor_view %out, shape = [%c5, %c64], strides = [%c64, %c1] : !view
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c4, %c64] : !view -> !pin
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c5, %c64] : !view -> !pout
    %tx = pto.alloc_tile addr = %ax : !tin
    %to = pto.alloc_tile addr = %ao : !tout
    pto.tload ins(%px : !pin) outs(%tx : !tin)
    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    %ubx = pto.castptr %ax : i64 -> !pto.ptr<f32, ub>
    %ubo = pto.castptr %ao : i64 -> !pto.ptr<f32, ub>
    %ubh = pto.castptr %ah : i64 -> !pto.ptr<i16, ub>
    pto.vecscope {
      %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      %n32 = arith.constant 32 : i32
      %first32 = pto.plt_b32 %n32 : i32 -> !pto.mask<b32>
      %b = pto.vlds %ubx[%c5] {dist = "BRC_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      pto.vsts %b, %ubo[%c0], %all {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
      %lo, %hi = pto.vldsx2 %ubx[%c0], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
      pto.vsts %lo, %ubo[%c64], %all : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
      pto.vstsx2 %hi, %lo, %ubo[%c128], "INTLV_B32", %first32 : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>
      %i0 = arith.constant 0 : i32
      %seq = pto.vci %i0 {order = "ASC"} : i32 -> !pto.vreg<64xi32>
      pto.vsts %seq, %ubh[%c0], %all {dist = "PK_B32"} : !pto.vreg<64xi32>, !pto.ptr<i16, ub>, !pto.mask<b32>
      %e = pto.vlds %ubx[%c8] {dist = "E2B_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      pto.vsts %e, %ubo[%c256], %all : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    }
    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.tstore ins(%to : !tout) outs(%po : !pout)
    return
  }
})";
    const Ran r = run(text, {"%x=iota:0:1:4x64", "%out=zeros:5x64"});
    ASSERT_FALSE(r.error) << r.error->message();
    const auto out = r.f32(1);
    for (int i = 0; i < 64; ++i) {
        EXPECT_EQ(out[i], 5.0f) << i;
        EXPECT_EQ(out[64 + i], static_cast<float>(2 * i)) << i;
        // INTLV under the first 32 lanes: (odd, even) pairs fill row 2 exactly.
        EXPECT_EQ(out[128 + i], static_cast<float>(i % 2 == 0 ? i + 1 : i - 1)) << i;
        EXPECT_EQ(out[256 + i], static_cast<float>(8 + i / 8)) << i;
    }
    // Row 3: halves 0..63, little-endian pairs per float slot, then zeros.
    std::vector<uint32_t> row3(64);
    std::memcpy(row3.data(), r.args[1].bytes.data() + 3 * 256, 256);
    for (uint32_t k = 0; k < 32; ++k)
        EXPECT_EQ(row3[k], ((2 * k + 1) << 16) | (2 * k)) << k;
    for (uint32_t k = 32; k < 64; ++k)
        EXPECT_EQ(row3[k], 0u) << k;
}

TEST(ModuleMicro, DistributionErrorsAreLocated) {
    const MicroCase cases[] = {
        // check: a spelling the instruction does not take, at the attribute
        {"    %v = pto.vlds %p[%c0] {dist = \"PK_B32\"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>",
         Status::BadAttributeValue, 7, 0, "pto.vlds takes NORM, BRC_B8"},
        // check: a distribution the manual names and ptosim does not run, with the row's reason
        {"    %h = pto.castptr %a0 : i64 -> !pto.ptr<i8, ub>\n"
         "    %v = pto.vlds %h[%c0] {dist = \"SPLT4CHN_B8\"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>",
         Status::NotExecutable, 8, 0, "not run: the formula"},
        // check: a distribution of another element width than the register's
        {"    %v = pto.vlds %p[%c0] {dist = \"BRC_B16\"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>",
         Status::TypeMismatch, 7, 0, "BRC_B16 works on 2-byte elements"},
        // check: vldsx2 without its distribution
        {"    %l, %h = pto.vldsx2 %p[%c0] : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>",
         Status::SyntaxError, 7, 0, "needs its distribution"},
        // run: E2B_B32 needs 32-byte alignment, at the operation
        {"    %q = pto.castptr %a4 : i64 -> !pto.ptr<f32, ub>\n"
         "    %v = pto.vlds %q[%c0] {dist = \"E2B_B32\"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>",
         Status::KernelCheck, 8, 0, "not 32-byte aligned (the E2B_B32 distribution needs it)"},
        // run: DS_B16 reads 512 bytes, past the end of the Unified Buffer where NORM would fit
        {"    %h = pto.castptr %a0 : i64 -> !pto.ptr<f16, ub>\n"
         "    %far = arith.constant 262016 : index\n"
         "    %v = pto.vlds %h[%far] {dist = \"DS_B16\"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>",
         Status::OutOfBounds, 9, 0, "vlds of 512 bytes"},
    };
    for (const MicroCase& c : cases) {
        const Ran r = run(micro_kernel(c.body), {});
        ASSERT_TRUE(r.error) << c.body;
        EXPECT_EQ(r.error->status, c.status) << r.error->message();
        EXPECT_EQ(r.error->loc.line, c.line) << r.error->message();
        EXPECT_NE(r.error->message().find(c.says), std::string::npos) << r.error->message();
    }
}

}  // namespace
