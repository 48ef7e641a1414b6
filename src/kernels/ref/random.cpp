// Reference TRANDOM, walking the tile the way A5's vector kernel does: per row, groups of 256 columns, each
// group 64 lanes of one Philox block (4 words) whose words land in consecutive columns.
#include <cstring>

#include "ptosim/ops/random.hpp"

namespace ptosim::ref {

namespace {

constexpr uint32_t kMul0 = 0xD2511F53u, kMul1 = 0xCD9E8D57u;    // Philox-4x32 multipliers
constexpr uint32_t kWeyl0 = 0x9E3779B9u, kWeyl1 = 0xBB67AE85u;  // the key schedule's increments

random::Counter philox(random::Counter x, random::Key k, int rounds) {
    for (int i = 0; i < rounds; ++i) {
        const uint64_t p0 = uint64_t{kMul0} * x[0];
        const uint64_t p1 = uint64_t{kMul1} * x[2];
        x = {static_cast<uint32_t>(p1 >> 32) ^ x[1] ^ k[0], static_cast<uint32_t>(p1),
             static_cast<uint32_t>(p0 >> 32) ^ x[3] ^ k[1], static_cast<uint32_t>(p0)};
        k[0] += kWeyl0;
        k[1] += kWeyl1;
    }
    return x;
}

// The 128-bit add of the device's carry chain (vaddc, then vaddcs into words 1..3).
void add(random::Counter& c, uint64_t v) {
    for (uint32_t& w : c) {
        v += w;
        w = static_cast<uint32_t>(v);
        v >>= 32;
    }
}

}  // namespace

void trandom(const TileView& dst, const random::Key& key, const random::Counter& counter, int rounds) {
    constexpr int kGroup = random::kLanes * random::kWordsPerLane;
    random::Counter row_base = counter;
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        random::Counter group_base = row_base;
        for (int32_t g = 0; g * kGroup < dst.valid_cols; ++g) {
            for (int lane = 0; lane < random::kLanes; ++lane) {
                random::Counter c = group_base;
                add(c, static_cast<uint64_t>(lane));
                const random::Counter out = philox(c, key, rounds);
                for (int w = 0; w < random::kWordsPerLane; ++w) {
                    const int32_t col = g * kGroup + lane * random::kWordsPerLane + w;
                    if (col < dst.valid_cols)
                        std::memcpy(dst.at(r, col), &out[w], sizeof(uint32_t));
                }
            }
            add(group_base, random::kLanes);
        }
        add(row_base, random::row_advance(dst.valid_cols));
    }
}

}  // namespace ptosim::ref
