#pragma once

#include "notes/notes.h"

#include <QObject>
#include <QString>

#include <map>
#include <string>

namespace assetscope::app {

struct Document;

// The window's notes: each file's bookmarks in <folder>/<sha256>.json and the path notes of every
// format in <folder>/path-notes.json (the notes-file schema, docs/user-guide.md), <folder> being
// notes/ in the application's data folder. A file's bookmarks are read when it opens; every
// change is written at once, atomically.
class NotesStore : public QObject {
    Q_OBJECT
public:
    explicit NotesStore(QObject* parent = nullptr);
    // The notes of files and formats under `folder` instead (tests).
    explicit NotesStore(const QString& folder, QObject* parent = nullptr);

    QString folder() const { return m_folder; }
    // The notes that apply to a file with this hash: its bookmarks and every path note.
    notes::NotesDocument notesFor(const std::string& sha256);
    const std::vector<notes::PathNote>& pathNotes() const { return m_pathNotes.pathNotes; }
    // Why the stored notes could not be read (empty: they were), for the status bar.
    QString loadError() const { return m_loadError; }

    bool addBookmark(const Document& document, notes::Bookmark bookmark, QString& error);
    bool removeBookmark(const std::string& sha256, std::size_t index, QString& error);
    bool addPathNote(notes::PathNote note, QString& error);
    bool removePathNote(std::size_t index, QString& error);

    // Adds the bookmarks and path notes of a notes file; refused with the reason (and nothing
    // changed) when the file is refused.
    bool importFile(const QString& path, QString& error);
    // Writes the document's bookmarks and every path note as one notes file.
    bool exportFile(const QString& path, const std::string& sha256, QString& error);

signals:
    void changed();

private:
    notes::FileNotes& loaded(const std::string& sha256);
    bool saveFile(const std::string& sha256, QString& error);
    bool savePathNotes(QString& error);
    std::string filePath(const std::string& sha256) const;

    QString m_folder;
    QString m_loadError;
    std::map<std::string, notes::NotesDocument> m_files; // each a file's own stored document
    notes::NotesDocument m_pathNotes;                    // path notes only
};

} // namespace assetscope::app
