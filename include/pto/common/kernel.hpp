// Device-kernel built-ins: the block and sub-block index and count of the running kernel (CCE and AscendC
// spellings), and the device intrinsics kernels call that mean nothing on the CPU.
#pragma once

#include <atomic>
#include <chrono>
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

// The CCE built-in variables: the running block's index and the launch's block count, per simulated core
// (the launchers keep them in step with get_block_idx() / get_block_num(); src/runtime/launch.cpp). Visible
// through a using-directive, so a kernel's own variable of the same name is not reported by GCC's -Wshadow.
namespace ptosim::cce_builtins {
extern thread_local int64_t block_idx;
extern thread_local int64_t block_num;
}  // namespace ptosim::cce_builtins
using namespace ptosim::cce_builtins;

// The system counter: the device's 50 MHz free-running counter (20 ns a tick), here from the host's steady
// clock. Monotone within a process; it measures host time, not simulated cycles (docs/compat.md).
inline uint64_t get_sys_cnt() {
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch());
    return static_cast<uint64_t>(ns.count()) / 20u;
}

// Cache maintenance and the data barrier. On the device the scalar unit's data cache must be cleaned or
// invalidated (dcci) and ordered (dsb) before another core or engine sees what it wrote to global memory; on
// the CPU global memory is host memory and both are a sequentially consistent fence, which orders one
// simulated core's stores before another's loads as the device's sequence does.
//
// Generated code written for pto-isa's older CPU stub #undefs DSB_DDR, SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE,
// CACHELINE_OUT, dcci and dsb under __CPU_SIM and declares its own (a namespace cache_line_t, static dcci and
// dsb functions); current pto-isa declares them as constants and functions. Both compile here: the names that
// code #undefs are macros, and what they expand to has names of its own.
namespace ptosim::cce {
// The simulated cores share one coherent memory and order their accesses through ptosim's own
// synchronisation, so the cache maintenance and barriers need only keep the compiler from moving memory
// accesses across them (a signal fence: also what ThreadSanitizer builds accept, unlike a thread fence).
inline void fence() {
    std::atomic_signal_fence(std::memory_order_seq_cst);
}
inline void dsb(int) {
    fence();
}
}  // namespace ptosim::cce
using mem_dsb_t = int;
inline constexpr int ptosim_cce_single_cache_line = 0;
inline constexpr int ptosim_cce_entire_data_cache = 1;
inline constexpr int ptosim_cce_cacheline_out = 0;
namespace cache_line_t {
using ::ptosim_cce_entire_data_cache;
using ::ptosim_cce_single_cache_line;
}  // namespace cache_line_t
namespace dcci_dst_t {
using ::ptosim_cce_cacheline_out;
}  // namespace dcci_dst_t
#define SINGLE_CACHE_LINE ptosim_cce_single_cache_line
#define ENTIRE_DATA_CACHE ptosim_cce_entire_data_cache
#define CACHELINE_OUT ptosim_cce_cacheline_out
#define DSB_DDR 0
#define DSB_ALL 0
#define DSB_UB 0
#define dsb(kind) ::ptosim::cce::dsb(kind)
inline void dcci(const volatile void*, int) {
    ptosim::cce::fence();
}
inline void dcci(const volatile void*, int, int) {
    ptosim::cce::fence();
}
