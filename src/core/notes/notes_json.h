#pragma once

#include "notes/notes.h"

#include <optional>
#include <string>
#include <string_view>

namespace assetscope::notes {

inline constexpr const char* kNotesSchema = "assetscope-notes";
inline constexpr int kNotesVersion = 1;

// The notes as JSON text (docs/user-guide.md, "Notes files"), pretty-printed, ending in a newline.
std::string notesJson(const NotesDocument& notes);

// Reads notes from JSON text; nullopt with `error` saying what is wrong when the text is not JSON,
// not this schema or version, names a format no handler has, or a path note's path no file of its
// format has (checkNotePath). A bookmark's path is only checked for empty segments: it was made on
// the file's own tree.
std::optional<NotesDocument> readNotesJson(std::string_view text, std::string& error);

// Why a path cannot be a node path of `format` (empty: it can, as far as the format's trees
// tell): an unknown format, an empty segment, a first segment no tree of the format has below
// its file node, or a last segment (without wildcards) no tree of the format names.
std::string checkNotePath(std::string_view format, std::string_view path);

// Whether a colour is "#rrggbb".
bool validColour(std::string_view colour);

} // namespace assetscope::notes
