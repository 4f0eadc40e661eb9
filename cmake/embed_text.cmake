# Writes OUTPUT, a C++ file defining assetscope::kDocTableSources: one raw string per input file.
# Called as: cmake -DOUTPUT=... -DINPUTS="a|b|c" -P embed_text.cmake
set(body "#include <cstddef>\n#include <string_view>\nnamespace assetscope {\nextern const std::string_view kDocTableSources[];\nextern const std::size_t kDocTableSourceCount;\nconst std::string_view kDocTableSources[] = {\n")
string(REPLACE "|" ";" INPUTS "${INPUTS}")
set(count 0)
foreach(input IN LISTS INPUTS)
    file(READ "${input}" text)
    string(APPEND body "R\"assetscope_doc(${text})assetscope_doc\",\n")
    math(EXPR count "${count} + 1")
endforeach()
string(APPEND body "\"[]\"};\nconst std::size_t kDocTableSourceCount = ${count};\n}\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
