// The `<<<...>>>` kernel-launch syntax of device sources, rewritten into plain C++ that launches the kernel
// on simulated cores. Device compilers (bisheng, CCE) parse `Kernel<<<blockDim, l2ctrl, stream>>>(args...)`;
// no host C++ compiler does, so ptosim-chevron rewrites each launch before compiling:
//
//   Kernel<T, 16><<<blockDim, nullptr, stream>>>(out, in);
//   ::ptosim::chevron_launch([&](auto&&... a) { Kernel<T, 16>(static_cast<decltype(a)&&>(a)...); },
//                            blockDim, nullptr, stream)(out, in);
//
// (on one line: the rewrite never adds or removes a line break, so diagnostics keep their line numbers). The
// kernel is called through a lambda so that a function template whose arguments are deduced from the call
// still works. Comments, string and character literals and digit separators are skipped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ptosim::chevron {

struct Error {
    int line = 0;  // 1-based position of the `<<<` (or of the construct at fault)
    int column = 0;
    std::string message;
};

struct Result {
    std::string text;           // the rewritten source (the input unchanged when there is no launch)
    int launches = 0;           // how many launches were rewritten
    std::vector<Error> errors;  // non-empty: the source has a `<<<` that is not a well-formed launch
};

Result rewrite(std::string_view source);

// True when the source has a `<<<` outside comments and literals (a file without one is compiled untouched).
bool has_launch(std::string_view source);

}  // namespace ptosim::chevron
