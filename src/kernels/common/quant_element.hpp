// The element rules of TQUANT (INT8) and TDEQUANT, shared by the reference kernel and the fast kernel's row
// tails, and the row's parameter read from a scale / offset tile.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "ptosim/core/tile_view.hpp"

namespace ptosim::kernels {

// Row r's parameter: element (r, 0) of a float tile.
inline float row_param(const TileView& t, int32_t r) {
    float v = 0;
    std::memcpy(&v, t.at(r, 0), sizeof v);
    return v;
}

// (x - offset) rounded to float, then times scale rounded again (never fused).
inline float dequant_element(float x, float scale, float offset) {
    const float shifted = x - offset;
    return shifted * scale;
}

// x * scale (+ offset when asym), each step rounded to float, then the nearest integer (ties to even) clamped
// to int8 (sym) or uint8 (asym), NaN to 0; returns the result's byte. Clamped before rounding: equal to
// clamping after, since the limits are integers.
inline uint8_t quant_element(float x, float scale, float offset, bool asym) {
    float v = x * scale;
    if (asym)
        v = v + offset;
    const float lo = asym ? 0.0f : -128.0f, hi = asym ? 255.0f : 127.0f;
    const float q = v != v ? 0.0f : std::nearbyint(std::fmin(std::fmax(v, lo), hi));
    return static_cast<uint8_t>(static_cast<int32_t>(q));
}

}  // namespace ptosim::kernels
