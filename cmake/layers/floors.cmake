# assetscope_floor(): one floor of the core as a static library, recorded in the floor table that
# check_layers.cmake reads. assetscope_check_layers(): writes that table and runs the check before
# any floor compiles.
#
#   assetscope_floor(NAME FOLDERS dir... [USES floor...] [SOURCES file...] [EXCLUDE file...]
#                    [LIBS lib...] [PRIVATE_LIBS lib...] [DEFINITIONS def...] [SEALED] [PROGRAM])
# FOLDERS are relative to src/core; a floor's sources are the .cpp files directly in them. USES
# are the floors directly below that the floor's files include; the check allows those and the
# floors they use in turn. SEALED: only floors that name this one in USES may include its headers
# (a format: the registry names it, the floors above see it through the contract). PROGRAM: the folders belong to a program built elsewhere (the command
# line, the window): only its include lines are checked.

set_property(GLOBAL PROPERTY ASSETSCOPE_FLOOR_ROWS "")

function(assetscope_floor name)
    cmake_parse_arguments(F "PROGRAM;SEALED" "" "FOLDERS;USES;SOURCES;EXCLUDE;LIBS;PRIVATE_LIBS;DEFINITIONS" ${ARGN})
    foreach(used IN LISTS F_USES)
        if(NOT TARGET assetscope_${used})
            message(FATAL_ERROR "floor ${name} uses ${used}, which is not a floor below it")
        endif()
    endforeach()
    # One row per floor: name, folders, uses (comma-separated lists) and "sealed" or nothing.
    list(JOIN F_FOLDERS "," folders)
    list(JOIN F_USES "," uses)
    set(sealed "")
    if(F_SEALED)
        set(sealed sealed)
    endif()
    set_property(GLOBAL APPEND PROPERTY ASSETSCOPE_FLOOR_ROWS "${name}:${folders}:${uses}:${sealed}")
    if(F_PROGRAM)
        return()
    endif()

    set(sources ${F_SOURCES})
    foreach(folder IN LISTS F_FOLDERS)
        file(GLOB found CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp)
        list(APPEND sources ${found})
    endforeach()
    if(F_EXCLUDE)
        list(REMOVE_ITEM sources ${F_EXCLUDE})
    endif()
    set(target assetscope_${name})
    list(TRANSFORM F_USES PREPEND assetscope_ OUTPUT_VARIABLE used_targets)
    if(sources)
        add_library(${target} STATIC ${sources})
        target_include_directories(${target} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
        target_link_libraries(${target} PUBLIC ${used_targets} ${F_LIBS} PRIVATE assetscope_warnings ${F_PRIVATE_LIBS})
        target_compile_definitions(${target} PUBLIC ${F_DEFINITIONS})
        add_dependencies(${target} assetscope_layers)
    else()
        # Headers only (scene/).
        add_library(${target} INTERFACE)
        target_include_directories(${target} INTERFACE ${CMAKE_CURRENT_SOURCE_DIR})
        target_link_libraries(${target} INTERFACE ${used_targets} ${F_LIBS})
    endif()
endfunction()

# Writes the floor table and adds the target that checks every include line against it; every
# floor depends on that target, so a wrong include stops the build before anything compiles.
function(assetscope_check_layers)
    get_property(rows GLOBAL PROPERTY ASSETSCOPE_FLOOR_ROWS)
    set(table ${PROJECT_BINARY_DIR}/layers/floors.txt)
    list(JOIN rows "\n" text)
    file(CONFIGURE OUTPUT ${table} CONTENT "${text}\n")
    set(checked)
    foreach(row IN LISTS rows)
        string(REPLACE ":" ";" parts "${row}")
        list(GET parts 1 folders)
        string(REPLACE "," ";" folders "${folders}")
        foreach(folder IN LISTS folders)
            file(GLOB found CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.h
                 ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp)
            list(APPEND checked ${found})
        endforeach()
    endforeach()
    set(stamp ${PROJECT_BINARY_DIR}/layers/checked.stamp)
    set(script ${PROJECT_SOURCE_DIR}/cmake/layers/check_layers.cmake)
    add_custom_command(
        OUTPUT ${stamp}
        COMMAND ${CMAKE_COMMAND} -DTABLE=${table} -DCORE=${CMAKE_CURRENT_SOURCE_DIR} -P ${script}
        COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
        DEPENDS ${table} ${script} ${checked}
        COMMENT "Checking the include lines against the floors (cmake/layers)"
        VERBATIM)
    add_custom_target(assetscope_layers ALL DEPENDS ${stamp})
    set(ASSETSCOPE_FLOOR_TABLE ${table} CACHE INTERNAL "The floor table cmake/layers/check_layers.cmake reads")
endfunction()
