#include "io.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "ptosim/core/status.hpp"
#include "ptosim/sync/hazards.hpp"

namespace ptoas {

std::optional<std::string> read_input(const std::string& path) {
    // stdio rather than iostreams: reading stdin through rdbuf() trips GCC 12's -Wnull-dereference.
    std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (!f) {
        std::cerr << "ptoas: error: cannot open '" << path << "'\n";
        return std::nullopt;
    }
    std::string data;
    char buf[65536];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
        data.append(buf, n);
    const bool bad = std::ferror(f) != 0;
    if (f != stdin)
        std::fclose(f);
    if (bad) {
        std::cerr << "ptoas: error: cannot read '" << path << "'\n";
        return std::nullopt;
    }
    return data;
}

bool write_output(const std::string& path, std::string_view data) {
    if (path.empty() || path == "-") {
        std::cout.write(data.data(), static_cast<std::streamsize>(data.size()));
        std::cout.flush();
        if (!std::cout) {
            std::cerr << "ptoas: error: cannot write to standard output\n";
            return false;
        }
        return true;
    }
    // stdio, whose every step reports failure: a full disk (/dev/full) shows only when the buffer is flushed
    // or the file closed, which an ofstream's destructor does silently.
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
        std::cerr << "ptoas: error: cannot write '" << path << "': " << std::strerror(errno) << "\n";
        return false;
    }
    const bool written = std::fwrite(data.data(), 1, data.size(), f) == data.size() && std::fflush(f) == 0;
    const int err = errno;
    const bool closed = std::fclose(f) == 0;
    if (written && closed)
        return true;
    std::cerr << "ptoas: error: cannot write '" << path << "': " << std::strerror(written ? errno : err)
              << "\n";
    // No partial file left behind as if it were the output (a device such as /dev/full stays).
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec))
        std::filesystem::remove(path, ec);
    return false;
}

bool flush_stdout() {
    std::cout.flush();
    if (std::cout)
        return true;
    std::cerr << "ptoas: error: cannot write to standard output\n";
    return false;
}

void start_timeline(const std::string& path) {
    if (!path.empty())
        ptosim::hazards::trace_to("");  // records; write_timeline writes the file, checked
}

bool write_timeline(const std::string& path) {
    if (path.empty())
        return true;
    ptosim::hazards::stop_tracing();
    if (!write_output(path, ptosim::hazards::trace_json()))
        return false;
    std::cerr << ptosim::hazards::trace_summary() << "ptosim: timeline written to " << path
              << " (open it in ui.perfetto.dev or chrome://tracing)\n";
    return true;
}

std::string display_name(const std::string& path) {
    return path == "-" ? "<stdin>" : path;
}

namespace {

std::string_view source_line(std::string_view source, uint32_t line) {
    std::size_t pos = 0;
    for (uint32_t l = 1; l < line; ++l) {
        pos = source.find('\n', pos);
        if (pos == std::string_view::npos)
            return {};
        ++pos;
    }
    std::size_t end = source.find('\n', pos);
    if (end == std::string_view::npos)
        end = source.size();
    std::string_view s = source.substr(pos, end - pos);
    if (!s.empty() && s.back() == '\r')
        s.remove_suffix(1);
    return s;
}

}  // namespace

void print_error(const std::string& name, std::string_view source, const ptosim::linx::Loc& loc,
                 std::string_view message) {
    print_located(name, source, loc, "error", message);
}

void print_located(const std::string& name, std::string_view source, const ptosim::linx::Loc& loc,
                   std::string_view severity, std::string_view message) {
    if (loc.line == 0) {
        char where[64];
        std::snprintf(where, sizeof where, "offset 0x%x (word %u)", loc.offset, loc.word);
        std::cerr << name << ": " << where << ": " << severity << ": " << message << "\n";
        return;
    }
    std::cerr << name << ":" << loc.line << ":" << loc.col << ": " << severity << ": "
              << ptosim::diag::clip(message, 4 * ptosim::diag::kMaxEchoed) << "\n";
    std::string_view text = source_line(source, loc.line);
    // A long line (a 2 MB token) is shown as the kMaxEchoed characters around the column, "..." marking what
    // is left out.
    std::size_t col = loc.col == 0 ? 0 : loc.col - 1;
    std::string before, after;
    constexpr std::size_t kShown = ptosim::diag::kMaxEchoed;
    if (text.size() > kShown) {
        const std::size_t from = col > kShown / 2 ? std::min(col - kShown / 2, text.size() - kShown) : 0;
        if (from > 0)
            before = "...";
        if (from + kShown < text.size())
            after = "...";
        text = text.substr(from, kShown);
        col = col - std::min(col, from) + before.size();
    }
    std::cerr << before << text << after << "\n";
    // Keep tabs so the caret lines up under the column whatever the tab width.
    std::string caret(before.size(), ' ');
    for (std::size_t i = before.size(); i < col && i - before.size() < text.size(); ++i)
        caret += text[i - before.size()] == '\t' ? '\t' : ' ';
    std::cerr << caret << "^\n";
}

void print_diags(const std::string& name, std::string_view source,
                 std::span<const ptosim::linx::Diag> diags) {
    for (const ptosim::linx::Diag& d : diags)
        print_error(name, source, d.loc, d.message());
}

void add_arch_option(CLI::App& cmd, ptosim::Arch* arch) {
    cmd.add_option_function<std::string>(
           "--arch",
           [arch](const std::string& s) {
               std::string up = s;
               for (char& c : up)
                   c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
               *arch = ptosim::parse_arch(up).value_or(ptosim::Arch::A5);
           },
           "Architecture profile for the element-type rules: A5 (default), A2A3 or KIRIN9030")
        ->check(CLI::IsMember({"A5", "A2A3", "KIRIN9030"}, CLI::ignore_case));
}

}  // namespace ptoas
