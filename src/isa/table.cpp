#include "ptosim/isa/table.hpp"

#include "ptosim/isa/micro.hpp"

namespace ptosim::isa {

std::string_view family_name(Family f) {
    switch (f) {
        case Family::Binary:
            return "binary";
        case Family::Unary:
            return "unary";
        case Family::Ternary:
            return "ternary";
        case Family::Select:
            return "select";
        case Family::Compare:
            return "compare";
        case Family::Convert:
            return "convert";
        case Family::TileScalar:
            return "tile-scalar";
        case Family::RowReduce:
            return "row-reduce";
        case Family::RowExpand:
            return "row-expand";
        case Family::ColReduce:
            return "col-reduce";
        case Family::ColExpand:
            return "col-expand";
        case Family::Complex:
            return "complex";
        case Family::Layout:
            return "layout";
        case Family::Context:
            return "context";
        case Family::Memory:
            return "memory";
        case Family::Partial:
            return "partial";
        case Family::PairReduce:
            return "pair-reduce";
    }
    return "?";
}

std::string dtype_set_text(DTypeSet s, bool cpp_names) {
    if (s == kAnyDType)
        return cpp_names ? "any element type" : "any";
    std::string out;
    for (unsigned code = 0; code < 32; ++code) {
        const auto t = static_cast<DType>(code);
        if (!dtype_code_valid(code) || !s.contains(t))
            continue;
        if (!out.empty())
            out += cpp_names ? ", " : " ";
        out += cpp_names ? dtype_cpp_name(t) : dtype_name(t);
    }
    return out;
}

}  // namespace ptosim::isa

namespace ptosim::isa {

std::string_view micro_family_name(MFamily f) {
    switch (f) {
        case MFamily::Binary:
            return "Binary";
        case MFamily::VecScalar:
            return "VecScalar";
        case MFamily::Unary:
            return "Unary";
        case MFamily::Ternary:
            return "Ternary";
        case MFamily::Compare:
            return "Compare";
        case MFamily::CompareScalar:
            return "CompareScalar";
        case MFamily::Select:
            return "Select";
        case MFamily::Broadcast:
            return "Broadcast";
        case MFamily::Convert:
            return "Convert";
        case MFamily::Reduce:
            return "Reduce";
        case MFamily::Rearrange:
            return "Rearrange";
        case MFamily::Load:
            return "Load";
        case MFamily::Store:
            return "Store";
        case MFamily::Gather:
            return "Gather";
        case MFamily::Scatter:
            return "Scatter";
        case MFamily::PredGen:
            return "PredGen";
        case MFamily::PredLogic:
            return "PredLogic";
        case MFamily::PredMemory:
            return "PredMemory";
        case MFamily::Dma:
            return "Dma";
        case MFamily::Sync:
            return "Sync";
        case MFamily::Special:
            return "Special";
    }
    return "?";
}

}  // namespace ptosim::isa
