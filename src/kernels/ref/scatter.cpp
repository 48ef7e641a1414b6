// Reference MSCATTER, following pto-isa's page: walk the source's valid region in row-major order; for each
// element (Elem) or row (Row) take its index, map an index outside the table as the ScatterOOB policy says,
// and write (or atomically combine) the value into the table.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "ptosim/core/float16.hpp"
#include "ptosim/ops/scatter.hpp"

namespace ptosim::ref {

namespace {

int64_t read_index(const TileView& idx, int32_t r, int32_t c) {
    const std::byte* p = idx.at(r, c);
    if (idx.dtype == DType::S32) {
        int32_t v;
        std::memcpy(&v, p, sizeof v);
        return v;
    }
    uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Integer Add wraps modulo 2^bits; float adds in float; half and bfloat16 add exactly (in double, which holds
// every such sum that matters) and round once, to nearest even. A NaN sum is stored as the canonical quiet
// NaN, so that the result does not depend on which operand's payload a compiler or a unit propagates. Max and
// Min keep the table value unless the source compares greater (less): a NaN source never replaces.
template <typename T>
T combine(T old, T v, ScatterAtomic op) {
    if constexpr (std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>) {
        if (op != ScatterAtomic::Add)
            return v;
        const double sum =
            static_cast<double>(static_cast<float>(old)) + static_cast<double>(static_cast<float>(v));
        return std::isnan(sum) ? std::numeric_limits<T>::quiet_NaN() : T(sum);
    } else if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        switch (op) {
            case ScatterAtomic::Add:
                return static_cast<T>(static_cast<U>(static_cast<U>(old) + static_cast<U>(v)));
            case ScatterAtomic::Max:
                return v > old ? v : old;
            case ScatterAtomic::Min:
                return v < old ? v : old;
            default:
                return v;
        }
    } else {
        switch (op) {
            case ScatterAtomic::Add: {
                const T sum = old + v;
                return std::isnan(sum) ? std::numeric_limits<T>::quiet_NaN() : sum;
            }
            case ScatterAtomic::Max:
                return v > old ? v : old;
            case ScatterAtomic::Min:
                return v < old ? v : old;
            default:
                return v;
        }
    }
}

template <typename T>
void write(std::byte* slot, const std::byte* value, ScatterAtomic op) {
    T v, old;
    std::memcpy(&v, value, sizeof(T));
    if (op != ScatterAtomic::None) {
        std::memcpy(&old, slot, sizeof(T));
        v = combine(old, v, op);
    }
    std::memcpy(slot, &v, sizeof(T));
}

void write_element(DType t, std::byte* slot, const std::byte* value, ScatterAtomic op) {
    visit_dtype(t, [&](auto zero) { write<decltype(zero)>(slot, value, op); });
}

}  // namespace

void mscatter(const GlobalView& table, const TileView& src, const TileView& idx, ScatterPolicy policy) {
    const std::size_t es = src.elem_size();
    if (policy.mode == Coalesce::Elem) {
        int64_t capacity = 1;
        for (int64_t e : table.shape)
            capacity *= e;
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            for (int32_t c = 0; c < src.valid_cols; ++c) {
                const int64_t slot = scatter_remap(read_index(idx, r, c), capacity, policy.oob);
                if (slot >= 0)
                    write_element(src.dtype, table.data + slot * static_cast<int64_t>(es), src.at(r, c),
                                  policy.atomic);
            }
        }
        return;
    }
    const int64_t rows = table.rows();
    const bool idx_is_row = idx.valid_rows == 1 && idx.valid_cols == src.valid_rows;
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        const int64_t index = idx_is_row ? read_index(idx, 0, r) : read_index(idx, r, 0);
        const int64_t row = scatter_remap(index, rows, policy.oob);
        if (row < 0)
            continue;
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            write_element(src.dtype, table.data + table.offset(row, c) * static_cast<int64_t>(es),
                          src.at(r, c), policy.atomic);
        }
    }
}

}  // namespace ptosim::ref
