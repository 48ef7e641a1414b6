#include "ptosim/core/diagnostic.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <set>

namespace ptosim {

namespace {

std::mutex& keys_mutex() {
    static std::mutex m;
    return m;
}

// std::less<> lets find() take a string_view without building a string.
std::set<std::string, std::less<>>& printed_keys() {
    static std::set<std::string, std::less<>> keys;
    return keys;
}

std::atomic<WarningSink> g_sink{nullptr};

void print_to_stderr(std::string_view message) {
    std::fprintf(stderr, "ptosim: warning: %.*s\n", static_cast<int>(message.size()), message.data());
    std::fflush(stderr);
}

}  // namespace

bool warn_once(std::string_view key, std::string_view message) {
    {
        std::lock_guard lock(keys_mutex());
        auto& keys = printed_keys();
        if (keys.find(key) != keys.end())
            return false;
        keys.emplace(key);
    }
    WarningSink sink = g_sink.load();
    (sink ? sink : &print_to_stderr)(message);
    return true;
}

WarningSink set_warning_sink(WarningSink sink) {
    return g_sink.exchange(sink);
}

void reset_warnings() {
    std::lock_guard lock(keys_mutex());
    printed_keys().clear();
}

}  // namespace ptosim
