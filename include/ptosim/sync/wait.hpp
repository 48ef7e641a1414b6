// Blocking waits between simulated cores, ranks and threads (TPOP on an empty FIFO, TWAIT on a signal, ...),
// with deadlock detection: a wait that can never be satisfied is a run-time check error that names the
// waiting instruction and its call site, never a hang.
//
// Every thread that takes part in a run is a participant. ptosim's launchers (launch_blocks, launch_cores,
// launch_ranks) register their threads before any starts, so they know the whole set: when every participant
// is blocked at once, nothing can wake any of them, and every blocked wait fails at once. (A wait that was
// woken but has not run yet still counts as blocked, so the declaring thread first evaluates every blocked
// wait's condition: one that holds means progress is still possible.) Threads started by the program itself
// (std::thread, as pto-isa's FIFO suites do) are registered at their first wait; since a thread that has not
// waited yet is invisible, a run with such threads reports a deadlock only after every known participant has
// been blocked, with no progress anywhere, for PTOSIM_DEADLOCK_TIMEOUT_MS milliseconds (default 10000; 0
// waits forever).
//
// One lock serves every wait: state a wait reads is changed inside update(), or changed atomically and
// followed by wake_all(), so that no wake-up is lost. The instructions that block move whole tiles per wait,
// so one lock costs nothing measurable.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <source_location>
#include <thread>
#include <utility>

namespace ptosim::sync {

// Blocks the calling thread until ready() returns true. ready() is evaluated under the wait lock, first at
// once (a wait that is already satisfied costs one lock) and again after every wake_all()/update().
void block_until(const std::function<bool()>& ready, const char* instruction,
                 const std::source_location& where = std::source_location::current());

// Wakes every blocked wait so that it re-evaluates its condition. Call after changing state a wait may read.
void wake_all();

namespace detail {
std::mutex& wait_mutex();
void wake_all_locked();
}  // namespace detail

// Runs f under the wait lock, then wakes every blocked wait; returns what f returns.
template <typename F>
decltype(auto) update(F&& f) {
    std::unique_lock<std::mutex> lock(detail::wait_mutex());
    struct Wake {
        ~Wake() { detail::wake_all_locked(); }
    } wake;
    return std::forward<F>(f)();
}

// A launcher's announcement that `threads` threads are about to start and take part in the run. While any has
// not started yet, no deadlock is declared. If the announcing thread is itself a participant, it counts as
// blocked until the group is destroyed (it is waiting for the threads to finish).
class Participants {
  public:
    explicit Participants(uint32_t threads);
    ~Participants();
    Participants(const Participants&) = delete;
    Participants& operator=(const Participants&) = delete;

  private:
    friend class Participant;
    uint32_t unstarted_;
    bool joining_ = false;
    std::thread::id creator_ = std::this_thread::get_id();
};

// Held by each announced thread for as long as it runs (also by the announcing thread when it runs the work
// itself, which then no longer counts as joining). A thread that already is a participant stays one.
class Participant {
  public:
    explicit Participant(Participants& group);
    ~Participant();
    Participant(const Participant&) = delete;
    Participant& operator=(const Participant&) = delete;

  private:
    bool owns_ = false;
};

}  // namespace ptosim::sync
