// ACL host runtime on host memory. Allocations are recorded (ptosim/runtime/allocations.hpp) so that a bad
// pointer passed to aclrtFree, or a copy that runs past the end of an allocation, is reported as an error
// code instead of corrupting memory, and so that TLOAD/TSTORE/MSCATTER can check global tensors against them.
#include "acl/acl.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "ptosim/runtime/allocations.hpp"

namespace {

struct Runtime {
    bool initialised = false;
    int32_t device = 0;
    int stream_tokens = 0;
};

Runtime& rt() {
    static Runtime r;
    return r;
}

thread_local std::string t_last_error;

aclError fail(aclError code, const std::string& why) {
    t_last_error = why;
    return code;
}

aclError allocate(void** p, std::size_t size, const char* fn) {
    if (p == nullptr)
        return fail(ACL_ERROR_INVALID_PARAM, std::string(fn) + ": null output pointer");
    if (size == 0)
        return fail(ACL_ERROR_INVALID_PARAM, std::string(fn) + ": size 0");
    void* mem = ::operator new (size, std::align_val_t{64}, std::nothrow);
    if (mem == nullptr)
        return fail(ACL_ERROR_BAD_ALLOC, std::string(fn) + ": out of memory");
    std::memset(mem, 0, size);
    ptosim::allocations::add(mem, size);
    *p = mem;
    return ACL_SUCCESS;
}

aclError release(void* p, const char* fn) {
    if (p == nullptr)
        return fail(ACL_ERROR_INVALID_PARAM, std::string(fn) + ": null pointer");
    if (!ptosim::allocations::remove(p)) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    std::string(fn) + ": pointer was not allocated by aclrtMalloc/aclrtMallocHost");
    }
    ::operator delete (p, std::align_val_t{64});
    return ACL_SUCCESS;
}

// True when [p, p + count) starts inside a runtime allocation and runs past its end.
bool overruns_allocation(const void* p, std::size_t count) {
    const auto block = ptosim::allocations::containing(p);
    if (!block)
        return false;
    const auto offset = static_cast<std::size_t>(static_cast<const std::byte*>(p) - block->base);
    return count > block->size - offset;
}

}  // namespace

aclError aclInit(const char*) {
    rt().initialised = true;
    return ACL_SUCCESS;
}
aclError aclFinalize() {
    rt().initialised = false;
    return ACL_SUCCESS;
}
aclError aclrtSetDevice(int32_t deviceId) {
    if (deviceId < 0)
        return fail(ACL_ERROR_INVALID_DEVICE, "aclrtSetDevice: negative device id");
    rt().device = deviceId;
    return ACL_SUCCESS;
}
aclError aclrtResetDevice(int32_t deviceId) {
    if (deviceId < 0)
        return fail(ACL_ERROR_INVALID_DEVICE, "aclrtResetDevice: negative device id");
    return ACL_SUCCESS;
}
aclError aclrtGetDevice(int32_t* deviceId) {
    if (deviceId == nullptr)
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: null output pointer");
    *deviceId = rt().device;
    return ACL_SUCCESS;
}
aclError aclrtGetDeviceCount(uint32_t* count) {
    if (count == nullptr)
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: null output pointer");
    *count = 1;
    return ACL_SUCCESS;
}
aclError aclrtCreateStream(aclrtStream* stream) {
    if (stream == nullptr)
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: null output pointer");
    // A stream is a token: launches are synchronous, so there is nothing to queue.
    *stream = &rt().stream_tokens;
    return ACL_SUCCESS;
}
aclError aclrtDestroyStream(aclrtStream) {
    return ACL_SUCCESS;
}
aclError aclrtSynchronizeStream(aclrtStream) {
    return ACL_SUCCESS;
}
aclError aclrtSynchronizeDevice() {
    return ACL_SUCCESS;
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy) {
    return allocate(devPtr, size, "aclrtMalloc");
}
aclError aclrtMallocHost(void** hostPtr, size_t size) {
    return allocate(hostPtr, size, "aclrtMallocHost");
}
aclError aclrtFree(void* devPtr) {
    return release(devPtr, "aclrtFree");
}
aclError aclrtFreeHost(void* hostPtr) {
    return release(hostPtr, "aclrtFreeHost");
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    if (count == 0)
        return ACL_SUCCESS;
    if (dst == nullptr || src == nullptr)
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: null pointer");
    if (count > destMax)
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: count exceeds destMax");
    if (static_cast<int>(kind) < 0 || static_cast<int>(kind) > ACL_MEMCPY_DEFAULT) {
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: unknown copy kind");
    }
    if (overruns_allocation(dst, count))
        return fail(ACL_ERROR_INVALID_PARAM,
                    "aclrtMemcpy: the copy runs past the end of the destination allocation");
    if (overruns_allocation(src, count))
        return fail(ACL_ERROR_INVALID_PARAM,
                    "aclrtMemcpy: the copy reads past the end of the source allocation");
    std::memmove(dst, src, count);
    return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    if (count == 0)
        return ACL_SUCCESS;
    if (devPtr == nullptr)
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: null pointer");
    if (count > maxCount)
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: count exceeds maxCount");
    if (overruns_allocation(devPtr, count))
        return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: count runs past the end of the allocation");
    std::memset(devPtr, value, count);
    return ACL_SUCCESS;
}

const char* aclGetRecentErrMsg() {
    return t_last_error.c_str();
}
