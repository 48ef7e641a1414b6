// pto-isa's HiFloat8 element type, with pto-isa's name in the global namespace. It is ptosim::NarrowFloat
// (ptosim/core/narrow_float.hpp, which documents the encoding and its sources): the HiF8 encoding of the
// paper and of en_dtypes, rounding ties away from zero, where pto-isa's CPU type decodes some codes
// differently and rounds ties toward the lower value (the differences are listed in docs/compat.md).
#pragma once

#include <type_traits>

#include "ptosim/core/narrow_float.hpp"

using hifloat8_t = ptosim::NarrowFloat<ptosim::narrow::Format::HiF8>;

static_assert(sizeof(hifloat8_t) == 1 && std::is_trivially_copyable_v<hifloat8_t>);
