// Helpers of the ISA model tests: load and run a program text, read entries back.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/machine/data.hpp"
#include "ptosim/machine/machine.hpp"
#include "ptosim/machine/program.hpp"

namespace machine_test {

namespace M = ptosim::machine;
using ptosim::Arch;
using ptosim::DType;
using ptosim::linx::Hand;

inline std::string problems_text(const std::vector<M::Problem>& ps) {
    std::string s;
    for (const auto& p : ps)
        s += std::to_string(p.loc.line) + ":" + std::to_string(p.loc.col) + ": " + p.message + "\n";
    return s;
}

struct Ran {
    M::Loaded program;
    std::unique_ptr<M::Machine> machine;
    M::RunResult result;
    // The bytes of an entry's view (Row x Col elements as written); empty when never written.
    std::vector<std::byte> bytes(Hand h, unsigned index) const {
        const M::Entry& e = machine->entry(h, index);
        if (!e.written())
            return {};
        const std::size_t n = e.shape.layout.size() * ptosim::dtype_size(e.shape.dtype);
        return std::vector<std::byte>(e.data.get(), e.data.get() + n);
    }
    // A PTO-AS value (or T#k) after the run.
    std::vector<std::byte> bytes(std::string_view name) const {
        std::string why;
        const auto r = M::resolve(program, name, &why);
        EXPECT_TRUE(r.has_value()) << why;
        return r ? bytes(r->hand, r->index) : std::vector<std::byte>{};
    }
    template <typename T>
    T at(Hand h, unsigned index, int r, int c) const {
        const M::Entry& e = machine->entry(h, index);
        T v{};
        std::memcpy(&v, e.data.get() + e.shape.layout.offset(r, c) * sizeof(T), sizeof(T));
        return v;
    }
};

// Load (failing the test on input errors) and run. The program is assembled for load_arch (default: arch), so
// that a run on another profile can meet what that profile's assembler would have rejected.
inline Ran run_text(std::string_view text, Arch arch = Arch::A5, bool dry_run = false,
                    std::optional<Arch> load_arch = std::nullopt) {
    Ran r;
    M::LoadOptions lo;
    lo.arch = load_arch.value_or(arch);
    auto loaded = M::load_program(text, M::detect_kind("", text), lo);
    EXPECT_TRUE(loaded.ok()) << problems_text(loaded.problems) << "in:\n" << text;
    r.program = std::move(loaded.value);
    M::Options o;
    o.arch = arch;
    o.dry_run = dry_run;
    r.machine = std::make_unique<M::Machine>(o);
    M::init(*r.machine, r.program);
    r.result = r.machine->run();
    return r;
}

// The problems of loading a text (for the input-error tests).
inline std::vector<M::Problem> load_problems(std::string_view text, Arch arch = Arch::A5,
                                             const std::string& base_dir = "") {
    M::LoadOptions lo;
    lo.arch = arch;
    lo.base_dir = base_dir;
    return M::load_program(text, M::detect_kind("", text), lo).problems;
}

}  // namespace machine_test
