// Where in the user's program something happens: the source location of the API call that is running, so
// that check failures, warnings and hazard reports name the kernel's file:line first, not ptosim's.
//
// Every intrinsic records its return address on entry (pto-isa's functions cannot take a defaulted
// std::source_location after their trailing event packs); front ends that know a source position (the ISA
// model: each PTO-AS statement) record it directly. The outermost call wins when one API entry calls another.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ptosim {

// A source position (file, line), or a return address in the program (code), or neither.
struct Location {
    const char* file = nullptr;
    uint32_t line = 0;
    const void* code = nullptr;
    bool known() const { return file != nullptr || code != nullptr; }
};

// "kernel.cpp:42": the file and line (for a return address: addr2line over the program's debug information,
// else "function+0x1c (build with -g for file:line)").
std::string describe(const Location& where);

// A file name kept for the life of the process (a Location keeps the pointer).
const char* intern(std::string_view file);

// The location of the outermost API call the calling thread is in (unknown outside one).
Location current_location();

// Records a call's location for its duration (outermost wins). The thread's record lives in the library, out
// of line: code built with hidden visibility (a Python extension, a kernel library) shares the one copy.
class LocationScope {
  public:
    explicit LocationScope(const Location& where);
    explicit LocationScope(const void* return_address)
        : LocationScope(Location{nullptr, 0, return_address}) {}
    ~LocationScope();
    LocationScope(const LocationScope&) = delete;
    LocationScope& operator=(const LocationScope&) = delete;
};

}  // namespace ptosim
