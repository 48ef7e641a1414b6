// The pipeline timeline: the cost model, each core's clock, and the trace and summary written at exit.
#include "timeline.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <mutex>

#include "ptosim/core/buffers.hpp"

namespace ptosim::hazards::timeline {

namespace {

constexpr uint8_t kGm = 0xff;

// Bytes per cycle of a path quoted in GiB/s at the model's clock.
double per_cycle(double gibs) {
    return gibs * 1024.0 * 1024.0 * 1024.0 / (kClockMHz * 1e6);
}

// pto-isa's A2A3 bandwidth table (include/pto/costmodel/arch_config.hpp, kA2A3ArchConfig), GiB/s per core.
double path_gibs(uint8_t from, uint8_t to) {
    using mem::Buffer;
    auto is = [](uint8_t space, Buffer b) { return space == static_cast<uint8_t>(b); };
    if (from == kGm)
        return is(to, Buffer::UB) ? 100.9 : 135.0;  // GM_TO_UB, GM_TO_L1
    if (to == kGm)
        return is(from, Buffer::UB) ? 188.46 : is(from, Buffer::L0C) ? 70.0 : 32.0;  // UB/L0C/L1_TO_GM
    if (is(from, Buffer::L0C))
        return 128.0;  // L0C_TO_L1 (also taken for L0C -> UB)
    if (is(from, Buffer::L1))
        return is(to, Buffer::L0B) ? 220.5 : is(to, Buffer::L0A) ? 441.0 : 32.0;  // L1_TO_L0B/L0A, L1_FILL
    if (is(from, Buffer::UB) && is(to, Buffer::UB))
        return 1024.0;  // UB_TO_UB
    return 188.46;      // UB -> L1 runs on MTE3 like UB_TO_GM (no figure of its own)
}

bool transcendental(std::string_view name) {
    for (std::string_view t : {"TEXP", "TLOG", "TSQRT", "TRSQRT", "TRECIP", "TDIV", "TDIVS", "TPOW", "TPOWS"})
        if (name == t)
            return true;
    return false;
}

uint64_t ceil_div(int64_t a, int64_t b) {
    return static_cast<uint64_t>((std::max<int64_t>(a, 0) + b - 1) / b);
}

struct Store {
    std::mutex mutex;
    std::vector<CoreRecord> cores;
};

Store& the_store() {
    static Store s;
    return s;
}

double us(uint64_t cycles) {
    return static_cast<double>(cycles) / kClockMHz;
}

std::string escaped(std::string_view s) {
    std::string out;
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            out += c;
    }
    return out;
}

}  // namespace

std::string_view pipe_title(int slot) {
    const std::string_view name = isa::pipe_t_name(slot);  // the DMA engine has PIPE_ALL's slot
    return name == "PIPE_?" ? "?" : name.substr(5);
}

uint64_t cycles(std::string_view name, Pipe pipe, const Work& w) {
    switch (pipe) {
        case Pipe::M: {
            // 16 x 16 outputs by one 32-byte fractal of k per repeat, one repeat a cycle (two for float), six
            // cycles to start (pto-isa's formula cost model,
            // a2a3/formula_costmodel/formula_backend_compute.hpp).
            const auto elem = static_cast<int64_t>(std::max<std::size_t>(w.elem_bytes, 1));
            const uint64_t repeats = ceil_div(w.m, 16) * ceil_div(w.n, 16) * ceil_div(w.k * elem, 32);
            return 6 + repeats * (elem == 4 ? 2 : 1);
        }
        case Pipe::V:
            // Element-wise fits of pto-isa's formula_params.csv: TADDS float ~25 cycles + 1/64 cycle per
            // element (256 bytes a cycle); TEXP ~30 cycles + 1/32 per float element (128 bytes a cycle).
            return transcendental(name) ? 30 + w.write_bytes / 128 : 25 + w.write_bytes / 256;
        case Pipe::S:
            return 10 + w.write_bytes / 4;  // a scalar loop: one 4-byte element a cycle
        default: {
            const uint64_t bytes = std::min(w.read_bytes, w.write_bytes);
            const bool gm = w.read_space == kGm || w.write_space == kGm;
            // 50 cycles of latency for global memory (pto-isa's perf_sim config, l2_hit_latency).
            return (gm ? 50 : 0) + static_cast<uint64_t>(static_cast<double>(bytes) /
                                                         per_cycle(path_gibs(w.read_space, w.write_space)));
        }
    }
}

void Core::instruction(std::string_view name, Pipe pipe, int slot, uint64_t seq, const Location& where,
                       const Work& w) {
    const uint64_t issue = ++issue_;
    uint64_t start = issue;
    int pred =
        issue_from_;  // the first instruction after a scalar wait starts when its flag's producer ended
    issue_from_ = -1;
    if (busy_[slot] > start) {
        start = busy_[slot];
        pred = last_[slot];
    }
    const uint64_t unblocked = start;
    if (ready_[slot] > start) {
        start = ready_[slot];
        pred = ready_from_[slot];
    }
    const uint64_t end = start + std::max<uint64_t>(cycles(name, pipe, w), 1);
    record_.spans.push_back({std::string(name), slot, start, end, seq, where, start - unblocked, pred});
    busy_[slot] = end;
    last_[slot] = static_cast<int>(record_.spans.size()) - 1;
}

void Core::wait(int src, int dst, int id, uint64_t time, int producer) {
    if (dst == 0 && time > issue_) {  // PIPE_S: the scalar unit stops issuing until the flag is set
        issue_ = time;
        issue_from_ = producer;
    }
    if (time > ready_[dst]) {
        ready_[dst] = time;
        ready_from_[dst] = producer;
    }
    record_.arrows.push_back({src, dst, time, std::max(time, busy_[dst]), id});
}

void Core::barrier_all() {
    uint64_t t = 0;
    int from = -1;
    for (int s = 0; s < 8; ++s)
        if (busy_[s] > t) {
            t = busy_[s];
            from = last_[s];
        }
    for (int s = 0; s < 8; ++s)
        if (t > ready_[s]) {
            ready_[s] = t;
            ready_from_[s] = from;
        }
}

void Core::finish(uint32_t block) {
    if (!record_.spans.empty()) {
        record_.block = block;
        store(std::move(record_));
    }
    *this = Core{};
}

void store(CoreRecord&& record) {
    auto& s = the_store();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.cores.push_back(std::move(record));
}

void clear() {
    auto& s = the_store();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.cores.clear();
}

std::string json() {
    auto& s = the_store();
    std::lock_guard<std::mutex> lock(s.mutex);
    std::string out =
        "{\"displayTimeUnit\": \"ns\", \"otherData\": {\"model\": \"ptosim cost model estimate, "
        "A2A3 figures at 1850 MHz (docs/timeline.md)\"}, \"traceEvents\": [\n";
    char buf[512];
    bool first = true;
    auto emit = [&](const char* text) {
        out += first ? "" : ",\n";
        out += text;
        first = false;
    };
    std::map<uint32_t, int> seen_blocks;
    int flow = 0;
    for (std::size_t c = 0; c < s.cores.size(); ++c) {
        const CoreRecord& r = s.cores[c];
        // Blocks may run more than once (several launches): each run is its own process row.
        const int pid = static_cast<int>(c);
        std::snprintf(
            buf, sizeof buf,
            "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": %d, \"args\": {\"name\": \"block %u "
            "(run %d)\"}}",
            pid, r.block, seen_blocks[r.block]++);
        emit(buf);
        for (const int slot : kSlotOrder) {
            std::snprintf(
                buf, sizeof buf,
                "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": %d, \"tid\": %d, \"args\": {\"name\": "
                "\"PIPE_%s\"}}",
                pid, slot, pipe_title(slot).data());
            emit(buf);
        }
        for (const Span& sp : r.spans) {
            std::snprintf(
                buf, sizeof buf,
                "{\"ph\": \"X\", \"name\": \"%s\", \"pid\": %d, \"tid\": %d, \"ts\": %.4f, \"dur\": %.4f, "
                "\"args\": {\"instruction\": %" PRIu64 ", \"cycles\": %" PRIu64
                ", \"stalled on flags\": %" PRIu64 "}}",
                escaped(sp.name).c_str(), pid, sp.slot, us(sp.start), us(sp.end - sp.start), sp.seq,
                sp.end - sp.start, sp.stall);
            emit(buf);
        }
        for (const Arrow& a : r.arrows) {
            ++flow;
            std::snprintf(
                buf, sizeof buf,
                "{\"ph\": \"s\", \"name\": \"flag %d\", \"cat\": \"flag\", \"id\": %d, \"pid\": %d, \"tid\": "
                "%d, \"ts\": %.4f}",
                a.id, flow, pid, a.src, us(a.from > 0 ? a.from - 1 : 0));
            emit(buf);
            std::snprintf(
                buf, sizeof buf,
                "{\"ph\": \"f\", \"bp\": \"e\", \"name\": \"flag %d\", \"cat\": \"flag\", \"id\": %d, "
                "\"pid\": %d, \"tid\": %d, \"ts\": %.4f}",
                a.id, flow, pid, a.dst, us(a.to));
            emit(buf);
        }
    }
    out += "\n]}\n";
    return out;
}

std::vector<CoreRecord> records() {
    auto& s = the_store();
    std::lock_guard<std::mutex> lock(s.mutex);
    return s.cores;
}

Totals totals(const std::vector<CoreRecord>& cores) {
    Totals t;
    for (std::size_t c = 0; c < cores.size(); ++c) {
        uint64_t end = 0;
        for (const Span& sp : cores[c].spans) {
            PipeTotals& p = t.pipes[static_cast<std::size_t>(sp.slot) & 7];
            p.busy += sp.end - sp.start;
            p.waiting += sp.stall;
            ++p.instructions;
            end = std::max(end, sp.end);
        }
        t.total += end;
        if (end >= t.longest) {
            t.longest = end;
            t.longest_core = c;
        }
    }
    if (cores.empty())
        return t;
    // The critical path of the longest core run: from its last span back through whatever bounded each start.
    const auto& spans = cores[t.longest_core].spans;
    int at = -1;
    for (std::size_t i = 0; i < spans.size(); ++i)
        if (at < 0 || spans[i].end >= spans[static_cast<std::size_t>(at)].end)
            at = static_cast<int>(i);
    while (at >= 0) {
        t.critical_path.push_back(at);
        at = spans[static_cast<std::size_t>(at)].pred;
    }
    return t;
}

std::string summary() {
    const std::vector<CoreRecord> cores = records();
    if (cores.empty())
        return "ptosim timeline: no instructions recorded\n";
    const Totals t = totals(cores);
    std::string out;
    char buf[256];
    std::snprintf(
        buf, sizeof buf,
        "ptosim timeline (an estimate from a cost model: docs/timeline.md): %zu core run%s, longest "
        "%" PRIu64 " cycles (%.2f us at %.0f MHz)\n",
        cores.size(), cores.size() == 1 ? "" : "s", t.longest, us(t.longest), kClockMHz);
    out += buf;
    out += "  pipe    instructions   busy cycles   busy %   waiting on flags\n";
    for (const int slot : kSlotOrder) {
        const PipeTotals& p = t.pipes[static_cast<std::size_t>(slot)];
        if (p.instructions == 0)
            continue;
        std::snprintf(buf, sizeof buf, "  %-6s  %12" PRIu64 "  %12" PRIu64 "  %6.1f %%  %12" PRIu64 "\n",
                      pipe_title(slot).data(), p.instructions, p.busy,
                      t.total ? 100.0 * static_cast<double>(p.busy) / static_cast<double>(t.total) : 0.0,
                      p.waiting);
        out += buf;
    }
    const auto& spans = cores[t.longest_core].spans;
    std::array<uint64_t, 8> on_path{};
    std::map<std::string, uint64_t> by_name;
    uint64_t path_cycles = 0;
    for (const int at : t.critical_path) {
        const Span& sp = spans[static_cast<std::size_t>(at)];
        on_path[static_cast<std::size_t>(sp.slot) & 7] += sp.end - sp.start;
        by_name[std::string(pipe_title(sp.slot)) + " " + sp.name] += sp.end - sp.start;
        path_cycles += sp.end - sp.start;
    }
    std::snprintf(buf, sizeof buf,
                  "  critical path: %zu instructions, %" PRIu64 " cycles busy:", t.critical_path.size(),
                  path_cycles);
    out += buf;
    for (const int slot : kSlotOrder)
        if (on_path[static_cast<std::size_t>(slot)]) {
            std::snprintf(buf, sizeof buf, " %s %.0f %%", pipe_title(slot).data(),
                          100.0 * static_cast<double>(on_path[static_cast<std::size_t>(slot)]) /
                              static_cast<double>(path_cycles));
            out += buf;
        }
    std::vector<std::pair<uint64_t, std::string>> top;
    for (const auto& [name, cyc] : by_name)
        top.emplace_back(cyc, name);
    std::sort(top.rbegin(), top.rend());
    out += "\n  most of it:";
    for (std::size_t i = 0; i < std::min<std::size_t>(3, top.size()); ++i) {
        std::snprintf(buf, sizeof buf, "%s %s (%" PRIu64 " cycles)", i ? "," : "", top[i].second.c_str(),
                      top[i].first);
        out += buf;
    }
    out += "\n";
    return out;
}

}  // namespace ptosim::hazards::timeline
