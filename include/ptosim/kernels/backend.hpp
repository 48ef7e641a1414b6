// Which kernel implementation the checked entry points (ptosim::ops) run: the scalar reference kernels or the
// fast (SIMD) kernels. Chosen by PTOSIM_KERNELS=ref|simd at first use (default simd), or by set_backend().
#pragma once

#include <cstdint>
#include <string_view>

namespace ptosim {

enum class Backend : uint8_t { Ref, Simd };

Backend active_backend();
void set_backend(Backend b);
std::string_view backend_name(Backend b);

class ScopedBackend {
  public:
    explicit ScopedBackend(Backend b) : previous_(active_backend()) { set_backend(b); }
    ~ScopedBackend() { set_backend(previous_); }
    ScopedBackend(const ScopedBackend&) = delete;
    ScopedBackend& operator=(const ScopedBackend&) = delete;

  private:
    Backend previous_;
};

}  // namespace ptosim
