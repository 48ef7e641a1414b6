// simd::elementwise: the part of the fast element-wise kernels that holds the row's family.
#include "kernels/simd/elementwise_parts.hpp"

namespace ptosim::simd {

bool elementwise(isa::Op op, const ops::Operands& operands) {
    switch (isa::op_info(op).family) {
        case isa::Family::Binary:
            return elementwise_binary(op, operands);
        case isa::Family::TileScalar:
            return elementwise_scalar(op, operands);
        case isa::Family::Unary:
        case isa::Family::Ternary:
            return elementwise_unary(op, operands);
        case isa::Family::RowExpand:
            return elementwise_row_expand(op, operands);
        case isa::Family::ColExpand:
            return elementwise_col_expand(op, operands);
        default:
            return false;
    }
}

}  // namespace ptosim::simd
