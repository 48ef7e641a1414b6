// Events and pipeline synchronisation. On the CPU every instruction completes before it returns, so events
// order nothing; they exist, with pto-isa's names, so that kernels written for the device compile and run
// unchanged.
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/type.hpp"

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

inline void set_flag(pipe_t, pipe_t, event_t) {}
inline void wait_flag(pipe_t, pipe_t, event_t) {}
inline void set_flag(pipe_t, pipe_t, int) {}
inline void wait_flag(pipe_t, pipe_t, int) {}
inline void pipe_barrier(pipe_t) {}

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

// The value every instruction returns; assigning it to an Event records that event.
struct RecordEvent {};

struct EventBaseTag {};

// An event from the producer SrcOp to the consumer DstOp. Pass it as a trailing argument to the consumer
// instruction to wait on it.
template <Op SrcOp, Op DstOp, bool AutoToken = true, event_t EventID = EVENT_ID0>
struct Event : EventBaseTag {
    static constexpr Op srcOp = SrcOp;
    static constexpr Op dstOp = DstOp;
    event_t token = EventID;

    Event() = default;
    Event(RecordEvent) { Record(); }  // NOLINT(implicit): `Event<...> e = TLOAD(...);`
    Event& operator=(RecordEvent) { return Record(); }

    Event& Record() {
        recorded_ = true;
        return *this;
    }
    Event& Init() { return Record(); }
    Event& Wait() {
        recorded_ = false;
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
    WaitAllEvents(events...);
}

template <Op OpCode>
inline void TSYNC() {}

}  // namespace pto
