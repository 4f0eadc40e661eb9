#include "notes_store.h"

#include "document.h"
#include "notes/notes_file.h"
#include "notes/notes_json.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace assetscope::app {

namespace {

QString defaultFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/notes");
}

} // namespace

NotesStore::NotesStore(QObject* parent) : NotesStore(defaultFolder(), parent) {}

NotesStore::NotesStore(const QString& folder, QObject* parent) : QObject(parent), m_folder(folder) {
    const QString path = m_folder + QStringLiteral("/path-notes.json");
    std::string error;
    if (QFileInfo::exists(path) && !notes::loadNotesFile(path.toStdString(), m_pathNotes, error))
        m_loadError = tr("Path notes not read: %1").arg(QString::fromStdString(error));
}

std::string NotesStore::filePath(const std::string& sha256) const {
    return (m_folder + QLatin1Char('/') + QString::fromStdString(sha256) + QStringLiteral(".json"))
        .toStdString();
}

notes::FileNotes& NotesStore::loaded(const std::string& sha256) {
    auto it = m_files.find(sha256);
    if (it == m_files.end()) {
        notes::NotesDocument stored;
        std::string error;
        if (QFileInfo::exists(QString::fromStdString(filePath(sha256))) &&
            !notes::loadNotesFile(filePath(sha256), stored, error))
            m_loadError = tr("Bookmarks not read: %1").arg(QString::fromStdString(error));
        it = m_files.emplace(sha256, std::move(stored)).first;
    }
    notes::NotesDocument& doc = it->second;
    return doc.fileFor(sha256, {}, {});
}

notes::NotesDocument NotesStore::notesFor(const std::string& sha256) {
    notes::NotesDocument out;
    const notes::FileNotes& file = loaded(sha256);
    if (!file.bookmarks.empty()) out.files.push_back(file);
    out.pathNotes = m_pathNotes.pathNotes;
    return out;
}

bool NotesStore::saveFile(const std::string& sha256, QString& error) {
    notes::NotesDocument doc;
    doc.files.push_back(loaded(sha256));
    std::string why;
    if (notes::saveNotesFile(filePath(sha256), doc, why)) return true;
    error = QString::fromStdString(why);
    return false;
}

bool NotesStore::savePathNotes(QString& error) {
    std::string why;
    if (notes::saveNotesFile((m_folder + QStringLiteral("/path-notes.json")).toStdString(), m_pathNotes, why))
        return true;
    error = QString::fromStdString(why);
    return false;
}

bool NotesStore::addBookmark(const Document& document, notes::Bookmark bookmark, QString& error) {
    if (document.sha256.empty() || !document.parsed) {
        error = tr("this file has no structure to bookmark");
        return false;
    }
    notes::FileNotes& file = loaded(document.sha256);
    file.name = document.displayName.toStdString();
    file.format = std::string(document.parsed->format());
    file.bookmarks.push_back(std::move(bookmark));
    if (!saveFile(document.sha256, error)) {
        file.bookmarks.pop_back();
        return false;
    }
    emit changed();
    return true;
}

bool NotesStore::removeBookmark(const std::string& sha256, std::size_t index, QString& error) {
    notes::FileNotes& file = loaded(sha256);
    if (index >= file.bookmarks.size()) return false;
    const notes::Bookmark removed = file.bookmarks[index];
    file.bookmarks.erase(file.bookmarks.begin() + static_cast<std::ptrdiff_t>(index));
    if (!saveFile(sha256, error)) {
        file.bookmarks.insert(file.bookmarks.begin() + static_cast<std::ptrdiff_t>(index), removed);
        return false;
    }
    emit changed();
    return true;
}

bool NotesStore::addPathNote(notes::PathNote note, QString& error) {
    if (const std::string why = notes::checkNotePath(note.format, note.path); !why.empty()) {
        error = QString::fromStdString(why);
        return false;
    }
    m_pathNotes.pathNotes.push_back(std::move(note));
    if (!savePathNotes(error)) {
        m_pathNotes.pathNotes.pop_back();
        return false;
    }
    emit changed();
    return true;
}

bool NotesStore::removePathNote(std::size_t index, QString& error) {
    auto& list = m_pathNotes.pathNotes;
    if (index >= list.size()) return false;
    const notes::PathNote removed = list[index];
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(index));
    if (!savePathNotes(error)) {
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(index), removed);
        return false;
    }
    emit changed();
    return true;
}

bool NotesStore::importFile(const QString& path, QString& error) {
    notes::NotesDocument imported;
    std::string why;
    if (!notes::loadNotesFile(path.toStdString(), imported, why)) {
        error = QString::fromStdString(why);
        return false;
    }
    // Each file's bookmarks and the path notes not already there are added, and saved.
    for (const notes::FileNotes& f : imported.files) {
        notes::FileNotes& mine = loaded(f.sha256);
        if (mine.name.empty()) mine.name = f.name;
        if (mine.format.empty()) mine.format = f.format;
        for (const notes::Bookmark& b : f.bookmarks)
            if (std::find(mine.bookmarks.begin(), mine.bookmarks.end(), b) == mine.bookmarks.end())
                mine.bookmarks.push_back(b);
        if (!saveFile(f.sha256, error)) return false;
    }
    for (const notes::PathNote& p : imported.pathNotes)
        if (std::find(pathNotes().begin(), pathNotes().end(), p) == pathNotes().end())
            m_pathNotes.pathNotes.push_back(p);
    if (!savePathNotes(error)) return false;
    emit changed();
    return true;
}

bool NotesStore::exportFile(const QString& path, const std::string& sha256, QString& error) {
    notes::NotesDocument out = notesFor(sha256);
    std::string why;
    if (notes::saveNotesFile(path.toStdString(), out, why)) return true;
    error = QString::fromStdString(why);
    return false;
}

} // namespace assetscope::app
