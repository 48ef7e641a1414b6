#include "ptosim/sync/profile.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <utility>

#include "ptosim/sync/hazards.hpp"

namespace ptosim::profile {

std::atomic<bool> g_on{false};

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kUntyped = -1;

struct Count {
    std::string_view name;  // interned by the hazard hooks: the same pointer for the same instruction
    int dtype = kUntyped;
    uint64_t calls = 0;
    uint64_t bytes = 0;
    double seconds = 0;
};

// One thread's counts. The thread adds to them under their own (uncontended) lock, so that report() can read
// them while the thread still runs.
struct Table {
    std::mutex mutex;
    std::vector<Count> counts;
    Clock::time_point start;
    int dtype = kUntyped;  // the running instruction's
    uint64_t bytes = 0;
    bool open = false;  // an outermost instruction is running
};

struct Registry {
    std::mutex mutex;
    std::vector<Table*> live;
    std::vector<Count> finished;  // the counts of threads that have ended
    uint64_t threads = 0;
    Clock::time_point wall_start = Clock::now();
    std::string json_path;
    bool at_exit = false;
};

// Never destroyed: threads that end during the exit handlers still hand their counts over.
Registry& registry() {
    static Registry* r = new Registry;
    return *r;
}

void add(std::vector<Count>& into, const Count& c) {
    for (Count& x : into)
        if (x.name == c.name && x.dtype == c.dtype) {
            x.calls += c.calls;
            x.bytes += c.bytes;
            x.seconds += c.seconds;
            return;
        }
    into.push_back(c);
}

struct Slot {
    Table table;
    Slot() {
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        r.live.push_back(&table);
        ++r.threads;
    }
    ~Slot() {
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        for (const Count& c : table.counts)
            add(r.finished, c);
        r.live.erase(std::find(r.live.begin(), r.live.end(), &table));
    }
};

Table& table() {
    thread_local Slot slot;
    return slot.table;
}

// The host time of one memcpy of `bytes` bytes, hot in the cache as an instruction's operands mostly are.
double memcpy_seconds(std::size_t bytes, std::vector<unsigned char>& src, std::vector<unsigned char>& dst) {
    if (bytes == 0)
        return 0;
    if (src.size() < bytes) {
        src.assign(bytes, 1);
        dst.assign(bytes, 0);
    }
    std::memcpy(dst.data(), src.data(), bytes);  // warm
    uint64_t reps = 0;
    const auto t0 = Clock::now();
    auto t1 = t0;
    do {
        std::memcpy(dst.data(), src.data(), bytes);
        ++reps;
        if ((reps & 7) == 0)
            t1 = Clock::now();
    } while (reps < 8 || t1 - t0 < std::chrono::microseconds(500));
    volatile unsigned char sink = dst[bytes - 1];
    (void)sink;
    return std::chrono::duration<double>(t1 - t0).count() / static_cast<double>(reps);
}

std::string dtype_text(int d) {
    return d == kUntyped ? "-" : std::string(dtype_name(static_cast<DType>(d)));
}

void print_at_exit() {
    const Registry& reg = registry();
    const Report r = report();
    std::fputs(text(r).c_str(), stderr);
    if (reg.json_path.empty())
        return;
    std::ofstream out(reg.json_path, std::ios::binary);
    out << json(r);
    out.flush();
    if (!out)
        std::fprintf(stderr, "ptosim: cannot write the profile to %s\n", reg.json_path.c_str());
    else
        std::fprintf(stderr, "ptosim: profile written to %s\n", reg.json_path.c_str());
}

std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            out += c;
    }
    return out + "\"";
}

}  // namespace

void enable(bool on) {
    if (on && !g_on.load()) {
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        r.wall_start = Clock::now();
    }
    g_on.store(on);
    hazards::hooks_changed();
}

void report_at_exit(const std::string& json_path) {
    Registry& r = registry();
    {
        std::lock_guard<std::mutex> lock(r.mutex);
        if (!json_path.empty())
            r.json_path = json_path;
        if (!r.at_exit) {
            r.at_exit = true;
            std::atexit(print_at_exit);
        }
    }
    enable(true);
}

Report report() {
    Registry& reg = registry();
    std::vector<Count> all;
    Report r;
    {
        std::lock_guard<std::mutex> lock(reg.mutex);
        all = reg.finished;
        for (Table* t : reg.live) {
            std::lock_guard<std::mutex> tl(t->mutex);
            for (const Count& c : t->counts)
                add(all, c);
        }
        r.threads = reg.threads;
        r.wall_seconds = std::chrono::duration<double>(Clock::now() - reg.wall_start).count();
    }
    // Threads count separately under interned names; rows are by name and type.
    std::map<std::pair<std::string, int>, Count> merged;
    for (const Count& c : all) {
        Count& m = merged[{std::string(c.name), c.dtype}];
        m.calls += c.calls;
        m.bytes += c.bytes;
        m.seconds += c.seconds;
    }
    std::vector<unsigned char> src, dst;
    for (const auto& [key, c] : merged) {
        Row row{key.first, dtype_text(key.second), c.calls, c.bytes, c.seconds, 0};
        const uint64_t mean = c.calls ? c.bytes / c.calls : 0;
        constexpr uint64_t kLargest = uint64_t{1}
                                      << 28;  // a quarter GiB: larger means are timed at this size
        const double one = memcpy_seconds(static_cast<std::size_t>(std::min(mean, kLargest)), src, dst);
        row.memcpy_seconds = one * (mean > kLargest ? static_cast<double>(mean) / kLargest : 1.0) *
                             static_cast<double>(c.calls);
        r.instruction_seconds += c.seconds;
        r.rows.push_back(std::move(row));
    }
    std::sort(r.rows.begin(), r.rows.end(), [](const Row& a, const Row& b) { return a.seconds > b.seconds; });
    return r;
}

std::string text(const Report& r) {
    std::ostringstream os;
    char line[256];
    const double outside = r.wall_seconds - r.instruction_seconds;
    std::snprintf(line, sizeof line, "ptosim profile: %.3f s wall, %.3f s in instructions (%.1f %%)",
                  r.wall_seconds, r.instruction_seconds,
                  r.wall_seconds > 0 ? 100.0 * r.instruction_seconds / r.wall_seconds : 0.0);
    os << line;
    if (r.threads <= 1)
        std::snprintf(line, sizeof line, ", %.3f s outside them (kernel code, launches, set-up)\n", outside);
    else
        std::snprintf(line, sizeof line,
                      " on %" PRIu64
                      " threads (core-seconds: more than the wall time when "
                      "cores ran at once)\n",
                      r.threads);
    os << line;
    std::snprintf(line, sizeof line, "%-22s %-6s %10s %14s %11s %11s %7s %10s\n", "instruction", "type",
                  "calls", "bytes", "total ms", "mean us", "share", "vs_memcpy");
    os << line;
    for (const Row& w : r.rows) {
        const double mean_us = w.calls ? 1e6 * w.seconds / static_cast<double>(w.calls) : 0.0;
        const double share = r.wall_seconds > 0 ? 100.0 * w.seconds / r.wall_seconds : 0.0;
        char ratio[32] = "-";
        if (w.memcpy_seconds > 0)
            std::snprintf(ratio, sizeof ratio, "%.2f", w.seconds / w.memcpy_seconds);
        std::snprintf(
            line, sizeof line, "%-22s %-6s %10" PRIu64 " %14" PRIu64 " %11.3f %11.3f %6.1f%% %10s\n",
            w.instruction.c_str(), w.dtype.c_str(), w.calls, w.bytes, 1e3 * w.seconds, mean_us, share, ratio);
        os << line;
    }
    return os.str();
}

std::string json(const Report& r) {
    std::ostringstream os;
    os.precision(9);
    os << "{\"wall_seconds\":" << r.wall_seconds << ",\"instruction_seconds\":" << r.instruction_seconds
       << ",\"threads\":" << r.threads << ",\"rows\":[";
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const Row& w = r.rows[i];
        os << (i ? "," : "") << "\n{\"instruction\":" << json_string(w.instruction)
           << ",\"dtype\":" << json_string(w.dtype) << ",\"calls\":" << w.calls << ",\"bytes\":" << w.bytes
           << ",\"seconds\":" << w.seconds
           << ",\"mean_seconds\":" << (w.calls ? w.seconds / static_cast<double>(w.calls) : 0.0)
           << ",\"share\":" << (r.wall_seconds > 0 ? w.seconds / r.wall_seconds : 0.0)
           << ",\"memcpy_seconds\":" << w.memcpy_seconds
           << ",\"vs_memcpy\":" << (w.memcpy_seconds > 0 ? w.seconds / w.memcpy_seconds : 0.0) << "}";
    }
    os << "\n]}\n";
    return os.str();
}

void reset() {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mutex);
    reg.finished.clear();
    for (Table* t : reg.live) {
        std::lock_guard<std::mutex> tl(t->mutex);
        t->counts.clear();
    }
    reg.threads = reg.live.size();
    reg.wall_start = Clock::now();
}

namespace detail {

void begin() {
    Table& t = table();
    t.dtype = kUntyped;
    t.bytes = 0;
    t.open = true;
    t.start = Clock::now();
}

void operand(DType d, uint64_t bytes, bool write) {
    Table& t = table();
    if (!t.open)  // the profile was turned on while the instruction ran
        return;
    t.bytes += bytes;
    if (write && t.dtype == kUntyped)
        t.dtype = static_cast<int>(d);
}

void raw(uint64_t bytes) {
    Table& t = table();
    if (t.open)
        t.bytes += bytes;
}

void end(std::string_view instruction) {
    const auto stop = Clock::now();
    Table& t = table();
    if (!t.open)  // turned on while the instruction ran
        return;
    t.open = false;
    const double seconds = std::chrono::duration<double>(stop - t.start).count();
    std::lock_guard<std::mutex> lock(t.mutex);
    for (Count& c : t.counts)
        if (c.name.data() == instruction.data() && c.name.size() == instruction.size() &&
            c.dtype == t.dtype) {
            ++c.calls;
            c.bytes += t.bytes;
            c.seconds += seconds;
            return;
        }
    t.counts.push_back(Count{instruction, t.dtype, 1, t.bytes, seconds});
}

}  // namespace detail

namespace {
// PTOSIM_PROFILE=1 counts the whole process and prints the table at exit; PTOSIM_PROFILE_JSON=file also
// writes the JSON.
const bool g_from_environment = [] {
    const char* v = std::getenv("PTOSIM_PROFILE");
    const char* j = std::getenv("PTOSIM_PROFILE_JSON");
    const bool text = v && *v && std::strcmp(v, "0") != 0;
    if (text || (j && *j))
        report_at_exit(j ? j : "");
    return true;
}();
}  // namespace

}  // namespace ptosim::profile
