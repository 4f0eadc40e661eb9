#pragma once

#include "formats/pgeo/file_name.h"
#include "formats/pgeo/pgeo_file.h"
#include "tree/structure_tree.h"

#include <optional>
#include <string>

namespace assetscope::pgeo {

struct ParseOptions {
    std::string fileName;   // the file's own name: the name grammar is checked against the header
    std::string folderName; // the cell folder <cx>_<cz>, when known
};

// The typed file plus what the parse learned around it.
struct ParseResult {
    PgeoFile file;
    std::optional<FileName> name;
    std::optional<CellFolder> cell;
    std::optional<CellFolder> sectionCell; // "..._cellx55z114_section0" in the section name
    std::uint64_t curvesWithData = 0;
    std::uint64_t sentinelCurves = 0;
    bool complete = false; // the walk reached the end of the grammar
};

// How sure the bytes are to be a .pgeo: 0 none, 1 a plausible start cut short, 2 the section
// name, kind and the 13/15 constants all hold.
int pgeoSignature(ByteView bytes);

// Reads the tree's source bytes as one .pgeo file under the tree's root. Never throws: bad bytes
// become diagnostics and the result holds what could be read. Records stay in the shared bytes.
ParseResult parsePgeo(StructureTree& tree, const ParseOptions& options = {});

} // namespace assetscope::pgeo
