// The micro-instruction descriptors (pto-isa's docs/isa/vector and docs/isa/scalar): one row per operation of
// the A5 vector unit, in include/ptosim/isa/micro.def, read by every front end of the micro level (the CCE
// intrinsics, AscendC's register API, PTO-AS's `pto.v*` / `pto.p*` operations), by the micro core's checked
// entry points and by the docs: the same design as the tile instructions' table (isa/table.hpp).
#pragma once

#include <cstddef>
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

// ---- the distributions of the vector loads and stores (isa/micro_dist.def) -------------------------------

// How a distribution maps memory elements (of `size` bytes) to register lanes; N = 256 / size.
enum class DistShape : uint8_t {
    Norm,        // 256 contiguous bytes (stores: the active lanes)
    Brc,         // every lane = memory element 0
    Blk,         // every VLane = the 32 bytes at the address
    E2B,         // VLane g = memory element g, repeated
    Us,          // lanes 2i and 2i+1 = memory element i
    Ds,          // lane i = memory element 2i
    Unpack,      // lane i of factor * size bytes = memory element i, zero-extended
    Dintlv,      // lane i = memory element 2i (one register)
    Dintlv2,     // low lane i = memory element 2i, high lane i = 2i + 1
    OnePoint,    // store: lane 0 only
    Pack,        // store: memory element i of size / factor bytes = the low bytes of lane i
    Intlv2,      // store: memory elements 2i, 2i + 1 = low, high lane i
    Unmodelled,  // named by the manual, not run (the row's rule says why)
};

enum class MDist : uint8_t {
#define PTOSIM_MICRO_DIST(id, ...) id,
#include "ptosim/isa/micro_dist.def"
#undef PTOSIM_MICRO_DIST
};

struct DistInfo {
    MDist id;
    std::string_view spelling;  // {dist = "..."} in PTO-AS
    MOp op;                     // vlds, vldsx2, vsts or vstsx2
    DistShape shape;
    uint32_t size;    // bytes of the suffix's element (0: the register's element size)
    uint32_t factor;  // widening / narrowing factor
    uint32_t align;   // address alignment in bytes (0: size)
    std::string_view rule;
};

inline constexpr DistInfo kMicroDists[] = {
#define PTOSIM_MICRO_DIST(id_, spelling_, op_, shape_, size_, factor_, align_, rule_) \
    {MDist::id_, spelling_, MOp::op_, DistShape::shape_, size_, factor_, align_, rule_},
#include "ptosim/isa/micro_dist.def"
#undef PTOSIM_MICRO_DIST
};

constexpr const DistInfo& dist_info(MDist d) {
    return kMicroDists[static_cast<std::size_t>(d)];
}
// The distribution `spelling` of instruction `op` ("BRC_B32" of vlds), or nullptr.
constexpr const DistInfo* find_dist(MOp op, std::string_view spelling) {
    for (const DistInfo& d : kMicroDists)
        if (d.op == op && d.spelling == spelling)
            return &d;
    return nullptr;
}
// The element size the distribution works on for a register of elements of `elem_size` bytes.
constexpr uint32_t dist_elem_size(const DistInfo& d, uint32_t elem_size) {
    return d.size != 0 ? d.size : elem_size;
}
// Bytes of memory a whole register (two for vldsx2 / vstsx2) reads or writes: the footprint the address
// checks and the hazard checker use.
constexpr uint32_t dist_bytes(const DistInfo& d, uint32_t elem_size) {
    const uint32_t s = dist_elem_size(d, elem_size);
    switch (d.shape) {
        case DistShape::Norm:
            return 256;
        case DistShape::Brc:
        case DistShape::OnePoint:
            return s;
        case DistShape::Blk:
            return 32;
        case DistShape::E2B:
            return 8 * s;
        case DistShape::Us:
            return 128;
        case DistShape::Ds:
        case DistShape::Dintlv:
        case DistShape::Dintlv2:
        case DistShape::Intlv2:
            return 512;
        case DistShape::Unpack:
        case DistShape::Pack:
            return 256 / d.factor;
        case DistShape::Unmodelled:
            return 0;
    }
    return 0;
}
constexpr uint32_t dist_align(const DistInfo& d, uint32_t elem_size) {
    return d.align != 0 ? d.align : dist_elem_size(d, elem_size);
}

}  // namespace ptosim::isa
