#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace assetscope {

// A shader parameter's name and the purpose a public reader wires it to, from the names table
// (resources/docs/shader-parameter-names.tsv; public-reader-notes.md, "Effective parameters,
// names and roles"). The views point into the compiled-in table and live as long as the program.
struct ParameterName {
    std::uint32_t hash = 0;
    std::string_view name;
    std::string_view role; // "base_color", "normal", ... or empty: no reader gives it one
};

// The table's row for a name hash (the CRC-32 of the case-sensitive name), if it has one.
const ParameterName* parameterName(std::uint32_t hash);
// The row of a name, compared with case (the engine hashes the name as written).
const ParameterName* parameterNamed(std::string_view name);
// The parameter's name where the table knows its hash, else the hash as 0x%08X.
std::string parameterLabel(std::uint32_t hash);
// The rows in the table, for tests and listings.
std::size_t parameterNameCount();

} // namespace assetscope
