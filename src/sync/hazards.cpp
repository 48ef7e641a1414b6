// The hazard checker's state (one per simulated core, thread-local), what the cores of one launch share
// (their global-memory accesses, under a mutex) and its reports (process-wide).
#include "ptosim/sync/hazards.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "ptosim/core/buffers.hpp"
#include "ptosim/core/exec_context.hpp"
#include "timeline.hpp"

namespace ptosim::hazards {

namespace {

constexpr int kSlots = 8;  // pipe_t values 0..7
// Slot 6 (PIPE_ALL's value, no pipe) is the core's DMA engine: the asynchronous transfers' accesses.
constexpr int kDma = 6;
using Clock = std::array<uint32_t, kSlots>;

// Clocks and flags are indexed by pipe_t value.
int slot(Pipe p) {
    return isa::pipe_t_value(p);
}

// "MTE2" for PIPE_MTE2.
std::string pipe_text(Pipe p) {
    return std::string(isa::pipe_short_name(p));
}

// The clock slot of an instruction's agent: its pipe, or the DMA engine.
int agent(const Party& p) {
    return p.dma ? kDma : slot(p.pipe);
}

// A Party as the checker keeps it per instruction and per access: no strings, so that recording one costs no
// allocation. The name points into hazards::intern's storage (or at a literal); the core's name is the
// running core's own (`named`) and is filled in only when a Report is made.
struct Who {
    std::string_view name;
    Location where;
    uint64_t seq = 0;
    Pipe pipe = Pipe::S;
    bool dma = false;
    bool named = false;  // an instruction of this core (its Party names the core), not a synchronisation call
};

int agent(const Who& p) {
    return p.dma ? kDma : slot(p.pipe);
}
std::string agent_text(const Party& p) {
    return p.dma ? std::string("DMA") : pipe_text(p.pipe);
}

void join(Clock& into, const Clock& from) {
    for (int i = 0; i < kSlots; ++i)
        into[i] = std::max(into[i], from[i]);
}

// A clock over every (core, slot) of a launch, at core * kSlots + slot; empty (all zero) until the core first
// learns of another core. A core keeps one per slot for the other cores and its own Clocks for itself.
using Wide = std::vector<uint32_t>;

void join(Wide& into, const Wide& from) {
    if (from.size() > into.size())
        into.resize(from.size());
    for (std::size_t i = 0; i < from.size(); ++i)
        into[i] = std::max(into[i], from[i]);
}

// A byte range of one buffer; global memory is the space kGlobal with host addresses.
constexpr uint8_t kGlobal = 0xff;
struct Region {
    uint8_t space = kGlobal;
    uint64_t lo = 0, hi = 0;
    bool overlaps(const Region& o) const { return space == o.space && lo < o.hi && o.lo < hi; }
    bool contains(const Region& o) const { return space == o.space && lo <= o.lo && o.hi <= hi; }
};

std::string space_name(uint8_t space) {
    return space == kGlobal ? std::string("GM")
                            : std::string(mem::buffer_name(static_cast<mem::Buffer>(space)));
}

Region region_of(const void* p, std::size_t n) {
    if (const auto place = mem::locate(p))
        return {static_cast<uint8_t>(place->buffer), place->offset, place->offset + n};
    const auto a = reinterpret_cast<uintptr_t>(p);
    return {kGlobal, a, a + n};
}

// Bytes of global memory as rows: `count` runs of `len` bytes, `stride` apart, from `lo`.
struct Rows {
    uint64_t lo = 0, len = 0, stride = 0, count = 1;
    uint64_t end() const { return lo + (count - 1) * stride + len; }
};

struct Access {
    Region region;
    bool write;
    uint32_t epoch;  // the pipe's own clock at the instruction
    Who who;
};

struct Flag {
    Clock snapshot;
    Wide wide;  // and what the setting pipe knew of other cores
    Location set_at;
    uint64_t seq;
    uint64_t time;  // the timeline: when the setting pipe's earlier instructions are done
    int producer;   // and the last of them
};

// What is on besides enabled(): the checks, and the timeline.
std::atomic<bool> g_checking{false};
std::atomic<bool> g_tracing{false};

// Accesses of one buffer, ordered by their first byte (equal first bytes in the order they were added);
// `max_len` (the longest ever held) bounds how far before a range an overlapping access can start, so a
// lookup visits only the neighbourhood of its bytes. A sorted vector rather than a tree: no allocation per
// access, and the lookups run over contiguous memory (a kernel's accesses mostly replace earlier ones of the
// same tile in place, or follow on at the end).
struct AccessList {
    std::vector<Access> by_lo;
    std::vector<uint64_t> los;  // by_lo's first bytes, apart: the searches run over them alone
    uint64_t max_len = 0;
    std::size_t kept = 0;  // the size after the last pruning: pruning again waits until the list has doubled

    std::size_t size() const { return by_lo.size(); }
    // The first access whose first byte is at or after `lo`.
    std::size_t lower_bound(uint64_t lo) const {
        return static_cast<std::size_t>(std::lower_bound(los.begin(), los.end(), lo) - los.begin());
    }

    template <typename F>
    void for_overlapping(const Region& r, F&& f) const {
        const uint64_t from = r.lo > max_len ? r.lo - max_len : 0;
        for (std::size_t i = lower_bound(from); i < los.size() && los[i] < r.hi; ++i)
            if (by_lo[i].region.overlaps(r))
                f(by_lo[i]);
    }

    // Forgets the accesses in [from, to) that `gone` picks, keeping the others in order; returns where the
    // kept ones end (the rest of the range is left for the caller to reuse or erase).
    template <typename F>
    std::size_t compact(std::size_t from, std::size_t to, F&& gone) {
        std::size_t stay = from;
        for (std::size_t i = from; i < to; ++i) {
            if (gone(by_lo[i]))
                continue;
            if (stay != i) {
                by_lo[stay] = by_lo[i];
                los[stay] = los[i];
            }
            ++stay;
        }
        return stay;
    }
    void erase(std::size_t from, std::size_t to) {
        by_lo.erase(by_lo.begin() + static_cast<std::ptrdiff_t>(from),
                    by_lo.begin() + static_cast<std::ptrdiff_t>(to));
        los.erase(los.begin() + static_cast<std::ptrdiff_t>(from),
                  los.begin() + static_cast<std::ptrdiff_t>(to));
    }
    template <typename F>
    void erase_if(F&& gone) {
        erase(compact(0, size(), gone), size());
    }

    // Forgets the accesses of agent `me` that `r` covers (they start within it) and then, if `added`, adds it
    // after the accesses that start where it does, reusing a forgotten one's place so that the rest of the
    // list moves only when the number of accesses changes.
    void replace(const Region& r, int me, const Access* added) {
        const std::size_t from = lower_bound(r.lo);
        std::size_t to = from;
        while (to < size() && los[to] < r.hi)
            ++to;
        const std::size_t stay =
            compact(from, to, [&](const Access& a) { return agent(a.who) == me && r.contains(a.region); });
        if (!added) {
            erase(stay, to);
            return;
        }
        std::size_t at = from;
        while (at < stay && los[at] <= r.lo)
            ++at;
        if (stay == to) {
            by_lo.insert(by_lo.begin() + static_cast<std::ptrdiff_t>(at), *added);
            los.insert(los.begin() + static_cast<std::ptrdiff_t>(at), r.lo);
        } else {
            for (std::size_t i = stay; i > at; --i) {
                by_lo[i] = by_lo[i - 1];
                los[i] = los[i - 1];
            }
            by_lo[at] = *added;
            los[at] = r.lo;
            erase(stay + 1, to);
        }
        max_len = std::max(max_len, r.hi - r.lo);
    }
};

// A hazard the running instruction has with an earlier one, reported when the instruction ends.
struct Conflict {
    Kind kind;
    Who earlier;
    Region overlap;
};

int rank(Kind k) {
    return k == Kind::ReadAfterWrite ? 3 : k == Kind::WriteAfterRead ? 2 : 1;
}

// ---- between the cores of a launch -----------------------------------------------------------------------

// A global-memory access of one core of the launch, kept for the other cores: its rows, and its agent's
// (core, slot) epoch.
struct Shared {
    Region bounds;
    std::vector<Rows> rows;
    bool pieces = false;  // rows are single ranges, sorted and disjoint (a scatter's elements)
    bool write = false;
    bool atomic = false;
    uint32_t core = 0;
    uint8_t agent = 0;
    uint32_t epoch = 0;
    uint64_t order = 0;  // launch-wide arrival order, to forget the oldest first
    Party who;
};

struct SharedList {
    std::multimap<uint64_t, Shared> by_lo;
    uint64_t max_len = 0;
};

// The header's opaque LaunchState.
struct Shadow : LaunchState {
    std::mutex mutex;
    uint32_t cores = 0;
    std::array<SharedList, 2> gm;  // reads, writes
    uint64_t order = 0;
    bool dropped = false;
    std::map<std::pair<const void*, uint64_t>, Wide> objects;  // release / acquire
    struct Round {
        Wide clock;
        int32_t arrived = 0, left = 0, cores = 0;
    };
    std::map<std::pair<const void*, int32_t>, Round> rounds;  // SYNCALL
};

// A hazard of the running instruction with another core's access.
struct CrossConflict {
    Kind kind;
    Party earlier;
    Region overlap;
};

// One simulated core's synchronisation state.
struct Core {
    std::array<Clock, kSlots> clocks{};
    // Inside a launch of several cores: the launch, this core's index in it and its name, and what each
    // slot knows of the other cores.
    Shadow* launch = nullptr;
    uint32_t index = 0;
    std::string name;
    std::array<Wide, kSlots> wide;
    std::map<uint64_t, uint32_t> async;  // asynchronous transfers: event handle -> the DMA engine's epoch
    uint32_t last_dma = 0;
    // The running instruction's global-memory accesses not yet compared with the other cores' (all of an
    // instruction's at once: two instructions are then one before the other, and their race one report), and
    // its hazards with other cores, reported when it ends.
    std::vector<Shared> pending;
    std::vector<CrossConflict> cross;
    std::map<std::tuple<int, int, int>, Flag> flags;  // (src, dst, id) -> pending set
    // Recent accesses not yet ordered before every pipe, per buffer (the last one is global memory), reads
    // and writes apart: a read is compared with writes only.
    std::array<std::array<AccessList, 2>, mem::kBufferCount + 1> accesses;
    std::vector<Access> mine;                        // the running instruction's accesses
    std::vector<Conflict> conflicts;                 // and its hazards so far
    std::array<uint8_t, kSlots * kSlots> next_id{};  // automatic event ids per pipe pair
    std::vector<int> expected;  // consumer pipes of the events the next instruction takes
    const void* site = nullptr;
    Location site_at;  // a Site given as a source location
    int site_depth = 0;
    int scope_depth = 0;
    Who current;
    int agent = 0;  // the running instruction's slot
    uint32_t epoch = 0;
    Who last;  // the instruction that ran last (an Event recorded from its result belongs to it)
    uint64_t seq = 0;
    bool dropped = false;

    timeline::Core clock;  // the timeline of this core's pipes
    timeline::Work work;   // the running instruction's bytes and shape

    void reset() { *this = Core{}; }
    // Spans not yet handed over (a kernel called outright, without a launch) are kept when the thread ends.
    ~Core() {
        if (!clock.empty())
            clock.finish(0);
    }
    Core() = default;
    Core& operator=(Core&&) = default;
};

Core& core() {
    thread_local Core c;
    return c;
}

// The Party a Who of the running core stands for.
Party party(const Who& w) {
    return Party{std::string(w.name), w.pipe, w.where, w.seq, w.dma, w.named ? core().name : std::string()};
}

// An instruction's name kept for the life of the process. Scopes are opened with the same few names (mostly
// literals) over and over: a small per-thread cache keyed on the view's address and length, checked against
// the text, saves intern's lock and lookup.
std::string_view interned_name(std::string_view name) {
    struct Entry {
        const char* key = nullptr;
        std::size_t size = 0;
        const char* text = nullptr;
    };
    thread_local std::array<Entry, 64> cache{};
    const auto h = (reinterpret_cast<uintptr_t>(name.data()) >> 3) ^ name.size();
    Entry& e = cache[(h ^ (h >> 6)) % cache.size()];
    if (e.key != name.data() || e.size != name.size() ||
        (name.size() && std::memcmp(e.text, name.data(), name.size()) != 0))
        e = {name.data(), name.size(), intern(name)};
    return {e.text, e.size};
}

// Reports, process-wide, deduplicated by kind and the two call sites.
struct Registry {
    std::mutex mutex;
    std::vector<Report> list;
    std::map<std::tuple<int, const void*, const char*, uint32_t, const void*, const char*, uint32_t>,
             std::size_t>
        index;
    std::map<std::pair<int, std::string>, std::size_t> unlocated;
    bool print = false;
    bool summary_registered = false;
};

Registry& registry() {
    static Registry r;
    return r;
}

void print_summary() {
    auto& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    if (r.list.empty())
        std::fprintf(stderr, "ptosim: hazard checker: no hazards found\n");
    else
        std::fprintf(stderr, "ptosim: hazard checker: %zu distinct report%s (docs/hazards.md)\n",
                     r.list.size(), r.list.size() == 1 ? "" : "s");
}

void add(Report rep) {
    if (!g_checking.load(std::memory_order_relaxed))
        return;
    rep.block = exec_context().block_idx;
    auto& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    const int kind = static_cast<int>(rep.kind) + (rep.cross_core ? 100 : 0);
    const auto key = std::make_tuple(kind, rep.first.where.code, rep.first.where.file, rep.first.where.line,
                                     rep.second.where.code, rep.second.where.file, rep.second.where.line);
    // Without call sites the instructions' names and pipes tell repeated reports apart.
    const bool located = rep.first.where.code || rep.first.where.file;
    const std::string names =
        located ? std::string()
                : rep.first.name + '/' + rep.second.name + '/' + std::to_string(agent(rep.first)) + '/' +
                      std::to_string(agent(rep.second)) + '/' + rep.first.core + '/' + rep.second.core;
    std::size_t* slot_of = nullptr;
    if (located) {
        const auto [it, fresh] = r.index.try_emplace(key, r.list.size());
        slot_of = fresh ? nullptr : &it->second;
    } else {
        const auto [it, fresh] = r.unlocated.try_emplace({kind, names}, r.list.size());
        slot_of = fresh ? nullptr : &it->second;
    }
    if (slot_of) {
        ++r.list[*slot_of].repeats;
        return;
    }
    if (r.print)
        std::fprintf(stderr, "%s", rep.text().c_str());
    r.list.push_back(std::move(rep));
}

Who sync_party(std::string_view name, int pipe, const Location& where) {
    Who p;
    p.name = name;  // a literal
    p.pipe = pipe_from_int(pipe).value_or(Pipe::S);
    p.where = where;
    p.seq = core().seq;
    return p;
}

bool valid_pipe(int p) {
    return p >= 0 && p < kSlots && p != kPipeAll;
}

// Events and flags name pipes with pipe_t values; anything else (PIPE_ALL as a flag's pipe) orders nothing.
bool valid_pair(int src, int dst) {
    return valid_pipe(src) && valid_pipe(dst) && src != dst;
}

Report flag_report(Kind kind, const Who& first, const Who& second, int src, int dst, int id) {
    Report r;
    r.kind = kind;
    r.first = party(first);
    r.second = party(second);
    r.flag_id = id;
    r.flag_src = pipe_from_int(src).value_or(Pipe::S);
    r.flag_dst = pipe_from_int(dst).value_or(Pipe::S);
    return r;
}

void do_set(int src, int dst, int id, const Who& who) {
    auto& c = core();
    const auto key = std::make_tuple(src, dst, id);
    if (const auto it = c.flags.find(key); it != c.flags.end()) {
        Who earlier = sync_party("set_flag", src, it->second.set_at);
        earlier.seq = it->second.seq;
        add(flag_report(Kind::SetTwice, earlier, who, src, dst, id));
        join(it->second.snapshot, c.clocks[src]);
        join(it->second.wide, c.wide[src]);
        it->second.time = c.clock.set_time(src);
        it->second.producer = c.clock.producer(src);
        return;
    }
    c.flags.emplace(key, Flag{c.clocks[src], c.wide[src], who.where, who.seq, c.clock.set_time(src),
                              c.clock.producer(src)});
}

void do_wait(int src, int dst, int id, const Who& who) {
    auto& c = core();
    const auto it = c.flags.find(std::make_tuple(src, dst, id));
    if (it == c.flags.end()) {
        add(flag_report(Kind::WaitWithoutSet, who, who, src, dst, id));
        return;
    }
    if (dst == slot(Pipe::S)) {
        // The scalar unit issues every instruction: nothing after its wait starts before the flag.
        for (const Pipe q : kPipes) {
            join(c.clocks[slot(q)], it->second.snapshot);
            join(c.wide[slot(q)], it->second.wide);
        }
    } else {
        join(c.clocks[dst], it->second.snapshot);
        join(c.wide[dst], it->second.wide);
    }
    c.clock.wait(src, dst, id, it->second.time, it->second.producer);
    c.flags.erase(it);
}

AccessList& list_of(Core& c, uint8_t space, bool write) {
    return c.accesses[space == kGlobal ? mem::kBufferCount : space][write ? 1 : 0];
}

// Forget accesses every other pipe has already seen complete: nothing later can race with them. Runs when a
// list has doubled since it last ran, so its cost per access stays constant.
void prune(Core& c, AccessList& list) {
    if (list.by_lo.size() < std::max<std::size_t>(64, 2 * list.kept))
        return;
    list.erase_if([&](const Access& a) {
        const int s = agent(a.who);
        for (const Pipe q : kPipes)
            if (slot(q) != s && c.clocks[slot(q)][s] < a.epoch)
                return false;
        return true;
    });
    // A kernel that leaves pipes unsynchronised keeps their accesses; past this bound the older half is
    // forgotten (and a hazard with one of them may go unreported).
    constexpr std::size_t kMaxAccesses = 4096;
    if (list.by_lo.size() > kMaxAccesses) {
        std::vector<uint64_t> seqs;
        for (const Access& a : list.by_lo)
            seqs.push_back(a.who.seq);
        std::nth_element(seqs.begin(), seqs.begin() + static_cast<std::ptrdiff_t>(seqs.size() / 2),
                         seqs.end());
        const uint64_t median = seqs[seqs.size() / 2];
        list.erase_if([&](const Access& a) { return a.who.seq < median; });
        c.dropped = true;
    }
    list.kept = list.by_lo.size();
}

// ---- the launch's shadow of global memory -----------------------------------------------------------------

// The rows a global tensor's elements occupy: a dimension whose elements follow on from the inner ones makes
// the runs longer, one whose stride continues an outer level's makes it longer; the innermost level left is
// a row set and the outer ones are listed apart (up to kMaxRowSets; past that, and for the packed 4-bit
// types, the tensor's first to last byte stands for it, which may report bytes it does not touch).
constexpr uint64_t kMaxRowSets = 256;
void rows_of(const GlobalView& g, const Region& bounds, std::vector<Rows>& out) {
    out.assign(1, Rows{bounds.lo, bounds.hi - bounds.lo, 0, 1});
    if (dtype_is_twin(g.dtype) ||
        (g.layout != GlobalLayout::ND && g.layout != GlobalLayout::DN && g.layout != GlobalLayout::NZ))
        return;
    const uint64_t e = dtype_size(g.dtype);
    uint64_t len = e;
    struct Level {
        uint64_t stride, count;
    };
    std::vector<Level> levels;  // innermost first
    for (int i = 4; i >= 0; --i) {
        const auto n = static_cast<uint64_t>(g.shape[i]);
        const uint64_t st = static_cast<uint64_t>(std::max<int64_t>(g.stride[i], 0)) * e;
        if (n <= 1 || st == 0)  // one element, or the same bytes again
            continue;
        if (levels.empty() && st == len)
            len *= n;
        else if (!levels.empty() && st == levels.back().stride * levels.back().count)
            levels.back().count *= n;
        else
            levels.push_back({st, n});
    }
    if (levels.empty()) {
        out[0].len = len;
        return;
    }
    uint64_t sets = 1;
    for (std::size_t i = 1; i < levels.size(); ++i)
        sets *= levels[i].count;
    if (sets > kMaxRowSets)
        return;
    out.clear();
    std::vector<uint64_t> at(levels.size(), 0);  // the outer levels' indices, as a counter
    for (uint64_t k = 0; k < sets; ++k) {
        uint64_t offset = 0;
        for (std::size_t i = 1; i < levels.size(); ++i)
            offset += at[i] * levels[i].stride;
        out.push_back({bounds.lo + offset, len, levels[0].stride, levels[0].count});
        for (std::size_t i = 1; i < levels.size() && ++at[i] == levels[i].count; ++i)
            at[i] = 0;
    }
}

// The rows of `r` that meet [x, y): indices [first, last).
std::pair<uint64_t, uint64_t> rows_meeting(const Rows& r, uint64_t x, uint64_t y) {
    if (r.count == 1 || r.stride == 0)
        return r.lo < y && r.lo + r.len > x ? std::make_pair(0ull, 1ull) : std::make_pair(0ull, 0ull);
    // Row i is [lo + i * stride, lo + i * stride + len).
    const uint64_t first = x >= r.lo + r.len ? (x - r.lo - r.len) / r.stride + 1 : 0;
    const uint64_t last = y > r.lo ? std::min<uint64_t>(r.count, (y - r.lo + r.stride - 1) / r.stride) : 0;
    return {first, std::max(first, last)};
}

// The first bytes two row sets share, if any: walks the rows of the one with fewer rows where both lie and
// finds each in the other by arithmetic.
std::optional<std::pair<uint64_t, uint64_t>> shared_bytes(const Rows& a, const Rows& b) {
    const uint64_t lo = std::max(a.lo, b.lo), hi = std::min(a.end(), b.end());
    if (lo >= hi)
        return std::nullopt;
    const auto ra = rows_meeting(a, lo, hi), rb = rows_meeting(b, lo, hi);
    const bool walk_a = ra.second - ra.first <= rb.second - rb.first;
    const Rows& p = walk_a ? a : b;
    const Rows& q = walk_a ? b : a;
    const auto [from, to] = walk_a ? ra : rb;
    for (uint64_t i = from; i < to; ++i) {
        const uint64_t x = std::max(lo, p.lo + i * p.stride), y = std::min(hi, p.lo + i * p.stride + p.len);
        const auto [j, j_end] = rows_meeting(q, x, y);
        if (j < j_end)
            return std::make_pair(std::max(x, q.lo + j * q.stride), std::min(y, q.lo + j * q.stride + q.len));
    }
    return std::nullopt;
}

std::optional<std::pair<uint64_t, uint64_t>> shared_bytes(const Shared& a, const Shared& b) {
    if (a.pieces && b.pieces) {  // two sorted lists of ranges: one merge walk
        std::size_t i = 0, j = 0;
        while (i < a.rows.size() && j < b.rows.size()) {
            const Rows &x = a.rows[i], &y = b.rows[j];
            const uint64_t lo = std::max(x.lo, y.lo), hi = std::min(x.lo + x.len, y.lo + y.len);
            if (lo < hi)
                return std::make_pair(lo, hi);
            (x.lo + x.len <= y.lo + y.len ? i : j) += 1;
        }
        return std::nullopt;
    }
    for (const Rows& x : a.rows)
        for (const Rows& y : b.rows)
            if (const auto o = shared_bytes(x, y))
                return o;
    return std::nullopt;
}

bool same_rows(const Rows& a, const Rows& b) {
    return a.lo == b.lo && a.len == b.len && a.stride == b.stride && a.count == b.count;
}

// A newer access of the same core and agent that touches at least the bytes of an older one stands for it
// in every later comparison (a write for reads and writes, a read for reads; an atomic one only for atomic
// ones).
bool stands_for(const Shared& newer, const Shared& older) {
    if (newer.core != older.core || newer.agent != older.agent || (newer.atomic && !older.atomic))
        return false;
    if (!newer.pieces && newer.rows.size() == 1 && newer.rows[0].count == 1)
        return newer.bounds.contains(older.bounds);
    return newer.rows.size() == older.rows.size() &&
           std::equal(newer.rows.begin(), newer.rows.end(), older.rows.begin(), same_rows);
}

// What slot s of core c knows of every (core, slot) of its launch, itself included.
Wide released(const Core& c, int s) {
    Wide w = c.wide[s];
    w.resize(static_cast<std::size_t>(c.launch->cores) * kSlots);
    for (int q = 0; q < kSlots; ++q) {
        uint32_t& x = w[static_cast<std::size_t>(c.index) * kSlots + static_cast<std::size_t>(q)];
        x = std::max(x, c.clocks[s][q]);
    }
    return w;
}

// Orders what `w` holds before slot s's next instructions (every pipe's for the scalar unit, which issues
// them all). What it says of this core itself goes into the core's own clocks.
void acquired(Core& c, int s, const Wide& w) {
    auto into = [&](int t) {
        Wide& known = c.wide[t];
        if (known.size() < w.size())
            known.resize(w.size());
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (i / kSlots == c.index)
                c.clocks[t][i % kSlots] = std::max(c.clocks[t][i % kSlots], w[i]);
            else
                known[i] = std::max(known[i], w[i]);
        }
    };
    if (s == slot(Pipe::S))
        for (const Pipe q : kPipes)
            into(slot(q));
    else
        into(s);
}

// Compares one global-memory access of the running instruction with the other cores' and adds it to the
// launch's record (under the launch's lock). Accesses every core has ordered itself after (a SYNCALL of all
// of them) are forgotten; past kMaxShared per list the oldest half is (a race with one of them may then go
// unreported).
constexpr std::size_t kMaxShared = std::size_t{1} << 16;
void cross_check(Core& c, Shared&& x) {
    Shadow& launch = *c.launch;
    const Wide& knows = c.wide[c.agent];
    x.order = ++launch.order;
    const auto check = [&](const Shared& a) {
        if (a.core == c.index || (a.atomic && x.atomic) || !a.bounds.overlaps(x.bounds))
            return;
        const std::size_t k = static_cast<std::size_t>(a.core) * kSlots + a.agent;
        if (k < knows.size() && knows[k] >= a.epoch)
            return;
        const auto bytes = shared_bytes(a, x);
        if (!bytes)
            return;
        const Kind kind =
            a.write ? (x.write ? Kind::WriteAfterWrite : Kind::ReadAfterWrite) : Kind::WriteAfterRead;
        const Region overlap{kGlobal, bytes->first, bytes->second};
        const auto same = std::find_if(c.cross.begin(), c.cross.end(), [&](const CrossConflict& f) {
            return f.earlier.seq == a.who.seq && f.earlier.core == a.who.core;
        });
        if (same == c.cross.end())
            c.cross.push_back({kind, a.who, overlap});
        else if (rank(kind) > rank(same->kind))
            *same = {kind, a.who, overlap};
    };
    // One walk over each list's neighbourhood of the access (the lists are shared by the cores, so every
    // descent from the root is cache misses): compares it with writes (and, a write, with reads), forgets
    // what it stands for in its own list and the reads' (a write), and finds where it goes among its own.
    const auto pass = [&](SharedList& list, bool compare, bool forget) {
        auto& by_lo = list.by_lo;
        const uint64_t from = !compare                     ? x.bounds.lo
                              : x.bounds.lo > list.max_len ? x.bounds.lo - list.max_len
                                                           : 0;
        auto it = by_lo.lower_bound(from);
        auto after = by_lo.end();  // the first access kept that starts after x: x goes just before it
        bool found = false;
        while (it != by_lo.end() && it->first < x.bounds.hi) {
            if (compare)
                check(it->second);
            if (forget && it->first >= x.bounds.lo && stands_for(x, it->second)) {
                it = by_lo.erase(it);
                continue;
            }
            if (!found && it->first > x.bounds.lo) {
                after = it;
                found = true;
            }
            ++it;
        }
        return found ? after : it;
    };
    SharedList& list = launch.gm[x.write ? 1 : 0];
    auto at = list.by_lo.end();
    if (x.write) {
        at = pass(launch.gm[1], true, true);
        pass(launch.gm[0], true, true);
    } else {
        pass(launch.gm[1], true, false);
        at = pass(launch.gm[0], false, true);
    }
    list.max_len = std::max(list.max_len, x.bounds.hi - x.bounds.lo);
    list.by_lo.emplace_hint(at, x.bounds.lo, std::move(x));
    if (list.by_lo.size() > kMaxShared) {
        const uint64_t keep_from = launch.order - kMaxShared / 2;
        std::erase_if(list.by_lo, [&](const auto& entry) { return entry.second.order < keep_from; });
        launch.dropped = true;
    }
}

// The launch's lock is taken for every instruction with global operands and held briefly: a waiting core
// spins a little before it sleeps, since sleeping and waking (two system calls) cost more than the wait.
std::unique_lock<std::mutex> lock_briefly(std::mutex& m) {
    for (int i = 0; i < 128; ++i) {
        if (m.try_lock())
            return std::unique_lock<std::mutex>(m, std::adopt_lock);
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        asm volatile("yield");
#endif
    }
    return std::unique_lock<std::mutex>(m);
}

// Compares the running instruction's pending accesses with the other cores' and records them: when it ends,
// and before it publishes anything (a FIFO slot, a signal).
void flush(Core& c) {
    if (c.pending.empty())
        return;
    {
        const auto lock = lock_briefly(c.launch->mutex);
        for (Shared& x : c.pending)
            cross_check(c, std::move(x));
    }
    c.pending.clear();
}

// Forgets the accesses a full round of SYNCALL has ordered before every core's next instructions.
void forget(Shadow& launch, const Wide& clock) {
    for (SharedList& list : launch.gm)
        std::erase_if(list.by_lo, [&](const auto& entry) {
            const Shared& a = entry.second;
            const std::size_t k = static_cast<std::size_t>(a.core) * kSlots + a.agent;
            return k < clock.size() && clock[k] >= a.epoch;
        });
}

std::string core_name() {
    if (rank_num() > 1)
        return "rank " + std::to_string(rank_id());
    const ExecContext& x = exec_context();
    std::string name = "block " + std::to_string(x.block_idx);
    if (x.subblock_dim > 1)
        name += " sub-block " + std::to_string(x.subblock_id);
    return name;
}

}  // namespace

std::atomic<bool> g_enabled{false};

std::string_view kind_name(Kind k) {
    switch (k) {
        case Kind::ReadAfterWrite:
            return "read-after-write";
        case Kind::WriteAfterRead:
            return "write-after-read";
        case Kind::WriteAfterWrite:
            return "write-after-write";
        case Kind::WaitWithoutSet:
            return "wait on a flag nobody set";
        case Kind::SetTwice:
            return "flag set twice";
        case Kind::SetNeverWaited:
            return "flag never waited for";
        case Kind::WrongPipeEvent:
            return "event of another pipe";
    }
    return "?";
}

std::string Report::fix() const {
    const std::string a = agent_text(first), b = agent_text(second);
    const std::string flag = "(PIPE_" + pipe_text(flag_src) + ", PIPE_" + pipe_text(flag_dst) + ", " +
                             std::to_string(flag_id) + ")";
    switch (kind) {
        case Kind::ReadAfterWrite:
        case Kind::WriteAfterRead:
        case Kind::WriteAfterWrite:
            if (cross_core) {
                const char* wait =
                    "wait for the transfer's AsyncEvent (Wait, or a Test that returns true), then ";
                return std::string(first.dma ? wait : "") +
                       "SYNCALL between them, a FIFO (TPUSH after the first, TPOP before the second), "
                       "a signal (TNOTIFY after the first, TWAIT before the second), or separate launches";
            }
            if (first.dma)
                return "wait for the transfer's AsyncEvent (Wait, or a Test that returns true) "
                       "before the second";
            if (second.dma)
                return "pipe_barrier(PIPE_ALL) before the second";
            return "set_flag(PIPE_" + a + ", PIPE_" + b + ", id) after the first and wait_flag(PIPE_" + a +
                   ", PIPE_" + b + ", id) before the second";
        case Kind::WaitWithoutSet:
            return "set_flag" + flag + " before the wait_flag, or wait for the flag that is set";
        case Kind::SetTwice:
            return "wait_flag" + flag + " between the two set_flag calls (or give each its own event id)";
        case Kind::SetNeverWaited:
            return "wait_flag" + flag + " before the kernel ends";
        case Kind::WrongPipeEvent:
            if (flag_id >= 0)
                return "record the event from an instruction of PIPE_" + pipe_text(flag_src);
            return "pass the event to an instruction of PIPE_" + b;
    }
    return "";
}

std::string Report::text() const {
    auto instr = [](const Party& p) {
        return p.name + " (" + agent_text(p) + ", instruction " + std::to_string(p.seq) + ") at " +
               describe(p.where);
    };
    const std::string flag = "(PIPE_" + (pipe_text(flag_src)) + ", PIPE_" + (pipe_text(flag_dst)) + ", " +
                             std::to_string(flag_id) + ")";
    auto call = [&](const Party& p) {
        return p.name + flag + " at " + describe(p.where) + " (after instruction " + std::to_string(p.seq) +
               ")";
    };
    const std::string a = agent_text(first), b = agent_text(second);
    std::string s =
        "ptosim: hazard: " + std::string(cross_core ? "cross-core " : "") + std::string(kind_name(kind));
    if (!buffer.empty()) {
        char range[96];
        std::snprintf(range, sizeof range, " on %s[0x%" PRIx64 ", 0x%" PRIx64 ")", buffer.c_str(), lo, hi);
        s += range;
    }
    if (cross_core) {
        s += " (" + first.core + " and " + second.core + ")\n";
        s += "  " + first.core + (kind == Kind::WriteAfterRead ? " reads: " : " writes: ") + instr(first) +
             "\n  " + second.core + (kind == Kind::ReadAfterWrite ? " reads: " : " writes: ") +
             instr(second) + "\n  nothing orders " + first.core + "'s " + a + " before " + second.core +
             "'s " + b + "; fix: " + fix() + "\n";
        return s;
    }
    s += " (block " + std::to_string(block) + ")\n";
    switch (kind) {
        case Kind::ReadAfterWrite:
        case Kind::WriteAfterRead:
        case Kind::WriteAfterWrite: {
            if (first.dma || second.dma) {
                s += std::string("  ") + (kind == Kind::WriteAfterRead ? "reads" : "writes") + ": " +
                     instr(first) + "\n  then " + (kind == Kind::ReadAfterWrite ? "reads" : "writes") + ": " +
                     instr(second) + "\n  nothing orders " + a + " before " + b +
                     " between them; fix: " + fix() + "\n";
                break;
            }
            s += std::string("  ") + (kind == Kind::WriteAfterRead ? "reads" : "writes") + ": " +
                 instr(first) + "\n  then " + (kind == Kind::ReadAfterWrite ? "reads" : "writes") + ": " +
                 instr(second) + "\n  nothing orders " + a + " before " + b + " between them; fix: " + fix() +
                 "\n";
            break;
        }
        case Kind::WaitWithoutSet:
            s += "  " + call(first) + " waits for a flag nothing set: on the chip PIPE_" +
                 (pipe_text(flag_dst)) + " waits forever\n";
            break;
        case Kind::SetTwice:
            s += "  " + call(first) + "\n  sets it again at " + describe(second.where) +
                 " before any wait_flag" + flag + "\n";
            break;
        case Kind::SetNeverWaited:
            s += "  " + call(first) + " sets a flag the kernel never waits for\n";
            break;
        case Kind::WrongPipeEvent:
            if (flag_id >= 0)  // recorded by an instruction of another pipe than the event's producer
                s += "  " + instr(first) + " records an event whose producer pipe is " +
                     (pipe_text(flag_src)) + "\n";
            else
                s += "  " + instr(first) + " takes an event whose consumer pipe is " + b + "\n";
            break;
    }
    return s;
}

void enable(bool on, bool print) {
    auto& r = registry();
    {
        std::lock_guard<std::mutex> lock(r.mutex);
        r.print = print;
        if (on && print && !r.summary_registered) {
            r.summary_registered = true;
            std::atexit(print_summary);
        }
    }
    g_checking.store(on, std::memory_order_relaxed);
    hooks_changed();
}

void hooks_changed() {
    g_enabled.store(g_checking.load() || g_tracing.load() || itrace::on() || profile::on(),
                    std::memory_order_relaxed);
}

bool checking() {
    return g_checking.load(std::memory_order_relaxed);
}

namespace {
std::string& trace_path() {
    static std::string path;
    return path;
}

void write_trace() {
    const std::string& path = trace_path();
    if (path.empty())
        return;
    if (FILE* f = std::fopen(path.c_str(), "w")) {
        const std::string text = timeline::json();
        // A full disk shows only at the flush or the close: both are checked, so a failed write is not
        // reported as written.
        const bool written =
            std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
        if (std::fclose(f) != 0 || !written) {
            std::fprintf(stderr, "ptosim: error: cannot write the timeline to %s\n", path.c_str());
            return;
        }
        std::fprintf(stderr,
                     "%sptosim: timeline written to %s (open it in ui.perfetto.dev or chrome://tracing)\n",
                     timeline::summary().c_str(), path.c_str());
    } else {
        std::fprintf(stderr, "ptosim: cannot write the timeline to %s\n", path.c_str());
    }
}
}  // namespace

const void* Site::call_site() {
    return current_location().code;
}

void trace_to(const std::string& path) {
    static std::once_flag once;
    trace_path() = path;
    if (!path.empty())  // an empty path records for trace_json() / trace_summary() only
        std::call_once(once, [] {
            timeline::clear();  // constructs the span store first, so that it outlives the exit handler
            std::atexit(write_trace);
        });
    g_tracing.store(true, std::memory_order_relaxed);
    g_enabled.store(true, std::memory_order_relaxed);
}

bool tracing() {
    return g_tracing.load(std::memory_order_relaxed);
}

void stop_tracing() {
    g_tracing.store(false, std::memory_order_relaxed);
    hooks_changed();
}

std::string trace_json() {
    return timeline::json();
}

std::string trace_summary() {
    return timeline::summary();
}

void clear_trace() {
    timeline::clear();
}

std::vector<Report> reports() {
    auto& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    return r.list;
}

void clear_reports() {
    auto& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.list.clear();
    r.index.clear();
    r.unlocated.clear();
}

Launch::Launch(uint32_t cores) {
    if (checking() && cores > 1) {
        auto* shadow = new Shadow;
        shadow->cores = cores;
        state_ = shadow;
    }
}

Launch::~Launch() {
    delete static_cast<Shadow*>(state_);
}

void begin_core(const Launch* launch, uint32_t index) {
    auto& c = core();
    if (!c.clock.empty())
        c.clock.finish(0);
    c.reset();
    c.launch = launch ? static_cast<Shadow*>(launch->state()) : nullptr;
    c.index = index;
    if (c.launch)
        c.name = core_name();
}

void abandon_core() {
    auto& c = core();
    if (!c.clock.empty())
        c.clock.finish(exec_context().block_idx);
    c.reset();
}

void end_core() {
    if (!enabled())
        return;
    auto& c = core();
    for (const auto& [key, flag] : c.flags) {
        const auto [src, dst, id] = key;
        Who who = sync_party("set_flag", src, flag.set_at);
        who.seq = flag.seq;
        const Who waiter = sync_party("wait_flag", dst, {});
        add(flag_report(Kind::SetNeverWaited, who, waiter, src, dst, id));
    }
    c.clock.finish(exec_context().block_idx);
    c.reset();
}

void set_flag(int src, int dst, int id, const Location& where) {
    if (enabled() && valid_pair(src, dst))
        do_set(src, dst, id, sync_party("set_flag", src, where));
}

void wait_flag(int src, int dst, int id, const Location& where) {
    if (enabled() && valid_pair(src, dst))
        do_wait(src, dst, id, sync_party("wait_flag", dst, where));
}

void pipe_barrier(int pipe, const Location&) {
    if (!enabled() || pipe != kPipeAll)
        return;  // one pipe's barrier orders that pipe with itself, which program order already does here
    auto& c = core();
    Clock all{};
    Wide wide;
    for (const Pipe q : kPipes) {
        join(all, c.clocks[slot(q)]);
        join(wide, c.wide[slot(q)]);
    }
    for (const Pipe q : kPipes) {
        c.clocks[slot(q)] = all;
        c.wide[slot(q)] = wide;
    }
    c.clock.barrier_all();
}

void expect_consumer(int dst) {
    if (enabled() && valid_pipe(dst))
        core().expected.push_back(dst);
}

void event_record(int src, int dst, int id) {
    if (!enabled() || !valid_pair(src, dst))
        return;
    auto& c = core();
    Who who = c.last;
    if (who.name.empty())
        who = sync_party("Event::Record", src, {});
    else if (slot(who.pipe) != src)
        add(flag_report(Kind::WrongPipeEvent, who, who, src, dst, id));
    do_set(src, dst, id, who);
}

void event_wait(int src, int dst, int id) {
    if (!enabled() || !valid_pair(src, dst))
        return;
    auto& c = core();
    do_wait(src, dst, id,
            sync_party("Event::Wait", dst, c.site_at.file ? c.site_at : Location{nullptr, 0, c.site}));
}

int next_event_id(int src, int dst) {
    if (src < 0 || src >= kSlots || dst < 0 || dst >= kSlots)
        return 0;
    auto& n = core().next_id[static_cast<std::size_t>(src * kSlots + dst)];
    const int id = n;
    n = static_cast<uint8_t>((n + 1) % 8);
    return id;
}

void Site::enter(const void* return_address) {
    auto& c = core();
    if (c.site_depth++ == 0)
        c.site = return_address;
}

void Site::enter(const Location& where) {
    auto& c = core();
    if (c.site_depth++ == 0) {
        c.site = where.code;
        c.site_at = where;
    }
}

void Site::leave() {
    auto& c = core();
    if (--c.site_depth == 0) {
        c.site = nullptr;
        c.site_at = Location{};
    }
}

std::size_t Scope::read_bytes(const TileView& t) {
    return std::min(t.valid_bytes(), t.capacity);
}

std::size_t Scope::whole_bytes(const TileView& t) {
    return std::min(t.bytes(), t.capacity);
}

std::size_t Scope::global_bytes(const GlobalView& g) {
    int64_t last = 0;
    for (int i = 0; i < 5; ++i) {
        if (g.shape[i] <= 0)
            return 0;
        last += (g.shape[i] - 1) * std::max<int64_t>(g.stride[i], 0);
    }
    return dtype_bytes(g.dtype, static_cast<std::size_t>(last) + 1);
}

std::size_t Scope::conv_bytes(const ConvView& c) {
    return std::min(dtype_bytes(c.dtype, static_cast<std::size_t>(c.elements())), c.capacity);
}

bool Scope::begin(std::string_view name, Pipe pipe, bool dma) {
    if (itrace::on())
        itrace::detail::begin(name);
    auto& c = core();
    if (c.scope_depth++ > 0)
        return true;
    const int issuer = slot(pipe);
    const int p = dma ? kDma : issuer;
    if (dma) {  // the engine starts what the scalar unit posts once the scalar unit gets there
        join(c.clocks[kDma], c.clocks[issuer]);
        join(c.wide[kDma], c.wide[issuer]);
    }
    ++c.seq;
    c.agent = p;
    c.epoch = ++c.clocks[p][p];
    c.current = Who{interned_name(name),
                    c.site_at.file ? c.site_at : Location{nullptr, 0, c.site},
                    c.seq,
                    pipe,
                    dma,
                    true};
    c.work = timeline::Work{};
    for (const int dst : c.expected)
        if (dst != issuer) {
            Who consumer = c.current;
            consumer.pipe = pipe_from_int(dst).value_or(Pipe::S);
            add({Kind::WrongPipeEvent, party(c.current), party(consumer), {}, 0, 0, -1});
        }
    c.expected.clear();
    if (profile::on())  // last, so that the time is the instruction's and not the checker's
        profile::detail::begin();
    return true;
}

void Scope::end() {
    if (itrace::on())
        itrace::detail::end();
    auto& c = core();
    if (--c.scope_depth != 0)
        return;
    if (profile::on())
        profile::detail::end(c.current.name);
    for (const Conflict& f : c.conflicts)
        add({f.kind, party(f.earlier), party(c.current), space_name(f.overlap.space), f.overlap.lo,
             f.overlap.hi});
    c.conflicts.clear();
    if (c.launch)
        flush(c);
    for (const CrossConflict& f : c.cross) {
        Report r{f.kind, f.earlier, party(c.current), "GM", f.overlap.lo, f.overlap.hi};
        r.cross_core = true;
        add(std::move(r));
    }
    c.cross.clear();
    const int me = c.agent;
    for (const Access& mine : c.mine) {
        // A newer access of the same pipe that covers an older one stands for it in every later check (a
        // write for reads and writes, a read for reads).
        for (const bool write : {false, true}) {
            if (write && !mine.write)
                continue;
            list_of(c, mine.region.space, write)
                .replace(mine.region, me, write == mine.write ? &mine : nullptr);
        }
        prune(c, list_of(c, mine.region.space, mine.write));
    }
    c.mine.clear();
    c.last = c.current;
    if (c.current.dma) {
        c.last_dma = c.epoch;
        return;  // the timeline has no track for the DMA engine
    }
    if (g_tracing.load(std::memory_order_relaxed))
        c.clock.instruction(c.current.name, c.current.pipe, me, c.current.seq, c.current.where, c.work);
}

void Scope::access(const void* p, std::size_t n, bool write, bool atomic, const GlobalView* g,
                   const std::vector<std::pair<uint64_t, uint64_t>>* pieces) {
    if (!p || n == 0)
        return;
    auto& c = core();
    const Region r = region_of(p, n);
    (write ? c.work.write_bytes : c.work.read_bytes) += n;
    uint8_t& space = write ? c.work.write_space : c.work.read_space;
    if ((write ? c.work.write_bytes : c.work.read_bytes) == n)
        space = r.space;
    if (!g_checking.load(std::memory_order_relaxed))
        return;
    const int me = c.agent;
    const auto check = [&](const Access& a) {
        const int other = agent(a.who);
        if (other == me || !a.region.overlaps(r) || c.clocks[me][other] >= a.epoch)
            return;
        const Kind kind =
            a.write ? (write ? Kind::WriteAfterWrite : Kind::ReadAfterWrite) : Kind::WriteAfterRead;
        const Region overlap{r.space, std::max(r.lo, a.region.lo), std::min(r.hi, a.region.hi)};
        // One report per pair of instructions: an in-place instruction that reads and writes what another
        // pipe wrote is a read-after-write, not also a write-after-write.
        const auto same = std::find_if(c.conflicts.begin(), c.conflicts.end(),
                                       [&](const Conflict& f) { return f.earlier.seq == a.who.seq; });
        if (same == c.conflicts.end())
            c.conflicts.push_back({kind, a.who, overlap});
        else if (rank(kind) > rank(same->kind))
            *same = {kind, a.who, overlap};
    };
    list_of(c, r.space, true).for_overlapping(r, check);
    if (write)
        list_of(c, r.space, false).for_overlapping(r, check);
    c.mine.push_back({r, write, c.epoch, c.current});
    // Between cores only global tensors count (and signals and counters): a tile outside the simulated
    // buffers (a FIFO's ring, a tile never given an address) is one core's, whatever its host address.
    if (c.launch && r.space == kGlobal && (g || atomic)) {
        Shared& x = c.pending.emplace_back();
        x.bounds = r;
        if (pieces) {
            x.pieces = true;
            x.rows.reserve(pieces->size());
            for (const auto& [lo, len] : *pieces)
                x.rows.push_back(Rows{lo, len, 0, 1});
            if (x.rows.empty())  // nothing written: no bytes to share
                x.rows.push_back(Rows{r.lo, 0, 0, 1});
        } else if (g)
            rows_of(*g, r, x.rows);
        else
            x.rows.assign(1, Rows{r.lo, r.hi - r.lo, 0, 1});
        x.write = write;
        x.atomic = atomic;
        x.core = c.index;
        x.agent = static_cast<uint8_t>(c.agent);
        x.epoch = c.epoch;
        x.who = party(c.current);
    }
}

void release(const void* object, uint64_t tag, Pipe pipe) {
    if (!checking())
        return;
    auto& c = core();
    if (!c.launch)
        return;
    flush(c);
    const Wide w = released(c, slot(pipe));
    std::lock_guard<std::mutex> lock(c.launch->mutex);
    join(c.launch->objects[{object, tag}], w);
}

void acquire(const void* object, uint64_t tag, Pipe pipe) {
    if (!checking())
        return;
    auto& c = core();
    if (!c.launch)
        return;
    Wide w;
    {
        std::lock_guard<std::mutex> lock(c.launch->mutex);
        const auto it = c.launch->objects.find({object, tag});
        if (it == c.launch->objects.end())
            return;
        w = it->second;
    }
    acquired(c, slot(pipe), w);
}

int32_t barrier_arrive(const void* counter, int32_t cores, const std::function<int32_t()>& arrive) {
    if (!checking() || cores < 1 || !core().launch)
        return arrive();
    auto& c = core();
    flush(c);
    const Wide w = released(c, slot(Pipe::S));
    Shadow& launch = *c.launch;
    std::lock_guard<std::mutex> lock(launch.mutex);
    // The arrival under the launch's lock: a core that sees the round complete finds every arrival's clock.
    const int32_t before = arrive();
    auto& round = launch.rounds[{counter, before / cores}];
    join(round.clock, w);
    round.cores = cores;
    if (++round.arrived == cores && static_cast<uint32_t>(cores) == launch.cores)
        forget(launch,
               round.clock);  // every core waits at the barrier, and orders all of it before what next
    return before;
}

void barrier_leave(const void* counter, int32_t round) {
    if (!checking())
        return;
    auto& c = core();
    if (!c.launch)
        return;
    Wide w;
    {
        std::lock_guard<std::mutex> lock(c.launch->mutex);
        const auto it = c.launch->rounds.find({counter, round});
        if (it == c.launch->rounds.end())
            return;
        w = it->second.clock;
        if (++it->second.left == it->second.cores)
            c.launch->rounds.erase(it);
    }
    acquired(c, slot(Pipe::S), w);
}

void async_issued(uint64_t handle) {
    if (checking())
        core().async[handle] = core().last_dma;
}

void async_done(uint64_t handle) {
    if (!checking())
        return;
    auto& c = core();
    const auto it = c.async.find(handle);
    if (it == c.async.end())
        return;
    for (const Pipe q : kPipes)
        c.clocks[slot(q)][kDma] = std::max(c.clocks[slot(q)][kDma], it->second);
}

void Scope::set_matmul(int64_t m, int64_t k, int64_t n, std::size_t elem_bytes) {
    auto& w = core().work;
    w.m = m;
    w.k = k;
    w.n = n;
    w.elem_bytes = elem_bytes;
}

Pipe move_pipe(const void* src, const void* dst) {
    const auto s = mem::locate(src), d = mem::locate(dst);
    using mem::Buffer;
    if (!d)  // to global memory
        return s && s->buffer == Buffer::L0C ? Pipe::FIX : Pipe::MTE3;
    if (!s)
        return Pipe::MTE2;
    if (s->buffer == Buffer::L0C)
        return Pipe::FIX;
    if (s->buffer == Buffer::L1 && (d->buffer == Buffer::L0A || d->buffer == Buffer::L0B ||
                                    d->buffer == Buffer::L0AMx || d->buffer == Buffer::L0BMx))
        return Pipe::MTE1;
    if (s->buffer == Buffer::UB && d->buffer == Buffer::L1)
        return Pipe::MTE3;  // copy_ubuf_to_cbuf; pto-isa's OpPipeEntry says FIX (docs/compat.md)
    if (s->buffer == Buffer::L1)
        return Pipe::MTE1;
    return Pipe::V;
}

Pipe fill_pipe(const void* dst) {
    const auto d = mem::locate(dst);
    return d && d->buffer == mem::Buffer::L1 ? Pipe::MTE2 : Pipe::V;
}

namespace {
// PTOSIM_CHECK_HAZARDS=1 turns the checker on for the whole process, printing as it goes.
// PTOSIM_TRACE=file.json records the timeline and writes it at exit.
const bool g_from_environment = [] {
    const char* v = std::getenv("PTOSIM_CHECK_HAZARDS");
    if (v && *v && std::strcmp(v, "0") != 0)
        enable(true, true);
    if (const char* t = std::getenv("PTOSIM_TRACE"); t && *t)
        trace_to(t);
    return true;
}();
}  // namespace

}  // namespace ptosim::hazards
