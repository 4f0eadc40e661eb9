#pragma once

#include "notes/notes.h"

#include <filesystem>
#include <string>

namespace assetscope::notes {

// Replaces `notes` with the notes file at `path`; false with `error` (and `notes` unchanged) when
// it cannot be read or readNotesJson refuses it.
bool loadNotesFile(const std::filesystem::path& path, NotesDocument& notes, std::string& error);

// Writes the notes atomically (input/atomic_file.h), creating the folder if it is missing.
bool saveNotesFile(const std::filesystem::path& path, const NotesDocument& notes, std::string& error);

} // namespace assetscope::notes
