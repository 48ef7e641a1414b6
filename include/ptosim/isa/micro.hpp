// The micro-instruction descriptors (pto-isa's docs/isa/vector and docs/isa/scalar): one row per operation of
// the A5 vector unit, in include/ptosim/isa/micro.def, read by every front end of the micro level (the CCE
// intrinsics, AscendC's register API, PTO-AS's `pto.v*` / `pto.p*` operations), by the micro core's checked
// entry points and by the docs: the same design as the tile instructions' table (isa/table.hpp).
#pragma once

#include <cstdint>
#include <string_view>

#include "ptosim/isa/table.hpp"

namespace ptosim::isa {

// The shape of a micro-instruction's operands, and the kernel walker that runs it.
enum class MFamily : uint8_t {
    Binary,         // dst = f(a, b) per lane, under a predicate (vadd ...)
    VecScalar,      // dst = f(a, scalar) per lane (vadds ...)
    Unary,          // dst = f(a) per lane (vabs, vexp ...)
    Ternary,        // dst = f(a, b, dst) per lane: the destination is an input too (vmula, vmadd, vaxpy)
    Compare,        // predicate = a OP b per lane (vcmp_*)
    CompareScalar,  // predicate = a OP scalar per lane (vcmps_*)
    Select,         // dst = p ? a : b per lane (vsel)
    Broadcast,      // every lane from one scalar or lane (vbr, vdup), or an index sequence (vci)
    Convert,        // element-type conversion between registers (vcvt, vtrc)
    Reduce,         // across the lanes of a register or of each VLane (vcadd, vcgmax ...)
    Rearrange,      // lanes moved between registers (vintlv, vdintlv, vpack, vsqz ...)
    Load,           // UB -> register (vlds and its distributions, the unaligned stream)
    Store,          // register -> UB (vsts ...)
    Gather,         // register lanes from UB addresses in a register (vgather2 ...)
    Scatter,        // register lanes to UB addresses in a register (vscatter)
    PredGen,        // predicates from patterns or counts (pset_b*, plt_b*, pge_b*)
    PredLogic,      // predicate algebra (pand, por, pxor, pnot, psel, ppack ...)
    PredMemory,     // predicate <-> UB (plds, psts ...)
    Dma,            // global memory <-> UB copies and their loop registers
    Sync,           // pipes and flags (mem_bar, set_flag ...)
    Special,        // operations with kernels of their own (vbitsort, vmrgsort4, vexpdif ...)
};

// Predication modes an operation's intrinsic takes: inactive lanes zeroed, or keeping the destination's
// value.
enum MMode : uint8_t {
    kZeroing = 1 << 0,
    kMerging = 1 << 1,
};

enum class MOp : uint16_t {
#define PTOSIM_MICRO(name, kernel, ...) name,
#include "ptosim/isa/micro.def"
#undef PTOSIM_MICRO
};

struct MicroInfo {
    MOp op;
    std::string_view name;  // the manual's mnemonic: the C++ intrinsic, and `pto.<name>` in PTO-AS
    MFamily family = MFamily::Binary;
    DTypeSet types{};          // element types (A5; the CPU profile takes the same; A2A3 and KIRIN9030: none)
    uint8_t modes = kZeroing;  // predication modes (MMode)
    Pipe pipe = Pipe::V;
    std::string_view page{};  // the page under pto-isa's docs/isa/ that defines it
};

inline constexpr MicroInfo kMicroOps[] = {
#define PTOSIM_MICRO(name_, kernel, ...) {.op = MOp::name_, .name = #name_, __VA_ARGS__},
#include "ptosim/isa/micro.def"
#undef PTOSIM_MICRO
};
inline constexpr std::size_t kMicroOpCount = sizeof(kMicroOps) / sizeof(kMicroOps[0]);

constexpr const MicroInfo& micro_info(MOp op) {
    return kMicroOps[static_cast<std::size_t>(op)];
}
// The row of a mnemonic ("vadd"), or nullptr.
constexpr const MicroInfo* find_micro(std::string_view name) {
    for (const MicroInfo& info : kMicroOps)
        if (info.name == name)
            return &info;
    return nullptr;
}

std::string_view micro_family_name(MFamily f);

}  // namespace ptosim::isa
