// Checked TMATMUL family.
#include "ptosim/ops/matmul.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

bool same_view(const TileView& x, const TileView& y) {
    return x.data == y.data && x.dtype == y.dtype && x.layout.kind == y.layout.kind &&
           x.layout.rows == y.layout.rows && x.layout.cols == y.layout.cols &&
           x.layout.inner_rows == y.layout.inner_rows && x.layout.inner_cols == y.layout.inner_cols;
}

}  // namespace

void tmatmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
             const TileView* bias) {
    constexpr const char* kInstr = "TMATMUL";
    validate::tile(c, kInstr, "dst");
    validate::tile(a, kInstr, "a");
    validate::tile(b, kInstr, "b");
    validate::dtype_in(isa::DTypeSet{DType::S8, DType::F16, DType::BF16, DType::F32}, a.dtype, kInstr, "a");
    PTOSIM_CHECK(b.dtype == a.dtype, kInstr, "a and b have one element type", {"a", dtype_cpp_name(a.dtype)},
                 {"b", dtype_cpp_name(b.dtype)});
    const DType acc = a.dtype == DType::S8 ? DType::S32 : DType::F32;
    PTOSIM_CHECK(c.dtype == acc, kInstr,
                 "the accumulator is int32_t for int8_t inputs and float for half, bfloat16_t and float",
                 {"inputs", dtype_cpp_name(a.dtype)}, {"dst", dtype_cpp_name(c.dtype)});
    const int32_t m = a.valid_rows, k = a.valid_cols, n = b.valid_cols;
    PTOSIM_CHECK(b.valid_rows == k, kInstr, "b's valid rows equal a's valid columns (K)", {"a.validCol", k},
                 {"b.validRow", b.valid_rows});
    PTOSIM_CHECK(c.valid_rows >= m && c.valid_cols >= n, kInstr,
                 "dst's valid region holds the M x N result (M = a's valid rows, N = b's valid columns)",
                 {"M", m}, {"N", n}, {"dst.validRow", c.valid_rows}, {"dst.validCol", c.valid_cols});
    if (acc_in != nullptr) {
        validate::tile(*acc_in, kInstr, "acc_in");
        PTOSIM_CHECK(acc_in->dtype == acc, kInstr, "the input accumulator has dst's element type",
                     {"acc_in", dtype_cpp_name(acc_in->dtype)}, {"dst", dtype_cpp_name(c.dtype)});
        PTOSIM_CHECK(acc_in->valid_rows >= m && acc_in->valid_cols >= n, kInstr,
                     "the input accumulator's valid region holds M x N", {"M", m}, {"N", n},
                     {"acc_in.validRow", acc_in->valid_rows}, {"acc_in.validCol", acc_in->valid_cols});
        if (!same_view(*acc_in, c))  // the same tile is fine: each element is read before it is written
            validate::disjoint(c, "dst", *acc_in, "acc_in", kInstr);
    }
    if (bias != nullptr) {
        validate::tile(*bias, kInstr, "bias");
        PTOSIM_CHECK(bias->dtype == acc, kInstr, "bias has dst's element type",
                     {"bias", dtype_cpp_name(bias->dtype)}, {"dst", dtype_cpp_name(c.dtype)});
        PTOSIM_CHECK(bias->valid_rows >= 1 && bias->valid_cols >= n, kInstr,
                     "bias holds one value per output column in its first row", {"N", n},
                     {"bias.validRow", bias->valid_rows}, {"bias.validCol", bias->valid_cols});
        validate::disjoint(c, "dst", *bias, "bias", kInstr);
    }
    validate::disjoint(c, "dst", a, "a", kInstr);
    validate::disjoint(c, "dst", b, "b", kInstr);
    if (active_backend() == Backend::Simd && simd::tmatmul(c, a, b, acc_in, bias))
        return;
    ref::tmatmul(c, a, b, acc_in, bias);
}

}  // namespace ptosim::ops
