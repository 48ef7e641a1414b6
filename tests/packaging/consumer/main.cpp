#include <pto/pto-inst.hpp>

#include <cstdio>

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
    std::puts("consumer: ok");
    return 0;
}
