// One Linx block-header instruction word, decoded into fields (shared encoding.md §2).
//
// decode_insn and encode_insn are exact inverses: every word decode_insn accepts encodes back to itself, and
// every Insn the parser or lower() builds encodes to a word that decodes back to it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ptosim/asm/status.hpp"
#include "ptosim/core/dtype.hpp"

namespace ptosim::linx {

// Tile hands. Sources are T/U/M/N (6-bit code hand*16 + k-1); a destination may also be the stack hand S.
// Field codes 4 (ACC) and 6 are reserved, 7 in the DstTile field means "no destination".
enum class Hand : uint8_t { T = 0, U = 1, M = 2, N = 3, S = 5 };

// B.DATR[28:27] as PadValue, Linx numbering (the C++ pto::PadValue numbers differ: map by name).
enum class LinxPad : uint8_t { Zero = 0, Max = 1, Min = 2, Null = 3 };
// B.DATR[31:29], Linx numbering: GT = 3, LE = 4 (the C++ pto::CmpMode has LE = 3, GT = 4: map by name).
enum class LinxCmp : uint8_t { EQ = 0, NE = 1, LT = 2, GT = 3, LE = 4, GE = 5 };
// B.DATR[17:15].
enum class RMode : uint8_t { Default = 0, RNE = 1, RTZ = 2, RTM = 3, RTP = 4, RNA = 5, RTO = 6, RHB = 7 };
// The RMode of each pto-isa RoundMode (CAST_NONE 0, RINT, ROUND, FLOOR, CEIL, TRUNC, ODD 6), mapped by name:
// the two numberings differ. RHB (hybrid) has no RoundMode.
inline constexpr RMode kRModeOfRoundMode[] = {RMode::Default, RMode::RNE, RMode::RNA, RMode::RTM,
                                              RMode::RTP,     RMode::RTZ, RMode::RTO};

struct TileRef {
    Hand hand = Hand::T;
    uint8_t index = 1;  // relative, 1-based: T#1 is the newest value of the T queue
    bool reuse = false;
    constexpr unsigned code() const { return static_cast<unsigned>(hand) * 16u + index - 1u; }
    bool operator==(const TileRef&) const = default;
};

struct TileDst {
    Hand hand = Hand::T;
    uint8_t size = 1;  // imm4 size class 1..15: 16 B << size (32 B .. 512 KB)
    constexpr uint32_t bytes() const { return 16u << size; }
    bool operator==(const TileDst&) const = default;
};

// The B.DATR fields, raw codes. pad holds the ByteId for THISTOGRAM (the bits are shared).
struct Datr {
    uint8_t cmode = 0;
    uint8_t pad = static_cast<uint8_t>(LinxPad::Null);
    bool sat = false;
    bool canon = false;
    DType type = DType::F64;
    uint8_t rmode = 0;
    uint8_t layout = 0;
    bool operator==(const Datr&) const = default;
};

enum class Kind : uint8_t {
    BStartTepl,    // BSTART.TEPL <op>, <type>
    BStartTma,     // BSTART.TMA <fn name>, <type>   (decoded for the disassembler; not executable here)
    BStartCube,    // BSTART.CUBE <fn name>, <type>
    BStartDirect,  // BSTART DIRECT, <simm25>
    BStartCond,    // BSTART COND, <simm25>
    BStop,         // 32-bit 0x00000001
    CBStop,        // 16-bit 0x0000
    BDatr,
    BDim,    // 32-bit, register + uimm17
    CBDimI,  // 16-bit, uimm8
    CBDim,   // 16-bit, register
    BIot,
    BIor,
};

constexpr bool is_bstart(Kind k) {
    return k <= Kind::BStartCond;
}
constexpr bool is_stop(Kind k) {
    return k == Kind::BStop || k == Kind::CBStop;
}
constexpr bool is_dim(Kind k) {
    return k == Kind::BDim || k == Kind::CBDimI || k == Kind::CBDim;
}

// A decoded header word. Fields a kind does not use stay at their defaults, so == compares meaningfully.
struct Insn {
    Kind kind = Kind::BStop;
    DType type = DType::F64;  // BSTART.TEPL/TMA/CUBE DataType
    uint8_t fn = 0;           // BSTART.TEPL: tile-op id (Mode << 5 | Function); TMA/CUBE: Function
    int32_t simm = 0;         // BSTART DIRECT/COND offset
    Datr datr{};              // B.DATR
    uint8_t lb = 0;           // B.DIM family: loop bound 0..2
    uint8_t reg = 0;          // B.DIM / C.B.DIM register code
    uint32_t imm = 0;         // B.DIM uimm17 / C.B.DIMI uimm8
    uint8_t nsrc = 0;         // B.IOT: 0..2 sources
    std::array<TileRef, 2> src{};
    bool last = false;
    std::optional<TileDst> dst;
    std::array<uint8_t, 3> rs{};  // B.IOR sources
    uint8_t rd = 0;               // B.IOR destination (0 = none)
    bool operator==(const Insn&) const = default;
};

// A 16- or 32-bit instruction word, in program order.
struct Word {
    uint32_t bits = 0;
    uint8_t size = 4;  // bytes: 2 or 4
    bool operator==(const Word&) const = default;
};

Expected<Insn> decode_insn(Word w);
// Precondition: the fields are in range (as decode_insn and the parser produce them).
Word encode_insn(const Insn& insn);

// Names of the BSTART.TMA / BSTART.CUBE functions ("TLOAD", "TMATMUL.BIAS", ...); "" for an unassigned one.
std::string_view start_fn_name(Kind k, unsigned fn);
std::optional<uint8_t> find_start_fn(Kind k, std::string_view name);

// Scalar registers (5-bit codes): zero, sp, a0..a7, ra, s0..s8, x0..x3 (0..23), t#1..t#4 (24..27),
// u#1..u#4 (28..31). Parsing is case-insensitive and also accepts r0..r23.
std::string_view reg_name(unsigned code);
std::optional<uint8_t> parse_reg(std::string_view text);

std::string_view pad_name(unsigned code);    // "Zero", "Max", "Min", "Null"
std::string_view cmp_name(unsigned code);    // "EQ", ..., "GE"; "" for 6, 7
std::string_view rmode_name(unsigned code);  // "", "RNE", ..., "RHB" (0 prints as nothing)
std::string_view hand_name(Hand h);          // "T", "U", "M", "N", "S"
std::optional<uint8_t> parse_pad(std::string_view text);
std::optional<uint8_t> parse_cmp(std::string_view text);
std::optional<uint8_t> parse_rmode(std::string_view text);
// "32B", "1KB", ..., "512KB" for a size class 1..15.
std::string size_name(unsigned size_class);

// ASCII case-insensitive comparison, used for every keyword.
bool iequals(std::string_view a, std::string_view b);

}  // namespace ptosim::linx
