// Constants of the pto-isa programming model (vector repeat and block sizes, fractal sizes) and the NUM_*
// helpers kernels use as template arguments.
#pragma once

#include <cstdint>

#include "pto/common/type.hpp"

namespace pto {

constexpr int REPEAT_BYTE = 256;
constexpr uint64_t BLOCK_MAX_PER_REPEAT = 8;
constexpr int REPEAT_MAX = 255;
constexpr int BLOCK_BYTE_SIZE = 32;
constexpr int REPEAT_STRIDE_MAX = 255;
constexpr uint64_t MASK_LEN = 64;
constexpr int BLOCK_LEN = 16;
constexpr int CUBE_BLOCK_SIZE = 512;
constexpr int C0_SIZE_BYTE = 32;
constexpr int FRACTAL_NZ_ROW = 16;
constexpr int FRACTAL_ZZ_ROW = 16;
constexpr int ACC_C0_SIZE = 16;
constexpr int MX_COL_LEN = 2;
constexpr int MX_ROW_LEN = 16;
constexpr int MX_BLOCK_SIZE = 32;

constexpr int NUM_1 = 1;
constexpr int NUM_4 = 4;
constexpr int NUM_8 = 8;
constexpr int NUM_12 = 12;
constexpr int NUM_16 = 16;
constexpr int NUM_32 = 32;
constexpr int NUM_64 = 64;
constexpr int NUM_77 = 77;
constexpr int NUM_96 = 96;
constexpr int NUM_128 = 128;
constexpr int NUM_256 = 256;
constexpr int NUM_512 = 512;

}  // namespace pto
