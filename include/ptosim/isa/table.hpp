// The instruction descriptors: one row per instruction (include/ptosim/isa/ops.def), read by every layer.
//
// A row gives the mnemonic, its Linx tile-op id (when LinxISA assigns one), its family, the operand schema
// (source, destination and tmp tiles, scalar registers, B.DATR fields), the element types each architecture
// profile accepts, how the ISA model views its operands, its pipe, and (in the kernel core) the kernel that
// runs it. The C++ intrinsics' static checks, the kernel core's run-time checks, the assembler's and the ISA
// model's block checks (isa/check.hpp), PTO-AS typing, operand views, kernel dispatch and the docs tables all
// read these rows; none of them restates a rule.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "ptosim/core/arch.hpp"
#include "ptosim/core/convert.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/isa/pipe.hpp"

namespace ptosim::isa {

// Operation families: the shape of an instruction's operands and the kernel walker that runs it.
enum class Family : uint8_t {
    Binary,      // tile-tile elementwise, two sources
    Unary,       // one source
    Ternary,     // three sources (TADDC/TSUBC)
    Select,      // mask-driven selection
    Compare,     // packed predicate result
    Convert,     // element-type conversion
    TileScalar,  // one scalar in B.IOR
    RowReduce,
    RowExpand,
    ColReduce,
    ColExpand,
    Complex,     // THISTOGRAM
    Layout,      // TINTERLEAVE / TDEINTERLEAVE
    Context,     // ESAVE / ERCOV
    Memory,      // TLOAD / TSTORE / MSCATTER: global memory <-> tiles
    Partial,     // TPARTADD ...: a binary functor where both sources are valid, the larger source elsewhere
    PairReduce,  // TPAIRREDUCESUM: sums of adjacent column pairs
};

// The pipe an instruction runs on (isa/pipe.hpp): S scalar, V vector, M cube, MTE1 L1 -> L0A/L0B, MTE2 global
// -> L1/UB, MTE3 UB -> global, FIX L0C out.

// B.DATR fields an operation gives meaning to. A field an op does not use must hold its default.
enum Attr : uint16_t {
    kPad = 1 << 0,      // [28:27] PadValue
    kByteId = 1 << 1,   // [28:27] ByteId (THISTOGRAM; shares the bits with PadValue)
    kDstType = 1 << 2,  // [24:20] DataType differs from the BSTART type
    kCMode = 1 << 3,    // [31:29] compare mode
    kRMode = 1 << 4,    // [17:15] rounding mode
    kSat = 1 << 5,      // [26] saturation
    kCanon = 1 << 6,    // [25] canonicalize
};

// A set of element types (bit i = DType code i).
class DTypeSet {
  public:
    constexpr DTypeSet() = default;
    constexpr DTypeSet(std::initializer_list<DType> types) {
        for (DType t : types)
            bits_ |= uint32_t{1} << static_cast<unsigned>(t);
    }
    constexpr bool contains(DType t) const { return (bits_ >> static_cast<unsigned>(t)) & 1u; }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr DTypeSet operator|(DTypeSet other) const { return from_bits(bits_ | other.bits_); }
    constexpr bool operator==(const DTypeSet&) const = default;
    constexpr uint32_t bits() const { return bits_; }
    static constexpr DTypeSet from_bits(uint32_t b) {
        DTypeSet s;
        s.bits_ = b;
        return s;
    }

  private:
    uint32_t bits_ = 0;
};

// The element-type sets the rows are written with.
inline constexpr DTypeSet kI8 = {DType::S8, DType::U8};
inline constexpr DTypeSet kI16 = {DType::S16, DType::U16};
inline constexpr DTypeSet kI32 = {DType::S32, DType::U32};
inline constexpr DTypeSet kI64 = {DType::S64, DType::U64};
inline constexpr DTypeSet kInt8To32 = kI8 | kI16 | kI32;
inline constexpr DTypeSet kInts = kInt8To32 | kI64;
inline constexpr DTypeSet kF16F32 = {DType::F16, DType::F32};
inline constexpr DTypeSet kFloats = {DType::F16, DType::BF16, DType::F32};
inline constexpr DTypeSet kBF16 = {DType::BF16};
inline constexpr DTypeSet kA2Arith = {DType::S32, DType::S16, DType::F16, DType::F32};
inline constexpr DTypeSet kArith = kInts | kFloats;              // A5's eleven numeric types
inline constexpr DTypeSet kMaskWords = {DType::U8, DType::U32};  // packed predicate masks (TCMP, TSEL)
// Reductions and expansions (pto-isa's device checks: a5/TRowReduce.hpp, a5/TColReduceOps.hpp, ...).
inline constexpr DTypeSet kA2Reduce = {DType::F16, DType::F32, DType::S16, DType::S32};
inline constexpr DTypeSet kRowSum = kA2Reduce | kI64;
inline constexpr DTypeSet kRowMaxMin = kA2Reduce | kI8 | kI64;
inline constexpr DTypeSet kColProd = kFloats | kI16 | kI32;
inline constexpr DTypeSet kExpandOp = kInt8To32 | kFloats;
inline constexpr DTypeSet kIndex = {DType::S32, DType::U32};  // arg reductions' index destinations
inline constexpr DTypeSet kPartArgIndex = kI16 | kI32;        // TPARTARGMAX's indices (16-bit: half values)
inline constexpr DTypeSet kColArgA2 = {DType::F16, DType::F32, DType::U16, DType::U32};
// Every DataType code the encoding defines: the rows whose kernels do not exist yet, and the memory moves.
inline constexpr DTypeSet kAnyDType = DTypeSet::from_bits(0x1F1F7FFFu);

// Element types per architecture profile. An empty set: the instruction is not available on that profile. The
// CPU profile (pto-isa's CPU simulation) accepts what any device profile accepts plus `cpu_extra` of the row.
struct Types {
    DTypeSet a5, a2a3, kirin;
    constexpr Types() = default;
    constexpr Types(DTypeSet all) : a5(all), a2a3(all), kirin(all) {}  // NOLINT(implicit)
    constexpr Types(DTypeSet a5_, DTypeSet a2a3_) : a5(a5_), a2a3(a2a3_), kirin(a5_) {}
    constexpr Types(DTypeSet a5_, DTypeSet a2a3_, DTypeSet kirin_) : a5(a5_), a2a3(a2a3_), kirin(kirin_) {}
    constexpr DTypeSet any() const { return a5 | a2a3 | kirin; }
    // The profile's set; the CPU profile (pto-isa's CPU simulation) takes every device profile's.
    constexpr DTypeSet for_arch(Arch a) const {
        switch (a) {
            case Arch::A2A3:
                return a2a3;
            case Arch::KIRIN9030:
                return kirin;
            case Arch::CPU:
                return any();
            case Arch::A5:
            default:
                return a5;
        }
    }
};

// Operand sets of particular instructions: THISTOGRAM's filter bytes, MSCATTER's indices and the element
// types of its atomic writes (A5: SIMT atomics; A2A3: no Max/Min; KIRIN9030 undocumented, as A5).
inline constexpr DTypeSet kHistogramFilter = {DType::U8};
inline constexpr DTypeSet kScatterIndex = {DType::S32, DType::U32};
inline constexpr Types kScatterAdd = {
    {DType::S32, DType::U32, DType::F32, DType::F16, DType::BF16},
    {DType::S8, DType::S16, DType::S32, DType::F16, DType::BF16, DType::F32}};
inline constexpr Types kScatterMinMax = {{DType::S32, DType::U32, DType::F32}, {}};

// Conversions (TCVT): the destination types of each source type, per profile (pto-isa's device TCVT: a5,
// a2a3, kirin9030 castData overloads). The CPU profile converts between every pair of kConvertible types, as
// pto-isa's CPU simulation does.
inline constexpr DTypeSet kConvertible = [] {  // the element types convert::convert_bits takes
    uint32_t bits = 0;
    for (unsigned code = 0; code < 32; ++code)
        bits |= convert::convertible(static_cast<DType>(code)) ? uint32_t{1} << code : 0u;
    return DTypeSet::from_bits(bits);
}();
struct ConvertPair {
    DType src;
    DTypeSet dsts;
};
struct ConvertPairs {
    std::array<DTypeSet, 32> a5{}, a2a3{}, kirin{};

    constexpr ConvertPairs(std::initializer_list<ConvertPair> a5_, std::initializer_list<ConvertPair> a2a3_,
                           std::initializer_list<ConvertPair> kirin_) {
        for (const ConvertPair& p : a5_)
            a5[static_cast<unsigned>(p.src)] = p.dsts;
        for (const ConvertPair& p : a2a3_)
            a2a3[static_cast<unsigned>(p.src)] = p.dsts;
        for (const ConvertPair& p : kirin_)
            kirin[static_cast<unsigned>(p.src)] = p.dsts;
    }
    // The destinations of src on the profile (CPU: every convertible type).
    constexpr DTypeSet dsts(Arch a, DType src) const {
        const unsigned i = static_cast<unsigned>(src);
        switch (a) {
            case Arch::A2A3:
                return a2a3[i];
            case Arch::KIRIN9030:
                return kirin[i];
            case Arch::CPU:
                return kConvertible.contains(src) ? kConvertible : DTypeSet{};
            case Arch::A5:
            default:
                return a5[i];
        }
    }
    constexpr bool allows(Arch a, DType src, DType dst) const { return dsts(a, src).contains(dst); }
    // The source and destination types of each device profile.
    static constexpr DTypeSet sources(const std::array<DTypeSet, 32>& t) {
        uint32_t bits = 0;
        for (unsigned i = 0; i < 32; ++i)
            bits |= t[i].empty() ? 0u : uint32_t{1} << i;
        return DTypeSet::from_bits(bits);
    }
    static constexpr DTypeSet destinations(const std::array<DTypeSet, 32>& t) {
        uint32_t bits = 0;
        for (unsigned i = 0; i < 32; ++i)
            bits |= t[i].bits();
        return DTypeSet::from_bits(bits);
    }
    constexpr Types source_types() const { return {sources(a5), sources(a2a3), sources(kirin)}; }
    constexpr Types dst_types() const { return {destinations(a5), destinations(a2a3), destinations(kirin)}; }
};
inline constexpr ConvertPairs kConvertPairs = {
    // A5
    {{DType::F32,
      {DType::F32, DType::F16, DType::BF16, DType::S16, DType::S32, DType::S64, DType::E4M3, DType::E5M2,
       DType::HIF8}},
     {DType::F16, {DType::F32, DType::S32, DType::S16, DType::S8, DType::U8, DType::HIF8}},
     {DType::BF16, {DType::F32, DType::S32, DType::F16, DType::E1M2X2, DType::E2M1X2}},
     {DType::E1M2X2, {DType::BF16}},
     {DType::E2M1X2, {DType::BF16}},
     {DType::U8, {DType::F16, DType::U16}},
     {DType::S8, {DType::F16, DType::S16, DType::S32}},
     {DType::S16, {DType::U8, DType::F16, DType::F32, DType::U32, DType::S32}},
     {DType::S32, {DType::F32, DType::S16, DType::U16, DType::S64, DType::U8}},
     {DType::U32, {DType::U8, DType::U16, DType::S16}},
     {DType::S64, {DType::F32, DType::S32}},
     {DType::E4M3, {DType::F32}},
     {DType::E5M2, {DType::F32}},
     {DType::HIF8, {DType::F32}}},
    // A2A3
    {{DType::F32, {DType::F16, DType::F32, DType::BF16, DType::S16, DType::S32, DType::S64}},
     {DType::F16, {DType::F32, DType::S32, DType::S16, DType::S8, DType::U8}},
     {DType::BF16, {DType::F32, DType::S32}},
     {DType::S16, {DType::F16, DType::F32}},
     {DType::S32, {DType::F32, DType::S16, DType::S64, DType::F16}},
     {DType::S64, {DType::F32, DType::S32}},
     {DType::U8, {DType::F16}},
     {DType::S8, {DType::F16}}},
    // KIRIN9030
    {{DType::F32, {DType::F32, DType::F16, DType::S16, DType::S32}},
     {DType::F16, {DType::F32, DType::S32, DType::S16, DType::S8, DType::U8}},
     {DType::U8, {DType::F16, DType::U16}},
     {DType::S8, {DType::F16, DType::S16, DType::S32}},
     {DType::S16, {DType::U8, DType::F16, DType::F32, DType::U32, DType::S32}},
     {DType::S32, {DType::F32, DType::S16, DType::U16, DType::U8}},
     {DType::U32, {DType::U8, DType::U16, DType::S16}}}};

// How the ISA model views a block's operands (docs/machine.md). A source is read with the block's loop bounds
// and type (Data), as a column of filter bytes (THISTOGRAM's idx), or as the mask TCMP writes for the block's
// shape (TSEL's mask). A destination has the sources' shape (Same), half their columns (TDEINTERLEAVE's
// one-source form), the shape of a mask (TCMP) or of a histogram (THISTOGRAM). RowVector / ColVector: an
// expansion's vector operand, [valid rows, 1] / [1, columns], and a reduction's result. RowScale: one float
// per row, [valid rows, 1] (TQUANT's and TDEQUANT's scale and offset, float whatever the data's type).
// Index: the data's shape in the block's destination type (B.DATR DstType), and ValueIndex: a first
// destination of the sources' shape and type and a second of that shape in the destination type
// (TPARTARGMAX's value and index tiles). Unspecified marks a row whose views are not defined yet (none
// today): PTO-AS takes its result types as written.
enum class SrcRole : uint8_t { Data, FilterBytes, Mask, RowVector, ColVector, RowScale, Index };
enum class DstRule : uint8_t {
    Same,
    HalfCols,
    Mask,
    Histogram,
    RowVector,
    ColVector,
    ValueIndex,
    Unspecified
};
struct Views {
    std::array<SrcRole, 4> src{};  // one role per source tile (TPARTARGMAX has four)
    DstRule dst = DstRule::Same;
};

enum class Op : uint8_t {
#define PTOSIM_OP(name, kernel, ...) name,
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
};

inline constexpr int16_t kNoId = -1;
constexpr int16_t linx(unsigned mode, unsigned fn) {
    return static_cast<int16_t>(mode << 5 | fn);
}

struct OpInfo {
    Op op;
    std::string_view name;
    int16_t id = kNoId;  // Linx tile-op id (Mode << 5 | Function), or kNoId: C++ and PTO-AS only
    Family family = Family::Binary;
    uint8_t src_min = 0, src_max = 0;  // source tiles (Linx B.IOT sources, in operand order)
    uint8_t dsts = 1;                  // destination tiles
    uint8_t scalars = 0;               // scalar operands (B.IOR registers)
    uint8_t tmps = 0;                  // scratch tiles of the C++ intrinsic (not Linx operands)
    uint16_t attrs = kPad;             // Attr flags
    Types types{};                     // the element type (BSTART type: the first data source's) per profile
    DTypeSet cpu_extra{};              // further element types pto-isa's CPU simulation accepts
    Types dst_types{};                 // destination types when they may differ from the element type
    Views views{};
    Pipe pipe = Pipe::V;
    bool reads_dst = false;     // the destination is also an input (TMULADDDST, TAXPY, ...)
    bool float_scalar = false;  // the scalar is a float whatever the element type (TADDDEQRELU's scale)
    bool cpu_widen = false;     // CPU profile: also a float destination for half/bfloat16, int32 for int16
    // The device code takes column-major tiles too (no isRowMajor assert in pto-isa's a5 / a2a3 headers, and
    // pto-isa's own kernels scale [R, 1] column-major tiles with TMULS): element-wise in memory order.
    bool any_major = false;
    const ConvertPairs* pairs = nullptr;  // conversions: the (source, destination) pairs per profile
    std::string_view since = "0.56";

    constexpr bool has_linx_id() const { return id != kNoId; }
    constexpr unsigned mode() const { return static_cast<unsigned>(id) >> 5; }
    constexpr unsigned function() const { return static_cast<unsigned>(id) & 31u; }
    constexpr bool has(Attr a) const { return (attrs & a) != 0; }
    // An op whose meaning needs B.DATR (DstType, ByteId or CMode): a block without one is an error.
    constexpr bool needs_datr() const { return (attrs & (kDstType | kByteId | kCMode)) != 0; }

    // The element types the profile accepts (empty: not available there).
    constexpr DTypeSet types_for(Arch a) const {
        return a == Arch::CPU ? types.any() | cpu_extra : types.for_arch(a);
    }
    constexpr bool available(Arch a) const { return !types_for(a).empty(); }
    // Destination types when they may differ (THISTOGRAM's counts, TCMP's mask words); empty: as the source.
    constexpr DTypeSet dst_types_for(Arch a) const { return dst_types.for_arch(a); }
    // What the kernel core computes, whatever the profile: every profile's types.
    constexpr DTypeSet kernel_types() const { return types.any() | cpu_extra; }
    constexpr DTypeSet kernel_dst_types() const { return dst_types.any(); }
};

inline constexpr OpInfo kOps[] = {
#define PTOSIM_OP(name_, kernel, ...) {.op = Op::name_, .name = #name_, __VA_ARGS__},
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
};
inline constexpr std::size_t kOpCount = sizeof(kOps) / sizeof(kOps[0]);

namespace detail {
// id -> row index (or -1); built at compile time, which also rejects duplicate ids and rows out of order.
constexpr std::array<int16_t, 128> make_op_index() {
    std::array<int16_t, 128> index{};
    index.fill(-1);
    for (std::size_t i = 0; i < kOpCount; ++i) {
        if (static_cast<std::size_t>(kOps[i].op) != i)
            throw "ops.def: rows out of order";
        if (!kOps[i].has_linx_id())
            continue;
        if (kOps[i].id < 0 || kOps[i].id >= 128 || index[kOps[i].id] != -1)
            throw "ops.def: duplicate or out-of-range tile-op id";
        index[kOps[i].id] = static_cast<int16_t>(i);
    }
    return index;
}
inline constexpr std::array<int16_t, 128> kOpIndex = make_op_index();
}  // namespace detail

// The row of a Linx tile-op id (Mode << 5 | Function), or nullptr for a reserved id.
constexpr const OpInfo* find_op(unsigned id) {
    if (id >= 128 || detail::kOpIndex[id] < 0)
        return nullptr;
    return &kOps[detail::kOpIndex[id]];
}
constexpr const OpInfo& op_info(Op op) {
    return kOps[static_cast<std::size_t>(op)];
}
// The row of a mnemonic, case-insensitive, or nullptr.
constexpr const OpInfo* find_op(std::string_view name) {
    for (const OpInfo& info : kOps) {
        if (info.name.size() != name.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; i < name.size() && same; ++i) {
            char c = name[i];
            if (c >= 'a' && c <= 'z')
                c = static_cast<char>(c - 'a' + 'A');
            same = c == info.name[i];
        }
        if (same)
            return &info;
    }
    return nullptr;
}

std::string_view family_name(Family f);
// "S8 U8 S16 ..." (assembly spellings) or "int8_t, uint8_t, ..." (C++ spellings), in DType code order.
std::string dtype_set_text(DTypeSet s, bool cpp_names = false);

}  // namespace ptosim::isa
