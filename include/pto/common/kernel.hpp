// Device-kernel built-ins: the block index and count of the running kernel (CCE and AscendC spellings).
#pragma once

#include <cstdint>

#include "ptosim/runtime/launch.hpp"

inline int64_t get_block_idx() {
    return static_cast<int64_t>(ptosim::block_idx());
}
inline int64_t get_block_num() {
    return static_cast<int64_t>(ptosim::block_num());
}
inline int64_t GetBlockIdx() {
    return static_cast<int64_t>(ptosim::block_idx());
}
inline int64_t GetBlockNum() {
    return static_cast<int64_t>(ptosim::block_num());
}
