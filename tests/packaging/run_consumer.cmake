# Installs the build tree into a fresh prefix, then configures, builds and runs tests/packaging/consumer against it.
# Usage: cmake -DBUILD_DIR=... -DCONSUMER=... -DWORK=... -DCXX=... -DCXX_FLAGS=... -P run_consumer.cmake
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
