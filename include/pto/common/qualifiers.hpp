// Device-source compatibility: the kernel and memory-space qualifiers of the Ascend C/CCE dialect expand to
// nothing on the CPU, so kernels written for the device compile unchanged.
#pragma once

#ifndef __global__
#define __global__
#endif
// Always empty, as pto-isa's CPU stub makes them: kernels that define them before including pto (generated
// code spells __aicore__ as the device compiler's `[aicore]` outside __CPU_SIM) compile unchanged.
#undef __aicore__
#define __aicore__
#undef AICORE
#define AICORE
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __biasbuf__
#define __biasbuf__
#endif
#ifndef __in__
#define __in__
#endif
#ifndef __out__
#define __out__
#endif
#ifndef __tf__
#define __tf__
#endif
#ifndef __simd_vf__
#define __simd_vf__
#endif
#ifndef __simd_callee__
#define __simd_callee__
#endif

#define PTO_INLINE inline __attribute__((always_inline))
#define PTO_INST \
    inline __attribute__((noinline))  // not inlined: the hazard checker locates calls by return address
#define PTO_INTERNAL inline
