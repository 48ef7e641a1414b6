// Checked TPACK.
#include "ptosim/ops/pack.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void tpack(const TileView& dst, const TileView& src) {
    hazards::Scope hz("TPACK", hazards::Pipe::V);
    hz.write(dst);
    hz.read(src);
    constexpr const char* kInstr = "TPACK";
    validate::tile(dst, kInstr, "dst");
    validate::tile(src, kInstr, "src");
    validate::row_major(dst, kInstr, "dst");
    validate::row_major(src, kInstr, "src");
    PTOSIM_CHECK(!dtype_is_twin(dst.dtype) && !dtype_is_twin(src.dtype), kInstr,
                 "packed 4-bit element types are not supported", {"dst", dtype_cpp_name(dst.dtype)},
                 {"src", dtype_cpp_name(src.dtype)});
    const std::size_t ds = dst.elem_size(), ss = src.elem_size();
    const bool narrow = (ss == 4 && (ds == 2 || ds == 1)) || (ss == 2 && ds == 1);
    const bool widen = ss < ds && isa::kInts.contains(src.dtype) && isa::kInts.contains(dst.dtype);
    PTOSIM_CHECK(narrow || widen, kInstr,
                 "element sizes must narrow 4 -> 2, 4 -> 1 or 2 -> 1 bytes (the CPU profile also widens an "
                 "integer to a wider integer)",
                 {"dst", dtype_cpp_name(dst.dtype)}, {"src", dtype_cpp_name(src.dtype)});
    PTOSIM_CHECK(dst.valid_rows == src.valid_rows && dst.valid_cols == src.valid_cols, kInstr,
                 "src's valid shape must be dst's", {"dst.validRow", dst.valid_rows},
                 {"dst.validCol", dst.valid_cols}, {"src.validRow", src.valid_rows},
                 {"src.validCol", src.valid_cols});
    // A byte copy per element: the scalar kernel serves both backends.
    ref::tpack(dst, src);
}

}  // namespace ptosim::ops
