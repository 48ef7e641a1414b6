// pto::Shape / Stride / GlobalTensor: class template argument deduction, element access by the five indices,
// atomic accumulate, and the 2-D helpers (TileShape2D / BaseShape2D) for ND, DN and NZ.
#include <gtest/gtest.h>

#include <thread>
#include <type_traits>
#include <vector>

#include <pto/pto-inst.hpp>

namespace {

using namespace pto;

TEST(Shape, DeductionFromFiveValuesMakesEveryExtentDynamic) {
    const int rows = 3, cols = 40;
    auto shape = pto::Shape(1, 1, 1, rows, cols);
    auto stride = pto::Stride(rows * cols, rows * cols, rows * cols, cols, 1);
    static_assert(std::is_same_v<decltype(shape), Shape<-1, -1, -1, -1, -1>>);
    static_assert(std::is_same_v<decltype(stride), Stride<-1, -1, -1, -1, -1>>);
    EXPECT_EQ(shape[3], 3);
    EXPECT_EQ(shape[4], 40);
    EXPECT_EQ(stride[3], 40);
    std::vector<float> buf(rows * cols);
    GlobalTensor<float, decltype(shape), decltype(stride)> g(buf.data(), shape, stride);
    EXPECT_EQ(g.GetShape(4), 40);
    EXPECT_EQ(g.GetStride(3), 40);
}

TEST(GlobalTensor, ElementAccessByIndices) {
    std::vector<int32_t> buf(2 * 3 * 4, 0);
    using G = GlobalTensor<int32_t, Shape<1, 1, 2, 3, 4>, Stride<24, 24, 12, 4, 1>>;
    G g(buf.data());
    g.SetElement(0, 0, 1, 2, 3, 7);
    EXPECT_EQ(buf[12 + 8 + 3], 7);
    EXPECT_EQ(g.GetElement(0, 0, 1, 2, 3), 7);
    EXPECT_EQ(g.GetElement(std::size_t{23}), 7);
    g.AddToElement(0, 0, 1, 2, 3, 5);
    g.AddToElement(std::size_t{0}, 1);
    EXPECT_EQ(buf[23], 12);
    EXPECT_EQ(buf[0], 1);
    std::thread t([&] {
        for (int i = 0; i < 1000; ++i)
            g.AddToElement(std::size_t{1}, 1);
    });
    for (int i = 0; i < 1000; ++i)
        g.AddToElement(std::size_t{1}, 2);
    t.join();
    EXPECT_EQ(buf[1], 3000);
    EXPECT_EQ(G::defaultShape[0], 1);
    EXPECT_EQ(G::defaultStride[4], 1);
    static_assert(std::is_same_v<remove_gm_t<float>, float>);
}

TEST(Shape2D, NdDnAndNz) {
    using ND = TileShape2D<float, 4, 64>;
    static_assert(ND::staticShape[3] == 4 && ND::staticShape[4] == 64);
    static_assert(BaseShape2D<float, 4, 64>::staticStride[3] == 64);
    static_assert(BaseShape2D<float, 4, 64, Layout::DN>::staticStride[4] == 4);
    // NZ: C0 = 32 bytes of elements per column block, 16-row fractals.
    using NZ = TileShape2D<half, 32, 64, Layout::NZ>;
    static_assert(NZ::staticShape[0] == 1 && NZ::staticShape[1] == 4 && NZ::staticShape[2] == 2);
    static_assert(NZ::staticShape[3] == 16 && NZ::staticShape[4] == 16);
    using NZS = BaseShape2D<half, 32, 64, Layout::NZ>;
    static_assert(NZS::staticStride[1] == 32 * 16 && NZS::staticStride[2] == 256 &&
                  NZS::staticStride[3] == 16);
    TileShape2D<half, -1, -1, Layout::NZ> dyn(48, 32);
    EXPECT_EQ(dyn[1], 2);
    EXPECT_EQ(dyn[2], 3);
    BaseShape2D<half, -1, -1, Layout::NZ> dyn_stride(48, 32);
    EXPECT_EQ(dyn_stride[1], 48 * 16);
}

TEST(Shape, RunTimeExtentsUnderPtoIsaNames) {
    // Generated kernels write a dynamic extent into the shape in place (`gs.shape[3] = valid`) before
    // building the GlobalTensor; strides likewise through `stride[dim]`.
    Shape<1, 1, 1, DYNAMIC, 64> gs;
    EXPECT_EQ(gs.shape[3], 1);
    gs.shape[3] = 11;
    Stride<1, 1, 1, DYNAMIC, 1> st;
    st.stride[3] = 64;
    std::vector<float> data(11 * 64);
    GlobalTensor<float, Shape<1, 1, 1, DYNAMIC, 64>, Stride<1, 1, 1, DYNAMIC, 1>> g(data.data(), gs, st);
    EXPECT_EQ(g.GetShape(3), 11);
    EXPECT_EQ(g.GetShape(4), 64);
    EXPECT_EQ(g.GetStride(3), 64);
    EXPECT_EQ(gs[3], 11);
}

}  // namespace
