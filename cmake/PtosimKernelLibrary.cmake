# ptosim_add_kernel_library(<name> SOURCES <file>... [LIBS <target>...])
#
# Builds a C++ kernel written against the pto-isa API as a shared library that ptosim.Kernel (the Python package,
# docs/python.md) loads: lib<name>.so, linked against ptosim::shared so that the kernel and its host share one
# copy of ptosim. The sources export each kernel with PTOSIM_EXPORT_KERNEL(symbol, Function)
# (<ptosim/runtime/kernel_export.hpp>). The library carries line tables (-g1), so that hazard reports and check
# failures name the kernel's file:line. Usable from ptosim's own build and, after find_package(ptosim), from any
# project built against an installed ptosim.
function(ptosim_add_kernel_library name)
    cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
    if(NOT ARG_SOURCES)
        message(FATAL_ERROR "ptosim_add_kernel_library(${name}): no SOURCES")
    endif()
    if(NOT TARGET ptosim::shared)
        message(FATAL_ERROR "ptosim_add_kernel_library(${name}): this ptosim was built without ptosim::shared "
                            "(configure it with -DPTOSIM_BUILD_SHARED=ON)")
    endif()
    add_library(${name} MODULE ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE ptosim::shared ${ARG_LIBS})
    target_compile_options(${name} PRIVATE -g1)
    if(COMMAND ptosim_target_warnings)
        ptosim_target_warnings(${name})
    endif()
endfunction()
