// Checked TMATMUL family.
#include "ptosim/ops/matmul.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

bool same_view(const TileView& x, const TileView& y) {
    return x.data == y.data && x.dtype == y.dtype && x.layout.kind == y.layout.kind &&
           x.layout.rows == y.layout.rows && x.layout.cols == y.layout.cols &&
           x.layout.inner_rows == y.layout.inner_rows && x.layout.inner_cols == y.layout.inner_cols;
}

// The rules on the result, the old accumulator and the bias shared by every form: c's (and acc_in's) valid
// region holds M x N in the accumulator type, the bias has N values, and nothing the kernel writes overlaps
// what it reads (acc_in may be c itself).
void check_outputs(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
                   const TileView* bias, int32_t m, int32_t n, DType acc, const char* kInstr) {
    // The device takes M, K and N from a and b alone and writes M x N into the accumulator's buffer
    // (a5/TMatmul.hpp, a2a3/TMatmul.hpp): a tile too small for it is undefined, a valid region smaller than
    // it (a split-K tile whose valid rows are set for the store) is only suspicious.
    PTOSIM_CHECK(c.layout.rows >= m && c.layout.cols >= n, kInstr,
                 "dst's tile holds the M x N result (M = a's valid rows, N = b's valid columns)", {"M", m},
                 {"N", n}, {"dst.rows", c.layout.rows}, {"dst.cols", c.layout.cols});
    PTOSIM_STRICT_CHECK(
        c.valid_rows >= m && c.valid_cols >= n, kInstr,
        "dst's valid region holds the M x N result (M = a's valid rows, N = b's valid columns)", {"M", m},
        {"N", n}, {"dst.validRow", c.valid_rows}, {"dst.validCol", c.valid_cols});
    if (acc_in != nullptr) {
        validate::tile(*acc_in, kInstr, "acc_in");
        PTOSIM_CHECK(acc_in->dtype == acc, kInstr, "the input accumulator has dst's element type",
                     {"acc_in", dtype_cpp_name(acc_in->dtype)}, {"dst", dtype_cpp_name(c.dtype)});
        PTOSIM_CHECK(acc_in->layout.rows >= m && acc_in->layout.cols >= n, kInstr,
                     "the input accumulator's tile holds M x N", {"M", m}, {"N", n},
                     {"acc_in.rows", acc_in->layout.rows}, {"acc_in.cols", acc_in->layout.cols});
        PTOSIM_STRICT_CHECK(acc_in->valid_rows >= m && acc_in->valid_cols >= n, kInstr,
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
}

// The result's bytes for the hazard checker: the valid region, or the whole tile when M x N reaches past it.
void record_result(hazards::Scope& hz, const TileView& c, const TileView& a, const TileView& b) {
    if (c.valid_rows >= a.valid_rows && c.valid_cols >= b.valid_cols)
        hz.write(c);
    else
        hz.write_whole(c);
}

}  // namespace

void tmatmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
             const TileView* bias) {
    hazards::Scope hz("TMATMUL", hazards::Pipe::M);
    record_result(hz, c, a, b);
    hz.read(a);
    hz.read(b);
    hz.matmul(a.valid_rows, a.valid_cols, b.valid_cols, a.elem_size());
    if (acc_in)
        hz.read(*acc_in);
    if (bias)
        hz.read(*bias);
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
    check_outputs(c, a, b, acc_in, bias, m, n, acc, kInstr);
    if (active_backend() == Backend::Simd && simd::tmatmul(c, a, b, acc_in, bias))
        return;
    ref::tmatmul(c, a, b, acc_in, bias);
}

void tmatmul_mx(const TileView& c, const TileView& a, const TileView& a_scale, const TileView& b,
                const TileView& b_scale, const TileView* acc_in, const TileView* bias) {
    hazards::Scope hz("TMATMUL_MX", hazards::Pipe::M);
    record_result(hz, c, a, b);
    hz.read(a);
    hz.read(a_scale);
    hz.read(b);
    hz.matmul(a.valid_rows, a.valid_cols, b.valid_cols, 1);
    hz.read(b_scale);
    if (acc_in)
        hz.read(*acc_in);
    if (bias)
        hz.read(*bias);
    constexpr const char* kInstr = "TMATMUL_MX";
    validate::tile(c, kInstr, "dst");
    validate::tile(a, kInstr, "a");
    validate::tile(b, kInstr, "b");
    validate::tile(a_scale, kInstr, "aScale");
    validate::tile(b_scale, kInstr, "bScale");
    constexpr isa::DTypeSet kFp8{DType::E4M3, DType::E5M2}, kFp4{DType::E2M1X2, DType::E1M2X2};
    PTOSIM_CHECK((kFp8.contains(a.dtype) && kFp8.contains(b.dtype)) ||
                     (kFp4.contains(a.dtype) && kFp4.contains(b.dtype)),
                 kInstr,
                 "a and b are both 8-bit floats (float8_e4m3_t, float8_e5m2_t) or both 4-bit floats "
                 "(float4_e2m1x2_t, float4_e1m2x2_t)",
                 {"a", dtype_cpp_name(a.dtype)}, {"b", dtype_cpp_name(b.dtype)});
    PTOSIM_CHECK(c.dtype == DType::F32, kInstr, "the accumulator is float", {"dst", dtype_cpp_name(c.dtype)});
    validate::dtype_in(isa::kConvertible, a_scale.dtype, kInstr, "aScale");
    validate::dtype_in(isa::kConvertible, b_scale.dtype, kInstr, "bScale");
    const int32_t m = a.valid_rows, k = a.valid_cols, n = b.valid_cols;
    PTOSIM_CHECK(b.valid_rows == k, kInstr, "b's valid rows equal a's valid columns (K)", {"a.validCol", k},
                 {"b.validRow", b.valid_rows});
    PTOSIM_CHECK(m >= 1 && m <= 4095 && k >= 1 && k <= 4095 && n >= 1 && n <= 4095, kInstr,
                 "M, K and N are in 1..4095", {"M", m}, {"K", k}, {"N", n});
    const int32_t blocks = (k + 31) / 32;
    // The scales are read by position; their tiles' valid shapes are not consulted (pto-isa's suites move
    // scale tiles whose valid columns differ from the block count), so the physical shapes bound them.
    PTOSIM_CHECK(a_scale.rows() >= m && a_scale.cols() >= blocks, kInstr,
                 "aScale holds M rows of ceil(K / 32) scales", {"M", m}, {"blocks", blocks},
                 {"aScale.Rows", a_scale.rows()}, {"aScale.Cols", a_scale.cols()});
    PTOSIM_CHECK(b_scale.rows() >= blocks && b_scale.cols() >= n, kInstr,
                 "bScale holds ceil(K / 32) rows of N scales", {"blocks", blocks}, {"N", n},
                 {"bScale.Rows", b_scale.rows()}, {"bScale.Cols", b_scale.cols()});
    for (const TileView* t : {&a_scale, &b_scale}) {
        const std::size_t end = dtype_bytes(t->dtype, t->layout.offset(t->rows() - 1, t->cols() - 1) + 1);
        PTOSIM_CHECK(end <= t->capacity, kInstr, "a scale tile reaches past the end of its buffer",
                     {"bytes", end}, {"buffer_bytes_left", t->capacity});
    }
    check_outputs(c, a, b, acc_in, bias, m, n, DType::F32, kInstr);
    validate::disjoint(c, "dst", a_scale, "aScale", kInstr);
    validate::disjoint(c, "dst", b_scale, "bScale", kInstr);
    ref::tmatmul_mx(c, a, a_scale, b, b_scale, acc_in, bias);
}

}  // namespace ptosim::ops
