// ptosim-chevron: compile device sources that launch kernels with `Kernel<<<blockDim, l2ctrl,
// stream>>>(...)`.
//
//   ptosim-chevron g++ -std=c++20 -Iinclude -c launch.cpp -o launch.o   # as a compiler launcher
//   ptosim-chevron --rewrite launch.cpp [-o out.cpp]                     # print (or write) the rewritten
//   source
//
// As a launcher (CMake: CXX_COMPILER_LAUNCHER), every C++ source argument that contains a launch is rewritten
// (rewrite.hpp) into a file next to the object file (`<object>.chevron.cpp`, starting with a #line directive
// that names the original, so diagnostics point at it) and the compiler runs on that instead, with the
// original's directory on the quote-include path (searched after the rewritten file's own directory). Other
// arguments and sources pass through unchanged.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rewrite.hpp"

namespace fs = std::filesystem;

namespace {

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

bool is_cxx_source(const std::string& arg) {
    const std::string ext = fs::path(arg).extension().string();
    return (ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C" || ext == ".c++") &&
           fs::is_regular_file(arg);
}

// Rewrites `path`; prints its errors as `file:line:col: error: ...` and returns false when it has any.
bool rewrite_file(const std::string& path, std::string& text) {
    std::string source;
    if (!read_file(path, source)) {
        std::cerr << "ptosim-chevron: cannot read " << path << "\n";
        return false;
    }
    ptosim::chevron::Result r = ptosim::chevron::rewrite(source);
    for (const auto& e : r.errors)
        std::cerr << path << ":" << e.line << ":" << e.column << ": error: " << e.message << "\n";
    text = std::move(r.text);
    return r.errors.empty();
}

std::string quoted_for_line_directive(const std::string& path) {
    std::string out;
    for (char c : path) {
        if (c == '\\' || c == '"')
            out.push_back('\\');
        out.push_back(c);
    }
    return out;
}

int rewrite_only(int argc, char** argv) {
    if (argc < 3 || (argc != 3 && !(argc == 5 && std::string(argv[3]) == "-o"))) {
        std::cerr << "usage: ptosim-chevron --rewrite SOURCE [-o OUTPUT]\n";
        return 2;
    }
    std::string text;
    if (!rewrite_file(argv[2], text))
        return 1;
    if (argc == 3) {
        std::cout << text;
        return 0;
    }
    std::ofstream out(argv[4], std::ios::binary);
    out << text;
    return out ? 0 : 1;
}

int usage() {
    std::cerr << "usage: ptosim-chevron COMPILER ARGS...      compile, rewriting <<<...>>> kernel launches\n"
                 "       ptosim-chevron --rewrite SOURCE [-o OUTPUT]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2)
        return usage();
    const std::string first = argv[1];
    if (first.empty())
        return usage();  // an empty compiler name (a launcher list with an empty element)
    if (first == "--rewrite")
        return rewrite_only(argc, argv);
    if (first == "-h" || first == "--help") {
        usage();
        return 0;
    }
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string object;
    for (size_t i = 1; i + 1 < args.size(); ++i)
        if (args[i] == "-o")
            object = args[i + 1];
    std::vector<std::string> extra;
    for (size_t i = 1; i < args.size(); ++i) {
        if ((i > 0 && args[i - 1] == "-o") || !is_cxx_source(args[i]))
            continue;
        std::string source;
        if (!read_file(args[i], source) || !ptosim::chevron::has_launch(source))
            continue;
        std::string text;
        if (!rewrite_file(args[i], text))
            return 1;
        const fs::path original = fs::absolute(args[i]);
        const fs::path rewritten =
            object.empty() ? fs::temp_directory_path() / (original.filename().string() + ".chevron.cpp")
                           : fs::path(object + ".chevron.cpp");
        std::ofstream out(rewritten, std::ios::binary);
        out << "#line 1 \"" << quoted_for_line_directive(original.string()) << "\"\n" << text;
        if (!out) {
            std::cerr << "ptosim-chevron: cannot write " << rewritten.string() << "\n";
            return 1;
        }
        args[i] = rewritten.string();
        extra.push_back("-iquote");
        extra.push_back(original.parent_path().string());
    }
    // Appended, not inserted after the first word: that word may itself be a launcher (ccache g++ ...).
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> exec_args;
    for (auto& a : args)
        exec_args.push_back(a.data());
    exec_args.push_back(nullptr);
    execvp(exec_args[0], exec_args.data());
    std::perror(("ptosim-chevron: " + args[0]).c_str());
    return 127;
}
