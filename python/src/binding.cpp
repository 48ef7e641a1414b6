// _ptosim: the native part of the Python package (python/ptosim/, docs/python.md). A thin front end over the
// libraries: PTO-AS modules (ptosim/machine/module_run.hpp), the Linx assembler, kernels exported from shared
// libraries (ptosim/runtime/kernel_export.hpp), the hazard checker's reports and the timeline's records.
//
// It hands plain Python values (tuples, dicts, bytes) to the pure-Python layer, which checks arguments,
// builds the objects users see and raises the package's exceptions; nothing here prints or aborts. Runs are
// serialised (the checker, the timeline and the check handler are process-wide) and run without the GIL.
#include <Python.h>
#include <dlfcn.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ptosim/asm/codec.hpp"
#include "ptosim/asm/parser.hpp"
#include "ptosim/asm/printer.hpp"
#include "ptosim/core/arch.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/machine/module_run.hpp"
#include "ptosim/pto_as/module.hpp"
#include "ptosim/runtime/allocations.hpp"
#include "ptosim/runtime/kernel_export.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/timeline.hpp"

namespace py = pybind11;

namespace {

namespace hz = ptosim::hazards;
namespace tl = ptosim::hazards::timeline;
namespace R = ptosim::machine::modrun;
namespace mod = ptosim::pto_as::mod;

ptosim::Arch arch_of(const std::string& name) {
    const auto a = ptosim::parse_arch(name);
    if (!a)
        throw py::value_error("unknown arch '" + name + "' (A5, A2A3, KIRIN9030 or CPU)");
    return *a;
}

// An element type's spelling in signatures: i32, f16, ...; the assembly name in lower case for the types
// numpy has no equivalent of (e4m3, hif8, ...).
std::string type_text(ptosim::DType t) {
    if (const char* n = ptosim::kernel_export::type_name(t))
        return n;
    std::string s(ptosim::dtype_name(t));
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

template <typename D>
py::tuple diag_tuple(const char* severity, const D& d) {
    return py::make_tuple(severity, std::string(status_name(d.status)), d.loc.line, d.loc.col, d.message());
}

// A contiguous buffer of a Python object (numpy arrays, bytes, ...), released when this goes.
class Buffer {
  public:
    Buffer(py::handle obj, bool writable) {
        const int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(obj.ptr(), &view_, flags) != 0)
            throw py::error_already_set();
    }
    ~Buffer() { PyBuffer_Release(&view_); }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    std::byte* data() const { return static_cast<std::byte*>(view_.buf); }
    std::size_t size() const { return static_cast<std::size_t>(view_.len); }
    bool readonly() const { return view_.readonly != 0; }

  private:
    Py_buffer view_{};
};

// Runs are serialised: the hazard checker, the timeline and the check handler are process-wide.
std::mutex& run_mutex() {
    static std::mutex m;
    return m;
}

// What a run observed: the hazard checker's reports and the timeline's records.
struct Observed {
    std::vector<hz::Report> reports;
    std::vector<tl::CoreRecord> records;
    std::string json, summary;
};

// Turns the checker and the timeline on for a run when asked, and back off after (one that
// PTOSIM_CHECK_HAZARDS or PTOSIM_TRACE turned on stays on). Made and destroyed with the run's lock held.
class Observe {
  public:
    Observe(bool hazards, bool trace) : hazards_(hazards), trace_(trace) {
        if (hazards_) {
            hz::clear_reports();
            was_checking_ = hz::checking();
            if (!was_checking_)
                hz::enable(true, false);
        }
        if (trace_) {
            hz::clear_trace();
            was_tracing_ = hz::tracing();
            if (!was_tracing_)
                hz::trace_to("");
        }
    }
    ~Observe() {
        if (hazards_ && !was_checking_)
            hz::enable(false);
        if (trace_ && !was_tracing_)
            hz::stop_tracing();
    }
    Observe(const Observe&) = delete;
    Observe& operator=(const Observe&) = delete;

    // What the run left.
    Observed collect() const {
        Observed o;
        if (hazards_)
            o.reports = hz::reports();
        if (trace_) {
            o.records = tl::records();
            o.json = hz::trace_json();
            o.summary = hz::trace_summary();
            hz::clear_trace();
        }
        return o;
    }

  private:
    bool hazards_, trace_;
    bool was_checking_ = false, was_tracing_ = false;
};

// "MTE2" for PIPE_MTE2.
std::string pipe_text(hz::Pipe p) {
    std::string_view name = ptosim::isa::pipe_name(p);
    if (name.starts_with("PIPE_"))
        name.remove_prefix(5);
    return std::string(name);
}

// describe()'s text for a call site with its file's path normalised: addr2line joins the compilation
// directory and the path the compiler was given, which for a Ninja build is relative to the build folder
// (build/ci/../../tests/python/kernels.cpp:22), and users compare locations with their own paths.
std::string site_text(const hz::Location& where) {
    std::string text = hz::describe(where);
    const auto colon = text.rfind(':');
    if (!text.starts_with('/') || colon == std::string::npos || colon + 1 == text.size() ||
        text.find_first_not_of("0123456789", colon + 1) != std::string::npos)
        return text;
    return std::filesystem::path(text.substr(0, colon)).lexically_normal().string() + text.substr(colon);
}

py::dict party_dict(const hz::Party& p) {
    py::dict d;
    d["name"] = p.name;
    d["pipe"] = p.dma ? std::string("DMA") : pipe_text(p.pipe);
    d["site"] = site_text(p.where);
    d["instruction"] = p.seq;
    d["core"] = p.core;
    return d;
}

py::list reports_list(const std::vector<hz::Report>& reports) {
    py::list out;
    for (const hz::Report& r : reports) {
        py::dict d;
        d["kind"] = std::string(hz::kind_name(r.kind));
        d["buffer"] = r.buffer;
        d["lo"] = r.lo;
        d["hi"] = r.hi;
        d["first"] = party_dict(r.first);
        d["second"] = party_dict(r.second);
        d["flag"] = r.flag_id < 0
                        ? py::object(py::none())
                        : py::object(py::make_tuple(pipe_text(r.flag_src), pipe_text(r.flag_dst), r.flag_id));
        d["block"] = r.block;
        d["cross_core"] = r.cross_core;
        d["repeats"] = r.repeats;
        d["fix"] = r.fix();
        // The report's text with the sites as party_dict gives them.
        std::string text = r.text();
        for (const hz::Party* p : {&r.first, &r.second}) {
            const std::string raw = hz::describe(p->where), clean = site_text(p->where);
            for (auto at = text.find(raw); raw != clean && at != std::string::npos;
                 at = text.find(raw, at + clean.size()))
                text.replace(at, raw.size(), clean);
        }
        d["text"] = text;
        out.append(d);
    }
    return out;
}

// The timeline as tuples: the pure-Python layer builds its objects from them.
py::dict timeline_dict(const Observed& o) {
    py::list cores;
    for (const tl::CoreRecord& c : o.records) {
        py::list spans, arrows;
        for (const tl::Span& s : c.spans)
            spans.append(
                py::make_tuple(s.name, s.slot, s.start, s.end, s.seq, s.stall, s.pred,
                               s.where.file ? py::object(py::str(s.where.file)) : py::object(py::none()),
                               s.where.line, reinterpret_cast<uintptr_t>(s.where.code)));
        for (const tl::Arrow& a : c.arrows)
            arrows.append(py::make_tuple(a.src, a.dst, a.from, a.to, a.id));
        cores.append(py::make_tuple(c.block, spans, arrows));
    }
    const tl::Totals t = tl::totals(o.records);
    py::list pipes, path;
    for (std::size_t slot = 0; slot < t.pipes.size(); ++slot)
        pipes.append(py::make_tuple(t.pipes[slot].instructions, t.pipes[slot].busy, t.pipes[slot].waiting));
    for (const int i : t.critical_path)
        path.append(i);
    py::dict d;
    d["cores"] = cores;
    d["pipes"] = pipes;
    d["total"] = t.total;
    d["longest"] = t.longest;
    d["longest_core"] = t.longest_core;
    d["critical_path"] = path;
    d["json"] = o.json;
    d["summary"] = o.summary;
    d["clock_mhz"] = tl::kClockMHz;
    return d;
}

py::dict observed(const Observed& o, bool hazards, bool trace) {
    py::dict d;
    d["hazards"] = hazards ? py::object(reports_list(o.reports)) : py::object(py::none());
    d["timeline"] = trace ? py::object(timeline_dict(o)) : py::object(py::none());
    return d;
}

// ---------------------------------------------------------------------------------------------------------------
// PTO-AS modules
// ---------------------------------------------------------------------------------------------------------------

class Program {
  public:
    Program(std::string text, std::string name, std::string base_dir, const std::string& arch)
        : name_(std::move(name)), base_dir_(std::move(base_dir)), arch_(arch_of(arch)) {
        if (!mod::is_module_text(text)) {
            not_module_ = true;
            return;
        }
        auto parsed = mod::parse(std::move(text));
        parse_diags_ = std::move(parsed.diags);
        if (parse_diags_.empty())
            module_ = std::move(parsed.value);
    }

    bool is_module() const { return !not_module_; }

    py::list parse_diagnostics() const {
        py::list out;
        for (const auto& d : parse_diags_)
            out.append(diag_tuple("error", d));
        return out;
    }

    // The module's functions and, for `entry` (empty: the default one), its parameters and the operations
    // that cannot run.
    py::dict info(const std::string& entry) {
        py::dict d;
        if (!module_)
            return d;
        const R::Check& c = check(entry);
        py::list params, functions, errors, warnings;
        for (const R::Param& p : c.params)
            params.append(
                py::make_tuple(p.name, p.type, p.pointer, type_text(p.dtype), ptosim::dtype_size(p.dtype)));
        for (const std::string& f : c.function_names)
            functions.append(f);
        for (const auto& e : c.errors)
            errors.append(diag_tuple("error", e));
        for (const auto& e : c.not_executable)
            warnings.append(diag_tuple("warning", e));
        d["entry"] = c.entry;
        d["params"] = params;
        d["functions"] = functions;
        d["errors"] = errors;
        d["not_executable"] = warnings;
        d["ops"] = c.ops;
        return d;
    }

    // Runs `entry` on `args` (one per parameter: a buffer for a pointer, an int or float for a scalar; the
    // Python layer has checked their types). Pointer arguments are copied in and, after a run that succeeds,
    // copied back into the writable ones. Returns {"error": (status, line, col, message)} or the
    // observations.
    py::dict run(const std::string& entry, const py::list& args, uint32_t blocks, uint64_t max_steps,
                 bool hazards, bool trace) {
        if (!module_)
            throw py::value_error("the program did not parse");
        const R::Check& c = check(entry);
        if (c.entry.empty())
            throw py::value_error("no entry function");
        if (args.size() != c.params.size())
            throw py::value_error("expected " + std::to_string(c.params.size()) + " arguments, got " +
                                  std::to_string(args.size()));
        std::vector<R::Binding> bound;
        std::vector<std::unique_ptr<Buffer>> buffers;
        for (std::size_t i = 0; i < c.params.size(); ++i) {
            R::Binding b;
            b.param = c.params[i];
            const py::handle a = args[i];
            if (b.param.pointer) {
                auto buf = std::make_unique<Buffer>(a, false);
                if (buf->size() % ptosim::dtype_size(b.param.dtype) != 0)
                    throw py::value_error(b.param.name + ": the buffer does not hold whole elements");
                b.bytes.assign(buf->data(), buf->data() + buf->size());
                b.cols = static_cast<int64_t>(buf->size() / ptosim::dtype_size(b.param.dtype));
                buffers.push_back(std::move(buf));
            } else {
                buffers.push_back(nullptr);
                ptosim::pto_as::Number n;
                if (py::isinstance<py::float_>(a)) {
                    n.is_float = true;
                    n.value = a.cast<double>();
                    n.negative = n.value < 0;
                } else {
                    // An int the Python layer has checked against the parameter's width.
                    const py::int_ v = py::reinterpret_borrow<py::int_>(a);
                    n.negative = v < py::int_(0);
                    n.magnitude =
                        n.negative ? ~static_cast<uint64_t>(v.cast<int64_t>()) + 1 : v.cast<uint64_t>();
                    n.value =
                        n.negative ? -static_cast<double>(n.magnitude) : static_cast<double>(n.magnitude);
                }
                b.scalar = n;
            }
            bound.push_back(std::move(b));
        }
        R::Options opts = options(entry);
        opts.blocks = blocks;
        opts.max_steps = max_steps;
        std::optional<R::Diag> failure;
        Observed o;
        {
            py::gil_scoped_release nogil;
            const std::lock_guard<std::mutex> lock(run_mutex());
            const Observe observe(hazards, trace);
            failure = R::run(c, bound, opts);
            o = observe.collect();
        }
        if (failure) {
            py::dict d;
            d["error"] = py::make_tuple(std::string(status_name(failure->status)), failure->loc.line,
                                        failure->loc.col, failure->message());
            return d;
        }
        for (std::size_t i = 0; i < bound.size(); ++i)
            if (buffers[i] && !buffers[i]->readonly())
                std::memcpy(buffers[i]->data(), bound[i].bytes.data(), bound[i].bytes.size());
        return observed(o, hazards, trace);
    }

  private:
    R::Options options(const std::string& entry) const {
        R::Options o;
        o.arch = arch_;
        o.entry = entry;
        o.source_name = name_;
        o.base_dir = base_dir_;
        return o;
    }

    const R::Check& check(const std::string& entry) {
        auto it = checks_.find(entry);
        if (it == checks_.end())
            it = checks_.emplace(entry, R::prepare(*module_, options(entry))).first;
        return it->second;
    }

    std::string name_, base_dir_;
    ptosim::Arch arch_;
    bool not_module_ = false;
    std::vector<ptosim::pto_as::Diag> parse_diags_;
    std::optional<mod::Module> module_;
    std::map<std::string, R::Check> checks_;
};

// ---------------------------------------------------------------------------------------------------------------
// Linx assembly
// ---------------------------------------------------------------------------------------------------------------

py::tuple assemble(const std::string& text, const std::string& arch) {
    ptosim::linx::AsmOptions opts;
    opts.arch = arch_of(arch);
    const auto r = ptosim::linx::parse(text, opts);
    py::list diags;
    for (const auto& d : r.diags)
        diags.append(diag_tuple("error", d));
    if (!r.ok())
        return py::make_tuple(py::none(), diags);
    const std::vector<uint8_t> bytes = ptosim::linx::to_bytes(ptosim::linx::encode(r.value));
    return py::make_tuple(py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size()), diags);
}

py::tuple disassemble(const py::bytes& data, const std::string& arch, bool raw) {
    ptosim::linx::DecodeOptions opts;
    opts.arch = arch_of(arch);
    const std::string bytes = data;
    const auto r = ptosim::linx::decode_bytes(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), opts);
    py::list diags;
    for (const auto& d : r.diags)
        diags.append(py::make_tuple("error", std::string(status_name(d.status)), d.loc.offset, d.loc.word,
                                    d.message()));
    if (!r.ok())
        return py::make_tuple(py::none(), diags);
    ptosim::linx::PrintOptions p;
    p.raw = raw;
    return py::make_tuple(ptosim::linx::print(r.value, p), diags);
}

// ---------------------------------------------------------------------------------------------------------------
// Kernels from shared libraries
// ---------------------------------------------------------------------------------------------------------------

// A failed check inside a kernel, with the kernel's call site: the intrinsic that was running (its return
// address, resolved to file:line once the exception has left the kernel).
class KernelCheckError : public ptosim::CheckError {
  public:
    KernelCheckError(const ptosim::CheckFailure& f, const void* where) : CheckError(f), site(where) {}
    const void* site;
};

[[noreturn]] void throw_located(const ptosim::CheckFailure& f) {
    throw KernelCheckError(f, f.where.code ? f.where.code : hz::Site::call_site());
}

// Registers the argument arrays as global-memory allocations for a launch, so that a TLOAD or TSTORE reaching
// past one is a check failure instead of a stray access; overlapping arrays (views of one buffer) are merged.
class Allocations {
  public:
    explicit Allocations(std::vector<std::pair<const std::byte*, std::size_t>> ranges) {
        std::sort(ranges.begin(), ranges.end());
        for (const auto& [p, n] : ranges) {
            if (n == 0)
                continue;
            if (!added_.empty() && p < added_.back().first + added_.back().second) {  // overlapping views
                auto& last = added_.back();
                last.second =
                    std::max<std::size_t>(last.second, static_cast<std::size_t>(p + n - last.first));
            } else {
                added_.emplace_back(p, n);
            }
        }
        // Memory the runtime already tracks (an aclrtMalloc block of the program itself) stays as it is.
        std::erase_if(added_, [](const auto& r) {
            return ptosim::allocations::containing(r.first) ||
                   ptosim::allocations::containing(r.first + r.second - 1);
        });
        for (const auto& [p, n] : added_)
            ptosim::allocations::add(p, n);
    }
    ~Allocations() {
        for (const auto& r : added_)
            ptosim::allocations::remove(r.first);
    }
    Allocations(const Allocations&) = delete;
    Allocations& operator=(const Allocations&) = delete;

  private:
    std::vector<std::pair<const std::byte*, std::size_t>> added_;
};

using Entry = void (*)(void* const*);
using SignatureFn = const char* (*)();

class Kernel {
  public:
    Kernel(const std::string& path, const std::string& symbol) : path_(path), symbol_(symbol) {
        // Kept loaded for the life of the process: its code may be on a thread's stack or in an exit handler.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* why = dlerror();
            throw py::value_error("cannot load " + path + ": " + (why ? why : "unknown error"));
        }
        entry_ = reinterpret_cast<Entry>(dlsym(handle, symbol.c_str()));
        if (!entry_)
            throw py::value_error(path + " has no symbol '" + symbol + "'");
        const auto sig = reinterpret_cast<SignatureFn>(dlsym(handle, (symbol + "_ptosim_signature").c_str()));
        if (!sig)
            throw py::value_error(path + ": '" + symbol +
                                  "' was not exported with PTOSIM_EXPORT_KERNEL (no " + symbol +
                                  "_ptosim_signature)");
        signature_ = sig();
    }

    const std::string& signature() const { return signature_; }

    // Runs the kernel on `blocks` simulated cores. `args` are (type, value) pairs in the exported order: a
    // type ending in '*' takes a writable buffer, the others an int or a float (range-checked by the Python
    // layer). Returns {"error": (message, site)} or the observations.
    py::dict launch(const py::list& args, uint32_t blocks, bool hazards, bool trace) {
        std::vector<std::unique_ptr<Buffer>> buffers;
        std::vector<uint64_t> slots(args.size());
        std::vector<void*> pointers(args.size());
        std::vector<std::pair<const std::byte*, std::size_t>> ranges;
        for (std::size_t i = 0; i < args.size(); ++i) {
            const auto item = args[i].cast<py::tuple>();
            const std::string type = item[0].cast<std::string>();
            const py::handle value = item[1];
            void* slot = &slots[i];
            pointers[i] = slot;
            if (type.ends_with("*")) {
                auto buf = std::make_unique<Buffer>(value, true);
                void* p = buf->data();
                std::memcpy(slot, &p, sizeof p);
                ranges.emplace_back(buf->data(), buf->size());
                buffers.push_back(std::move(buf));
            } else if (type == "f32") {
                const float v = value.cast<float>();
                std::memcpy(slot, &v, sizeof v);
            } else if (type == "f64") {
                const double v = value.cast<double>();
                std::memcpy(slot, &v, sizeof v);
            } else if (type == "f16" || type == "bf16") {
                const auto bits = value.cast<uint16_t>();  // the Python layer converts the value to its bits
                std::memcpy(slot, &bits, sizeof bits);
            } else if (type == "i8" || type == "i16" || type == "i32" || type == "i64") {
                const auto v = value.cast<int64_t>();
                const std::size_t n = type == "i8" ? 1 : type == "i16" ? 2 : type == "i32" ? 4 : 8;
                std::memcpy(slot, &v, n);  // little-endian: the low bytes
            } else if (type == "u8" || type == "u16" || type == "u32" || type == "u64") {
                const auto v = value.cast<uint64_t>();
                const std::size_t n = type == "u8" ? 1 : type == "u16" ? 2 : type == "u32" ? 4 : 8;
                std::memcpy(slot, &v, n);
            } else {
                throw py::value_error("unsupported parameter type " + type);
            }
        }
        std::optional<std::pair<std::string, std::string>> failure;
        Observed o;
        {
            py::gil_scoped_release nogil;
            const std::lock_guard<std::mutex> lock(run_mutex());
            const Observe observe(hazards, trace);
            const Allocations tracked(ranges);
            const ptosim::ScopedCheckHandler handler(&throw_located);
            const Entry entry = entry_;
            void* const* argv = pointers.data();
            try {
                ptosim::launch_blocks(blocks, [&] { entry(argv); });
            } catch (const KernelCheckError& e) {
                // The message without its location: the site goes in its own field (RunError's file and
                // line).
                failure.emplace(e.failure().message(),
                                e.site ? site_text(hz::Location{nullptr, 0, e.site}) : "");
            } catch (const std::exception& e) {
                failure.emplace(e.what(), "");
            }
            o = observe.collect();
        }
        if (failure) {
            py::dict d;
            d["error"] = py::make_tuple(failure->first, failure->second);
            return d;
        }
        return observed(o, hazards, trace);
    }

  private:
    std::string path_, symbol_, signature_;
    Entry entry_ = nullptr;
};

std::string describe_code(uintptr_t code) {
    return site_text(hz::Location{nullptr, 0, reinterpret_cast<const void*>(code)});
}

}  // namespace

PYBIND11_MODULE(_ptosim, m) {
    m.doc() = "ptosim's native part; use the ptosim package";
    py::class_<Program>(m, "Program")
        .def(py::init<std::string, std::string, std::string, const std::string&>())
        .def_property_readonly("is_module", &Program::is_module)
        .def("parse_diagnostics", &Program::parse_diagnostics)
        .def("info", &Program::info)
        .def("run", &Program::run);
    py::class_<Kernel>(m, "Kernel")
        .def(py::init<const std::string&, const std::string&>())
        .def_property_readonly("signature", &Kernel::signature)
        .def("launch", &Kernel::launch);
    m.def("assemble", &assemble);
    m.def("disassemble", &disassemble);
    m.def("describe", &describe_code);
    m.attr("kernel_abi") = ptosim::kernel_export::kAbi;
}
