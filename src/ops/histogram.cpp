// Checked THISTOGRAM.
#include "ptosim/ops/histogram.hpp"

#include <algorithm>

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/runtime/thread_pool.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kInstr = "THISTOGRAM";

// How many idx rows the filter reads (0: idx is a placeholder). u16 BYTE_0 reads idx[r, 0] for every source
// row; u32 BYTE_k reads the global filter bytes idx[0..2-k, 0].
int32_t idx_rows_read(const TileView& src, int byte) {
    if (src.dtype == DType::U16)
        return byte == 0 ? src.valid_rows : 0;
    return 3 - byte;
}

}  // namespace

void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte) {
    hazards::Scope hz("THISTOGRAM", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    hz.read(idx);
    const int k = static_cast<int>(byte);
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    const isa::OpInfo& d = isa::op_info(isa::Op::THISTOGRAM);
    validate::dtype_in(d.kernel_types(), src.dtype, kInstr, "src");
    validate::dtype_in(d.kernel_dst_types(), dst.dtype, kInstr, "dst");
    PTOSIM_CHECK(k >= 0 && static_cast<std::size_t>(k) < dtype_size(src.dtype), kInstr,
                 src.dtype == DType::U16 ? "a uint16_t source has only BYTE_0 and BYTE_1"
                                         : "byte must be BYTE_0, BYTE_1, BYTE_2 or BYTE_3",
                 {"byte", k});
    validate::row_major(src, kInstr, "src");
    validate::row_major(dst, kInstr, "dst");
    PTOSIM_CHECK(dst.valid_cols >= 256, kInstr, "dst valid columns must be >= 256",
                 {"dst.validCol", dst.valid_cols});
    PTOSIM_CHECK(dst.valid_rows >= src.valid_rows, kInstr, "dst valid rows must be >= src valid rows",
                 {"dst.validRow", dst.valid_rows}, {"src.validRow", src.valid_rows});
    validate::disjoint(dst, "dst", src, "src", kInstr);

    const int32_t idx_rows = idx_rows_read(src, k);
    if (idx_rows > 0) {
        validate::tile(idx, kInstr, "idx");
        validate::dtype_in(isa::kHistogramFilter, idx.dtype, kInstr, "idx");
        PTOSIM_CHECK(idx.valid_cols >= 1, kInstr, "idx must have a valid column 0 (the filter bytes)",
                     {"idx.validCol", idx.valid_cols});
        PTOSIM_CHECK(idx.valid_rows >= idx_rows, kInstr,
                     src.dtype == DType::U16
                         ? "idx must have a valid row per source row (uint16_t BYTE_0 filters on idx[r, 0])"
                         : "idx must have 3 - k valid rows (uint32_t BYTE_k filters on idx[0 .. 2-k, 0])",
                     {"idx.validRow", idx.valid_rows}, {"needed", idx_rows});
        validate::disjoint(dst, "dst", idx, "idx", kInstr);
    }

    if (active_backend() == Backend::Ref) {
        ref::thistogram(dst, src, idx, byte);
        return;
    }
    // Rows are independent: a large tile is split by rows across the thread pool, in chunks of at least 32 Ki
    // elements (10-20 us of counting): smaller chunks would not pay for handing work to a worker, so tiles
    // below 64 Ki elements stay on the calling thread.
    constexpr int64_t kElementsPerChunk = 32 * 1024;
    const int64_t grain = std::max<int64_t>(1, kElementsPerChunk / std::max<int32_t>(1, src.valid_cols));
    const bool per_row_idx = src.dtype == DType::U16 && k == 0;
    parallel_for(src.valid_rows, grain, [&](int64_t begin, int64_t end) {
        const auto r0 = static_cast<int32_t>(begin), n = static_cast<int32_t>(end - begin);
        simd::thistogram(dst.slice_rows(r0, n), src.slice_rows(r0, n),
                         per_row_idx ? idx.slice_rows(r0, n) : idx, byte);
    });
}

}  // namespace ptosim::ops
