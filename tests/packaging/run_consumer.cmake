# Installs the build tree into a fresh prefix, then configures, builds and runs tests/packaging/consumer against it.
# Usage: cmake -DBUILD_DIR=... -DCONSUMER=... -DWORK=... -DCXX=... -DCXX_FLAGS=... [-DPYTHON=... -DPYTHON_DIR=...]
#        -P run_consumer.cmake
# With PYTHON, the installed Python package (in <prefix>/PYTHON_DIR) launches the consumer's kernel library.
file(REMOVE_RECURSE "${WORK}")
function(run)
    execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "failed: ${ARGV}\n${out}\n${err}")
    endif()
    set(last_output "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK}/prefix")
run(${CMAKE_COMMAND} -S "${CONSUMER}" -B "${WORK}/build" "-DCMAKE_PREFIX_PATH=${WORK}/prefix"
    "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build "${WORK}/build")
run("${WORK}/build/consumer")
if(NOT last_output MATCHES "consumer: ok")
    message(FATAL_ERROR "consumer printed: ${last_output}")
endif()
if(PYTHON)
    # No semicolons in the script: run() passes its arguments on as a list, which would split it there.
    set(check "import numpy as np, ptosim
k = ptosim.Kernel('${WORK}/build/libconsumer_kernels.so', 'scale', 'out:f32*[n], x:f32*[n], factor:f32, n:i32')
x = np.arange(8, dtype=np.float32)
out = np.zeros_like(x)
k(out, x, 0.5, 8)
assert (out == x * 0.5).all(), out
print('python consumer: ok')")
    run(${CMAKE_COMMAND} -E env "PYTHONPATH=${WORK}/prefix/${PYTHON_DIR}" ${PYTHON} -c "${check}")
    if(NOT last_output MATCHES "python consumer: ok")
        message(FATAL_ERROR "the installed Python package printed: ${last_output}")
    endif()
endif()
