// The element-type and attribute rules of a block, derived from its descriptor: the one check the assembler
// (when it builds a block) and the ISA model (before it runs one, since a block can be built by hand, decoded
// for another profile or run on another profile) both apply.
#pragma once

#include <optional>
#include <string>

#include "ptosim/core/arch.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/isa/table.hpp"

namespace ptosim::isa {

// What a block says about its types and attributes.
struct BlockTypes {
    DType type = DType::U8;      // BSTART DataType: the element type
    DType dst_type = DType::U8;  // B.DATR DstType (the element type when the block has none)
    int byte_id = -1;            // B.DATR ByteId, for ops that have one
    int cmode = -1;              // B.DATR CMode (Linx numbering), for ops that have one; -1: none given
};

enum class Violation : uint8_t {
    Unavailable,  // the instruction does not exist on the profile
    Type,         // the element type is not one the profile accepts
    DstType,      // the destination type is not one the profile accepts
    ByteId,       // the ByteId names no byte of the source element
    CmpMode,      // no compare mode, or a reserved one
};

struct TypeError {
    Violation kind;
    std::string detail;  // e.g. "TADD type S64 on A2A3 (allowed: S16 S32 FP16 FP32)"
};

std::optional<TypeError> check_block_types(const OpInfo& op, Arch arch, const BlockTypes& b);

}  // namespace ptosim::isa
