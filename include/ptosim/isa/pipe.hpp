// The pipes of an AI core, with their names and pto-isa's pipe_t numbers: the one table every layer reads
// (instruction descriptors, the hazard checker and the timeline, PTO-AS's synchronisation operations, the
// intra-block flags).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ptosim::isa {

// The instruction descriptor's pipe (isa::OpInfo::pipe, isa::MicroInfo::pipe).
enum class Pipe : uint8_t { S, V, M, MTE1, MTE2, MTE3, FIX };

// pto-isa's pipe_t value of PIPE_ALL, which names no pipe (pipe_barrier(PIPE_ALL) orders them all).
inline constexpr int kPipeAll = 6;

struct PipeName {
    Pipe pipe;
    int pipe_t;             // pto-isa's pipe_t value (PTOAS numbers its pipes otherwise)
    std::string_view name;  // as pto-isa and PTOAS spell it
};

inline constexpr PipeName kPipeNames[] = {
    {Pipe::S, 0, "PIPE_S"},       {Pipe::V, 1, "PIPE_V"},       {Pipe::MTE1, 2, "PIPE_MTE1"},
    {Pipe::MTE2, 3, "PIPE_MTE2"}, {Pipe::MTE3, 4, "PIPE_MTE3"}, {Pipe::M, 5, "PIPE_M"},
    {Pipe::FIX, 7, "PIPE_FIX"},
};

// Every pipe, in pipe_t order.
inline constexpr Pipe kPipes[] = {Pipe::S, Pipe::V, Pipe::MTE1, Pipe::MTE2, Pipe::MTE3, Pipe::M, Pipe::FIX};

constexpr const PipeName& pipe_entry(Pipe p) {
    for (const PipeName& e : kPipeNames)
        if (e.pipe == p)
            return e;
    return kPipeNames[0];
}

// "PIPE_V", ...
constexpr std::string_view pipe_name(Pipe p) {
    return pipe_entry(p).name;
}
// "V", ... (the timeline's and the hazard reports' short form)
constexpr std::string_view pipe_short_name(Pipe p) {
    return pipe_name(p).substr(5);
}
constexpr int pipe_t_value(Pipe p) {
    return pipe_entry(p).pipe_t;
}
// A pipe_t value as a Pipe; PIPE_ALL and out-of-range values have none.
constexpr std::optional<Pipe> pipe_from_pipe_t(int v) {
    for (const PipeName& e : kPipeNames)
        if (e.pipe_t == v)
            return e.pipe;
    return std::nullopt;
}

// The pipe_t value of a name, PIPE_ALL included; case-insensitive, as PTOAS's parser accepts them.
constexpr std::optional<int> pipe_t_from_name(std::string_view name) {
    auto same = [](std::string_view a, std::string_view b) {
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            char x = a[i], y = b[i];
            if (x >= 'a' && x <= 'z')
                x = static_cast<char>(x - 'a' + 'A');
            if (y >= 'a' && y <= 'z')
                y = static_cast<char>(y - 'a' + 'A');
            if (x != y)
                return false;
        }
        return true;
    };
    if (same(name, "PIPE_ALL"))
        return kPipeAll;
    for (const PipeName& e : kPipeNames)
        if (same(name, e.name))
            return e.pipe_t;
    return std::nullopt;
}

// The name of a pipe_t value, PIPE_ALL included ("PIPE_?" for none).
constexpr std::string_view pipe_t_name(int v) {
    if (v == kPipeAll)
        return "PIPE_ALL";
    const auto p = pipe_from_pipe_t(v);
    return p ? pipe_name(*p) : "PIPE_?";
}

}  // namespace ptosim::isa
