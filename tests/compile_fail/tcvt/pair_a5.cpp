// expect-error: TCVT: conversion from src's to dst's element type not supported
#include <pto/pto-inst.hpp>
using namespace pto;
// A5 converts float to int16/int32/int64 and the float types, not to uint8_t.
void f() {
    Tile<TileType::Vec, float, 8, 32> src;
    Tile<TileType::Vec, uint8_t, 8, 32> dst;
    TCVT(dst, src, RoundMode::CAST_RINT);
}
