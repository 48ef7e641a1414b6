#include "ptosim/kernels/backend.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ptosim {

namespace {

Backend from_environment() {
    const char* env = std::getenv("PTOSIM_KERNELS");
    if (env == nullptr || *env == '\0' || std::strcmp(env, "simd") == 0)
        return Backend::Simd;
    if (std::strcmp(env, "ref") == 0)
        return Backend::Ref;
    std::fprintf(stderr, "ptosim: warning: PTOSIM_KERNELS='%s' is not 'ref' or 'simd'; using simd\n", env);
    return Backend::Simd;
}

std::atomic<Backend>& current() {
    static std::atomic<Backend> b{from_environment()};
    return b;
}

}  // namespace

Backend active_backend() {
    return current().load(std::memory_order_relaxed);
}
void set_backend(Backend b) {
    current().store(b, std::memory_order_relaxed);
}
std::string_view backend_name(Backend b) {
    return b == Backend::Ref ? "ref" : "simd";
}

}  // namespace ptosim
