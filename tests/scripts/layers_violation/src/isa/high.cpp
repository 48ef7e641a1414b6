// isa may include core.
#include "ptosim/core/low.hpp"
