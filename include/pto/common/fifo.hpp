// pto-isa's FIFO vocabulary (pto/common/fifo.hpp): how a cube tile is split between the two vector
// sub-blocks, the directions a TPipe carries, and the FIFO descriptors. TPipe and the instructions TPUSH /
// TPOP / TALLOC / TFREE are in pto/instr/fifo.hpp (docs/fifo.md).
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/qualifiers.hpp"

namespace pto {

// pto-isa's numbering. NO_SPLIT: vector sub-block 0 takes the whole tile; UP_DOWN / LEFT_RIGHT: sub-block 0
// the upper / left half and sub-block 1 the other (the split extent must be even); the _ODD forms split an
// odd extent, sub-block 0 taking the extra row / column (A5's device code).
enum TileSplitAxis : uint8_t {
    TILE_NO_SPLIT = 0,
    TILE_UP_DOWN = 1,
    TILE_LEFT_RIGHT = 2,
    TILE_UP_DOWN_ODD = 3,
    TILE_LEFT_RIGHT_ODD = 4,
};

// C2V: the cube produces and the vector consumes; V2C the reverse; BOTH both (bit mask). V2C_CTRL and the GM
// directions of A5 are pto-isa's names; ptosim runs V2C_CTRL as V2C and the _GM forms as their local forms
// with the pipe's GM buffer, plus the GlobalTensor forms of TALLOC / TPUSH / TPOP / TFREE.
enum Direction : uint8_t {
    UNDEFINED = 0,
    DIR_C2V = 1,
    DIR_V2C = 2,
    DIR_BOTH = DIR_C2V | DIR_V2C,
    DIR_V2C_CTRL = 4,
    DIR_C2V_GM = 5,
    DIR_V2C_GM = 6,
    DIR_BOTH_GM = DIR_C2V_GM | DIR_V2C_GM,
};

// The ring's description: a global-memory slot buffer (or null for a local FIFO) and the consumers' local
// buffer addresses (UB for C2V, L1 for V2C).
template <int SlotSize, int SlotNum, int LocalSlotNum>
struct RingFIFO {
    __gm__ void* GM_SLOT_BUFFER = nullptr;
    uint32_t C2V_CONSUMER_BUF = 0;
    uint32_t V2C_CONSUMER_BUF = 0;
    uint64_t V2C_CONTROL_BUF = 0;
    static constexpr uint32_t SLOT_SIZE = SlotSize;
    static constexpr uint32_t SLOT_NUM = SlotNum;
    static constexpr uint32_t SLOT_SYNCT = SlotNum;
    static constexpr uint32_t LOCAL_SLOT_NUM = LocalSlotNum;

    RingFIFO(__gm__ void* gm, uint32_t c2v, uint32_t v2c)
        : GM_SLOT_BUFFER(gm), C2V_CONSUMER_BUF(c2v), V2C_CONSUMER_BUF(v2c) {}
};

enum class FIFOType : uint8_t { GM_FIFO = 0, VEC_FIFO = 1, MAT_FIFO = 2, CTRL_FIFO = 3 };
enum class VecCubeRatio : uint8_t { V1C1_VEC0 = 0, V1C1_VEC1 = 1, V2C1_VECS = 2 };

// pto-isa's FIFO descriptors (declared for source compatibility; the instructions take a TPipe).
template <typename DataType, FIFOType FifoType, int Depth, int Period, int LocalDepth = 0,
          typename Enable = void>
struct DataFIFO {
    static constexpr int fifoDepth = Depth;
    static constexpr int fifoPeriod = Period;
    static constexpr FIFOType fifoType = FifoType;
    uint32_t fifoBase = 0;
    explicit DataFIFO(uint32_t base) : fifoBase(base) {}
};

template <typename DataType, int Depth, int Period, int LocalDepth>
struct DataFIFO<DataType, FIFOType::GM_FIFO, Depth, Period, LocalDepth, void> {
    static constexpr int fifoDepth = Depth;
    static constexpr int fifoPeriod = Period;
    static constexpr FIFOType fifoType = FIFOType::GM_FIFO;
    static constexpr int localFiFoDepth = LocalDepth;
    static constexpr bool useLocalFiFo = LocalDepth > 0;
    using DType = DataType;
    __gm__ DataType* fifoBase = nullptr;
    uint32_t localFiFoBase = 0;
    DataFIFO(__gm__ DataType* ptr, uint32_t localBase) : fifoBase(ptr), localFiFoBase(localBase) {}
    explicit DataFIFO(__gm__ DataType* ptr) : fifoBase(ptr) {}
    __gm__ DataType* getBasePtr() { return fifoBase; }
};

}  // namespace pto

#include "pto/instr/fifo.hpp"
