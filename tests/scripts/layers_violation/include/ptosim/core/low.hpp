// A core header that reaches up into isa: scripts/check-layers.py must reject it.
#pragma once
#include "ptosim/isa/high.hpp"
