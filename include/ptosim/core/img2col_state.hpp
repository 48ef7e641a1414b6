// The img2col registers of a simulated cube core: two sets (A and B, pto-isa's FMATRIX_A_* / FMATRIX_B_*
// modes), each with the feature-map register SETFMATRIX writes (fmap height and width, the four pad sizes),
// the pad-value register SET_IMG2COL_PADDING writes and the repeat register SET_IMG2COL_RPT writes. Like the
// on-chip buffers (buffers.hpp) they belong to the calling thread: each simulated core has its own.
#pragma once

#include <cstdint>

namespace ptosim::img2col {

struct Registers {
    // The device's FMATRIX word: fmap W in bits 15..0, fmap H in 31..16, pad i (left, right, top, bottom) in
    // bits 32 + 8i .. 39 + 8i.
    uint64_t fmatrix = 0;
    // The pad value's bits (a one-byte type repeated in both bytes of the low half, as the device stores it).
    uint32_t padding = 0;
    // The repeat word: repeat stride 15..0, repeat time 23..16, repeat mode 31..24, dst stride 47..32, dst M
    // position 63..48.
    uint64_t repeat = 0;
    bool fmatrix_set = false;  // SETFMATRIX (or an AUTO-mode TIMG2COL) has written `fmatrix`
};

// Register set 0 is A, 1 is B.
Registers& registers(int set);
// Clear both sets of the calling thread (a fresh core).
void reset();

constexpr uint64_t fmatrix_word(uint16_t fmap_h, uint16_t fmap_w, const uint8_t pads[4]) {
    uint64_t w = uint64_t{fmap_w} | (uint64_t{fmap_h} << 16);
    for (int i = 0; i < 4; ++i)
        w |= uint64_t{pads[i]} << (32 + 8 * i);
    return w;
}
constexpr uint16_t fmatrix_w(uint64_t w) {
    return static_cast<uint16_t>(w & 0xFFFF);
}
constexpr uint16_t fmatrix_h(uint64_t w) {
    return static_cast<uint16_t>((w >> 16) & 0xFFFF);
}
constexpr uint8_t fmatrix_pad(uint64_t w, int i) {
    return static_cast<uint8_t>((w >> (32 + 8 * i)) & 0xFF);
}
constexpr uint64_t repeat_word(uint16_t stride, uint8_t time, uint8_t mode, uint16_t dst_stride,
                               uint16_t dst_m) {
    return uint64_t{stride} | (uint64_t{time} << 16) | (uint64_t{mode} << 24) | (uint64_t{dst_stride} << 32) |
           (uint64_t{dst_m} << 48);
}

}  // namespace ptosim::img2col
