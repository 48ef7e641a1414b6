// The radix-sort example kernels (examples/radix_sort) against std::sort: uint16_t and uint32_t keys, sizes
// that hit every path of the kernels (tiny ranges, ranges that fit one UB tile, ranges streamed through it,
// several blocks), and distributions that stress them (random, all equal, sorted, reverse, few distinct
// values, keys whose bytes are constant at one or more levels, heavy skew).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ptosim/kernels/backend.hpp"
#include "radix_sort/radix_sort.hpp"

namespace {

enum class Dist {
    Random,
    AllEqual,
    Sorted,
    Reverse,
    FewDistinct,
    TopByteOnly,     // only the top byte varies
    LowByteOnly,     // only the lowest byte varies (every higher level sees one bucket)
    ConstantTop,     // the top byte is constant, the rest random
    ConstantMiddle,  // the two middle bytes are constant
    Skewed,          // 90 % one value
    Extremes,        // 0 and the largest key
    DenseRange,      // consecutive small integers, each repeated
};

const char* dist_name(Dist d) {
    constexpr const char* names[] = {"Random",         "AllEqual",    "Sorted",      "Reverse",
                                     "FewDistinct",    "TopByteOnly", "LowByteOnly", "ConstantTop",
                                     "ConstantMiddle", "Skewed",      "Extremes",    "DenseRange"};
    return names[static_cast<int>(d)];
}

template <typename T>
std::vector<T> make_keys(Dist d, int64_t n, std::mt19937_64& rng) {
    constexpr int top = 8 * sizeof(T) - 8;
    const T max = static_cast<T>(~T{0});
    std::vector<T> k(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        const auto r = static_cast<T>(rng());
        T v = r;
        switch (d) {
            case Dist::Random:
                break;
            case Dist::AllEqual:
                v = static_cast<T>(0x5A5A5A5Au);
                break;
            case Dist::Sorted:
            case Dist::Reverse:
                v = static_cast<T>(static_cast<uint64_t>(i) * max / std::max<int64_t>(n, 1));
                break;
            case Dist::FewDistinct:
                v = static_cast<T>((rng() % 5) * (max / 5));
                break;
            case Dist::TopByteOnly:
                v = static_cast<T>((r >> top) << top);
                break;
            case Dist::LowByteOnly:
                v = static_cast<T>((static_cast<T>(0x3C3C3C00u) & max) | (r & 0xFF));
                break;
            case Dist::ConstantTop:
                v = static_cast<T>((T{0x7E} << top) | (r & (max >> 8)));
                break;
            case Dist::ConstantMiddle:
                v = sizeof(T) == 4 ? static_cast<T>((r & 0xFF0000FFu) | 0x00ABCD00u) : static_cast<T>(r);
                break;
            case Dist::Skewed:
                v = rng() % 10 == 0 ? r : static_cast<T>(0x12345678u);
                break;
            case Dist::Extremes:
                v = rng() % 2 ? max : T{0};
                break;
            case Dist::DenseRange:
                v = static_cast<T>(i / 3);
                break;
        }
        k[static_cast<size_t>(i)] = v;
    }
    if (d == Dist::Reverse)
        std::reverse(k.begin(), k.end());
    return k;
}

template <typename T>
void check_sort(const std::vector<T>& keys, uint32_t blocks) {
    const auto n = static_cast<int64_t>(keys.size());
    radix::DeviceBuffers<T> dev(n, blocks);
    const size_t bytes = keys.size() * sizeof(T);
    if (n > 0)
        aclrtMemcpy(dev.keys, bytes, keys.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    radix::Sort(dev, n);
    std::vector<T> got(keys.size()), want = keys;
    if (n > 0)
        aclrtMemcpy(got.data(), bytes, dev.out, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    std::sort(want.begin(), want.end());
    const auto bad = std::mismatch(got.begin(), got.end(), want.begin());
    ASSERT_TRUE(bad.first == got.end()) << "first mismatch at " << (bad.first - got.begin()) << ": got "
                                        << +*bad.first << ", want " << +*bad.second;
    // The input is left as it was.
    std::vector<T> input(keys.size());
    if (n > 0)
        aclrtMemcpy(input.data(), bytes, dev.keys, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    EXPECT_TRUE(input == keys) << "the input array was modified";
}

constexpr Dist kDists[] = {Dist::Random,         Dist::AllEqual,    Dist::Sorted,      Dist::Reverse,
                           Dist::FewDistinct,    Dist::TopByteOnly, Dist::LowByteOnly, Dist::ConstantTop,
                           Dist::ConstantMiddle, Dist::Skewed,      Dist::Extremes,    Dist::DenseRange};

template <typename T>
void sweep(const std::vector<int64_t>& sizes, const std::vector<uint32_t>& blocks) {
    std::mt19937_64 rng(sizeof(T));
    for (Dist d : kDists) {
        for (int64_t n : sizes) {
            for (uint32_t b : blocks) {
                SCOPED_TRACE(std::string(dist_name(d)) + ", n=" + std::to_string(n) +
                             ", blocks=" + std::to_string(b));
                check_sort(make_keys<T>(d, n, rng), b);
                if (::testing::Test::HasFatalFailure())
                    return;
            }
        }
    }
}

// Sizes: empty, one key, below and above the small-sort limit, one UB tile exactly and one key more, several
// tiles (top-level buckets streamed through the UB when the keys share their top byte).
const std::vector<int64_t> kSizes = {0,     1, 2, 63, 64, 65, 1000, 4097, radix::kChunk, radix::kChunk + 1,
                                     100000};

TEST(RadixSortExample, U16AllDistributions) {
    sweep<uint16_t>(kSizes, {1, 3});
}

TEST(RadixSortExample, U32AllDistributions) {
    sweep<uint32_t>(kSizes, {1, 3});
}

TEST(RadixSortExample, LargerInputsOnTwoBlocks) {
    sweep<uint16_t>({300000}, {2});
    sweep<uint32_t>({300000}, {2});
}

TEST(RadixSortExample, U32MillionKeys) {
    // Buckets below the top byte hold about 16 keys each here: the per-bucket rank sorts, not the
    // transposition rounds, finish them.
    sweep<uint32_t>({1 << 20}, {1});
}

TEST(RadixSortExample, ReferenceKernels) {
    // The same kernels through the scalar reference kernels of every instruction.
    ptosim::ScopedBackend ref(ptosim::Backend::Ref);
    std::mt19937_64 rng(7);
    for (Dist d : {Dist::Random, Dist::FewDistinct, Dist::ConstantMiddle}) {
        SCOPED_TRACE(dist_name(d));
        check_sort(make_keys<uint16_t>(d, 20000, rng), 2);
        check_sort(make_keys<uint32_t>(d, 20000, rng), 2);
    }
}

TEST(RadixSortExample, MoreBlocksThanBuckets) {
    std::mt19937_64 rng(9);
    check_sort(make_keys<uint32_t>(Dist::FewDistinct, 5000, rng), 8);
    check_sort(make_keys<uint16_t>(Dist::AllEqual, 5000, rng), 8);
}

}  // namespace
