#include "notes/notes_file.h"

#include "input/atomic_file.h"
#include "input/sibling_file.h"
#include "notes/notes_json.h"

#include <system_error>

namespace assetscope::notes {

bool loadNotesFile(const std::filesystem::path& path, NotesDocument& notes, std::string& error) {
    const std::optional<Bytes> bytes = loadNamedFile(path.string());
    if (!bytes) {
        error = "cannot read " + path.string();
        return false;
    }
    const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    std::optional<NotesDocument> read = readNotesJson(text, error);
    if (!read) return false;
    notes = std::move(*read);
    return true;
}

bool saveNotesFile(const std::filesystem::path& path, const NotesDocument& notes, std::string& error) {
    return writeFileMakingFolders(path, notesJson(notes), error);
}

} // namespace assetscope::notes
