// expect-error: TCVT: conversion from src's to dst's element type not supported
#include <pto/pto-inst.hpp>
using namespace pto;
// A2A3 packs two int4 elements per byte (vconv_f162s4), a layout ptosim does not model; only the CPU profile
// converts to int4b_t (one element per byte).
void f() {
    Tile<TileType::Vec, half, 8, 32> src;
    Tile<TileType::Vec, int4b_t, 8, 32> dst;
    TCVT(dst, src, RoundMode::CAST_RINT);
}
