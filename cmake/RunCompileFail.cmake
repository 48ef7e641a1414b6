# Must-not-compile check: compiles SOURCE with CXX and FLAGS and passes only when compilation fails with a
# diagnostic that contains the text of the file's "// expect-error: <text>" line.
# Usage: cmake -DCXX=... -DFLAGS="..." -DSOURCE=file.cpp -P RunCompileFail.cmake
file(STRINGS "${SOURCE}" expect_lines REGEX "^// expect-error: ")
if(NOT expect_lines)
    message(FATAL_ERROR "${SOURCE}: no '// expect-error: <text>' line")
endif()
separate_arguments(flag_list UNIX_COMMAND "${FLAGS}")
execute_process(COMMAND ${CXX} ${flag_list} -fsyntax-only "${SOURCE}"
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
    message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
foreach(line IN LISTS expect_lines)
    string(REGEX REPLACE "^// expect-error: " "" expected "${line}")
    string(FIND "${out}${err}" "${expected}" pos)
    if(pos EQUAL -1)
        message(FATAL_ERROR "${SOURCE}: the compiler's diagnostics do not contain '${expected}':\n${out}${err}")
    endif()
endforeach()
message(STATUS "${SOURCE}: rejected as expected")
