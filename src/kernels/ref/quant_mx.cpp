// Reference TQUANT, MX forms: per block of 32 values, the maximum, the shared exponent and the factor, then
// each value times the factor encoded as FP8 E4M3 or FP4 E2M1; the exponents also in ZZ order when asked.
#include <cstdint>
#include <cstring>

#include "ptosim/core/float16.hpp"
#include "ptosim/ops/quant.hpp"

namespace ptosim::ref {

namespace {

float load(const TileView& t, int32_t r, int32_t c) {
    const std::byte* p = t.at(r, c);
    switch (t.dtype) {
        case DType::F16: {
            float16 h;
            std::memcpy(&h, p, sizeof h);
            return static_cast<float>(h);
        }
        case DType::BF16: {
            bfloat16 b;
            std::memcpy(&b, p, sizeof b);
            return static_cast<float>(b);
        }
        default: {
            float f;
            std::memcpy(&f, p, sizeof f);
            return f;
        }
    }
}

// Writes code into dst's element (r, c): a byte for FP8, a nibble of the pair's byte for FP4.
void store(const TileView& dst, int32_t r, int32_t c, uint8_t code) {
    if (dst.dtype == DType::E2M1X2) {
        const std::size_t i = dst.layout.offset(r, c);
        auto& byte = reinterpret_cast<uint8_t*>(dst.data)[i / 2];
        const unsigned shift = (i % 2) * 4;
        byte = static_cast<uint8_t>((byte & ~(0xFu << shift)) | ((code & 0xFu) << shift));
    } else {
        *reinterpret_cast<uint8_t*>(dst.at(r, c)) = code;
    }
}

void store_flat_float(const TileView& t, std::size_t k, float v) {
    std::memcpy(t.data + k * sizeof(float), &v, sizeof v);
}

}  // namespace

void tquant_mx(const ops::MxQuant& q, const TileView& dst, const TileView& src, const TileView& exp,
               const TileView& max, const TileView& scaling, const TileView* exp_zz) {
    // i runs along the blocks' lines (rows for ND, columns for DN), g over the blocks of a line.
    const int32_t lines = q.along_rows ? src.valid_rows : src.valid_cols;
    const int32_t blocks = (q.along_rows ? src.valid_cols : src.valid_rows) / mx::kBlock;
    const auto element = [&](int32_t i, int32_t g, int32_t k, int32_t& r, int32_t& c) {
        r = q.along_rows ? i : g * mx::kBlock + k;
        c = q.along_rows ? g * mx::kBlock + k : i;
    };
    auto* exp_bytes = reinterpret_cast<uint8_t*>(exp.data);
    for (int32_t i = 0; i < lines; ++i) {
        for (int32_t g = 0; g < blocks; ++g) {
            int32_t r = 0, c = 0;
            mx::BlockMax block(q.element, q.alg);
            for (int32_t k = 0; k < mx::kBlock; ++k) {
                element(i, g, k, r, c);
                block.add(load(src, r, c));
            }
            const float m = block.value();
            const uint8_t e = mx::shared_exponent(q.element, q.alg, m);
            const float f = mx::scaling(q.alg, m, e);
            const std::size_t flat = q.along_rows ? static_cast<std::size_t>(i) * blocks + g
                                                  : static_cast<std::size_t>(g) * lines + i;
            store_flat_float(max, flat, m);
            store_flat_float(scaling, flat, f);
            if (exp_zz != nullptr)
                exp_bytes[flat] = e;
            else if (q.along_rows)
                *reinterpret_cast<uint8_t*>(exp.at(i, g)) = e;
            else
                *reinterpret_cast<uint8_t*>(exp.at(g, i)) = e;
            for (int32_t k = 0; k < mx::kBlock; ++k) {
                element(i, g, k, r, c);
                store(dst, r, c, mx::encode(q.element, load(src, r, c), f));
            }
        }
    }
    if (exp_zz == nullptr)
        return;
    // ZZ order: 16-row x 2-block groups, row-major over the groups, each group row-major inside.
    auto* zz = reinterpret_cast<uint8_t*>(exp_zz->data);
    std::size_t out = 0;
    for (int32_t rb = 0; rb < lines / 16; ++rb)
        for (int32_t gb = 0; gb < blocks / 2; ++gb)
            for (int32_t ir = 0; ir < 16; ++ir)
                for (int32_t ig = 0; ig < 2; ++ig)
                    zz[out++] = exp_bytes[static_cast<std::size_t>(rb * 16 + ir) * blocks + gb * 2 + ig];
}

}  // namespace ptosim::ref
