#include "notes/notes.h"

#include <algorithm>

namespace assetscope::notes {

const FileNotes* NotesDocument::file(const std::string& sha256) const {
    const auto it =
        std::find_if(files.begin(), files.end(), [&](const FileNotes& f) { return f.sha256 == sha256; });
    return it == files.end() ? nullptr : &*it;
}

FileNotes& NotesDocument::fileFor(const std::string& sha256, const std::string& name,
                                  const std::string& format) {
    const auto it =
        std::find_if(files.begin(), files.end(), [&](const FileNotes& f) { return f.sha256 == sha256; });
    if (it != files.end()) return *it;
    files.push_back({sha256, name, format, {}});
    return files.back();
}

} // namespace assetscope::notes
