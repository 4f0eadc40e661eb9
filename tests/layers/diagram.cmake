# docs/architecture.md draws the floors as the build has them: the block between its
# "floors: begin" and "floors: end" marks is the floor table as check_layers.cmake prints it, and
# every folder of src/core holding sources is in it.
#   cmake -DTABLE=floors.txt -DSOURCE=<project> -DWORK=<scratch folder> -P diagram.cmake
set(drawn ${WORK}/floors-diagram.txt)
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} -DTABLE=${TABLE} -DCORE=${SOURCE}/src/core -DDIAGRAM=${drawn}
                        -P ${SOURCE}/cmake/layers/check_layers.cmake RESULT_VARIABLE code)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "check_layers.cmake could not draw the floors")
endif()
file(READ ${drawn} expected)

file(READ ${SOURCE}/docs/architecture.md page)
set(begin "<!-- floors: begin -->\n```text\n")
set(end "```\n<!-- floors: end -->")
string(FIND "${page}" "${begin}" from)
string(FIND "${page}" "${end}" to)
if(from EQUAL -1 OR to EQUAL -1)
    message(FATAL_ERROR "docs/architecture.md has no block between \"<!-- floors: begin -->\" and \"<!-- floors: end -->\"")
endif()
string(LENGTH "${begin}" skip)
math(EXPR from "${from} + ${skip}")
math(EXPR length "${to} - ${from}")
string(SUBSTRING "${page}" ${from} ${length} block)

file(GLOB_RECURSE sources RELATIVE ${SOURCE}/src/core ${SOURCE}/src/core/*.h ${SOURCE}/src/core/*.cpp)
foreach(source IN LISTS sources)
    get_filename_component(folder ${source} DIRECTORY)
    string(FIND "${block}" " ${folder}/" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "docs/architecture.md's floors leave out src/core/${folder}/")
    endif()
endforeach()

if(NOT block STREQUAL expected)
    message(FATAL_ERROR "docs/architecture.md's floors differ from the build's; the block should read:\n${expected}\nbut reads:\n${block}")
endif()
