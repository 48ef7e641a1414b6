#include "ptosim/sync/wait.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/core/check.hpp"
#include "ptosim/core/exec_context.hpp"
#include "ptosim/sync/hazards.hpp"

namespace ptosim::sync {

namespace {

// One blocked wait, on its thread's stack while it waits.
struct Waiter {
    const std::function<bool()>* ready;  // its condition, evaluated under the wait lock
    const char* instruction;
    std::source_location where;
    ExecContext context;
    const void* caller;   // the intrinsic's call site (its return address), when the wait is inside one
    bool failed = false;  // set when a deadlock was declared while this wait was blocked
    std::string others;   // the other waits blocked at that moment
    uint64_t checked_epoch = UINT64_MAX;  // the epoch at which ready() last returned false
};

struct State {
    std::mutex mutex;
    std::condition_variable wake;
    uint64_t epoch = 0;      // bumped by every wake-up: "some progress happened"
    uint32_t live = 0;       // participants running now
    uint32_t unstarted = 0;  // announced by a launcher, not started yet
    uint32_t implicit = 0;   // live participants registered at their first wait (not by a launcher)
    uint32_t blocked = 0;    // participants in a wait (or joining their launch's threads)
    std::vector<Waiter*> waiters;
};

// Never destroyed: threads that outlive static destruction (a detached signal poller, program threads still
// running at exit) may still wake or wait.
State& state() {
    static State* s = new State;
    return *s;
}

thread_local bool t_participant = false;

// Registers a thread that was not started by a launcher at its first wait, and unregisters it when it ends.
struct ImplicitParticipant {
    bool active = false;
    ~ImplicitParticipant() {
        if (!active)
            return;
        State& s = state();
        {
            std::lock_guard<std::mutex> lock(s.mutex);
            --s.live;
            --s.implicit;
            ++s.epoch;
        }
        s.wake.notify_all();
    }
};
thread_local ImplicitParticipant t_implicit;

void ensure_participant(State& s) {
    if (t_participant || t_implicit.active)
        return;
    t_implicit.active = true;
    ++s.live;
    ++s.implicit;
}

// Every participant is blocked, and every blocked wait has re-evaluated its condition since the last
// wake-up: a wait that was woken but has not run yet may well be satisfied now, so until it has looked, the
// run is not known to be stuck (a TFREE wakes a TPUSH just before its own thread's next TPOP blocks).
bool everyone_blocked(const State& s) {
    if (s.live == 0 || s.unstarted != 0 || s.blocked < s.live)
        return false;
    for (const Waiter* w : s.waiters)
        if (w->checked_epoch != s.epoch)
            return false;
    return true;
}

std::chrono::milliseconds implicit_timeout() {
    static const std::chrono::milliseconds t = [] {
        const char* v = std::getenv("PTOSIM_DEADLOCK_TIMEOUT_MS");
        if (v == nullptr || *v == '\0')
            return std::chrono::milliseconds(10000);
        char* end = nullptr;
        const unsigned long ms = std::strtoul(v, &end, 10);
        PTOSIM_CHECK(end != nullptr && *end == '\0', "ptosim",
                     "PTOSIM_DEADLOCK_TIMEOUT_MS must be a number of milliseconds", {"value", v});
        return std::chrono::milliseconds(ms);
    }();
    return t;
}

// Before declaring a deadlock, the declaring thread also evaluates the other waits' conditions (under the
// wait lock, as their own threads would): a condition made true by a store nobody announced with wake_all (a
// signal a program thread writes) means progress is still possible.
bool someone_can_proceed(const State& s) {
    for (const Waiter* w : s.waiters)
        if ((*w->ready)())
            return true;
    return false;
}

// Where a wait is: its source location, and, when that is inside one of ptosim's intrinsic headers (an
// intrinsic that takes trailing events cannot take a defaulted source location), the intrinsic's call site.
std::string site_of(const std::source_location& where, const void* caller) {
    std::string text = std::string(where.file_name()) + ":" + std::to_string(where.line());
    if (caller != nullptr &&
        std::string_view(where.file_name()).find("include/pto/") != std::string_view::npos)
        text += ", called from " + hazards::describe(hazards::Location{nullptr, 0, caller});
    return text;
}

std::string describe(const Waiter& w) {
    std::string text = std::string(w.instruction) + " at " + site_of(w.where, w.caller);
    if (w.context.block_num > 1 || w.context.subblock_dim > 1)
        text += " (block " + std::to_string(w.context.block_idx) + ", sub-block " +
                std::to_string(w.context.subblock_id) + ")";
    return text;
}

// Marks every blocked wait as failed, with the list of the others, and wakes them; each then reports its own
// error.
void declare_deadlock(State& s) {
    for (Waiter* w : s.waiters) {
        w->failed = true;
        for (const Waiter* other : s.waiters)
            if (other != w)
                w->others += (w->others.empty() ? "" : "; ") + describe(*other);
    }
    ++s.epoch;
    s.wake.notify_all();
}

}  // namespace

namespace detail {
std::mutex& wait_mutex() {
    return state().mutex;
}
void wake_all_locked() {
    State& s = state();
    ++s.epoch;
    s.wake.notify_all();
}
}  // namespace detail

void wake_all() {
    State& s = state();
    {
        std::lock_guard<std::mutex> lock(s.mutex);
        ++s.epoch;
    }
    s.wake.notify_all();
}

void block_until(const std::function<bool()>& ready, const char* instruction,
                 const std::source_location& where) {
    State& s = state();
    std::unique_lock<std::mutex> lock(s.mutex);
    if (ready())
        return;
    ensure_participant(s);
    Waiter self{&ready, instruction, where,     exec_context(), hazards::Site::call_site(),
                false,  {},          UINT64_MAX};
    s.waiters.push_back(&self);
    ++s.blocked;
    for (;;) {
        if (ready()) {
            self.failed = false;  // satisfied after all (the deadlock was declared before a last wake-up)
            break;
        }
        if (self.failed)
            break;
        self.checked_epoch = s.epoch;
        if (!everyone_blocked(s)) {
            s.wake.wait(lock);
            continue;
        }
        if (someone_can_proceed(s)) {  // woken, not yet running: it wakes the others when it ends or waits
            s.wake.wait(lock);
            continue;
        }
        if (s.implicit == 0) {  // every participant is known: nothing can ever wake anyone
            declare_deadlock(s);
            continue;
        }
        const std::chrono::milliseconds timeout = implicit_timeout();
        if (timeout.count() == 0) {
            s.wake.wait(lock);
            continue;
        }
        const uint64_t epoch = s.epoch;
        if (!s.wake.wait_for(lock, timeout, [&] { return s.epoch != epoch; }) && everyone_blocked(s) &&
            !someone_can_proceed(s))
            declare_deadlock(s);
    }
    std::erase(s.waiters, &self);
    --s.blocked;
    if (!self.failed)
        return;
    lock.unlock();
    PTOSIM_CHECK(false, instruction,
                 "deadlock: every thread of the run is blocked, so this wait can never be satisfied",
                 {"site", site_of(where, self.caller)},
                 {"also blocked", self.others.empty() ? std::string("none") : self.others});
}

Participants::Participants(uint32_t threads) : unstarted_(threads) {
    State& s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.unstarted += threads;
    if (t_participant || t_implicit.active) {
        joining_ = true;
        ++s.blocked;
    }
}

Participants::~Participants() {
    State& s = state();
    {
        std::lock_guard<std::mutex> lock(s.mutex);
        s.unstarted -= unstarted_;
        if (joining_)
            --s.blocked;
        ++s.epoch;
    }
    s.wake.notify_all();
}

Participant::Participant(Participants& group) {
    State& s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    if (group.unstarted_ > 0) {
        --group.unstarted_;
        --s.unstarted;
    }
    if (t_participant || t_implicit.active) {
        if (group.joining_ && group.creator_ == std::this_thread::get_id()) {
            group.joining_ = false;
            --s.blocked;
        }
        return;
    }
    owns_ = true;
    t_participant = true;
    ++s.live;
}

Participant::~Participant() {
    if (!owns_)
        return;
    State& s = state();
    {
        std::lock_guard<std::mutex> lock(s.mutex);
        t_participant = false;
        --s.live;
        ++s.epoch;
    }
    s.wake.notify_all();
}

}  // namespace ptosim::sync
