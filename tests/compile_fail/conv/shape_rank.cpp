// expect-error: ConvTileShape: a conv tile has one to six dimensions
#include <pto/pto-inst.hpp>
using namespace pto;
ConvTileShape<1, 1, 1, 1, 1, 1, 1> s;
