// Warnings that are not errors: the program is valid, but its result may surprise (for example a compare mode
// that the selected architecture profile does not have and that therefore behaves as another one).
//
// Each warning has a key and is printed at most once per process, so a kernel that runs a million times does
// not flood stderr. The printed line is "ptosim: warning: <message>".
#pragma once

#include <string>
#include <string_view>

namespace ptosim {

// Prints the warning unless one with the same key was already printed; returns whether it printed.
// Thread-safe.
bool warn_once(std::string_view key, std::string_view message);

// Where warnings go; the default (nullptr) writes "ptosim: warning: <message>" to stderr. Returns the
// previous sink.
using WarningSink = void (*)(std::string_view message);
WarningSink set_warning_sink(WarningSink sink);

// Forgets which keys were printed (for tests).
void reset_warnings();

}  // namespace ptosim
