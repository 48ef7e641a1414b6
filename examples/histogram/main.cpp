// Byte histograms of a 64 x 1024 uint16_t matrix, the first two passes of a radix sort, written as a device
// kernel and its host launcher:
//   GlobalTensor -> TLOAD -> THISTOGRAM BYTE_1 (high bytes) -> pick each row's most frequent high byte
//   -> THISTOGRAM BYTE_0 filtered on it (low bytes) -> TSTORE.
// Four simulated cores take 16 rows each. The host checks every count against its own computation and exits
// with status 0 only if all of them match.
#include <pto/pto-inst.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

using namespace pto;

constexpr int kRows = 64;
constexpr int kCols = 1024;
constexpr uint32_t kBlocks = 4;
constexpr int kBlockRows = kRows / kBlocks;

AICORE void ByteHistograms(__gm__ uint32_t __out__* high_hist, __gm__ uint32_t __out__* low_hist,
                           __gm__ uint8_t __out__* modes, __gm__ uint16_t __in__* matrix) {
    using Matrix = GlobalTensor<uint16_t, Shape<1, 1, 1, kBlockRows, kCols>, Stride<1, 1, 1, kCols, 1>>;
    using Hist = GlobalTensor<uint32_t, Shape<1, 1, 1, kBlockRows, 256>, Stride<1, 1, 1, 256, 1>>;
    using Modes =
        GlobalTensor<uint8_t, Shape<1, 1, 1, kBlockRows, 1>, Stride<1, 1, 1, 1, kBlockRows>, Layout::DN>;
    using SrcTile = Tile<TileType::Vec, uint16_t, kBlockRows, kCols>;  // 32 KiB
    using HistTile = Tile<TileType::Vec, uint32_t, kBlockRows, 256>;   // 16 KiB
    // The BYTE_0 filter: one high byte per row, an R x 1 column-major (DN) tile.
    using IdxTile = Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor, kBlockRows, 1>;

    const int64_t block = get_block_idx();
    Matrix src_gm(matrix + block * kBlockRows * kCols);
    Hist high_gm(high_hist + block * kBlockRows * 256), low_gm(low_hist + block * kBlockRows * 256);
    Modes modes_gm(modes + block * kBlockRows);

    SrcTile src;
    HistTile high, low;
    IdxTile idx;
    TASSIGN(src, 0x0);
    TASSIGN(high, 0x8000);
    TASSIGN(low, 0xC000);
    TASSIGN(idx, 0x10000);

    Event<Op::TLOAD, Op::THISTOGRAM> loaded = TLOAD(src, src_gm);
    THISTOGRAM<HistByte::BYTE_1>(high, src, idx, loaded);  // no filter: idx is not read
    pipe_barrier(PIPE_ALL);

    // Scalar pass over the cumulative counts: a bin's own count is the step from the previous bin.
    for (int r = 0; r < kBlockRows; ++r) {
        uint32_t best = 0, best_count = 0, below = 0;
        for (uint32_t b = 0; b < 256; ++b) {
            const uint32_t upto = high.GetElement(r, b);
            if (upto - below > best_count) {
                best = b;
                best_count = upto - below;
            }
            below = upto;
        }
        idx.SetElement(r, 0, static_cast<uint8_t>(best));
    }
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);

    Event<Op::THISTOGRAM, Op::TSTORE_VEC> counted = THISTOGRAM<HistByte::BYTE_0>(low, src, idx);
    TSTORE(high_gm, high, counted);
    TSTORE(low_gm, low);
    TSTORE(modes_gm, idx);
}

void LaunchByteHistograms(uint32_t* high, uint32_t* low, uint8_t* modes, uint16_t* matrix, void* stream) {
    (void)stream;  // execution is synchronous; aclrtSynchronizeStream returns at once
    ptosim::launch(kBlocks, ByteHistograms, high, low, modes, matrix);
}

namespace {

// Skewed data: high bytes cluster around 0x80 (a sum of four small random numbers), low bytes are uniform.
std::vector<uint16_t> make_matrix() {
    std::vector<uint16_t> m(kRows * kCols);
    uint32_t state = 12345;
    auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (auto& v : m) {
        const uint32_t high = 0x60 + (next() % 17) + (next() % 17) + (next() % 17) + (next() % 17);
        v = static_cast<uint16_t>((high << 8) | (next() & 0xFF));
    }
    return m;
}

struct Expected {
    std::vector<uint32_t> high, low;
    std::vector<uint8_t> modes;
};

Expected compute_on_host(const std::vector<uint16_t>& m) {
    Expected e{std::vector<uint32_t>(kRows * 256), std::vector<uint32_t>(kRows * 256),
               std::vector<uint8_t>(kRows)};
    for (int r = 0; r < kRows; ++r) {
        uint32_t high_counts[256] = {}, low_counts[256] = {};
        for (int c = 0; c < kCols; ++c)
            ++high_counts[m[r * kCols + c] >> 8];
        int mode = 0;
        for (int b = 1; b < 256; ++b)
            mode = high_counts[b] > high_counts[mode] ? b : mode;
        for (int c = 0; c < kCols; ++c) {
            if ((m[r * kCols + c] >> 8) == mode)
                ++low_counts[m[r * kCols + c] & 0xFF];
        }
        uint32_t high_sum = 0, low_sum = 0;
        for (int b = 0; b < 256; ++b) {
            e.high[r * 256 + b] = high_sum += high_counts[b];
            e.low[r * 256 + b] = low_sum += low_counts[b];
        }
        e.modes[r] = static_cast<uint8_t>(mode);
    }
    return e;
}

}  // namespace

int main() {
    const std::vector<uint16_t> host_matrix = make_matrix();
    const size_t matrix_bytes = host_matrix.size() * sizeof(uint16_t);
    const size_t hist_bytes = kRows * 256 * sizeof(uint32_t);

    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    uint16_t* matrix;
    uint32_t *high, *low;
    uint8_t* modes;
    aclrtMalloc((void**)&matrix, matrix_bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&high, hist_bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&low, hist_bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&modes, kRows, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(matrix, matrix_bytes, host_matrix.data(), matrix_bytes, ACL_MEMCPY_HOST_TO_DEVICE);

    LaunchByteHistograms(high, low, modes, matrix, stream);
    aclrtSynchronizeStream(stream);

    Expected got{std::vector<uint32_t>(kRows * 256), std::vector<uint32_t>(kRows * 256),
                 std::vector<uint8_t>(kRows)};
    aclrtMemcpy(got.high.data(), hist_bytes, high, hist_bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(got.low.data(), hist_bytes, low, hist_bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(got.modes.data(), kRows, modes, kRows, ACL_MEMCPY_DEVICE_TO_HOST);

    const Expected want = compute_on_host(host_matrix);
    size_t mismatches = 0;
    for (size_t i = 0; i < want.high.size(); ++i)
        mismatches += (got.high[i] != want.high[i]) + (got.low[i] != want.low[i]);
    for (int r = 0; r < kRows; ++r)
        mismatches += got.modes[r] != want.modes[r];

    std::printf("ptosim: THISTOGRAM of a %dx%d uint16_t matrix on %u simulated cores\n", kRows, kCols,
                kBlocks);
    for (int r : {0, 1, kRows - 1}) {
        const uint8_t m = got.modes[r];
        const uint32_t with_mode = got.high[r * 256 + m] - (m == 0 ? 0 : got.high[r * 256 + m - 1]);
        std::printf(
            "        row %2d: most frequent high byte 0x%02X (%u of %d elements), low bytes under it: "
            "%u <= 0x7F, %u in all\n",
            r, m, with_mode, kCols, got.low[r * 256 + 0x7F], got.low[r * 256 + 255]);
    }
    std::printf("        %zu counts and %d filter bytes %s\n", 2 * want.high.size(), kRows,
                mismatches == 0 ? "verified" : "MISMATCH");

    aclrtFree(matrix);
    aclrtFree(high);
    aclrtFree(low);
    aclrtFree(modes);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return mismatches == 0 ? 0 : 1;
}
