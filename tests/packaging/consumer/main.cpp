#include <pto/pto-inst.hpp>

#include <cstdio>
#include <cstring>
#ifdef KERNEL_LIBRARY
#include <dlfcn.h>
#endif

namespace {

// The kernel library's exported entry and signature, called as ptosim.Kernel calls them.
bool kernel_library_works() {
#ifdef KERNEL_LIBRARY
    void* lib = dlopen(KERNEL_LIBRARY, RTLD_NOW);
    if (!lib)
        return false;
    auto signature = reinterpret_cast<const char* (*)()>(dlsym(lib, "scale_ptosim_signature"));
    auto entry = reinterpret_cast<void (*)(void* const*)>(dlsym(lib, "scale"));
    if (!signature || !entry || std::strcmp(signature(), "ptosim-kernel-1:f32*,f32*,f32,i32") != 0)
        return false;
    float in[4] = {1, 2, 3, 4}, out[4] = {};
    float* out_p = out;
    float* in_p = in;
    float factor = 2.5f;
    int n = 4;
    void* args[] = {&out_p, &in_p, &factor, &n};
    entry(args);
    return out[3] == 10.0f;
#else
    return true;
#endif
}

}  // namespace

int main() {
    using namespace pto;
    int32_t in[8 * 8], out[8 * 8] = {};
    for (int i = 0; i < 64; ++i)
        in[i] = i * 3;
    GlobalTensor<int32_t, Shape<1, 1, 1, 8, 8>, Stride<1, 1, 1, 8, 1>> gin(in), gout(out);
    Tile<TileType::Vec, int32_t, 8, 8> tile;
    TASSIGN(tile, 0);
    TLOAD(tile, gin);
    TSTORE(gout, tile);
    for (int i = 0; i < 64; ++i) {
        if (out[i] != in[i])
            return 1;
    }
    if (!kernel_library_works())
        return 2;
    std::puts("consumer: ok");
    return 0;
}
