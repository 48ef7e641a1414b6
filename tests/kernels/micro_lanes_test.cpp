// The micro core's lane kernels (src/kernels/micro): for every lane-wise row of isa/micro.def and every
// element type it takes, the fast kernel gives the reference kernel's bits, on random registers (special
// values included) under random, full and empty predicates, zeroing and merging, with the destination also
// a source.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include "ptosim/core/dtype.hpp"
#include "ptosim/isa/micro.hpp"
#include "ptosim/ops/micro.hpp"

namespace {

using ptosim::DType;
using ptosim::isa::MFamily;
using ptosim::isa::MicroInfo;
using namespace ptosim::micro;

// Random bytes, with a quarter of the lanes taken from values that trip kernels: zeros of both signs,
// infinities, NaN, the largest and smallest magnitudes (of every width: a lane of another width's special
// bits is still a pattern worth having).
VReg random_reg(std::mt19937_64& rng, uint32_t size) {
    static const uint64_t kSpecial[] = {
        0,      0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x7F7FFFFF, 0x8000,      0x7C00,
        0xFC00, 0x7E00,     0x0001,     0x7BFF,     0xFF,       0x80,       0x7F,       ~uint64_t{0}};
    VReg r;
    for (uint32_t i = 0; i < kVL / size; ++i) {
        uint64_t bits = rng();
        if (rng() % 4 == 0)
            bits = kSpecial[rng() % std::size(kSpecial)];
        std::memcpy(r.data() + i * size, &bits, size);
    }
    return r;
}

Preg random_pred(std::mt19937_64& rng, uint32_t size, int kind) {
    if (kind == 0)
        return Preg::all(size);
    if (kind == 1)
        return Preg{};
    Preg p;
    for (uint32_t i = 0; i < kVL / size; ++i)
        p.set_element(i, size, rng() % 3 != 0);
    return p;
}

constexpr DType kLaneTypes[] = {DType::F32, DType::F16, DType::BF16, DType::S64, DType::S32, DType::S16,
                                DType::S8,  DType::U64, DType::U32,  DType::U16, DType::U8};

TEST(MicroLanes, FastKernelsGiveTheReferenceBits) {
    std::mt19937_64 rng(38);
    int checked = 0;
    for (const MicroInfo& info : ptosim::isa::kMicroOps) {
        if (info.family != MFamily::Binary && info.family != MFamily::VecScalar &&
            info.family != MFamily::Unary)
            continue;
        for (DType t : kLaneTypes) {
            if (!info.types.contains(t))
                continue;
            const uint32_t size = static_cast<uint32_t>(ptosim::dtype_size(t));
            SCOPED_TRACE(std::string(info.name) + " " + std::string(ptosim::dtype_cpp_name(t)));
            for (int round = 0; round < 12; ++round) {
                const VReg a = random_reg(rng, size), b = random_reg(rng, size), d0 = random_reg(rng, size);
                const Preg p = random_pred(rng, size, round % 4 == 3 ? 2 : round % 4);
                const bool merging = round % 2 == 1;
                const uint64_t scalar = rng();
                VReg ref = d0, fast = d0, ref_alias = a, fast_alias = a;
                if (info.family == MFamily::Binary) {
                    const auto k = binary_kernel(info.op, t);
                    ASSERT_NE(k.ref, nullptr);
                    const auto f = k.fast ? k.fast : k.ref;
                    k.ref(ref, a, b, p, merging);
                    f(fast, a, b, p, merging);
                    k.ref(ref_alias, ref_alias, b, p, merging);
                    f(fast_alias, fast_alias, b, p, merging);
                } else if (info.family == MFamily::VecScalar) {
                    const auto k = scalar_kernel(info.op, t);
                    ASSERT_NE(k.ref, nullptr);
                    const auto f = k.fast ? k.fast : k.ref;
                    k.ref(ref, a, scalar, p, merging);
                    f(fast, a, scalar, p, merging);
                    k.ref(ref_alias, ref_alias, scalar, p, merging);
                    f(fast_alias, fast_alias, scalar, p, merging);
                } else {
                    const auto k = unary_kernel(info.op, t);
                    ASSERT_NE(k.ref, nullptr);
                    const auto f = k.fast ? k.fast : k.ref;
                    k.ref(ref, a, p, merging);
                    f(fast, a, p, merging);
                    k.ref(ref_alias, ref_alias, p, merging);
                    f(fast_alias, fast_alias, p, merging);
                }
                ASSERT_EQ(ref, fast) << "round " << round;
                ASSERT_EQ(ref_alias, fast_alias) << "round " << round << " (destination = source)";
                if (!merging) {  // merging keeps the destination's inactive lanes, which differ between the
                                 // two
                    ASSERT_EQ(ref, ref_alias)
                        << "round " << round << " (destination = source changes the result)";
                }
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 12 * 60);
}

}  // namespace
