// Looks up generated int32_t keys with the PTO hash-probe kernel (hash_probe.hpp) and checks every result
// against std::unordered_map. Usage: ptosim-hash-probe [queries [keys [blocks]]] (default 1000000 10000 1).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <unordered_map>
#include <vector>

#include "hash_probe.hpp"

int main(int argc, char** argv) {
    const int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
    const int64_t stored = argc > 2 ? std::atoll(argv[2]) : 10000;
    const auto blocks = static_cast<uint32_t>(argc > 3 ? std::atoi(argv[3]) : 1);
    if (n < 1 || stored < 1 || stored >= hash_probe::kCapacity || blocks < 1) {
        std::fprintf(stderr, "usage: ptosim-hash-probe [queries >= 1 [keys in 1..%d [blocks >= 1]]]\n",
                     hash_probe::kCapacity - 1);
        return 2;
    }
    std::mt19937_64 rng(7);
    hash_probe::Workload w = hash_probe::make_workload(stored, n, rng);
    const hash_probe::Table& table = w.table;
    const std::unordered_map<int32_t, int32_t>& oracle = w.map;
    const std::vector<int32_t>& queries = w.queries;

    aclInit(nullptr);
    aclrtSetDevice(0);
    hash_probe::DeviceLookup dev(table, queries);
    const double s = examples::best_seconds(1, [&] { dev.run(blocks); });
    std::vector<int32_t> results(queries.size());
    dev.results.get(results);

    int64_t bad = -1, hits = 0;
    for (size_t i = 0; i < queries.size() && bad < 0; ++i) {
        const auto it = oracle.find(queries[i]);
        const int32_t want = it == oracle.end() ? hash_probe::kMissing : it->second;
        hits += it != oracle.end();
        if (results[i] != want)
            bad = static_cast<int64_t>(i);
    }
    if (bad >= 0)
        std::printf("hash probe: MISMATCH at query %lld (key %d): %d, want %d\n", static_cast<long long>(bad),
                    queries[static_cast<size_t>(bad)], results[static_cast<size_t>(bad)],
                    oracle.count(queries[static_cast<size_t>(bad)]) != 0
                        ? oracle.at(queries[static_cast<size_t>(bad)])
                        : hash_probe::kMissing);
    else
        std::printf(
            "hash probe: %lld queries (%lld hits) in a table of %lld keys, %d probes: verified, %.1f M "
            "lookups/s on %u block(s)\n",
            static_cast<long long>(n), static_cast<long long>(hits), static_cast<long long>(stored),
            table.max_probe, static_cast<double>(n) / s * 1e-6, blocks);
    aclrtResetDevice(0);
    aclFinalize();
    return bad >= 0 ? 1 : 0;
}
