// pto-isa's instruction trace, built in trace mode as a kernel developer would: one record per instruction
// with its operands, per thread, as JSON lines, and per launch in a file.
#define PTO_CPU_SIM_TRACE_MODE 1
#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace pto;

constexpr int kRows = 4, kCols = 16;
using VecTile = Tile<TileType::Vec, float, kRows, kCols>;
using HalfTile = Tile<TileType::Vec, half, kRows, kCols, BLayout::RowMajor, -1, -1>;
using Rows = GlobalTensor<float, Shape<1, 1, 1, kRows, kCols>, Stride<1, 1, 1, kCols, 1>>;

std::uintptr_t address(auto& tile) {
    return reinterpret_cast<std::uintptr_t>(tile.data());
}

class InstructionTrace : public ::testing::Test {
  protected:
    void SetUp() override { cpu_sim::ResetInstructionTrace(); }
    void TearDown() override { cpu_sim::ResetInstructionTrace(); }
    std::vector<float> in = std::vector<float>(kRows * kCols, 1.5f), out = std::vector<float>(kRows * kCols);
};

TEST_F(InstructionTrace, TraceModeIsOnFromTheStart) {
    EXPECT_TRUE(cpu_sim::kInstructionTraceEnabled);
    EXPECT_TRUE(ptosim::itrace::on());
}

TEST_F(InstructionTrace, EachInstructionIsOneRecordWithItsOperandsInOrder) {
    VecTile a, b;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    Rows src(in.data()), dst(out.data());
    TLOAD(a, src);
    TSYNC<Op::TADDS>();
    TADDS(b, a, 2.5f);
    TSTORE(dst, b);

    const auto trace = cpu_sim::CopyInstructionTraceRecords();
    ASSERT_EQ(trace.size(), 4u);
    const char* opcodes[] = {"TLOAD", "TSYNC", "TADDS", "TSTORE"};
    for (std::size_t i = 0; i < trace.size(); ++i) {
        EXPECT_EQ(trace[i].opcode, opcodes[i]);
        EXPECT_EQ(trace[i].sequence_id, i);
        EXPECT_EQ(trace[i].block_idx, 0u);
    }
    // TLOAD: the tile is written, the tensor read (its five dimensions).
    ASSERT_EQ(trace[0].output_tiles.size(), 1u);
    ASSERT_EQ(trace[0].input_tiles.size(), 1u);
    EXPECT_EQ(trace[0].output_tiles[0].address, address(a));
    EXPECT_EQ(trace[0].input_tiles[0].address, reinterpret_cast<std::uintptr_t>(in.data()));
    EXPECT_EQ(trace[0].input_tiles[0].shape, (std::vector<int64_t>{1, 1, 1, kRows, kCols}));
    EXPECT_EQ(trace[0].input_tiles[0].layout, "ND");
    // TSYNC<Op>() has no operands.
    EXPECT_TRUE(trace[1].input_tiles.empty() && trace[1].output_tiles.empty() &&
                trace[1].scalar_inputs.empty());
    // TADDS: one tile in, one scalar, one tile out.
    ASSERT_EQ(trace[2].input_tiles.size(), 1u);
    ASSERT_EQ(trace[2].output_tiles.size(), 1u);
    ASSERT_EQ(trace[2].scalar_inputs.size(), 1u);
    EXPECT_EQ(trace[2].input_tiles[0].address, address(a));
    EXPECT_EQ(trace[2].output_tiles[0].address, address(b));
    EXPECT_EQ(trace[2].output_tiles[0].shape, (std::vector<int64_t>{kRows, kCols}));
    EXPECT_EQ(trace[2].output_tiles[0].dtype, "float32");
    EXPECT_EQ(trace[2].output_tiles[0].layout, "ND");
    EXPECT_EQ(trace[2].scalar_inputs[0].dtype, "float32");
    EXPECT_EQ(trace[2].scalar_inputs[0].value, "2.5");
    // TSTORE writes the tensor.
    ASSERT_EQ(trace[3].output_tiles.size(), 1u);
    EXPECT_EQ(trace[3].output_tiles[0].address, reinterpret_cast<std::uintptr_t>(out.data()));
}

TEST_F(InstructionTrace, ValidShapeElementTypeAndLayoutOfEachOperand) {
    HalfTile h(3, 10);
    VecTile f;
    TASSIGN(h, 0x0);
    TASSIGN(f, 0x1000);
    TCVT(h, f, RoundMode::CAST_RINT);
    const auto trace = cpu_sim::CopyInstructionTraceRecords();
    ASSERT_EQ(trace.size(), 1u);
    ASSERT_EQ(trace[0].output_tiles.size(), 1u);
    EXPECT_EQ(trace[0].output_tiles[0].shape, (std::vector<int64_t>{3, 10}));
    EXPECT_EQ(trace[0].output_tiles[0].dtype, "float16");

    using NzTile = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor, 512>;
    using NzTensor = GlobalTensor<half, Shape<1, 1, 1, 32, 32>, Stride<1, 1, 1, 32, 1>>;
    std::vector<half> g(32 * 32);
    NzTile m;
    TASSIGN(m, 0x0);
    cpu_sim::ResetInstructionTrace();
    NzTensor gt(g.data());
    TLOAD(m, gt);
    const auto load = cpu_sim::CopyInstructionTraceRecords();
    ASSERT_EQ(load.size(), 1u);
    ASSERT_EQ(load[0].output_tiles.size(), 1u);
    EXPECT_EQ(load[0].output_tiles[0].layout, "outer=col_major,inner=row_major,fractal_size=512");
}

TEST_F(InstructionTrace, AnInstructionBuiltFromTwoIsOneRecord) {
    // TROWARGMAX's value form writes the maxima and their indices: one instruction, both outputs.
    using Val = Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor, kRows, 1>;
    using Idx = Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor, kRows, 1>;
    VecTile src;
    Val val;
    Idx idx;
    Tile<TileType::Vec, uint32_t, kRows, kCols> tmp;
    TASSIGN(src, 0x0);
    TASSIGN(val, 0x1000);
    TASSIGN(idx, 0x1100);
    TASSIGN(tmp, 0x1200);
    TEXPANDS(src, 1.0f);
    cpu_sim::ResetInstructionTrace();
    TROWARGMAX(val, idx, src, tmp);
    const auto trace = cpu_sim::CopyInstructionTraceRecords();
    ASSERT_EQ(trace.size(), 1u);
    EXPECT_EQ(trace[0].opcode, "TROWARGMAX");
    ASSERT_EQ(trace[0].output_tiles.size(), 2u);
    EXPECT_EQ(trace[0].output_tiles[0].address, address(val));
    EXPECT_EQ(trace[0].output_tiles[1].address, address(idx));
    EXPECT_EQ(trace[0].output_tiles[1].dtype, "uint32");
    EXPECT_EQ(trace[0].output_tiles[1].layout, "DN");
    ASSERT_EQ(trace[0].input_tiles.size(), 2u);
    EXPECT_EQ(trace[0].input_tiles[0].address, address(src));
    EXPECT_EQ(trace[0].input_tiles[1].address, address(tmp));
}

TEST_F(InstructionTrace, JsonLinesOnePerRecord) {
    VecTile a;
    TASSIGN(a, 0x0);
    TEXPANDS(a, 3.0f);
    TEXPANDS(a, 4.0f);
    std::ostringstream os;
    cpu_sim::DumpInstructionTraceJson(os);
    std::istringstream lines(os.str());
    std::string line;
    int n = 0;
    while (std::getline(lines, line)) {
        EXPECT_EQ(
            line.rfind("{\"block_idx\":0,\"sequence_id\":" + std::to_string(n) + ",\"opcode\":\"TEXPANDS\"",
                       0),
            0u)
            << line;
        EXPECT_NE(line.find("\"output_tiles\":[{\"address\":\"0x"), std::string::npos) << line;
        EXPECT_NE(line.find("\"scalar_inputs\":[{\"dtype\":\"float32\",\"value\":\"" + std::to_string(3 + n) +
                            "\"}]"),
                  std::string::npos)
            << line;
        ++n;
    }
    EXPECT_EQ(n, 2);
}

TEST_F(InstructionTrace, RecordsArePerThreadAndCarryTheBlock) {
    VecTile a;
    TASSIGN(a, 0x0);
    TEXPANDS(a, 1.0f);
    std::vector<std::vector<cpu_sim::InstructionTraceRecord>> per_block(3);
    ptosim::launch_cores(3, 1, [&] {
        VecTile t;
        TASSIGN(t, 0x0);
        for (uint32_t i = 0; i <= ptosim::block_idx(); ++i)
            TEXPANDS(t, 2.0f);
        per_block[ptosim::block_idx()] = cpu_sim::CopyInstructionTraceRecords();
    });
    for (uint32_t b = 0; b < 3; ++b) {
        ASSERT_EQ(per_block[b].size(), b + 1);
        EXPECT_EQ(per_block[b].back().block_idx, b);
        EXPECT_EQ(per_block[b].back().sequence_id, b);
    }
    EXPECT_EQ(cpu_sim::CopyInstructionTraceRecords().size(), 1u);  // the launching thread's own
}

TEST_F(InstructionTrace, LaunchWritesOneFileWithEveryCore) {
    const auto root = std::filesystem::temp_directory_path() / "ptosim_instruction_trace_test";
    std::filesystem::remove_all(root);
    setenv("PTO_CPU_SIM_TRACE_DIR", root.c_str(), 1);
    cpu_sim::KernelLaunchOptions options;
    options.kernel_name = "fill";
    options.explicit_block_count = 2;
    cpu_sim::LaunchKernelMultiCore(options, nullptr, [] {
        VecTile t;
        TASSIGN(t, 0x0);
        TEXPANDS(t, 5.0f);
    });
    unsetenv("PTO_CPU_SIM_TRACE_DIR");
    std::filesystem::path file;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root))
        if (e.path().filename() == "trace.jsonl")
            file = e.path();
    ASSERT_FALSE(file.empty());
    EXPECT_EQ(file.parent_path().parent_path().filename(), "fill");
    std::ifstream trace_file(file);
    std::string line;
    std::vector<std::string> lines;
    while (std::getline(trace_file, line))
        lines.push_back(line);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].rfind("{\"block_idx\":0,", 0), 0u);
    EXPECT_EQ(lines[1].rfind("{\"block_idx\":1,", 0), 0u);
    std::filesystem::remove_all(root);
}

}  // namespace
