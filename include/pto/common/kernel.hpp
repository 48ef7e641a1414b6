// Device-kernel built-ins: the block and sub-block index and count of the running kernel (CCE and AscendC
// spellings), and the device intrinsics kernels call that mean nothing on the CPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <utility>

#include "ptosim/runtime/launch.hpp"

inline int64_t get_block_idx() {
    return static_cast<int64_t>(ptosim::block_idx());
}
// The number of blocks of the running launch (as on the device; 1 outside a launch).
inline int64_t get_block_num() {
    return static_cast<int64_t>(ptosim::block_num());
}
inline int64_t GetBlockIdx() {
    return static_cast<int64_t>(ptosim::block_idx());
}
inline int64_t GetBlockNum() {
    return static_cast<int64_t>(ptosim::block_num());
}
inline int64_t get_coreid() {
    return get_block_idx();
}
namespace pto::cpu_sim {
// pto-isa's test hooks (set with register_hooks in pto/common/cpu_stub.hpp): a function that answers
// get_subblockid(), and one that hands out the storage of a FIFO's shared state (TPipe::GetSharedState).
using GetSubblockIdInjectedHookFn = uint32_t (*)();
using GetPipeSharedStateInjectedHookFn = void* (*)(uint64_t pipe_key, size_t size);
inline GetSubblockIdInjectedHookFn injected_subblock_id_hook = nullptr;
inline GetPipeSharedStateInjectedHookFn injected_pipe_shared_state_hook = nullptr;
}  // namespace pto::cpu_sim

// The vector sub-block (0 or 1 on a 1:2 cube:vector core) the code runs on, and how many there are.
inline int64_t get_subblockid() {
    if (pto::cpu_sim::injected_subblock_id_hook != nullptr)
        return static_cast<int64_t>(pto::cpu_sim::injected_subblock_id_hook());
    return static_cast<int64_t>(ptosim::exec_context().subblock_id);
}
inline int64_t get_subblockdim() {
    return static_cast<int64_t>(ptosim::exec_context().subblock_dim);
}
inline int64_t GetSubBlockIdx() {
    return get_subblockid();
}
inline uint64_t get_task_cookie() {
    return ptosim::exec_context().task_cookie;
}

// Vector-mask set-up intrinsics: the tile instructions take their extents from the tiles, so there is nothing
// to set on the CPU.
inline void set_mask_norm() {}
template <typename... Args>
inline void set_vector_mask(Args&&...) {}
#ifndef __cce_get_tile_ptr
#define __cce_get_tile_ptr(x) (x)
#endif

// The device printf.
namespace cce {
template <typename... Args>
inline int printf(const char* fmt, Args&&... args) {
    return std::printf(fmt, std::forward<Args>(args)...);
}
}  // namespace cce

// pto-isa's CPU build compiles the cube and the vector code paths of a mixed kernel together.
#if defined(__CPU_SIM) && !defined(__DAV_CUBE__) && !defined(__DAV_VEC__)
#define __DAV_CUBE__ 1
#define __DAV_VEC__ 1
#endif
