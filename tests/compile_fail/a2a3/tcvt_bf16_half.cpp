// expect-error: TCVT: conversion from src's to dst's element type not supported
#include <pto/pto-inst.hpp>
using namespace pto;
// bfloat16 -> half is an A5 conversion; A2A3 converts bfloat16 to float and int32 only.
void f() {
    Tile<TileType::Vec, bfloat16_t, 8, 32> src;
    Tile<TileType::Vec, half, 8, 32> dst;
    TCVT(dst, src, RoundMode::CAST_RINT);
}
