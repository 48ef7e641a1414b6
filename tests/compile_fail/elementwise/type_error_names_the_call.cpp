// expect-error: TADD: every operand must have the destination's element type
// expect-error: type_error_names_the_call.cpp:13:
// The compiler's diagnostic for a type rule names the kernel's line of the call (line 13 below).
#include <pto/pto-inst.hpp>
using namespace pto;
void kernel() {
    Tile<TileType::Vec, float, 4, 64> a, d;
    Tile<TileType::Vec, half, 4, 64> b;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x400);
    TASSIGN(d, 0x800);

    TADD(d, a, b);
}
