// The micro core's register operations: the lane-wise families through their kernels (kernels/micro), and
// compare, select, broadcast and the predicates, which are short enough to be their own reference.
#include "ptosim/ops/micro.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "kernels/common/compare_scalar.hpp"
#include "kernels/elementwise/scalar_ops.hpp"
#include "kernels/micro/lanes.hpp"
#include "ptosim/core/buffers.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::micro {

template <typename Fn>
Fn LaneKernel<Fn>::get() const {
    return fast != nullptr && active_backend() == Backend::Simd ? fast : ref;
}
template struct LaneKernel<BinaryFn>;
template struct LaneKernel<ScalarFn>;
template struct LaneKernel<UnaryFn>;

namespace {

const char* name_of(MOp op) {
    return isa::micro_info(op).name.data();  // the row's name is a string literal
}

template <typename Fn>
LaneKernel<Fn> resolve(MOp op, DType t, isa::MFamily family, Fn ref, Fn fast) {
    const isa::MicroInfo& d = isa::micro_info(op);
    PTOSIM_CHECK(d.family == family, name_of(op), "the operation is not of this family",
                 {"family", isa::micro_family_name(d.family)});
    validate::dtype_in(d.types, t, name_of(op), "register");
    PTOSIM_CHECK(ref != nullptr, name_of(op), "no kernel for this element type",
                 {"dtype", dtype_cpp_name(t)});
    return {ref, fast};
}

}  // namespace

LaneKernel<BinaryFn> binary_kernel(MOp op, DType t) {
    return resolve(op, t, isa::MFamily::Binary, kernels::micro::ref_binary(op, t),
                   kernels::micro::simd_binary(op, t));
}
LaneKernel<ScalarFn> scalar_kernel(MOp op, DType t) {
    return resolve(op, t, isa::MFamily::VecScalar, kernels::micro::ref_scalar(op, t),
                   kernels::micro::simd_scalar(op, t));
}
LaneKernel<UnaryFn> unary_kernel(MOp op, DType t) {
    return resolve(op, t, isa::MFamily::Unary, kernels::micro::ref_unary(op, t),
                   kernels::micro::simd_unary(op, t));
}

void binary(MOp op, DType t, VReg& dst, const VReg& a, const VReg& b, const Preg& p, bool merging) {
    binary_kernel(op, t).get()(dst, a, b, p, merging);
}
void vec_scalar(MOp op, DType t, VReg& dst, const VReg& a, uint64_t scalar_bits, const Preg& p,
                bool merging) {
    scalar_kernel(op, t).get()(dst, a, scalar_bits, p, merging);
}
void unary(MOp op, DType t, VReg& dst, const VReg& a, const Preg& p, bool merging) {
    unary_kernel(op, t).get()(dst, a, p, merging);
}

namespace {

// Calls f(T{}) for a register element type (every DType of the micro level but double).
template <typename F>
void visit_lane_type(DType t, const char* instr, F&& f) {
    const bool known = visit_dtype(t, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (!std::is_same_v<T, double>)
            f(tag);
    });
    PTOSIM_CHECK(known && t != DType::F64, instr, "element type not supported by the instruction",
                 {"dtype", dtype_cpp_name(t)});
}

template <typename T>
T from_bits(uint64_t bits) {
    T v;
    std::memcpy(static_cast<void*>(&v), &bits, sizeof(T));  // little-endian: the low bytes
    return v;
}

}  // namespace

Preg compare(CmpMode mode, DType t, const VReg& a, const VReg& b, const Preg& seed) {
    validate::dtype_in(isa::micro_info(MOp::vcmp).types, t, "vcmp", "register");
    Preg r;
    visit_lane_type(t, "vcmp", [&](auto tag) {
        using T = decltype(tag);
        for (uint32_t i = 0; i < kLanes<T>; ++i)
            if (seed.active<T>(i) && kernels::compare_holds(a.lane<T>(i), b.lane<T>(i), mode))
                r.set_element<T>(i);
    });
    return r;
}

Preg compare_scalar(CmpMode mode, DType t, const VReg& a, uint64_t scalar_bits, const Preg& seed) {
    validate::dtype_in(isa::micro_info(MOp::vcmps).types, t, "vcmps", "register");
    Preg r;
    visit_lane_type(t, "vcmps", [&](auto tag) {
        using T = decltype(tag);
        const T s = from_bits<T>(scalar_bits);
        for (uint32_t i = 0; i < kLanes<T>; ++i)
            if (seed.active<T>(i) && kernels::compare_holds(a.lane<T>(i), s, mode))
                r.set_element<T>(i);
    });
    return r;
}

void select(DType t, VReg& dst, const VReg& a, const VReg& b, const Preg& p) {
    validate::dtype_in(isa::micro_info(MOp::vsel).types, t, "vsel", "register");
    const uint32_t size = static_cast<uint32_t>(dtype_size(t));
    VReg r;
    for (uint32_t i = 0; i < kVL / size; ++i)
        std::memcpy(r.data() + i * size, (p.active(i, size) ? a : b).data() + i * size, size);
    dst = r;
}

void broadcast(DType t, VReg& dst, uint64_t bits, const Preg& p, bool merging) {
    const uint32_t size = static_cast<uint32_t>(dtype_size(t));
    PTOSIM_CHECK(size == 1 || size == 2 || size == 4 || size == 8, "vdup",
                 "element type must be 1, 2, 4 or 8 bytes", {"dtype", dtype_cpp_name(t)});
    for (uint32_t i = 0; i < kVL / size; ++i) {
        if (p.active(i, size))
            std::memcpy(dst.data() + i * size, &bits, size);
        else if (!merging)
            std::memset(dst.data() + i * size, 0, size);
    }
}

void index_sequence(DType t, VReg& dst, uint64_t start_bits, bool descending) {
    validate::dtype_in(isa::micro_info(MOp::vci).types, t, "vci", "register");
    visit_lane_type(t, "vci", [&](auto tag) {
        using T = decltype(tag);
        using S = kernels::ScalarOps<T>;
        const auto start = S::from_bits(start_bits);
        for (uint32_t i = 0; i < kLanes<T>; ++i) {
            const auto k = S::load(static_cast<T>(i));
            dst.set_lane<T>(i, S::store(descending ? S::sub(start, k) : S::add(start, k)));
        }
    });
}

namespace {

// The pairwise tree sum of v[0..n) (n a power of two), rounding every partial to T as the adders do.
template <typename T>
auto tree_sum(std::array<typename kernels::ScalarOps<T>::C, kVL>& v, uint32_t n) {
    using S = kernels::ScalarOps<T>;
    for (; n > 1; n /= 2)
        for (uint32_t i = 0; i < n / 2; ++i)
            v[i] = S::add(v[2 * i], v[2 * i + 1]);
    return v[0];
}

// The extreme of the active lanes [first, first + n) and its index (relative to first); the first NaN wins.
template <typename T, bool kMax>
std::pair<typename kernels::ScalarOps<T>::C, uint32_t> extreme(const VReg& a, const Preg& p, uint32_t first,
                                                               uint32_t n) {
    using S = kernels::ScalarOps<T>;
    using C = typename S::C;
    C best;
    if constexpr (S::kFloat)
        best = kMax ? -std::numeric_limits<C>::infinity() : std::numeric_limits<C>::infinity();
    else
        best = S::load(kMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max());
    uint32_t at = 0;
    bool nan = false;
    for (uint32_t i = 0; i < n && !nan; ++i) {
        if (!p.active<T>(first + i))
            continue;
        const C x = S::load(a.lane<T>(first + i));
        if constexpr (S::kFloat) {
            if (std::isnan(x)) {
                best = x;
                at = i;
                nan = true;
                continue;
            }
        }
        if (kMax ? x > best : x < best) {
            best = x;
            at = i;
        }
    }
    return {best, at};
}

template <typename T>
T index_bits(uint32_t i) {
    using W = std::conditional_t<
        sizeof(T) == 1, uint8_t,
        std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
    return std::bit_cast<T>(static_cast<W>(i));
}

}  // namespace

void reduce(MOp op, DType t, VReg& dst, const VReg& a, const Preg& p) {
    const isa::MicroInfo& info = isa::micro_info(op);
    PTOSIM_CHECK(info.family == isa::MFamily::Reduce, "reduce", "not a reduction", {"op", info.name});
    const std::string name(info.name);
    validate::dtype_in(info.types, t, name.c_str(), "register");
    VReg r;
    visit_lane_type(t, name.c_str(), [&](auto tag) {
        using T = decltype(tag);
        using S = kernels::ScalarOps<T>;
        using C = typename S::C;
        constexpr uint32_t kN = kLanes<T>;
        constexpr uint32_t kGroup = kVLaneBytes / sizeof(T);
        std::array<C, kVL> v{};
        auto active_or_zero = [&](uint32_t i) { return p.active<T>(i) ? S::load(a.lane<T>(i)) : S::zero(); };
        switch (op) {
            case MOp::vcadd:
                for (uint32_t i = 0; i < kN; ++i)
                    v[i] = active_or_zero(i);
                r.set_lane<T>(0, S::store(tree_sum<T>(v, kN)));
                break;
            case MOp::vcmax:
            case MOp::vcmin: {
                const auto [best, at] =
                    op == MOp::vcmax ? extreme<T, true>(a, p, 0, kN) : extreme<T, false>(a, p, 0, kN);
                r.set_lane<T>(0, S::store(best));
                r.set_lane<T>(1, index_bits<T>(at));
                break;
            }
            case MOp::vcgadd:
                for (uint32_t g = 0; g < kVLanes; ++g) {
                    for (uint32_t i = 0; i < kGroup; ++i)
                        v[i] = active_or_zero(g * kGroup + i);
                    r.set_lane<T>(g * kGroup, S::store(tree_sum<T>(v, kGroup)));
                }
                break;
            case MOp::vcgmax:
            case MOp::vcgmin:
                for (uint32_t g = 0; g < kVLanes; ++g) {
                    const auto best = op == MOp::vcgmax ? extreme<T, true>(a, p, g * kGroup, kGroup).first
                                                        : extreme<T, false>(a, p, g * kGroup, kGroup).first;
                    r.set_lane<T>(g * kGroup, S::store(best));
                }
                break;
            case MOp::vcpadd: {
                C running = S::zero();
                for (uint32_t i = 0; i < kN; ++i) {
                    running = S::add(running, active_or_zero(i));
                    r.set_lane<T>(i, S::store(running));
                }
                break;
            }
            default:
                break;
        }
    });
    dst = r;
}

namespace {

// 256 bytes in 64-byte pieces the compiler copies with vector moves (a libc call costs more than the copy).
inline void copy_register(void* dst, const void* src) {
    for (uint32_t i = 0; i < kVL; i += 64)
        std::memcpy(static_cast<std::byte*>(dst) + i, static_cast<const std::byte*>(src) + i, 64);
}

void check_ub(const char* instr, const void* ub, uint32_t align = kVLaneBytes, uint32_t bytes = kVL,
              const char* dist = "NORM") {
    const auto q = reinterpret_cast<uintptr_t>(ub);
    PTOSIM_CHECK(q != 0, instr, "UB address is null");
    PTOSIM_CHECK(q % align == 0, instr, "UB address is not aligned as the distribution requires",
                 {"address", q}, {"dist", dist}, {"align", align});
    const mem::Extent e = mem::extent(mem::Buffer::UB);
    const auto b = reinterpret_cast<uintptr_t>(e.base);
    if (q >= b && q - b < e.size) {
        PTOSIM_CHECK(q - b + bytes <= e.size, instr,
                     "the distribution's bytes run past the end of the Unified Buffer", {"offset", q - b},
                     {"dist", dist}, {"bytes", bytes});
    }
}

// The row of d, checked to belong to `op` and to be one ptosim runs; the address checked against it.
const isa::DistInfo& checked_dist(isa::MOp op, isa::MDist d, const void* ub, uint32_t elem_size) {
    const isa::DistInfo& info = isa::dist_info(d);
    const std::string spelling(info.spelling);
    PTOSIM_CHECK(info.op == op, name_of(op), "the distribution belongs to another instruction",
                 {"dist", spelling}, {"of", name_of(info.op)});
    PTOSIM_CHECK(info.shape != isa::DistShape::Unmodelled, name_of(op),
                 "ptosim does not run this distribution", {"dist", spelling},
                 {"why", std::string(info.rule)});
    PTOSIM_CHECK(elem_size == 1 || elem_size == 2 || elem_size == 4 || elem_size == 8, name_of(op),
                 "element size must be 1, 2, 4 or 8 bytes", {"size", elem_size});
    check_ub(name_of(op), ub, isa::dist_align(info, elem_size), isa::dist_bytes(info, elem_size),
             spelling.c_str());
    return info;
}

}  // namespace

void load(VReg& dst, const void* ub) {
    check_ub("vlds", ub);
    copy_register(dst.data(), ub);
}

void store(void* ub, const VReg& src, const Preg& p, uint32_t elem_size) {
    check_ub("vsts", ub);
    PTOSIM_CHECK(elem_size == 1 || elem_size == 2 || elem_size == 4 || elem_size == 8, "vsts",
                 "predicate granularity must be 1, 2, 4 or 8 bytes", {"size", elem_size});
    if (p.all_active(elem_size)) {
        copy_register(ub, src.data());
        return;
    }
    auto* out = static_cast<std::byte*>(ub);
    for (uint32_t i = 0; i < kVL / elem_size; ++i)
        if (p.active(i, elem_size))
            std::memcpy(out + i * elem_size, src.data() + i * elem_size, elem_size);
}

void load(VReg& dst, const void* ub, isa::MDist d, uint32_t elem_size) {
    const isa::DistInfo& info = checked_dist(MOp::vlds, d, ub, elem_size);
    const uint32_t s = isa::dist_elem_size(info, elem_size);
    const auto* in = static_cast<const std::byte*>(ub);
    VReg r;  // zero: the bytes of UNPK's wide lanes above the memory element stay 0
    switch (info.shape) {
        case isa::DistShape::Norm:
            copy_register(r.data(), in);
            break;
        case isa::DistShape::Brc:
            for (uint32_t i = 0; i < kVL; i += s)
                std::memcpy(r.data() + i, in, s);
            break;
        case isa::DistShape::Blk:
            for (uint32_t g = 0; g < kVLanes; ++g)
                std::memcpy(r.data() + g * kVLaneBytes, in, kVLaneBytes);
            break;
        case isa::DistShape::E2B:
            for (uint32_t g = 0; g < kVLanes; ++g)
                for (uint32_t k = 0; k < kVLaneBytes; k += s)
                    std::memcpy(r.data() + g * kVLaneBytes + k, in + g * s, s);
            break;
        case isa::DistShape::Us:
            for (uint32_t i = 0; i < kVL / s; ++i)
                std::memcpy(r.data() + i * s, in + (i / 2) * s, s);
            break;
        case isa::DistShape::Ds:
        case isa::DistShape::Dintlv:
            for (uint32_t i = 0; i < kVL / s; ++i)
                std::memcpy(r.data() + i * s, in + 2 * i * s, s);
            break;
        case isa::DistShape::Unpack: {
            // Little-endian: the memory element in the low bytes of the wide lane, zeros above (r is zero).
            const uint32_t wide = s * info.factor;
            for (uint32_t i = 0; i < kVL / wide; ++i)
                std::memcpy(r.data() + i * wide, in + i * s, s);
            break;
        }
        default:
            PTOSIM_CHECK(false, "vlds", "no load rule for the distribution",
                         {"dist", std::string(info.spelling)});
    }
    dst = r;
}

void load2(VReg& lo, VReg& hi, const void* ub, isa::MDist d) {
    const isa::DistInfo& info = checked_dist(MOp::vldsx2, d, ub, isa::dist_info(d).size);
    const uint32_t s = info.size;
    const auto* in = static_cast<const std::byte*>(ub);
    VReg a, b;
    for (uint32_t i = 0; i < kVL / s; ++i) {
        std::memcpy(a.data() + i * s, in + 2 * i * s, s);
        std::memcpy(b.data() + i * s, in + (2 * i + 1) * s, s);
    }
    lo = a;
    hi = b;
}

Extent store_extent(const Preg& p, isa::MDist d, uint32_t elem_size) {
    const isa::DistInfo& info = isa::dist_info(d);
    const uint32_t s = isa::dist_elem_size(info, elem_size);
    if (info.shape == isa::DistShape::OnePoint)
        return {0, s};
    // Lane i's memory element: its size and where it goes.
    uint32_t out = s, stride = s;
    if (info.shape == isa::DistShape::Pack)
        out = stride = s / info.factor;
    else if (info.shape == isa::DistShape::Intlv2)
        out = 2 * s, stride = 2 * s;
    Extent e{kVL * 2, 0};
    for (uint32_t i = 0; i < kVL / s; ++i)
        if (p.active(i, s)) {
            e.first = std::min(e.first, i * stride);
            e.end = i * stride + out;
        }
    return e.end == 0 ? Extent{} : e;
}

void store(void* ub, const VReg& src, const Preg& p, isa::MDist d, uint32_t elem_size) {
    const isa::DistInfo& info = checked_dist(MOp::vsts, d, ub, elem_size);
    const uint32_t s = isa::dist_elem_size(info, elem_size);
    auto* out = static_cast<std::byte*>(ub);
    switch (info.shape) {
        case isa::DistShape::Norm:
            store(ub, src, p, s);
            break;
        case isa::DistShape::OnePoint:
            std::memcpy(out, src.data(), s);
            break;
        case isa::DistShape::Pack: {
            const uint32_t narrow = s / info.factor;  // little-endian: the low bytes come first
            for (uint32_t i = 0; i < kVL / s; ++i)
                if (p.active(i, s))
                    std::memcpy(out + i * narrow, src.data() + i * s, narrow);
            break;
        }
        default:
            PTOSIM_CHECK(false, "vsts", "no store rule for the distribution",
                         {"dist", std::string(info.spelling)});
    }
}

void store2(void* ub, const VReg& lo, const VReg& hi, const Preg& p, isa::MDist d) {
    const isa::DistInfo& info = checked_dist(MOp::vstsx2, d, ub, isa::dist_info(d).size);
    const uint32_t s = info.size;
    auto* out = static_cast<std::byte*>(ub);
    for (uint32_t i = 0; i < kVL / s; ++i)
        if (p.active(i, s)) {
            std::memcpy(out + 2 * i * s, lo.data() + i * s, s);
            std::memcpy(out + (2 * i + 1) * s, hi.data() + i * s, s);
        }
}

Preg first_n(uint32_t n, uint32_t elem_size) {
    PTOSIM_CHECK(elem_size == 1 || elem_size == 2 || elem_size == 4 || elem_size == 8, "plt",
                 "predicate granularity must be 1, 2, 4 or 8 bytes", {"size", elem_size});
    return Preg::first(n, elem_size);
}

Preg first_n_update(uint32_t& n, uint32_t elem_size) {
    const Preg p = first_n(n, elem_size);
    n -= std::min(n, kVL / elem_size);
    return p;
}

Preg pred_logic(MOp op, const Preg& a, const Preg& b, const Preg& mask) {
    const isa::MicroInfo& d = isa::micro_info(op);
    PTOSIM_CHECK(d.family == isa::MFamily::PredLogic && op != MOp::psel, name_of(op),
                 "not a predicate logic operation (pand, por, pxor, pnot)");
    Preg r;
    for (std::size_t w = 0; w < r.words().size(); ++w) {
        const uint64_t x = a.words()[w], y = b.words()[w];
        const uint64_t v = op == MOp::pand   ? (x & y)
                           : op == MOp::por  ? (x | y)
                           : op == MOp::pxor ? (x ^ y)
                                             : ~x;
        r.words()[w] = v & mask.words()[w];
    }
    return r;
}

Preg pred_select(const Preg& a, const Preg& b, const Preg& sel) {
    Preg r;
    for (std::size_t w = 0; w < r.words().size(); ++w)
        r.words()[w] = (a.words()[w] & sel.words()[w]) | (b.words()[w] & ~sel.words()[w]);
    return r;
}

Preg pattern(Pattern pat, uint32_t elem_size) {
    PTOSIM_CHECK(elem_size == 1 || elem_size == 2 || elem_size == 4 || elem_size == 8, "pset",
                 "predicate granularity must be 1, 2, 4 or 8 bytes", {"size", elem_size});
    const uint32_t lanes = kVL / elem_size;
    switch (pat) {
        case Pattern::ALL:
            return Preg::all(elem_size);
        case Pattern::ALLF:
            return Preg{};
        case Pattern::H:
            return Preg::first(lanes / 2, elem_size);
        case Pattern::Q:
            return Preg::first(lanes / 4, elem_size);
        case Pattern::VL1:
            return Preg::first(1, elem_size);
        case Pattern::VL2:
            return Preg::first(2, elem_size);
        case Pattern::VL3:
            return Preg::first(3, elem_size);
        case Pattern::VL4:
            return Preg::first(4, elem_size);
        case Pattern::VL8:
            return Preg::first(8, elem_size);
        case Pattern::VL16:
            return Preg::first(16, elem_size);
        case Pattern::VL32:
            return Preg::first(32, elem_size);
        case Pattern::VL64:
            return Preg::first(64, elem_size);
        case Pattern::VL128:
            return Preg::first(128, elem_size);
        case Pattern::M3:
        case Pattern::M4: {
            // Every third (fourth) element, from element 0.
            const uint32_t step = pat == Pattern::M3 ? 3 : 4;
            Preg p;
            for (uint32_t j = 0; j < lanes; j += step)
                p.set_element(j, elem_size);
            return p;
        }
    }
    return Preg{};
}

}  // namespace ptosim::micro
