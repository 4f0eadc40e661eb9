#pragma once

#include "archive/zip_archive.h"
#include "bytes/byte_view.h"

#include <optional>
#include <string>
#include <string_view>

namespace assetscope {

// Where a file called `name` beside `input` would be: in the same folder, or in the same folder
// inside the same archive ("a.zip::props/crate.meshset" and "x.chunk" give "a.zip::props/x.chunk").
// A companion's name comes from the bytes being read (a MeshSet's chunk GUID, `--chunk`), so a
// name that could reach anywhere else is refused: empty, or holding '/', '\\', ".." or "::".
std::optional<std::string> siblingPath(std::string_view input, std::string_view name);

// The bytes of a companion file a person named (`--chunk FILE`): a file, or a path into archives
// ("a.zip::b/x.chunk"); nullopt when nothing readable is there.
std::optional<Bytes> loadNamedFile(std::string_view path, const archive::Limits& limits = {});

// That sibling's bytes; nullopt when the name is refused or nothing readable is there.
std::optional<Bytes> loadSibling(std::string_view input, std::string_view name,
                                 const archive::Limits& limits = {});

} // namespace assetscope
