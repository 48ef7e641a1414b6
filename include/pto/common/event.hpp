// Events and pipeline synchronisation. On the CPU every instruction completes before it returns, so events
// order nothing for the results; they exist, with pto-isa's names, so that kernels written for the device
// compile and run unchanged, and they feed the hazard checker (ptosim/sync/hazards.hpp, docs/hazards.md),
// which reports the accesses they leave unordered.
#pragma once

#include <cstdint>
#include <source_location>
#include <type_traits>

#include "pto/common/type.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/intra_block.hpp"

// Pipes and event ids of the device's synchronisation intrinsics.
enum pipe_t : int {
    PIPE_S = 0,
    PIPE_V = 1,
    PIPE_MTE1 = 2,
    PIPE_MTE2 = 3,
    PIPE_MTE3 = 4,
    PIPE_M = 5,
    PIPE_ALL = 6,
    PIPE_FIX = 7,
};

enum event_t : int {
    EVENT_ID0 = 0,
    EVENT_ID1 = 1,
    EVENT_ID2 = 2,
    EVENT_ID3 = 3,
    EVENT_ID4 = 4,
    EVENT_ID5 = 5,
    EVENT_ID6 = 6,
    EVENT_ID7 = 7,
};

#define EVENT_ID_MAX 8

namespace pto::detail {
inline ptosim::hazards::Location here(const std::source_location& loc) {
    return {loc.file_name(), static_cast<uint32_t>(loc.line()), nullptr};
}
}  // namespace pto::detail

inline void set_flag(pipe_t src, pipe_t dst, event_t id,
                     std::source_location loc = std::source_location::current()) {
    if (ptosim::hazards::enabled())
        ptosim::hazards::set_flag(src, dst, id, pto::detail::here(loc));
}
inline void wait_flag(pipe_t src, pipe_t dst, event_t id,
                      std::source_location loc = std::source_location::current()) {
    if (ptosim::hazards::enabled())
        ptosim::hazards::wait_flag(src, dst, id, pto::detail::here(loc));
}
inline void set_flag(pipe_t src, pipe_t dst, int id,
                     std::source_location loc = std::source_location::current()) {
    if (ptosim::hazards::enabled())
        ptosim::hazards::set_flag(src, dst, id, pto::detail::here(loc));
}
inline void wait_flag(pipe_t src, pipe_t dst, int id,
                      std::source_location loc = std::source_location::current()) {
    if (ptosim::hazards::enabled())
        ptosim::hazards::wait_flag(src, dst, id, pto::detail::here(loc));
}
inline void pipe_barrier(pipe_t pipe, std::source_location loc = std::source_location::current()) {
    if (ptosim::hazards::enabled())
        ptosim::hazards::pipe_barrier(pipe, pto::detail::here(loc));
}
// Flags between the cube and the vector cores of a block (ptosim/sync/intra_block.hpp): a set counts, a wait
// blocks until there is a set to consume.
inline void set_intra_block(pipe_t pipe, int id, std::source_location loc = std::source_location::current()) {
    ptosim::sync::set_intra_block(pipe, id, loc);
}
inline void wait_intra_block(pipe_t pipe, int id,
                             std::source_location loc = std::source_location::current()) {
    ptosim::sync::wait_intra_block(pipe, id, loc);
}

// The first statement of every intrinsic that takes events: marks the intrinsic's call site for the hazard
// checker (intrinsics are not inlined, so the return address is in the caller) and waits for the events.
#define PTOSIM_TSYNC(...)                                                    \
    const ::ptosim::hazards::Site ptosim_site_(__builtin_return_address(0)); \
    ::pto::TSYNC(__VA_ARGS__)

namespace pto {

// The operations an Event can name as its producer or consumer: pto-isa's Op enumerators, all of them, in its
// order (kernels name instructions of later families in their events too).
enum class Op : uint16_t {
    TLOAD,
    TSTORE_VEC,
    SCALAR,
    TRESHAPE,
    VECTOR,
    TADD,
    TADDS,
    TAXPY,
    TSUB,
    TMUL,
    TMULS,
    TDIV,
    TDIVS,
    TMIN,
    TMINS,
    TMAX,
    TAND,
    TOR,
    TSEL,
    TSHL,
    TSHR,
    TEXP,
    TSELS,
    TSQRT,
    TRSQRT,
    TEXPANDS,
    TEXPANDS_MAT,
    TPARTADD,
    TPARTMUL,
    TPARTMAX,
    TPARTMIN,
    TPOW,
    TPOWS,
    TCMPS,
    TMRGSORT,
    TSORT32,
    TCI,
    TGATHER,
    TGATHERB,
    TCVT,
    TROWSUM,
    TROWPROD,
    TROWMAX,
    TROWMIN,
    TROWEXPAND,
    TRANDOM,
    TCOLSUM,
    TCOLPROD,
    TCOLMAX,
    TCOLMIN,
    TTRANS,
    TTRI,
    TREM,
    TFMOD,
    TREMS,
    TFMODS,
    TSUBS,
    TMAXS,
    TLRELU,
    TPRELU,
    TMOV_V2V,
    TMOV_V2M,
    TEXTRACT_V2M,
    TMOV_M2B,
    TMOV_M2L,
    TMOV_M2R,
    TMOV_M2S,
    TMOV_A2V,
    TMOV_A2M,
    TSTORE_ACC,
    TSTORE_MAT,
    TMATMUL,
    TGEMV,
    TEXTRACT_M2LR,
    TANDS,
    TORS,
    TSHLS,
    TSHRS,
    TXOR,
    TXORS,
    TEXTRACT_A2M,
    TINSERT_A2M,
    TIMG2COL,
    SETFMATRIX,
    SET_IMG2COL_RPT,
    SET_IMG2COL_PADDING,
    TCONCAT,
    TDEQUANT,
    TADDDEQRELU,
    TABS,
    TNEG,
    TRELU,
    TNOT,
    TLOG,
    TRECIP,
    TCMP,
    TSCATTER,
    TCOLEXPAND,
    TCOLEXPANDDIV,
    TCOLEXPANDMUL,
    TCOLEXPANDADD,
    TCOLEXPANDMAX,
    TCOLEXPANDMIN,
    TCOLEXPANDSUB,
    TCOLEXPANDEXPDIF,
    TROWEXPANDDIV,
    TROWEXPANDMUL,
    TROWEXPANDSUB,
    TROWEXPANDADD,
    TROWEXPANDMAX,
    TROWEXPANDMIN,
    TROWEXPANDEXPDIF,
    TPAIRREDUCESUM,
    TSUBRELUCONV,
    TADDRELUCONV,
    TFUSEDMULADD,
    TMULADDDST,
    TSUBRELU,
    TFUSEDMULADDRELU,
    TPARTARGMAX,
    TPARTARGMIN,
    TCOLARGMAX,
    TCOLARGMIN,
    TROWARGMAX,
    TROWARGMIN,
    TPREFETCH,
    TFILLPAD_VEC,
    TFILLPAD_MAT,
    MGATHER_VEC,
    MGATHER_MAT,
    MSCATTER,
    TQUANT,
    THISTOGRAM,
    TINTERLEAVE,
    TDEINTERLEAVE,
    OP_COUNT,
};

// The pipe each Op runs on (pto-isa's OpPipeEntry): vector instructions are V; the exceptions are listed.
constexpr pipe_t op_pipe(Op op) {
    switch (op) {
        case Op::TLOAD:
        case Op::TEXPANDS_MAT:
        case Op::TPREFETCH:
        case Op::TFILLPAD_MAT:
        case Op::MGATHER_MAT:
            return PIPE_MTE2;
        case Op::TSTORE_VEC:
        case Op::TSTORE_MAT:
        case Op::TMOV_V2M:      // UB -> L1 is copy_ubuf_to_cbuf, MTE3 in the device code; pto-isa's table
        case Op::TEXTRACT_V2M:  // says FIX (docs/compat.md)
            return PIPE_MTE3;
        case Op::SCALAR:
        case Op::TRESHAPE:
        case Op::TCI:
        case Op::SETFMATRIX:
        case Op::SET_IMG2COL_RPT:
        case Op::SET_IMG2COL_PADDING:
            return PIPE_S;
        case Op::TMOV_M2B:
        case Op::TMOV_M2L:
        case Op::TMOV_M2R:
        case Op::TEXTRACT_M2LR:
        case Op::TIMG2COL:
            return PIPE_MTE1;
        case Op::TMOV_M2S:
        case Op::TMOV_A2V:
        case Op::TMOV_A2M:
        case Op::TSTORE_ACC:
        case Op::TEXTRACT_A2M:
        case Op::TINSERT_A2M:
            return PIPE_FIX;
        case Op::TMATMUL:
        case Op::TGEMV:
            return PIPE_M;
        case Op::OP_COUNT:
            return PIPE_ALL;
        default:
            return PIPE_V;
    }
}

// The value every instruction returns; assigning it to an Event records that event.
struct RecordEvent {};

struct EventBaseTag {};

// An event from the producer SrcOp to the consumer DstOp: recording it sets the flag (srcPipe, dstPipe,
// token) and waiting for it (pass it as a trailing argument to the consumer instruction) waits for that flag,
// as set_flag / wait_flag; on one pipe it is a pipe_barrier. With AutoToken the token is the pipe pair's next
// event id (EVENT_ID0..7 in turn, per simulated core), as pto-isa assigns them.
template <Op SrcOp, Op DstOp, bool AutoToken = true, event_t EventID = EVENT_ID0>
struct Event : EventBaseTag {
    static constexpr Op srcOp = SrcOp;
    static constexpr Op dstOp = DstOp;
    static constexpr pipe_t srcPipe = op_pipe(SrcOp);
    static constexpr pipe_t dstPipe = op_pipe(DstOp);
    static constexpr bool isSamePipe = srcPipe == dstPipe;
    event_t token =
        AutoToken ? static_cast<event_t>(ptosim::hazards::next_event_id(srcPipe, dstPipe)) : EventID;

    Event() = default;
    Event(RecordEvent) { Record(); }  // NOLINT(implicit): `Event<...> e = TLOAD(...);`
    Event& operator=(RecordEvent) { return Record(); }

    Event& Record() {
        recorded_ = true;
        if constexpr (!isSamePipe)
            ptosim::hazards::event_record(srcPipe, dstPipe, token);
        return *this;
    }
    Event& Init() { return Record(); }
    Event& Wait() {
        recorded_ = false;
        if constexpr (!isSamePipe)
            ptosim::hazards::event_wait(srcPipe, dstPipe, token);
        return *this;
    }
    bool IsRecorded() const { return recorded_; }

  private:
    bool recorded_ = false;
};

template <typename T>
struct is_event : std::is_base_of<EventBaseTag, T> {};

// True when every type is an Event: overloads that take trailing events use it to stay out of each other's
// way.
template <typename... Ts>
inline constexpr bool all_events_v = (is_event<std::remove_cv_t<Ts>>::value && ...);

template <typename... WaitEvents>
inline void WaitAllEvents(WaitEvents&... events) {
    (events.Wait(), ...);
}

// Wait on events before an instruction. Every instruction calls TSYNC(events...) first.
template <typename... WaitEvents>
inline void TSYNC(WaitEvents&... events) {
    static_assert((is_event<std::remove_cv_t<WaitEvents>>::value && ...),
                  "TSYNC: trailing arguments of an instruction must be Events");
    if (ptosim::hazards::enabled())
        (ptosim::hazards::expect_consumer(std::remove_cv_t<WaitEvents>::dstPipe), ...);
    WaitAllEvents(events...);
}

// pto-isa's TSYNC<Op>(): a synchronisation point the instruction trace records (its pipes need no flag here).
template <Op OpCode>
inline void TSYNC() {
    ptosim::itrace::bare("TSYNC");
}

}  // namespace pto
