// PTOAS's synchronisation operations in PTO-AS text (docs/machine.md, "Synchronisation"): the pipe, event and
// sync-op-type names they take, and their canonical text.
//
//   pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]        also #pto.pipe<PIPE_MTE2>, "PIPE_MTE2",
//   #pto.event<...> pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] pto.barrier <PIPE_ALL> also
//   #pto.pipe<PIPE_ALL> pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>,
//   <EVENT_ID0>] pto.wait_event[...]                                     also #pto.sync_op_type<...>, <TLOAD>
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ptosim/pto_as/ast.hpp"

namespace ptosim::pto_as {

// "PIPE_MTE2" -> 3 (pto-isa's pipe_t value), any case; nullopt for a name PTO-AS does not know.
std::optional<int> pipe_from_name(std::string_view name);
std::string_view pipe_name(int pipe);  // 3 -> "PIPE_MTE2"
// "TLOAD" -> its index in sync_op_types().
std::optional<uint8_t> sync_op_type_from_name(std::string_view name);
// The canonical text of a synchronisation statement: `pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]`.
std::string print_sync(const SyncSpec& s);

}  // namespace ptosim::pto_as
