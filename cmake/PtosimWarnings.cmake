# Warning flags shared by every ptosim target. ptosim_target_warnings(<target>) applies them.
function(ptosim_target_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                             -Wcast-align -Wunused -Woverloaded-virtual
                                             -Wimplicit-fallthrough)
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        # libstdc++ 12's std::stable_sort calls std::get_temporary_buffer, which it marks deprecated; clang 19
        # reports that from inside the system header on every instantiation.
        target_compile_options(${target} PRIVATE -Wno-deprecated-declarations)
    endif()
    if(PTOSIM_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
