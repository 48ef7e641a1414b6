#include "ptosim/core/location.hpp"

#include <dlfcn.h>

#include <cinttypes>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>

namespace ptosim {

namespace {

// addr2line's answer for an offset into `file`, or "" when it has none (no debug information). A file that
// answered nothing once is not asked again: one process per binary without debug information, not per site.
std::string addr2line(const std::string& file, uintptr_t offset, std::set<std::string>& without_lines) {
    if (file.find('\'') != std::string::npos || without_lines.count(file))
        return "";
    char command[64];
    std::snprintf(command, sizeof command, " 0x%" PRIxPTR " 2>/dev/null", offset);
    std::string text;
    if (FILE* pipe = popen(("addr2line -C -e '" + file + "'" + command).c_str(), "r")) {
        char line[4096];
        if (std::fgets(line, sizeof line, pipe) && line[0] != '?') {
            text = line;
            while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
                text.pop_back();
            if (const auto d = text.find(" (discriminator"); d != std::string::npos)
                text.erase(d);
        }
        pclose(pipe);
    }
    if (text.empty() || text.ends_with(":?") || text.ends_with(":0")) {
        without_lines.insert(file);
        return "";
    }
    return text;
}

// The calling thread's outermost API call (LocationScope).
thread_local Location t_where{};
thread_local int t_depth = 0;

}  // namespace

LocationScope::LocationScope(const Location& where) {
    if (t_depth++ == 0)
        t_where = where;
}

LocationScope::~LocationScope() {
    if (--t_depth == 0)
        t_where = Location{};
}

Location current_location() {
    return t_where;
}

std::string describe(const Location& where) {
    if (where.file)
        return std::string(where.file) + ":" + std::to_string(where.line);
    if (!where.code)
        return "(unknown location)";
    static std::mutex mutex;
    static std::map<const void*, std::string> cache;
    static std::set<std::string> without_lines;
    std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = cache.find(where.code); it != cache.end())
        return it->second;
    std::string text;
    Dl_info info{};
    if (dladdr(where.code, &info) && info.dli_fname) {
        // The return address is the instruction after the call; one byte back is inside the call.
        const auto offset =
            reinterpret_cast<uintptr_t>(where.code) - 1 - reinterpret_cast<uintptr_t>(info.dli_fbase);
        text = addr2line(info.dli_fname, offset, without_lines);
        if (text.empty()) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "+0x%" PRIxPTR, offset);
            text = (info.dli_sname ? std::string(info.dli_sname) : std::string(info.dli_fname)) + buf +
                   " (build with -g for file:line)";
        }
    } else {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%p", where.code);
        text = buf;
    }
    cache.emplace(where.code, text);
    return text;
}

const char* intern(std::string_view file) {
    static std::mutex mutex;
    static std::set<std::string, std::less<>> names;  // nodes never move: the pointers stay valid
    std::lock_guard<std::mutex> lock(mutex);
    auto it = names.find(file);
    if (it == names.end())
        it = names.emplace(file).first;
    return it->c_str();
}

}  // namespace ptosim
