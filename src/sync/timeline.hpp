// The pipeline timeline's model (docs/timeline.md): per simulated core, each pipe's queue runs its
// instructions in order, each starting when the pipe is free, the scalar unit has issued it, and every flag
// the pipe waited for has been set after its producer finished; each lasts as long as the cost model says.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/timeline.hpp"

namespace ptosim::hazards::timeline {

// What an instruction moved or computed, for the cost model.
struct Work {
    uint64_t read_bytes = 0, write_bytes = 0;
    uint8_t read_space = 0xff, write_space = 0xff;  // the first operand's buffer (mem::Buffer), 0xff: GM
    int64_t m = 0, k = 0, n = 0;                    // cube instructions
    std::size_t elem_bytes = 0;
};

// The cost model: cycles of one instruction on its pipe (A2A3 figures, cited in docs/timeline.md).
uint64_t cycles(std::string_view name, Pipe pipe, const Work& w);

// One core's clock: every time in cycles from the core's start.
class Core {
  public:
    // `slot` is the pipe's pipe_t value.
    void instruction(std::string_view name, Pipe pipe, int slot, uint64_t seq, const Location& where,
                     const Work& w);
    // A flag set by `src` now: the time its producer finishes and the producing span.
    uint64_t set_time(int src) const { return busy_[src]; }
    int producer(int src) const { return last_[src]; }
    void wait(int src, int dst, int id, uint64_t time, int producer);
    void barrier_all();
    bool empty() const { return record_.spans.empty(); }
    // Hands the recorded spans to the process-wide store.
    void finish(uint32_t block);

  private:
    std::array<uint64_t, 8> busy_{}, ready_{};
    std::array<int, 8> last_{-1, -1, -1, -1, -1, -1, -1, -1}, ready_from_{-1, -1, -1, -1, -1, -1, -1, -1};
    uint64_t issue_ = 0;
    int issue_from_ = -1;  // the span whose flag the scalar unit last waited for
    CoreRecord record_;
};

void store(CoreRecord&& record);
void clear();
std::string json();
std::string summary();

}  // namespace ptosim::hazards::timeline
