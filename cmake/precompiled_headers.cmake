# Qt's module headers (<QtTest>, <QtWidgets>) are about half of what compiling a test costs, and
# there are some fifty tests, built twice in CI (release and ASan). One precompiled header per
# group of targets with the same flags, built by the group's library and reused by the others
# (REUSE_FROM), takes that part away: GCC then reads the headers once per group, not once per file.
option(ASSETSCOPE_PCH "Share precompiled Qt and standard headers among the tests and the window" ON)

set(ASSETSCOPE_PCH_STANDARD_HEADERS
    <algorithm> <cstdint> <cstring> <functional> <map> <memory> <optional> <set> <span> <string>
    <string_view> <vector>)

# Gives `owner` a precompiled header of the standard headers above plus the given Qt headers.
function(assetscope_precompile_headers owner)
    if(ASSETSCOPE_PCH)
        target_precompile_headers(${owner} PRIVATE ${ASSETSCOPE_PCH_STANDARD_HEADERS} ${ARGN})
    endif()
endfunction()

# Lets `target` use `owner`'s precompiled header: both must be compiled with the same flags.
function(assetscope_reuse_precompiled_headers target owner)
    if(ASSETSCOPE_PCH)
        target_precompile_headers(${target} REUSE_FROM ${owner})
    endif()
endfunction()
