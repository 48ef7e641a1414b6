// The hash-probe kernel (hash_probe.hpp describes it) and its launch, written as device code writes them. No
// host C++ compiler parses `<<<...>>>`: examples/CMakeLists.txt compiles this file through ptosim-chevron
// (docs/compat.md, "Kernel launches"), which rewrites the launch into a ptosim::launch of blockDim simulated
// cores.
#include "hash_probe.hpp"

namespace hash_probe {

// results[i] = the value stored with queries[i] (>= 0), or kMissing. The queries are split between the
// blocks.
__global__ AICORE void HashProbe(__gm__ int32_t __out__* results, __gm__ int32_t __in__* queries, int64_t n,
                                 __gm__ int32_t __in__* table_keys, __gm__ int32_t __in__* table_values,
                                 int32_t max_probe) {
    const int64_t blocks = get_block_num(), block = get_block_idx();
    const int64_t per = (n + blocks - 1) / blocks;
    const int64_t first = std::min(n, block * per), last = std::min(n, first + per);
    if (first == last)
        return;
    TableTile keys, values;
    KeyTile q(kBatch), got_key(kBatch), got_value(kBatch), result(kBatch);
    HashTile q_bits(kBatch), home(kBatch), slot(kBatch), tmp(kBatch);
    MaskTile match(kBatch / 32);
    TASSIGN(keys, kKeysUb);
    TASSIGN(values, kValuesUb);
    TASSIGN(q, kQueryUb);
    TASSIGN(q_bits, kQueryUb);  // the same bytes as uint32_t
    TASSIGN(home, kHomeUb);
    TASSIGN(slot, kSlotUb);
    TASSIGN(got_key, kGotKeyUb);
    TASSIGN(got_value, kGotValUb);
    TASSIGN(result, kResultUb);
    TASSIGN(match, kMaskUb);
    TASSIGN(tmp, kTmpUb);

    auto table_k = span(table_keys, kCapacity);
    auto table_v = span(table_values, kCapacity);
    TLOAD(keys, table_k);
    TLOAD(values, table_v);
    for (int64_t at = first; at < last; at += kBatch) {
        const auto len = static_cast<int>(std::min<int64_t>(kBatch, last - at));
        for (auto* t : {&q, &got_key, &got_value, &result})
            t->SetValidCol(len);
        for (auto* t : {&q_bits, &home, &slot, &tmp})
            t->SetValidCol(len);
        match.SetValidCol((len + 31) / 32);
        auto src = span(queries + at, len);
        Event<Op::TLOAD, Op::TMULS> loaded = TLOAD(q, src);
        TMULS(home, q_bits, kHashMul, loaded);
        TSHRS(slot, home, uint32_t{15});
        TXOR(home, home, slot, tmp);
        TANDS(home, home, uint32_t{kCapacity - 1});
        TEXPANDS(result, kMissing);
        for (int32_t p = 0; p < max_probe; ++p) {
            TADDS(slot, home, static_cast<uint32_t>(p));
            TANDS(slot, slot, uint32_t{kCapacity - 1});
            TGATHER(got_key, keys, slot, tmp);
            TGATHER(got_value, values, slot, tmp);
            TCMP(match, got_key, q, CmpMode::EQ);
            TSEL(result, match, got_value, result, tmp);
        }
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        auto dst = span(results + at, len);
        TSTORE(dst, result);
        // The next batch's TLOAD overwrites q, which this batch's vector instructions read.
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    }
}

void LaunchHashProbe(uint32_t block_dim, void* stream, int32_t* results, int32_t* queries, int64_t n,
                     int32_t* table_keys, int32_t* table_values, int32_t max_probe) {
    HashProbe<<<block_dim, nullptr, stream>>>(results, queries, n, table_keys, table_values, max_probe);
}

}  // namespace hash_probe
