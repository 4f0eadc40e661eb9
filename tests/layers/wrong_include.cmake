# A wrong include fails the floors' check (cmake/layers/check_layers.cmake), the same check the
# build runs before any floor compiles: on a copy of the sources, each case below adds one include
# line or file and must be refused with the file named; the unchanged copy must pass.
#   cmake -DTABLE=floors.txt -DSOURCE=<project> -DWORK=<scratch folder> -P wrong_include.cmake
set(check ${SOURCE}/cmake/layers/check_layers.cmake)
file(REMOVE_RECURSE ${WORK})
file(COPY ${SOURCE}/src DESTINATION ${WORK})
set(core ${WORK}/src/core)

function(run_check result output)
    execute_process(COMMAND ${CMAKE_COMMAND} -DTABLE=${TABLE} -DCORE=${core} -P ${check}
                    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    set(${result} ${code} PARENT_SCOPE)
    set(${output} "${out}${err}" PARENT_SCOPE)
endfunction()

run_check(code out)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "the unchanged sources fail the check:\n${out}")
endif()

# file relative to src/ | line appended | what the refusal must say
set(cases
    "core/bytes/byte_view.h|#include \"formats/registry.h\"|registry is not below bytes"
    "core/tree/structure_tree.h|#include \"contract/parsed_file.h\"|contract is not below tree"
    "core/formats/grub/bundle.h|#include \"formats/modelbin/model.h\"|modelbin is sealed"
    "core/formats/texture/texture_parser.cpp|#include \"formats/meshset/meshset.h\"|meshset is sealed"
    "core/find/where_used.cpp|#include \"formats/grub/bundle.h\"|grub is sealed"
    "core/census/census.cpp|#include \"find/find_walk.h\"|find is not below census"
    "app/main.cpp|#include \"formats/pgeo/pgeo_handler.h\"|pgeo is sealed"
    "core/a_new_folder/thing.h|#pragma once|src/core/a_new_folder/ belongs to no floor")
foreach(case IN LISTS cases)
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 file)
    list(GET parts 1 line)
    list(GET parts 2 expected)
    set(path ${WORK}/src/${file})
    set(before "")
    if(EXISTS ${path})
        file(READ ${path} before)
    endif()
    file(WRITE ${path} "${before}\n${line}\n")
    run_check(code out)
    if(EXISTS ${path} AND before STREQUAL "")
        file(REMOVE_RECURSE ${WORK}/src/core/a_new_folder)
    else()
        file(WRITE ${path} "${before}")
    endif()
    if(code EQUAL 0)
        message(FATAL_ERROR "${file}: `${line}` passed the check")
    endif()
    # A wrong include names its file; a folder without a floor is named in `expected`.
    string(FIND "${out}" "${expected}" at)
    string(FIND "${out}" "src/${file}" named)
    string(FIND "${expected}" "belongs to no floor" isFolder)
    if(at EQUAL -1 OR (named EQUAL -1 AND isFolder EQUAL -1))
        message(FATAL_ERROR "${file}: `${line}` was refused without naming the file and \"${expected}\":\n${out}")
    endif()
    message(STATUS "refused: ${file} + ${line}")
endforeach()
