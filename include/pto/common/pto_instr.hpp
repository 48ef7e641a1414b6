// Every tile instruction of the C++ API. Each instruction lives in its own header under pto/instr/.
#pragma once

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/debug.hpp"
#include "pto/instr/elementwise.hpp"
#include "pto/instr/interleave.hpp"
#include "pto/instr/mscatter.hpp"
#include "pto/instr/reduce.hpp"
#include "pto/instr/tassign.hpp"
#include "pto/instr/tcmp.hpp"
#include "pto/instr/tcvt.hpp"
#include "pto/instr/texpands.hpp"
#include "pto/instr/thistogram.hpp"
#include "pto/instr/tload.hpp"
#include "pto/instr/tpartarg.hpp"
#include "pto/instr/tquant.hpp"
#include "pto/instr/tsel.hpp"
