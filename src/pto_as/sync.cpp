// PTOAS's synchronisation operations: the names of their pipes, event ids and sync op types.
#include "ptosim/pto_as/sync.hpp"

#include <utility>

#include "ptosim/asm/insn.hpp"
#include "ptosim/isa/pipe.hpp"

namespace ptosim::pto_as {

namespace {

// PTOAS maps each sync op type to the pipe of the instructions it stands for (lib/PTO/IR/PTOSyncUtils.cpp,
// mapSyncOpTypeToPipe): a load is MTE2, a UB store MTE3, an accumulator store and the moves out of L0C FIX,
// the moves into L0A / L0B MTE1, the cube M and the vector unit V.
constexpr SyncOpType kTypes[] = {
    {"TLOAD", 3},    {"TSTORE_ACC", 7}, {"TSTORE_VEC", 4},     {"TMOV_M2L", 2},
    {"TMOV_M2S", 7}, {"TMOV_M2B", 2},   {"TMOV_M2V", 1},       {"TMOV_V2M", 7},
    {"TMATMUL", 5},  {"TVEC", 1},       {"TVECWAIT_EVENT", 1},
};

}  // namespace

std::span<const SyncOpType> sync_op_types() {
    return kTypes;
}

std::string_view sync_name(SyncKind k) {
    switch (k) {
        case SyncKind::SetFlag:
            return "pto.set_flag";
        case SyncKind::WaitFlag:
            return "pto.wait_flag";
        case SyncKind::RecordEvent:
            return "pto.record_event";
        case SyncKind::WaitEvent:
            return "pto.wait_event";
        case SyncKind::Barrier:
            return "pto.barrier";
    }
    return "?";
}

std::optional<int> pipe_from_name(std::string_view name) {
    return isa::pipe_t_from_name(name);
}

std::string_view pipe_name(int pipe) {
    return isa::pipe_t_name(pipe);
}

std::optional<uint8_t> sync_op_type_from_name(std::string_view name) {
    for (uint8_t i = 0; i < std::size(kTypes); ++i)
        if (linx::iequals(kTypes[i].name, name))
            return i;
    return std::nullopt;
}

std::string print_sync(const SyncSpec& s) {
    // Built by appending: GCC 12's -Wrestrict misfires on chains of std::string operator+ here.
    std::string out(sync_name(s.kind));
    const auto pipe = [&out](int p) { out.append("<").append(pipe_name(p)).append(">"); };
    const auto type = [&out](uint8_t t) {
        out.append("#pto.pipe_event_type<").append(t < std::size(kTypes) ? kTypes[t].name : "?").append(">");
    };
    switch (s.kind) {
        case SyncKind::SetFlag:
        case SyncKind::WaitFlag:
        case SyncKind::RecordEvent:
        case SyncKind::WaitEvent: {
            const bool events = s.kind == SyncKind::RecordEvent || s.kind == SyncKind::WaitEvent;
            out.append("[");
            events ? type(s.src_type) : pipe(s.src);
            out.append(", ");
            events ? type(s.dst_type) : pipe(s.dst);
            out.append(", <EVENT_ID").append(std::to_string(s.event)).append(">]");
            break;
        }
        case SyncKind::Barrier:
            out.append(" ");
            pipe(s.src);
            break;
    }
    return out;
}

}  // namespace ptosim::pto_as
