#include "blas_yardstick.hpp"

#if defined(PTOSIM_HAVE_OPENBLAS)
#include <cblas.h>

#include <memory>
#include <random>
#include <vector>
#endif

namespace ptosim::bench {

#if defined(PTOSIM_HAVE_OPENBLAS)
std::function<void()> sgemm_runner(int32_t m, int32_t k, int32_t n) {
    // TMATMUL runs on one thread: so does the yardstick.
    openblas_set_num_threads(1);
    struct Operands {
        std::vector<float> a, b, c;
    };
    auto s = std::make_shared<Operands>();
    std::mt19937 g(7);
    std::uniform_real_distribution<float> dist(-1, 1);
    s->a.resize(static_cast<std::size_t>(m) * k);
    s->b.resize(static_cast<std::size_t>(k) * n);
    s->c.resize(static_cast<std::size_t>(m) * n);
    for (auto* v : {&s->a, &s->b})
        for (float& x : *v)
            x = dist(g);
    return [s, m, k, n] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, s->a.data(), k, s->b.data(), n,
                    0.0f, s->c.data(), n);
    };
}
#else
std::function<void()> sgemm_runner(int32_t, int32_t, int32_t) {
    return {};
}
#endif

}  // namespace ptosim::bench
