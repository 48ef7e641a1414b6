// The ISA model's dispatch table: tile-op -> a call of the checked kernel entry point (ptosim::ops), the same
// core the C++ intrinsics call. An op without a row here is "not implemented" when a block runs it, and the
// PTO-AS lowering builds its block from the types as written (the model has no view of its operands).
#pragma once

#include <cstdint>
#include <span>

#include "ptosim/asm/block.hpp"
#include "ptosim/core/arch.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/isa/table.hpp"

namespace ptosim::machine {

struct KernelArgs {
    const linx::Block& block;
    std::span<const TileView> src;     // operand order
    std::span<const TileView> dst;     // operand order
    std::span<const uint64_t> scalar;  // the B.IOR registers' values
    Arch arch;
};

using KernelFn = void (*)(const KernelArgs&);

// nullptr when the op has no kernel yet.
KernelFn find_kernel(isa::Op op);

}  // namespace ptosim::machine
