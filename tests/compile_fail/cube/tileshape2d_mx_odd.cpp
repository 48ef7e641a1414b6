// expect-error: TileShape2D: an MX layout pairs scales along K: cols (MX_A_*) or rows (MX_B_*) must be even
#include <pto/pto-inst.hpp>
using namespace pto;
TileShape2D<float8_e8m0_t, 16, 3, Layout::MX_A_ZZ> s;
