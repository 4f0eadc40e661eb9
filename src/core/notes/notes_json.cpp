#include "notes/notes_json.h"

#include "notes/format_names.h"
#include "notes/path_pattern.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assetscope::notes {

namespace {

using Json = nlohmann::json;

bool isIndex(std::string_view name) {
    return name.size() > 2 && name.front() == '[' && name.back() == ']';
}

bool anyMatches(const std::set<std::string>& names, std::string_view segment) {
    if (!hasWildcard(segment)) return names.count(std::string(segment)) > 0;
    return std::any_of(names.begin(), names.end(),
                       [&](const std::string& n) { return segmentMatches(segment, n); });
}

std::string emptySegmentProblem(std::string_view path) {
    const std::vector<std::string> segments = pathSegments(path);
    if (std::any_of(segments.begin(), segments.end(), [](const std::string& s) { return s.empty(); }))
        return "path \"" + std::string(path) + "\" has an empty segment";
    return {};
}

bool requireObject(const Json& j, const std::string& where, std::string& error) {
    if (j.is_object()) return true;
    error = where + " is not an object";
    return false;
}

Json bookmarkJson(const Bookmark& b) {
    Json j = Json::object();
    if (b.range) {
        j["offset"] = b.range->offset;
        j["size"] = b.range->size;
    } else {
        j["path"] = b.path;
    }
    j["note"] = b.note;
    j["colour"] = b.colour;
    return j;
}

// The string member `key` of `j`, or an error naming `where`.
bool stringMember(const Json& j, const char* key, std::string& out, const std::string& where,
                  std::string& error) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string()) {
        error = where + ": \"" + key + "\" must be a string";
        return false;
    }
    out = it->get<std::string>();
    return true;
}

bool readNoteText(const Json& j, std::string& note, std::string& colour, const std::string& where,
                  std::string& error) {
    if (!stringMember(j, "note", note, where, error) || !stringMember(j, "colour", colour, where, error))
        return false;
    if (!validColour(colour)) {
        error = where + ": colour \"" + colour + "\" is not #rrggbb";
        return false;
    }
    return true;
}

std::optional<Bookmark> readBookmark(const Json& j, const std::string& where, std::string& error) {
    if (!requireObject(j, where, error)) return std::nullopt;
    Bookmark b;
    const bool hasPath = j.contains("path"), hasOffset = j.contains("offset");
    if (hasPath == hasOffset) {
        error = where + ": give either \"path\" or \"offset\" and \"size\"";
        return std::nullopt;
    }
    if (hasPath) {
        if (!stringMember(j, "path", b.path, where, error)) return std::nullopt;
        // Only the shape: a bookmark was made on the file's own tree, which may hold names the
        // format's samples do not (an error node, a record kind of its own).
        if (const std::string why = emptySegmentProblem(b.path); !why.empty()) {
            error = where + ": " + why;
            return std::nullopt;
        }
    } else {
        const auto size = j.find("size");
        if (!j["offset"].is_number_unsigned() || size == j.end() || !size->is_number_unsigned()) {
            error = where + ": \"offset\" and \"size\" must be whole numbers";
            return std::nullopt;
        }
        b.range = ByteSpan{j["offset"].get<std::uint64_t>(), size->get<std::uint64_t>()};
        if (b.range->size == 0) {
            error = where + ": an empty byte range";
            return std::nullopt;
        }
    }
    if (!readNoteText(j, b.note, b.colour, where, error)) return std::nullopt;
    return b;
}

std::optional<FileNotes> readFile(const Json& j, const std::string& where, std::string& error) {
    if (!requireObject(j, where, error)) return std::nullopt;
    FileNotes f;
    if (!stringMember(j, "sha256", f.sha256, where, error) ||
        !stringMember(j, "name", f.name, where, error) || !stringMember(j, "format", f.format, where, error))
        return std::nullopt;
    if (f.sha256.size() != 64 || f.sha256.find_first_not_of("0123456789abcdef") != std::string::npos) {
        error = where + ": sha256 must be 64 lower-case hex digits";
        return std::nullopt;
    }
    if (!formatNames(f.format).known) {
        error = where + ": no format is called \"" + f.format + "\" (known: " + knownFormatList() + ")";
        return std::nullopt;
    }
    const auto marks = j.find("bookmarks");
    if (marks == j.end() || !marks->is_array()) {
        error = where + ": \"bookmarks\" must be an array";
        return std::nullopt;
    }
    for (std::size_t i = 0; i < marks->size(); ++i) {
        auto b = readBookmark((*marks)[i], where + " bookmark " + std::to_string(i + 1), error);
        if (!b) return std::nullopt;
        f.bookmarks.push_back(std::move(*b));
    }
    return f;
}

std::optional<PathNote> readPathNote(const Json& j, const std::string& where, std::string& error) {
    if (!requireObject(j, where, error)) return std::nullopt;
    PathNote p;
    if (!stringMember(j, "format", p.format, where, error) ||
        !stringMember(j, "path", p.path, where, error) || !readNoteText(j, p.note, p.colour, where, error))
        return std::nullopt;
    if (const std::string why = checkNotePath(p.format, p.path); !why.empty()) {
        error = where + ": " + why;
        return std::nullopt;
    }
    return p;
}

bool readTop(const Json& j, NotesDocument& notes, std::string& error) {
    // Looked at before it is read: json::value throws when the member is of another type.
    const auto schema = j.is_object() ? j.find("schema") : j.end();
    if (!j.is_object() || schema == j.end() || !schema->is_string() ||
        schema->get<std::string>() != kNotesSchema) {
        error = std::string("not a notes file (no \"schema\": \"") + kNotesSchema + "\")";
        return false;
    }
    const auto version = j.find("version");
    if (version == j.end() || !version->is_number_integer() ||
        version->get<std::int64_t>() != kNotesVersion) {
        error = "notes version " + (version == j.end() ? std::string("missing") : version->dump()) +
                ", this program reads version " + std::to_string(kNotesVersion);
        return false;
    }
    const auto files = j.find("files"), paths = j.find("path_notes");
    if ((files != j.end() && !files->is_array()) || (paths != j.end() && !paths->is_array())) {
        error = "\"files\" and \"path_notes\" must be arrays";
        return false;
    }
    if (files != j.end())
        for (std::size_t i = 0; i < files->size(); ++i) {
            auto f = readFile((*files)[i], "file " + std::to_string(i + 1), error);
            if (!f) return false;
            notes.files.push_back(std::move(*f));
        }
    if (paths != j.end())
        for (std::size_t i = 0; i < paths->size(); ++i) {
            auto p = readPathNote((*paths)[i], "path note " + std::to_string(i + 1), error);
            if (!p) return false;
            notes.pathNotes.push_back(std::move(*p));
        }
    return true;
}

} // namespace

bool validColour(std::string_view colour) {
    return colour.size() == 7 && colour[0] == '#' &&
           colour.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string_view::npos;
}

std::string checkNotePath(std::string_view format, std::string_view path) {
    const FormatNames& names = formatNames(format);
    if (!names.known)
        return "no format is called \"" + std::string(format) + "\" (known: " + knownFormatList() + ")";
    if (std::string why = emptySegmentProblem(path); !why.empty()) return why;
    if (!names.hasSamples) return {};
    const std::vector<std::string> segments = pathSegments(path);
    if (!anyMatches(names.top, segments.front()))
        return "no " + std::string(format) + " file has \"" + segments.front() + "\" below its file node";
    const std::string& last = segments.back();
    if (segments.size() > 1 && !isIndex(last) && !anyMatches(names.any, last))
        return "no " + std::string(format) + " file has a node called \"" + last + "\"";
    return {};
}

std::string notesJson(const NotesDocument& notes) {
    Json j = Json::object();
    j["schema"] = kNotesSchema;
    j["version"] = kNotesVersion;
    Json files = Json::array();
    for (const FileNotes& f : notes.files) {
        Json marks = Json::array();
        for (const Bookmark& b : f.bookmarks)
            marks.push_back(bookmarkJson(b));
        files.push_back({{"sha256", f.sha256}, {"name", f.name}, {"format", f.format}, {"bookmarks", marks}});
    }
    j["files"] = files;
    Json paths = Json::array();
    for (const PathNote& p : notes.pathNotes)
        paths.push_back({{"format", p.format}, {"path", p.path}, {"note", p.note}, {"colour", p.colour}});
    j["path_notes"] = paths;
    return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::optional<NotesDocument> readNotesJson(std::string_view text, std::string& error) {
    Json j;
    try {
        j = Json::parse(text.begin(), text.end());
    } catch (const Json::exception& e) {
        error = std::string("not valid JSON (") + e.what() + ")";
        return std::nullopt;
    }
    NotesDocument notes;
    if (!readTop(j, notes, error)) return std::nullopt;
    return notes;
}

} // namespace assetscope::notes
