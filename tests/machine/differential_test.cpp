// Differential: one randomized computation through (a) the C++ intrinsics (pto::THISTOGRAM, TCMP, TCMPS,
// TINTERLEAVE, TDEINTERLEAVE, TSEL, TEXPANDS on pto::Tile), (b) a Linx program assembled and run on the ISA
// model, and (c) the equivalent PTO-AS program (lowered to blocks and run), must give identical destination
// bytes. The inputs are made once by the same generator (machine::make_data) that the programs' `random
// seed=N` data uses.
#include <gtest/gtest.h>

#include <pto/pto-inst.hpp>

#include <bit>
#include <random>

#include "machine_test_util.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"
#include "ptosim/pto_as/parser.hpp"
#include "ptosim/pto_as/printer.hpp"
#include "ptosim/pto_as/types.hpp"

namespace {

using namespace machine_test;
namespace P = ptosim::pto_as;

constexpr int kRows = 8, kCols = 64;  // the physical source tiles of every case
constexpr int kCasesPerOp = 200;

template <typename T, int R, int C>
using DynTile = pto::Tile<pto::TileType::Vec, T, R, C, pto::BLayout::RowMajor, -1, -1>;

// The bytes a data spec makes for rows x cols elements of t.
std::vector<std::byte> make(DType t, int rows, int cols, const std::string& spec) {
    const std::string line = ".tile T#1 " + std::string(ptosim::dtype_name(t)) + " " + std::to_string(rows) +
                             "x" + std::to_string(cols) + " " + spec;
    auto d = P::parse_linx_directive(line, 1);
    EXPECT_TRUE(d.ok()) << line;
    P::Status status{};
    std::string why;
    auto b = M::make_data(d.value.tile.data, t, static_cast<std::size_t>(rows * cols), "", &status, &why);
    EXPECT_TRUE(b.has_value()) << why;
    return b.value_or(std::vector<std::byte>{});
}

template <typename Tile>
void load(Tile& t, const std::vector<std::byte>& b) {
    ASSERT_EQ(b.size(), sizeof(typename Tile::DType) * Tile::Rows * Tile::Cols);
    std::memcpy(t.data(), b.data(), b.size());
}

template <typename Tile>
std::vector<std::byte> bytes_of(const Tile& t) {
    const auto* p = reinterpret_cast<const std::byte*>(t.data());
    return std::vector<std::byte>(p, p + sizeof(typename Tile::DType) * Tile::Rows * Tile::Cols);
}

std::string lower_name(DType t) {
    std::string s(ptosim::dtype_name(t));
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string tile_type(DType t, int rows, int cols, int vr, int vc) {
    P::TileType ty;
    ty.buf = false;
    ty.dtype = t;
    ty.rows = rows;
    ty.cols = cols;
    ty.valid_rows = vr;
    ty.valid_cols = vc;
    return P::print_tile_type(ty);
}

std::string size_text(std::size_t bytes) {
    return bytes >= 1024 ? std::to_string(bytes / 1024) + "KB" : std::to_string(bytes) + "B";
}

// Runs a Linx text and a PTO-AS text and returns the result entries (Linx: T#1.., PTO-AS: the names).
struct Results {
    std::vector<std::vector<std::byte>> linx, pto;
};

Results run_both(const std::string& linx, const std::vector<std::string>& linx_results,
                 const std::string& pto, const std::vector<std::string>& pto_results) {
    Results out;
    const Ran a = run_text(linx);
    EXPECT_TRUE(a.result.ok()) << (a.result.ok() ? "" : a.result.fault->message()) << "\n" << linx;
    for (const std::string& n : linx_results)
        out.linx.push_back(a.bytes(n));
    const Ran b = run_text(pto);
    EXPECT_TRUE(b.result.ok()) << (b.result.ok() ? "" : b.result.fault->message()) << "\n" << pto;
    for (const std::string& n : pto_results)
        out.pto.push_back(b.bytes(n));
    return out;
}

// The C++ result must equal the first bytes of the model's entry (the entry may have more rows).
void expect_same(const std::vector<std::byte>& cpp, const std::vector<std::byte>& model,
                 const std::string& what, const std::string& program) {
    ASSERT_GE(model.size(), cpp.size()) << what;
    EXPECT_TRUE(std::equal(cpp.begin(), cpp.end(), model.begin())) << what << " differs from C++ for:\n"
                                                                   << program;
}

template <typename T>
constexpr bool is_one_of_histogram_src = std::is_same_v<T, uint16_t> || std::is_same_v<T, uint32_t>;

TEST(Differential, Thistogram) {
    std::mt19937 rng(1);
    const DType dsts[] = {DType::U8, DType::U16, DType::U32, DType::U64};
    for (int n = 0; n < kCasesPerOp; ++n) {
        const DType src_t = rng() % 2 ? DType::U32 : DType::U16;
        const DType dst_t = dsts[rng() % 4];
        const int byte = static_cast<int>(rng() % (src_t == DType::U16 ? 2 : 4));
        const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
        const std::string spec =
            "random seed=" + std::to_string(n) +
            (src_t == DType::U16 ? " min=0 max=0x3ff" : " min=0x01020000 max=0x010203ff");
        const auto src = make(src_t, kRows, kCols, spec);
        // Filter bytes: u16 one per row (0..3), u32 the global bytes 3, 2, 1 (mostly matching).
        std::vector<int> idx;
        for (int k = 0; k < (src_t == DType::U16 ? kRows : 3); ++k)
            idx.push_back(src_t == DType::U16 ? static_cast<int>(rng() % 4)
                                              : (rng() % 5 == 0 ? 0
                                                                : (k == 0   ? 1
                                                                   : k == 1 ? 2
                                                                            : static_cast<int>(rng() % 4))));
        std::string values;
        for (std::size_t k = 0; k < idx.size(); ++k)
            values += (k ? ", " : "") + std::to_string(idx[k]);
        const std::size_t dst_bytes = static_cast<std::size_t>(kRows) * 256 * ptosim::dtype_size(dst_t);

        // (a) C++.
        std::vector<std::byte> cpp;
        ptosim::visit_dtype(src_t, [&](auto s) {
            using S = decltype(s);
            if constexpr (is_one_of_histogram_src<S>) {
                ptosim::visit_dtype(dst_t, [&](auto d) {
                    using D = decltype(d);
                    if constexpr (std::is_unsigned_v<D> && std::is_integral_v<D>) {
                        DynTile<S, kRows, kCols> in(vr, vc);
                        DynTile<D, kRows, 256> out(vr, 256);
                        load(in, src);
                        const auto run = [&](auto& ix) {
                            for (std::size_t k = 0; k < idx.size(); ++k)
                                ix.SetElement(static_cast<int>(k), 0, static_cast<uint8_t>(idx[k]));
                            switch (byte) {
                                case 0:
                                    pto::THISTOGRAM<pto::HistByte::BYTE_0>(out, in, ix);
                                    break;
                                case 1:
                                    pto::THISTOGRAM<pto::HistByte::BYTE_1>(out, in, ix);
                                    break;
                                case 2:
                                    if constexpr (std::is_same_v<S, uint32_t>)
                                        pto::THISTOGRAM<pto::HistByte::BYTE_2>(out, in, ix);
                                    break;
                                default:
                                    if constexpr (std::is_same_v<S, uint32_t>)
                                        pto::THISTOGRAM<pto::HistByte::BYTE_3>(out, in, ix);
                                    break;
                            }
                        };
                        if constexpr (std::is_same_v<S, uint16_t>) {
                            pto::Tile<pto::TileType::Vec, uint8_t, 32, 1, pto::BLayout::ColMajor> ix;
                            run(ix);
                        } else {
                            pto::Tile<pto::TileType::Vec, uint8_t, 4, 32> ix;
                            run(ix);
                        }
                        cpp = bytes_of(out);
                    }
                });
            }
        });
        ASSERT_EQ(cpp.size(), dst_bytes);

        // (b) Linx.
        const std::string linx = ".tile T#1 " + lower_name(src_t) + " 8x64 " + spec +
                                 "\n.tile U#1 u8 32x1 values " + values +
                                 "\nTHISTOGRAM <LB0:" + std::to_string(vc) + ", LB1:" + std::to_string(vr) +
                                 ", LB2:64, " + lower_name(src_t) + ", " + lower_name(dst_t) + ", Byte" +
                                 std::to_string(byte) + ">, T#1, U#1, ->T<" + size_text(dst_bytes) + ">\n";
        // (c) PTO-AS.
        const std::string src_ty = tile_type(src_t, kRows, kCols, vr, vc),
                          idx_ty = tile_type(DType::U8, 32, 1, 32, 1),
                          dst_ty = tile_type(dst_t, kRows, 256, vr, 256);
        const std::string pto =
            ".arg %src : " + src_ty + " " + spec + "\n.arg %idx : " + idx_ty + " values " + values +
            "\n%hist = pto.thistogram %src, %idx {byte = #pto<hist_byte BYTE_" + std::to_string(byte) +
            ">} : (" + src_ty + ", " + idx_ty + ") -> " + dst_ty + "\n";
        const Results r = run_both(linx, {"T#1"}, pto, {"%hist"});
        expect_same(cpp, r.linx[0], "Linx", linx);
        expect_same(cpp, r.pto[0], "PTO-AS", pto);
    }
}

const DType kCmpTypes[] = {DType::S8,  DType::U8,  DType::S16, DType::U16,  DType::S32, DType::U32,
                           DType::S64, DType::U64, DType::F16, DType::BF16, DType::F32};
const ptosim::CmpMode kModes[] = {ptosim::CmpMode::EQ, ptosim::CmpMode::NE, ptosim::CmpMode::LT,
                                  ptosim::CmpMode::LE, ptosim::CmpMode::GT, ptosim::CmpMode::GE};

std::string range_of(DType t) {
    return ptosim::dtype_is_float(t) ? " min=-2 max=2" : " min=0 max=3";
}

TEST(Differential, TcmpAndTcmps) {
    std::mt19937 rng(2);
    for (int n = 0; n < 2 * kCasesPerOp; ++n) {
        const bool scalar = n % 2 == 1;
        const DType t = kCmpTypes[rng() % std::size(kCmpTypes)];
        const ptosim::CmpMode mode = kModes[rng() % 6];
        const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
        const std::string spec0 = "random seed=" + std::to_string(3 * n) + range_of(t);
        const std::string spec1 =
            "random seed=" + std::to_string(rng() % 3 == 0 ? 3 * n : 3 * n + 1) + range_of(t);
        // TCMPS's scalar: a value the data can equal.
        const std::string value = ptosim::dtype_is_float(t)
                                      ? std::to_string(static_cast<int>(rng() % 5) - 2) + ".0"
                                      : std::to_string(rng() % 4);
        const auto a = make(t, kRows, kCols, spec0), b = make(t, kRows, kCols, spec1);
        const int words = (vc + 7) / 8;
        std::string why;
        const uint64_t bits = *P::number_bits(*P::parse_number(value), t, &why);

        // (a) C++.
        std::vector<std::byte> cpp;
        ptosim::visit_dtype(t, [&](auto x) {
            using T = decltype(x);
            if constexpr (ptosim::isa::op_info(ptosim::isa::Op::TCMP)
                              .types_for(ptosim::Arch::A5)
                              .contains(ptosim::dtype_of<T>)) {
                DynTile<T, kRows, kCols> s0(vr, vc), s1(vr, vc);
                DynTile<uint8_t, kRows, 32> mask(vr, words);
                load(s0, a);
                load(s1, b);
                const auto m = static_cast<pto::CmpMode>(mode);
                if (scalar)
                    pto::TCMPS(mask, s0, ptosim::scalar_from_bits<T>(bits), m);
                else
                    pto::TCMP(mask, s0, s1, m);
                cpp = bytes_of(mask);
            }
        });
        ASSERT_EQ(cpp.size(), static_cast<std::size_t>(kRows) * 32);

        const std::string name = std::string(ptosim::cmp_mode_name(mode));
        const std::string ty = lower_name(t);
        const std::string lbs =
            "<LB0:" + std::to_string(vc) + ", LB1:" + std::to_string(vr) + ", LB2:64, " + ty + ">";
        std::string linx =
            ".tile T#2 " + ty + " 8x64 " + spec0 + "\n.tile T#1 " + ty + " 8x64 " + spec1 + "\n";
        const std::string src_ty = tile_type(t, kRows, kCols, vr, vc),
                          mask_ty = tile_type(DType::U8, kRows, 32, vr, words);
        std::string pto = ".arg %a : " + src_ty + " " + spec0 + "\n.arg %b : " + src_ty + " " + spec1 + "\n";
        const std::string attr = " {cmpMode = #pto<cmp " + std::string(P::cmp_attr_name(mode)) + ">}";
        if (scalar) {
            linx += ".reg a0 = " + value + " : " + ty + "\nTCMPS." + name + " " + lbs +
                    ", T#2, [a0], ->T<256B>\n";
            pto += ".const %s = " + value + " : " + P::mlir_dtype_name(t) + "\n%m = tcmps %a, %s" + attr +
                   " : " + src_ty + " -> " + mask_ty + "\n";
        } else {
            linx += "TCMP." + name + " " + lbs + ", T#2, T#1, ->T<256B>\n";
            pto += "pto.tcmp ins(%a, %b" + attr + " : " + src_ty + ", " + src_ty + ") outs(%m : " + mask_ty +
                   ")\n";
            pto.insert(0, "%m = pto.alloc_tile : " + mask_ty + "\n");
        }
        const Results r = run_both(linx, {"T#1"}, pto, {"%m"});
        expect_same(cpp, r.linx[0], "Linx", linx);
        expect_same(cpp, r.pto[0], "PTO-AS", pto);
    }
}

const DType kInterleaveTypes[] = {DType::S8,  DType::U8,  DType::S16,  DType::U16, DType::S32,
                                  DType::U32, DType::F16, DType::BF16, DType::F32};

TEST(Differential, InterleaveAndDeinterleave) {
    std::mt19937 rng(3);
    for (int n = 0; n < 3 * kCasesPerOp; ++n) {
        const int form = n % 3;  // 0 TINTERLEAVE, 1 TDEINTERLEAVE (two sources), 2 TDEINTERLEAVE (one source)
        const DType t = kInterleaveTypes[rng() % std::size(kInterleaveTypes)];
        const int vr = 1 + static_cast<int>(rng() % kRows),
                  vc = 2 * (1 + static_cast<int>(rng() % (kCols / 2)));
        const std::string spec0 = "random seed=" + std::to_string(2 * n),
                          spec1 = "random seed=" + std::to_string(2 * n + 1);
        const auto a = make(t, kRows, kCols, spec0), b = make(t, kRows, kCols, spec1);
        const int dcols = form == 2 ? kCols / 2 : kCols, dvc = form == 2 ? vc / 2 : vc;

        std::vector<std::byte> cpp0, cpp1;
        ptosim::visit_dtype(t, [&](auto x) {
            using T = decltype(x);
            if constexpr (ptosim::isa::op_info(ptosim::isa::Op::TINTERLEAVE)
                              .types_for(ptosim::Arch::A5)
                              .contains(ptosim::dtype_of<T>)) {
                DynTile<T, kRows, kCols> s0(vr, vc), s1(vr, vc);
                load(s0, a);
                load(s1, b);
                if (form == 2) {
                    DynTile<T, kRows, kCols / 2> d0(vr, dvc), d1(vr, dvc);
                    pto::TDEINTERLEAVE(d1, d0, s0);
                    cpp0 = bytes_of(d0);
                    cpp1 = bytes_of(d1);
                } else {
                    DynTile<T, kRows, kCols> d0(vr, vc), d1(vr, vc);
                    if (form == 0)
                        pto::TINTERLEAVE(d1, d0, s1, s0);
                    else
                        pto::TDEINTERLEAVE(d1, d0, s1, s0);
                    cpp0 = bytes_of(d0);
                    cpp1 = bytes_of(d1);
                }
            }
        });
        ASSERT_FALSE(cpp0.empty());

        const std::string op = form == 0 ? "TINTERLEAVE" : "TDEINTERLEAVE";
        const std::string ty = lower_name(t);
        const std::string size = size_text(static_cast<std::size_t>(kRows) * dcols * ptosim::dtype_size(t));
        const std::string srcs = form == 2 ? "T#2" : "T#2, T#1";
        const std::string linx = ".tile T#2 " + ty + " 8x64 " + spec0 + "\n.tile T#1 " + ty + " 8x64 " +
                                 spec1 + "\n" + op + " <LB0:" + std::to_string(vc) +
                                 ", LB1:" + std::to_string(vr) + ", LB2:64, " + ty + ">, " + srcs + ", ->T<" +
                                 size + ">, ->T<" + size + ">\n";
        const std::string src_ty = tile_type(t, kRows, kCols, vr, vc),
                          dst_ty = tile_type(t, kRows, dcols, vr, dvc);
        std::string lower = op;
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::string pto = ".arg %a : " + src_ty + " " + spec0 + "\n.arg %b : " + src_ty + " " + spec1 + "\n";
        if (form == 0)  // the synchronous form: one type for every tile
            pto += "%d0, %d1 = tinterleave %a, %b : " + src_ty + "\n";
        else if (form == 1)  // SSA
            pto += "%d0, %d1 = pto." + lower + " %a, %b : (" + src_ty + ", " + src_ty + ") -> (" + dst_ty +
                   ", " + dst_ty + ")\n";
        else  // DPS
            pto += "%d0 = pto.alloc_tile : " + dst_ty + "\n%d1 = pto.alloc_tile : " + dst_ty + "\npto." +
                   lower + " ins(%a : " + src_ty + ") outs(%d0, %d1 : " + dst_ty + ", " + dst_ty + ")\n";
        const Results r = run_both(linx, {"T#2", "T#1"}, pto, {"%d0", "%d1"});
        expect_same(cpp0, r.linx[0], "Linx dst0", linx);
        expect_same(cpp1, r.linx[1], "Linx dst1", linx);
        expect_same(cpp0, r.pto[0], "PTO-AS dst0", pto);
        expect_same(cpp1, r.pto[1], "PTO-AS dst1", pto);
    }
}

std::string level_text(int level) {
    return level == 0 ? "sync" : level == 1 ? "SSA" : "DPS";
}

TEST(Differential, TcmpThenTsel) {
    // The mask TCMP writes feeds TSEL as it is; the compare and the selection have element types of their
    // own.
    std::mt19937 rng(4);
    for (int n = 0; n < kCasesPerOp; ++n) {
        const DType ct = kCmpTypes[rng() % std::size(kCmpTypes)];
        const DType st = kCmpTypes[rng() % std::size(kCmpTypes)];
        const ptosim::CmpMode mode = kModes[rng() % 6];
        const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
        const int words = (vc + 7) / 8;
        const std::string spec_a = "random seed=" + std::to_string(4 * n) + range_of(ct),
                          spec_b = "random seed=" + std::to_string(4 * n + 1) + range_of(ct),
                          spec_x = "random seed=" + std::to_string(4 * n + 2),
                          spec_y = "random seed=" + std::to_string(4 * n + 3);
        const auto a = make(ct, kRows, kCols, spec_a), b = make(ct, kRows, kCols, spec_b);
        const auto x = make(st, kRows, kCols, spec_x), y = make(st, kRows, kCols, spec_y);

        // (a) C++: TCMP, then TSEL on that mask.
        std::vector<std::byte> mask_bytes, cpp;
        ptosim::visit_dtype(ct, [&](auto e) {
            using T = decltype(e);
            if constexpr (ptosim::isa::op_info(ptosim::isa::Op::TCMP)
                              .types_for(ptosim::Arch::A5)
                              .contains(ptosim::dtype_of<T>)) {
                DynTile<T, kRows, kCols> s0(vr, vc), s1(vr, vc);
                DynTile<uint8_t, kRows, 32> mask(vr, words);
                load(s0, a);
                load(s1, b);
                pto::TCMP(mask, s0, s1, static_cast<pto::CmpMode>(mode));
                mask_bytes = bytes_of(mask);
            }
        });
        ptosim::visit_dtype(st, [&](auto e) {
            using T = decltype(e);
            if constexpr (ptosim::isa::op_info(ptosim::isa::Op::TSEL)
                              .types_for(ptosim::Arch::A5)
                              .contains(ptosim::dtype_of<T>)) {
                DynTile<uint8_t, kRows, 32> mask(vr, words);
                DynTile<T, kRows, kCols> s0(vr, vc), s1(vr, vc), dst(vr, vc);
                pto::Tile<pto::TileType::Vec, uint32_t, 1, 16> tmp;
                load(mask, mask_bytes);
                load(s0, x);
                load(s1, y);
                pto::TSEL(dst, mask, s0, s1, tmp);
                cpp = bytes_of(dst);
            }
        });
        const std::size_t dst_bytes = static_cast<std::size_t>(kRows) * kCols * ptosim::dtype_size(st);
        ASSERT_EQ(cpp.size(), dst_bytes);

        // (b) Linx: after TCMP the mask is T#1, y T#2, x T#3.
        const std::string cty = lower_name(ct), sty = lower_name(st);
        const std::string lbs = "<LB0:" + std::to_string(vc) + ", LB1:" + std::to_string(vr) + ", LB2:64, ";
        const std::string linx = ".tile T#4 " + cty + " 8x64 " + spec_a + "\n.tile T#3 " + cty + " 8x64 " +
                                 spec_b + "\n.tile T#2 " + sty + " 8x64 " + spec_x + "\n.tile T#1 " + sty +
                                 " 8x64 " + spec_y + "\nTCMP." + std::string(ptosim::cmp_mode_name(mode)) +
                                 " " + lbs + cty + ">, T#4, T#3, ->T<256B>\nTSEL " + lbs + sty +
                                 ">, T#1, T#3, T#2, ->T<" + size_text(dst_bytes) + ">\n";
        // (c) PTO-AS, the TSEL at each level in turn.
        const std::string a_ty = tile_type(ct, kRows, kCols, vr, vc),
                          x_ty = tile_type(st, kRows, kCols, vr, vc),
                          mask_ty = tile_type(DType::U8, kRows, 32, vr, words);
        std::string pto = ".arg %a : " + a_ty + " " + spec_a + "\n.arg %b : " + a_ty + " " + spec_b +
                          "\n.arg %x : " + x_ty + " " + spec_x + "\n.arg %y : " + x_ty + " " + spec_y +
                          "\n%m = tcmp %a, %b {cmpMode = #pto<cmp " + std::string(P::cmp_attr_name(mode)) +
                          ">} : " + a_ty + " -> " + mask_ty + "\n";
        const int level = n % 3;
        if (level == 0)  // one type: the data tiles'
            pto += "%d = tsel %m, %x, %y : " + x_ty + "\n";
        else if (level == 1)
            pto +=
                "%d = pto.tsel %m, %x, %y : (" + mask_ty + ", " + x_ty + ", " + x_ty + ") -> " + x_ty + "\n";
        else
            pto += "%d = pto.alloc_tile : " + x_ty + "\npto.tsel ins(%m, %x, %y : " + mask_ty + ", " + x_ty +
                   ", " + x_ty + ") outs(%d : " + x_ty + ")\n";
        const Results r = run_both(linx, {"T#1"}, pto, {"%d"});
        expect_same(cpp, r.linx[0], "Linx", linx);
        expect_same(cpp, r.pto[0], "PTO-AS (" + level_text(level) + ")", pto);
    }
}

TEST(Differential, Texpands) {
    std::mt19937_64 rng(5);
    for (int n = 0; n < kCasesPerOp; ++n) {
        const DType t = kCmpTypes[rng() % std::size(kCmpTypes)];
        const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
        // Any bit pattern of one element (NaN payloads included), written as a hex literal.
        const std::size_t elem = ptosim::dtype_size(t);
        const uint64_t noise = rng();
        const uint64_t low = elem == 8 ? noise : noise & ((uint64_t{1} << (8 * elem)) - 1);
        char hex[24];
        std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(low));
        std::string why;
        const uint64_t bits = *P::number_bits(*P::parse_number(hex), t, &why);
        ASSERT_EQ(bits, low) << why;

        // (a) C++.
        std::vector<std::byte> cpp;
        ptosim::visit_dtype(t, [&](auto e) {
            using T = decltype(e);
            if constexpr (ptosim::isa::op_info(ptosim::isa::Op::TEXPANDS)
                              .types_for(ptosim::Arch::A5)
                              .contains(ptosim::dtype_of<T>)) {
                DynTile<T, kRows, kCols> dst(vr, vc);
                pto::TEXPANDS(dst, ptosim::scalar_from_bits<T>(bits));
                cpp = bytes_of(dst);
            }
        });
        const std::size_t dst_bytes = static_cast<std::size_t>(kRows) * kCols * elem;
        ASSERT_EQ(cpp.size(), dst_bytes);

        // (b) Linx. Every other case sets the whole register: its bits above the element are ignored.
        const std::string ty = lower_name(t);
        char reg[48];
        std::snprintf(reg, sizeof reg, "0x%llx", static_cast<unsigned long long>(noise));
        const std::string linx = ".reg a0 = " + (n % 2 ? std::string(reg) : std::string(hex) + " : " + ty) +
                                 "\nTEXPANDS <LB0:" + std::to_string(vc) + ", LB1:" + std::to_string(vr) +
                                 ", LB2:64, " + ty + ">, [a0], ->T<" + size_text(dst_bytes) + ">\n";
        // (c) PTO-AS, each level in turn.
        const std::string x_ty = tile_type(t, kRows, kCols, vr, vc), s_ty = P::mlir_dtype_name(t);
        std::string pto = ".const %s = " + std::string(hex) + " : " + s_ty + "\n";
        const int level = n % 3;
        if (level == 0)  // pto-isa's synchronous form
            pto += "%d = texpands %s : " + s_ty + ", " + x_ty + "\n";
        else if (level == 1)
            pto += "%d = pto.texpands %s : " + s_ty + " -> " + x_ty + "\n";
        else
            pto += "%d = pto.alloc_tile : " + x_ty + "\npto.texpands ins(%s : " + s_ty +
                   ") outs(%d : " + x_ty + ")\n";
        const Results r = run_both(linx, {"T#1"}, pto, {"%d"});
        expect_same(cpp, r.linx[0], "Linx", linx);
        expect_same(cpp, r.pto[0], "PTO-AS (" + level_text(level) + ")", pto);
    }
}

// Row and column reductions and expansions (every Mode-2 row, every element type the A5 profile gives it),
// through the kernel core's entry point, the Linx block and PTO-AS at the SSA and DPS levels. A reduction's
// result is [R, 1] or [1, C]; an expansion's per-row vector is [R, 1], its per-column vector [1, C]; the
// vector is the last source.
TEST(Differential, ReductionsAndExpansions) {
    using ptosim::isa::Family;
    std::mt19937_64 rng(17);
    int cases = 0;
    for (const ptosim::isa::OpInfo& op : ptosim::isa::kOps) {
        const bool reduce = op.family == Family::RowReduce || op.family == Family::ColReduce;
        const bool expand = op.family == Family::RowExpand || op.family == Family::ColExpand;
        if (!(reduce || expand) || !op.has_linx_id() || !ptosim::ops::has_kernel(op.op))
            continue;
        const bool per_row = op.family == Family::RowReduce || op.family == Family::RowExpand;
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!ptosim::dtype_code_valid(code) || !op.types_for(ptosim::Arch::A5).contains(t))
                continue;
            for (int n = 0; n < 3; ++n, ++cases) {
                const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
                const std::size_t elem = ptosim::dtype_size(t);
                // The vector's physical and valid shape, and the result's.
                const int vec_rows = per_row ? kRows : 1, vec_cols = per_row ? 1 : kCols;
                const int vec_vr = per_row ? vr : 1, vec_vc = per_row ? 1 : vc;
                const int dst_rows = reduce ? vec_rows : kRows, dst_cols = reduce ? vec_cols : kCols;
                const int dst_vr = reduce ? vec_vr : vr, dst_vc = reduce ? vec_vc : vc;
                const std::size_t nsrc = op.src_min;
                std::vector<std::string> specs;
                std::vector<std::vector<std::byte>> data;
                std::vector<ptosim::TileView> srcs;
                for (std::size_t k = 0; k < nsrc; ++k) {
                    const bool vec = expand && k + 1 == nsrc;
                    // Small values, so that products and sums stay finite and exact enough to be interesting.
                    specs.push_back("random seed=" + std::to_string(cases * 4 + k) +
                                    (ptosim::dtype_is_float(t) ? " min=-2 max=2" : ""));
                    data.push_back(make(t, vec ? vec_rows : kRows, vec ? vec_cols : kCols, specs.back()));
                }
                for (std::size_t k = 0; k < nsrc; ++k) {
                    const bool vec = expand && k + 1 == nsrc;
                    srcs.push_back({data[k].data(), t,
                                    ptosim::Layout::row_major(vec ? vec_rows : kRows, vec ? vec_cols : kCols),
                                    vec ? vec_vr : vr, vec ? vec_vc : vc});
                }
                // (a) The kernel core's entry point; only the valid results are compared (the model's entry
                // may hold more).
                std::vector<std::byte> cpp(static_cast<std::size_t>(dst_rows) * dst_cols * elem);
                const ptosim::TileView dst{cpp.data(), t, ptosim::Layout::row_major(dst_rows, dst_cols),
                                           dst_vr, dst_vc};
                ptosim::ops::execute(op.op, {std::span<const ptosim::TileView>(&dst, 1), srcs, {}, {}});
                if (reduce)
                    cpp.resize(static_cast<std::size_t>(per_row ? dst_vr : dst_vc) * elem);
                else
                    cpp.resize(static_cast<std::size_t>(vr) * kCols * elem);

                // (b) Linx: source k is T#(nsrc - k).
                const std::string ty = lower_name(t);
                std::string linx;
                for (std::size_t k = 0; k < nsrc; ++k) {
                    const bool vec = expand && k + 1 == nsrc;
                    linx += ".tile T#" + std::to_string(nsrc - k) + " " + ty + " " +
                            std::to_string(vec ? vec_rows : kRows) + "x" +
                            std::to_string(vec ? vec_cols : kCols) + " " + specs[k] + "\n";
                }
                const std::size_t entry =
                    std::max<std::size_t>(32, static_cast<std::size_t>(dst_rows) * dst_cols * elem);
                linx += std::string(op.name) + " <LB0:" + std::to_string(vc) + ", LB1:" + std::to_string(vr) +
                        ", LB2:64, " + ty + ">";
                for (std::size_t k = 0; k < nsrc; ++k)
                    linx += ", T#" + std::to_string(nsrc - k);
                linx += ", ->T<" + size_text(std::bit_ceil(entry)) + ">\n";

                // (c) PTO-AS, SSA and DPS in turn.
                const std::string x_ty = tile_type(t, kRows, kCols, vr, vc);
                const std::string v_ty = tile_type(t, vec_rows, vec_cols, vec_vr, vec_vc);
                const std::string d_ty = reduce ? v_ty : x_ty;
                std::string pto, ops_text, types_text;
                for (std::size_t k = 0; k < nsrc; ++k) {
                    const std::string& k_ty = expand && k + 1 == nsrc ? v_ty : x_ty;
                    pto += ".arg %s" + std::to_string(k) + " : " + k_ty + " " + specs[k] + "\n";
                    ops_text += (k ? ", %s" : "%s") + std::to_string(k);
                    types_text += (k ? ", " : "") + k_ty;
                }
                std::string mnemonic(op.name);
                for (char& ch : mnemonic)
                    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                if (n % 2 == 0)
                    pto +=
                        "%d = pto." + mnemonic + " " + ops_text + " : (" + types_text + ") -> " + d_ty + "\n";
                else
                    pto += "%d = pto.alloc_tile : " + d_ty + "\npto." + mnemonic + " ins(" + ops_text +
                           " : " + types_text + ") outs(%d : " + d_ty + ")\n";
                const Results r = run_both(linx, {"T#1"}, pto, {"%d"});
                expect_same(cpp, r.linx[0], std::string(op.name) + " Linx", linx);
                expect_same(cpp, r.pto[0], std::string(op.name) + " PTO-AS", pto);
                if (::testing::Test::HasFailure())
                    return;
            }
        }
    }
    EXPECT_GT(cases, 200);
}

// The arg reductions have no Linx id: the kernel core's entry point against PTO-AS (SSA and DPS), every
// source type of the A5 profile, both index types.
TEST(Differential, ArgReductionsThroughPtoAs) {
    using ptosim::isa::Op;
    std::mt19937_64 rng(23);
    int cases = 0;
    for (const Op o : {Op::TROWARGMAX, Op::TROWARGMIN, Op::TCOLARGMAX, Op::TCOLARGMIN}) {
        const ptosim::isa::OpInfo& op = ptosim::isa::op_info(o);
        const bool per_row = op.family == ptosim::isa::Family::RowReduce;
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!ptosim::dtype_code_valid(code) || !op.types_for(ptosim::Arch::A5).contains(t))
                continue;
            for (const DType it : {DType::S32, DType::U32}) {
                const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
                // Few distinct values, so that ties are common.
                const bool unsigned_type = ptosim::dtype_name(t)[0] == 'U';
                const std::string spec = "random seed=" + std::to_string(++cases) +
                                         (unsigned_type ? " min=0 max=6" : " min=-3 max=3");
                std::vector<std::byte> data = make(t, kRows, kCols, spec);
                const ptosim::TileView src{data.data(), t, ptosim::Layout::row_major(kRows, kCols), vr, vc};
                const int dr = per_row ? kRows : 1, dc = per_row ? 1 : kCols;
                std::vector<std::byte> cpp(static_cast<std::size_t>(dr) * dc * 4);
                const ptosim::TileView dst{cpp.data(), it, ptosim::Layout::row_major(dr, dc),
                                           per_row ? vr : 1, per_row ? 1 : vc};
                ptosim::ops::execute(o, {std::span<const ptosim::TileView>(&dst, 1),
                                         std::span<const ptosim::TileView>(&src, 1),
                                         {},
                                         {}});
                cpp.resize(static_cast<std::size_t>(per_row ? vr : vc) * 4);

                const std::string x_ty = tile_type(t, kRows, kCols, vr, vc);
                const std::string d_ty = tile_type(it, dr, dc, per_row ? vr : 1, per_row ? 1 : vc);
                std::string mnemonic(op.name);
                for (char& ch : mnemonic)
                    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                std::string pto = ".arg %s : " + x_ty + " " + spec + "\n";
                if (cases % 2)
                    pto += "%d = pto." + mnemonic + " %s : (" + x_ty + ") -> " + d_ty + "\n";
                else
                    pto += "%d = pto.alloc_tile : " + d_ty + "\npto." + mnemonic + " ins(%s : " + x_ty +
                           ") outs(%d : " + d_ty + ")\n";
                const Ran r = run_text(pto);
                ASSERT_TRUE(r.result.ok()) << r.result.fault->message() << "\n" << pto;
                expect_same(cpp, r.bytes("%d"), std::string(op.name) + " PTO-AS", pto);
            }
        }
    }
    EXPECT_GT(cases, 40);
}

// TQUANT (INT8_SYM / INT8_ASYM) and TDEQUANT run from PTO-AS (they have no Linx id) with [R, 1] float scale
// and offset tiles, against the kernel core's entry point on the same bytes.
TEST(Differential, QuantThroughPtoAs) {
    using ptosim::isa::Op;
    std::mt19937_64 rng(29);
    int cases = 0;
    struct Form {
        Op op;
        DType src, dst;
        bool offset;
    };
    const Form forms[] = {{Op::TQUANT, DType::F32, DType::S8, false},
                          {Op::TQUANT, DType::F32, DType::U8, true},
                          {Op::TDEQUANT, DType::S8, DType::F32, true},
                          {Op::TDEQUANT, DType::S16, DType::F32, true}};
    for (const Form& f : forms) {
        for (int k = 0; k < 6; ++k) {
            const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
            const bool quant = f.op == Op::TQUANT;
            const std::string spec =
                "random seed=" + std::to_string(++cases) + (quant ? " min=-300 max=300" : "");
            const std::string scale_spec = "random seed=" + std::to_string(++cases) + " min=-2 max=2";
            const std::string offset_spec = "random seed=" + std::to_string(++cases) + " min=-50 max=200";
            std::vector<std::byte> data = make(f.src, kRows, kCols, spec);
            std::vector<std::byte> scale = make(DType::F32, vr, 1, scale_spec);
            std::vector<std::byte> offset = make(DType::F32, vr, 1, offset_spec);
            const ptosim::TileView src{data.data(), f.src, ptosim::Layout::row_major(kRows, kCols), vr, vc};
            const ptosim::TileView sv{scale.data(), DType::F32, ptosim::Layout::row_major(vr, 1), vr, 1};
            const ptosim::TileView ov{offset.data(), DType::F32, ptosim::Layout::row_major(vr, 1), vr, 1};
            const std::size_t esize = ptosim::dtype_size(f.dst);
            std::vector<std::byte> cpp(static_cast<std::size_t>(kRows) * kCols * esize);
            const ptosim::TileView dst{cpp.data(), f.dst, ptosim::Layout::row_major(kRows, kCols), vr, vc};
            const ptosim::TileView srcs[] = {src, sv, ov};
            ptosim::ops::execute(f.op, {std::span<const ptosim::TileView>(&dst, 1),
                                        std::span<const ptosim::TileView>(srcs, f.offset ? 3 : 2),
                                        {},
                                        {}});
            cpp.resize(static_cast<std::size_t>(vr - 1) * kCols * esize +
                       static_cast<std::size_t>(vc) * esize);

            const std::string x_ty = tile_type(f.src, kRows, kCols, vr, vc);
            const std::string p_ty = tile_type(DType::F32, vr, 1, vr, 1);
            const std::string d_ty = tile_type(f.dst, kRows, kCols, vr, vc);
            const std::string mnemonic = quant ? "tquant" : "tdequant";
            std::string pto =
                ".arg %x : " + x_ty + " " + spec + "\n.arg %s : " + p_ty + " " + scale_spec + "\n";
            if (f.offset)
                pto += ".arg %o : " + p_ty + " " + offset_spec + "\n";
            const std::string ins = f.offset ? "%x, %s, %o" : "%x, %s";
            const std::string types = f.offset ? x_ty + ", " + p_ty + ", " + p_ty : x_ty + ", " + p_ty;
            if (k % 2)
                pto += "%d = pto." + mnemonic + " " + ins + " : (" + types + ") -> " + d_ty + "\n";
            else
                pto += "%d = pto.alloc_tile : " + d_ty + "\npto." + mnemonic + " ins(" + ins + " : " + types +
                       ") outs(%d : " + d_ty + ")\n";
            const Ran r = run_text(pto);
            ASSERT_TRUE(r.result.ok()) << r.result.fault->message() << "\n" << pto;
            const std::vector<std::byte> model = r.bytes("%d");
            // Compare the valid region row by row (the model's entry may pad rows differently).
            for (int row = 0; row < vr; ++row) {
                const std::size_t at = static_cast<std::size_t>(row) * kCols * esize;
                ASSERT_GE(model.size(), at + static_cast<std::size_t>(vc) * esize);
                EXPECT_TRUE(std::equal(cpp.begin() + static_cast<std::ptrdiff_t>(at),
                                       cpp.begin() + static_cast<std::ptrdiff_t>(at + vc * esize),
                                       model.begin() + static_cast<std::ptrdiff_t>(at)))
                    << mnemonic << " row " << row << " differs from C++ for:\n"
                    << pto;
            }
        }
    }
    EXPECT_EQ(cases, 72);
}

// TPARTARGMAX / TPARTARGMIN run from PTO-AS (no Linx id; the model's sources share one shape) against the
// kernel core's entry point: value tiles with few distinct values (ties keep src0's pair), index tiles of
// each index type the value type allows.
TEST(Differential, PartialArgThroughPtoAs) {
    using ptosim::isa::Op;
    std::mt19937_64 rng(31);
    int cases = 0;
    for (const Op o : {Op::TPARTARGMAX, Op::TPARTARGMIN})
        for (const DType vt : {DType::F32, DType::F16})
            for (const DType it : {DType::S32, DType::U32, DType::S16, DType::U16}) {
                if (ptosim::dtype_size(it) == 2 && vt != DType::F16)
                    continue;  // 16-bit indices go with half values
                const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
                const std::string a_spec = "random seed=" + std::to_string(++cases) + " min=-3 max=3";
                const std::string b_spec = "random seed=" + std::to_string(++cases) + " min=-3 max=3";
                const std::string ai_spec = "random seed=" + std::to_string(++cases) + " min=0 max=1000";
                const std::string bi_spec = "random seed=" + std::to_string(++cases) + " min=0 max=1000";
                // Whole numbers in [-3, 3): many ties.
                std::vector<std::byte> a = make(vt, kRows, kCols, a_spec), b = make(vt, kRows, kCols, b_spec);
                std::vector<std::byte> ai = make(it, kRows, kCols, ai_spec),
                                       bi = make(it, kRows, kCols, bi_spec);
                const auto view = [&](std::vector<std::byte>& d, DType t) {
                    return ptosim::TileView{d.data(), t, ptosim::Layout::row_major(kRows, kCols), vr, vc};
                };
                const ptosim::TileView srcs[] = {view(a, vt), view(b, vt), view(ai, it), view(bi, it)};
                std::vector<std::byte> dv(static_cast<std::size_t>(kRows) * kCols * ptosim::dtype_size(vt));
                std::vector<std::byte> di(static_cast<std::size_t>(kRows) * kCols * ptosim::dtype_size(it));
                const ptosim::TileView dsts[] = {view(dv, vt), view(di, it)};
                ptosim::ops::execute(o, {dsts, srcs, {}, {}});

                const std::string v_ty = tile_type(vt, kRows, kCols, vr, vc);
                const std::string i_ty = tile_type(it, kRows, kCols, vr, vc);
                const std::string mnemonic = o == Op::TPARTARGMAX ? "tpartargmax" : "tpartargmin";
                std::string pto = ".arg %a : " + v_ty + " " + a_spec + "\n.arg %b : " + v_ty + " " + b_spec +
                                  "\n.arg %ai : " + i_ty + " " + ai_spec + "\n.arg %bi : " + i_ty + " " +
                                  bi_spec + "\n";
                const std::string types = v_ty + ", " + v_ty + ", " + i_ty + ", " + i_ty;
                if (cases % 8 == 0)
                    pto += "%v, %i = pto." + mnemonic + " %a, %b, %ai, %bi : (" + types + ") -> (" + v_ty +
                           ", " + i_ty + ")\n";
                else
                    pto += "%v = pto.alloc_tile : " + v_ty + "\n%i = pto.alloc_tile : " + i_ty + "\npto." +
                           mnemonic + " ins(%a, %b, %ai, %bi : " + types + ") outs(%v, %i : " + v_ty + ", " +
                           i_ty + ")\n";
                const Ran r = run_text(pto);
                ASSERT_TRUE(r.result.ok()) << r.result.fault->message() << "\n" << pto;
                const std::vector<std::byte> mv = r.bytes("%v"), mi = r.bytes("%i");
                for (int row = 0; row < vr; ++row)
                    for (const auto& [cpp, model, t] : {std::tuple{&dv, &mv, vt}, std::tuple{&di, &mi, it}}) {
                        const std::size_t e = ptosim::dtype_size(t),
                                          at = static_cast<std::size_t>(row) * kCols * e;
                        ASSERT_GE(model->size(), at + vc * e);
                        EXPECT_TRUE(std::equal(cpp->begin() + static_cast<std::ptrdiff_t>(at),
                                               cpp->begin() + static_cast<std::ptrdiff_t>(at + vc * e),
                                               model->begin() + static_cast<std::ptrdiff_t>(at)))
                            << mnemonic << " row " << row << " differs from C++ for:\n"
                            << pto;
                    }
            }
    EXPECT_EQ(cases, 4 * 2 * (2 + 4));
}

}  // namespace

// The element-wise families (every row with a Linx id and a family kernel, every element type the A5 profile
// gives it): the kernel core's entry point the intrinsics call, the Linx block, and PTO-AS at the SSA and DPS
// levels, on random tiles and a random valid region.
TEST(Differential, ElementwiseFamilies) {
    std::mt19937_64 rng(13);
    int cases = 0;
    for (const ptosim::isa::OpInfo& op : ptosim::isa::kOps) {
        const bool family =
            op.family == ptosim::isa::Family::Binary || op.family == ptosim::isa::Family::Unary ||
            op.family == ptosim::isa::Family::Ternary || op.family == ptosim::isa::Family::TileScalar;
        if (!family || !op.has_linx_id() || op.src_min == 0 || !ptosim::ops::has_kernel(op.op))
            continue;
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!ptosim::dtype_code_valid(code) || !op.types_for(ptosim::Arch::A5).contains(t))
                continue;
            for (int n = 0; n < 3; ++n, ++cases) {
                const int vr = 1 + static_cast<int>(rng() % kRows), vc = 1 + static_cast<int>(rng() % kCols);
                const std::size_t nsrc = op.src_min;
                std::vector<std::string> specs;
                std::vector<std::vector<std::byte>> data;
                for (std::size_t k = 0; k < nsrc; ++k) {
                    specs.push_back("random seed=" + std::to_string(cases * 4 + k) +
                                    (ptosim::dtype_is_float(t) ? " min=-8 max=8" : ""));
                    data.push_back(make(t, kRows, kCols, specs.back()));
                }
                // The scalar: 3 (a shift count, a divisor, a slope...), as one element's bits.
                std::string why;
                const uint64_t bits = *P::number_bits(*P::parse_number("3"), t, &why);
                const std::size_t elem = ptosim::dtype_size(t);
                const std::size_t dst_bytes = static_cast<std::size_t>(kRows) * kCols * elem;

                // (a) The kernel core's entry point, on tiles in their own storage.
                std::vector<std::vector<std::byte>> store = data;
                std::vector<std::byte> cpp(dst_bytes);
                std::vector<ptosim::TileView> srcs;
                for (auto& d : store)
                    srcs.push_back({d.data(), t, ptosim::Layout::row_major(kRows, kCols), vr, vc});
                const ptosim::TileView dst{cpp.data(), t, ptosim::Layout::row_major(kRows, kCols), vr, vc};
                std::vector<uint64_t> scalars;
                if (op.scalars == 1)
                    scalars.push_back(bits);
                ptosim::ops::execute(op.op, {std::span<const ptosim::TileView>(&dst, 1), srcs, scalars, {}});

                // (b) Linx: source k is T#(nsrc - k); the result is pushed to T#1.
                const std::string ty = lower_name(t);
                std::string linx = op.scalars ? ".reg a0 = 3 : " + ty + "\n" : "";
                for (std::size_t k = 0; k < nsrc; ++k)
                    linx += ".tile T#" + std::to_string(nsrc - k) + " " + ty + " 8x64 " + specs[k] + "\n";
                linx += std::string(op.name) + " <LB0:" + std::to_string(vc) + ", LB1:" + std::to_string(vr) +
                        ", LB2:64, " + ty + ">";
                for (std::size_t k = 0; k < nsrc; ++k)
                    linx += ", T#" + std::to_string(nsrc - k);
                if (op.scalars)
                    linx += ", [a0]";
                linx += ", ->T<" + size_text(dst_bytes) + ">\n";

                // (c) PTO-AS, SSA and DPS in turn; the scalar is the second operand of the tile-scalar rows
                // (TADDSC/TSUBSC: src0, scalar, src1).
                const std::string x_ty = tile_type(t, kRows, kCols, vr, vc), s_ty = P::mlir_dtype_name(t);
                std::string pto = op.scalars ? ".const %c = 3 : " + s_ty + "\n" : "";
                std::vector<std::string> names, types;
                for (std::size_t k = 0; k < nsrc; ++k) {
                    pto += ".arg %s" + std::to_string(k) + " : " + x_ty + " " + specs[k] + "\n";
                    names.push_back("%s" + std::to_string(k));
                    types.push_back(x_ty);
                }
                if (op.scalars) {
                    names.insert(names.begin() + 1, "%c");
                    types.insert(types.begin() + 1, s_ty);
                }
                std::string ops_text, types_text;
                for (std::size_t k = 0; k < names.size(); ++k) {
                    ops_text += (k ? ", " : "") + names[k];
                    types_text += (k ? ", " : "") + types[k];
                }
                std::string mnemonic(op.name);
                for (char& ch : mnemonic)
                    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                if (n % 2 == 0)
                    pto +=
                        "%d = pto." + mnemonic + " " + ops_text + " : (" + types_text + ") -> " + x_ty + "\n";
                else
                    pto += "%d = pto.alloc_tile : " + x_ty + "\npto." + mnemonic + " ins(" + ops_text +
                           " : " + types_text + ") outs(%d : " + x_ty + ")\n";
                const Results r = run_both(linx, {"T#1"}, pto, {"%d"});
                expect_same(cpp, r.linx[0], std::string(op.name) + " Linx", linx);
                expect_same(cpp, r.pto[0], std::string(op.name) + " PTO-AS", pto);
                if (::testing::Test::HasFailure())
                    return;
            }
        }
    }
    EXPECT_GT(cases, 300);
}
