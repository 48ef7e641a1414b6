// The benchmark cases: realistic tiles of the seed instructions, each able to run through the reference
// kernel or the fast kernel, plus the memcpy of the same input bytes it is compared with.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ptosim::bench {

struct Case {
    std::string op;           // "THISTOGRAM"
    std::string name;         // "u16_64x1024_byte1"
    std::size_t input_bytes;  // bytes the instruction reads (the memcpy baseline copies as many)
    unsigned threads;         // threads the fast path may use
    double flops = 0;         // floating-point (or integer) operations of one run, when they are counted
    // The same computation through a library a user would call instead (TMATMUL: OpenBLAS's sgemm), timed
    // beside the case when set.
    std::function<void()> yardstick;
    std::string yardstick_name;
    // Runs the instruction once on prepared tiles (the backend is chosen by the caller).
    std::function<void()> run;
    // Keeps the case's buffers alive.
    std::shared_ptr<void> state;
};

// Every case, with its tiles filled with deterministic data.
std::vector<Case> all_cases();

}  // namespace ptosim::bench
