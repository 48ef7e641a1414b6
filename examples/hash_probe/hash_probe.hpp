// An integer hash-table probe written as a PTO device kernel (docs/examples.md): looks up a batch of int32_t
// keys in an open-addressing table (linear probing, power-of-two capacity) held in the UB.
//
// The table is built on the host with a bounded probe length: every key sits at most `max_probe - 1` slots
// after its home slot, so a lookup is exactly `max_probe` vector rounds, no branches:
//   home = hash(q) = (q * 0x9E3779B1 ^ (q * 0x9E3779B1 >> 15)) & (capacity - 1)   TMULS, TSHRS, TXOR, TANDS
//   result = -1                                                                     TEXPANDS
//   for p in 0 .. max_probe - 1:
//       slot = (home + p) & (capacity - 1)                                          TADDS, TANDS
//       key = table_keys[slot], value = table_values[slot]                          TGATHER (index form)
//       result = key == q ? value : result                                          TCMP, TSEL
// The hash runs on the keys' bits as uint32_t (a second tile handle on the same UB bytes: no copy), so the
// multiply wraps and the shift is logical. Blocks split the queries; every block loads the whole table.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include "../common/host.hpp"

namespace hash_probe {

using namespace pto;

constexpr int kCapacity = 32768;  // table slots (power of two; keys and values: 256 KiB of UB)
constexpr int kBatch = 4096;      // queries per UB tile
constexpr int32_t kEmpty = -1;    // the key of an empty slot (stored keys are >= 0)
constexpr int32_t kMissing = -1;  // the result for a key that is not in the table
constexpr uint32_t kHashMul = 0x9E3779B1u;

// UB map (bytes).
constexpr int kKeysUb = 0x00000;    // kCapacity table keys
constexpr int kValuesUb = 0x20000;  // kCapacity table values
constexpr int kQueryUb = 0x40000;   // kBatch queries
constexpr int kHomeUb = 0x44000;    // kBatch home slots
constexpr int kSlotUb = 0x48000;    // kBatch probe slots; also the shifted hash
constexpr int kGotKeyUb = 0x4C000;  // kBatch gathered keys
constexpr int kGotValUb = 0x50000;  // kBatch gathered values
constexpr int kResultUb = 0x54000;  // kBatch results
constexpr int kMaskUb = 0x58000;    // kBatch / 32 match bits
constexpr int kTmpUb = 0x58200;     // A2A3's scratch for TGATHER (kBatch indices) and TSEL
constexpr int kUbEnd = 0x5C200;
static_assert(kUbEnd <= 512 * 1024, "the hash-probe kernel's tiles must fit the 512 KiB UB");

using TableTile = Tile<TileType::Vec, int32_t, 1, kCapacity>;
using KeyTile = Tile<TileType::Vec, int32_t, 1, kBatch, BLayout::RowMajor, 1, DYNAMIC>;
using HashTile = Tile<TileType::Vec, uint32_t, 1, kBatch, BLayout::RowMajor, 1, DYNAMIC>;
using MaskTile = Tile<TileType::Vec, uint32_t, 1, kBatch / 32, BLayout::RowMajor, 1, DYNAMIC>;

template <typename T>
using Span = GlobalTensor<T, Shape<1, 1, 1, 1, DYNAMIC>, Stride<1, 1, 1, 1, 1>>;
template <typename T>
Span<T> span(__gm__ T* p, int64_t n) {
    return Span<T>(p, typename Span<T>::Shape(n));
}

// The hash the kernel computes, for the host's table builder (same bits).
inline uint32_t home_slot(int32_t key) {
    const uint32_t h = static_cast<uint32_t>(key) * kHashMul;
    return (h ^ (h >> 15)) & (kCapacity - 1);
}

// Runs the kernel (kernel.cpp) on block_dim simulated cores: results[i] = the value stored with queries[i]
// (>= 0), or kMissing.
void LaunchHashProbe(uint32_t block_dim, void* stream, int32_t* results, int32_t* queries, int64_t n,
                     int32_t* table_keys, int32_t* table_values, int32_t max_probe);

// Host side: a table of distinct keys >= 0 with their values, and the longest probe any key needs.
struct Table {
    std::vector<int32_t> keys = std::vector<int32_t>(kCapacity, kEmpty);
    std::vector<int32_t> values = std::vector<int32_t>(kCapacity, 0);
    int32_t max_probe = 1;

    // Inserts key (>= 0, not yet present) by linear probing; false when the table is full.
    bool insert(int32_t key, int32_t value) {
        const uint32_t home = home_slot(key);
        for (uint32_t p = 0; p < kCapacity; ++p) {
            const uint32_t s = (home + p) & (kCapacity - 1);
            if (keys[s] == kEmpty) {
                keys[s] = key;
                values[s] = value;
                max_probe = std::max(max_probe, static_cast<int32_t>(p + 1));
                return true;
            }
        }
        return false;
    }

    // The same lookup as the kernel, as plain C++ (the showcase's baseline).
    int32_t find(int32_t key) const {
        const uint32_t home = home_slot(key);
        for (int32_t p = 0; p < max_probe; ++p) {
            const uint32_t s = (home + static_cast<uint32_t>(p)) & (kCapacity - 1);
            if (keys[s] == key)
                return values[s];
            if (keys[s] == kEmpty)
                return kMissing;
        }
        return kMissing;
    }
};

// A generated lookup: `stored` distinct keys >= 0 with random values, in the table and in a
// std::unordered_map (the oracle), and n queries of which about half are stored keys and the rest (almost
// surely) are not.
struct Workload {
    Table table;
    std::unordered_map<int32_t, int32_t> map;
    std::vector<int32_t> queries;
};
inline Workload make_workload(int64_t stored, int64_t n, std::mt19937_64& rng) {
    Workload w;
    std::vector<int32_t> present;
    while (static_cast<int64_t>(present.size()) < stored) {
        const auto key = static_cast<int32_t>(rng() & 0x7fffffff);
        if (w.map.count(key) != 0)
            continue;
        const auto value = static_cast<int32_t>(rng() & 0x7fffffff);
        w.table.insert(key, value);
        w.map.emplace(key, value);
        present.push_back(key);
    }
    w.queries.resize(static_cast<size_t>(n));
    for (auto& q : w.queries)
        q = (rng() & 1) != 0 ? present[rng() % present.size()] : static_cast<int32_t>(rng() & 0x7fffffff);
    return w;
}

// Host side: the table and the queries in global memory (aclrtMalloc), and the launch on `blocks` cores.
struct DeviceLookup {
    examples::DeviceBuffer<int32_t> keys{kCapacity}, values{kCapacity}, queries, results;
    int32_t max_probe;
    DeviceLookup(const Table& t, const std::vector<int32_t>& q)
        : queries(q.size()), results(q.size()), max_probe(t.max_probe) {
        keys.put(t.keys);
        values.put(t.values);
        queries.put(q);
    }
    void run(uint32_t blocks) {
        LaunchHashProbe(blocks, nullptr, results.p, queries.p, static_cast<int64_t>(queries.n), keys.p,
                        values.p, max_probe);
    }
};

}  // namespace hash_probe
