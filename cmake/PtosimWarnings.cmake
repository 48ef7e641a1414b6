# Warning flags shared by every ptosim target. ptosim_target_warnings(<target>) applies them.
function(ptosim_target_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                             -Wcast-align -Wunused -Woverloaded-virtual
                                             -Wimplicit-fallthrough)
    if(PTOSIM_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
