#include "io.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>

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
        return static_cast<bool>(std::cout);
    }
    std::ofstream out(path, std::ios::binary);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    if (!out) {
        std::cerr << "ptoas: error: cannot write '" << path << "'\n";
        return false;
    }
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
    std::cerr << name << ":" << loc.line << ":" << loc.col << ": " << severity << ": " << message << "\n";
    const std::string_view text = source_line(source, loc.line);
    std::cerr << text << "\n";
    // Keep tabs so the caret lines up under the column whatever the tab width.
    std::string caret;
    for (uint32_t i = 0; i + 1 < loc.col && i < text.size(); ++i)
        caret += text[i] == '\t' ? '\t' : ' ';
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
