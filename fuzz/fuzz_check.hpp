// The fuzz targets' property check: a violated property traps, which libFuzzer reports as a crash with the
// input that caused it.
#pragma once

namespace ptosim::fuzz {

inline void check(bool ok) {
    if (!ok)
        __builtin_trap();
}

}  // namespace ptosim::fuzz
