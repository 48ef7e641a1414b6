// Checked TRANDOM.
#include "ptosim/ops/random.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

void trandom(const TileView& dst, const random::Key& key, const random::Counter& counter, int rounds) {
    hazards::Scope hz("TRANDOM", hazards::Pipe::V);
    hz.write(dst);
    constexpr const char* kInstr = "TRANDOM";
    validate::tile(dst, kInstr, "dst");
    validate::dtype_in(isa::kI32, dst.dtype, kInstr, "dst");
    validate::row_major(dst, kInstr, "dst");
    PTOSIM_CHECK(rounds == 7 || rounds == 10, kInstr, "Rounds must be 7 or 10", {"Rounds", rounds});
    // Every lane is its own cipher block with nothing to share between lanes: the scalar kernel serves both
    // backends.
    ref::trandom(dst, key, counter, rounds);
}

}  // namespace ptosim::ops
