// Kernels for the Python package's tests (test_kernel.py): a tile copy that can be given a bad tile address
// or too short an array, a kernel with a missing flag, and one that echoes its scalar arguments of every
// type.
#include <pto/pto-inst.hpp>

#include <cstdint>

#include "ptosim/runtime/kernel_export.hpp"

using namespace pto;

namespace {

using VecTile = Tile<TileType::Vec, float, 16, 64>;
using Rows = GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>>;

// out = in + 1 over 16 x 64 floats per block (block b: rows 16 b .. 16 b + 15), the tile at byte `ub` of the
// UB (a misaligned one breaks TASSIGN's rule).
AICORE void AddOne(__gm__ float* out, __gm__ float* in, int32_t ub) {
    const int64_t first = static_cast<int64_t>(get_block_idx()) * 16 * 64;
    VecTile t;
    TASSIGN(t, ub);  // where test_kernel.py expects the check failure
    Rows src(in + first), dst(out + first);
    TLOAD(t, src);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TADDS(t, t, 1.0f);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(dst, t);
}

// The same without the MTE2 -> V flag: TADDS may read the tile before TLOAD has filled it on the chip.
AICORE void AddOneMissingFlag(__gm__ float* out, __gm__ float* in) {
    VecTile t;
    TASSIGN(t, 0);
    Rows src(in), dst(out);
    TLOAD(t, src);      // the hazard's first site (test_kernel.py)
    TADDS(t, t, 1.0f);  // and its second
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(dst, t);
}

// Writes each scalar argument, converted to double, into out[0 .. 11] (host code: no tiles).
AICORE void Echo(__gm__ double* out, int8_t a, int16_t b, int32_t c, int64_t d, uint8_t e, uint16_t f,
                 uint32_t g, uint64_t h, half i, bfloat16_t j, float k, double l) {
    const double values[] = {double(a),
                             double(b),
                             double(c),
                             double(d),
                             double(e),
                             double(f),
                             double(g),
                             double(h),
                             double(static_cast<float>(i)),
                             double(static_cast<float>(j)),
                             double(k),
                             l};
    for (int n = 0; n < 12; ++n)
        out[n] = values[n];
}

// out[0] = the block count, out[1 + b] = b + 1 for each block b.
AICORE void Blocks(__gm__ int32_t* out) {
    out[0] = static_cast<int32_t>(get_block_num());
    out[1 + get_block_idx()] = static_cast<int32_t>(get_block_idx()) + 1;
}

}  // namespace

PTOSIM_EXPORT_KERNEL(add_one, AddOne)
PTOSIM_EXPORT_KERNEL(add_one_missing_flag, AddOneMissingFlag)
PTOSIM_EXPORT_KERNEL(echo, Echo)
PTOSIM_EXPORT_KERNEL(blocks, Blocks)

// A symbol that is not an exported kernel (no signature beside it).
extern "C" __attribute__((visibility("default"))) void not_a_kernel() {}
