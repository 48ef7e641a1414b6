#include "ptosim/isa/check.hpp"

namespace ptosim::isa {

std::optional<TypeError> check_block_types(const OpInfo& op, Arch arch, const BlockTypes& b) {
    const std::string name(op.name);
    const std::string profile(arch_caps(arch).name);
    const DTypeSet types = op.types_for(arch);
    if (types.empty())
        return TypeError{Violation::Unavailable, name + " on " + profile};
    if (!types.contains(b.type))
        return TypeError{Violation::Type, name + " type " + std::string(dtype_name(b.type)) + " on " +
                                              profile + " (allowed: " + dtype_set_text(types) + ")"};
    if (op.pairs != nullptr && !op.pairs->allows(arch, b.type, b.dst_type))
        return TypeError{Violation::DstType, name + " from " + std::string(dtype_name(b.type)) + " to " +
                                                 std::string(dtype_name(b.dst_type)) + " on " + profile +
                                                 " (allowed from " + std::string(dtype_name(b.type)) + ": " +
                                                 dtype_set_text(op.pairs->dsts(arch, b.type)) + ")"};
    const DTypeSet dst = op.dst_types_for(arch);
    if (op.has(kDstType) && op.pairs == nullptr && !dst.empty() && !dst.contains(b.dst_type))
        return TypeError{Violation::DstType, name + " DstType " + std::string(dtype_name(b.dst_type)) +
                                                 " (allowed: " + dtype_set_text(dst) + ")"};
    if (op.has(kByteId) && (b.byte_id < 0 || static_cast<std::size_t>(b.byte_id) >= dtype_size(b.type)))
        return TypeError{Violation::ByteId, "Byte" + std::to_string(b.byte_id) + " with a " +
                                                std::string(dtype_name(b.type)) + " source"};
    if (op.has(kCMode) && (b.cmode < 0 || b.cmode > 5))
        return TypeError{Violation::CmpMode, name + " without a valid compare mode"};
    return std::nullopt;
}

}  // namespace ptosim::isa
