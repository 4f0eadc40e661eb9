#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::notes {

// What a person wrote down while reading files: bookmarks on one file's nodes or bytes, and
// notes on a field path that apply to every file of a format. docs/user-guide.md gives the JSON.

struct ByteSpan {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    friend bool operator==(const ByteSpan&, const ByteSpan&) = default;
};

// A bookmark holds a node path (names below the file node, '/'-joined, as `dump` nests them)
// or a byte range; never both.
struct Bookmark {
    std::string path;
    std::optional<ByteSpan> range;
    std::string note;
    std::string colour; // "#rrggbb"
    friend bool operator==(const Bookmark&, const Bookmark&) = default;
};

// One file's bookmarks, keyed by the SHA-256 of its bytes (bytes/sha256.h): a renamed file
// keeps them. The name is the file's name when they were made, for a person reading the JSON.
struct FileNotes {
    std::string sha256;
    std::string name;
    std::string format;
    std::vector<Bookmark> bookmarks;
    friend bool operator==(const FileNotes&, const FileNotes&) = default;
};

// A note on a field path with '*' and '?' wildcards per segment (bundle/Mesh/*/unknown_0x2c),
// shown on every matching node of every file of the format.
struct PathNote {
    std::string format;
    std::string path;
    std::string note;
    std::string colour;
    friend bool operator==(const PathNote&, const PathNote&) = default;
};

struct NotesDocument {
    std::vector<FileNotes> files;
    std::vector<PathNote> pathNotes;
    friend bool operator==(const NotesDocument&, const NotesDocument&) = default;

    const FileNotes* file(const std::string& sha256) const;
    // The file's entry, added (with name and format) when there is none.
    FileNotes& fileFor(const std::string& sha256, const std::string& name, const std::string& format);
    bool empty() const { return files.empty() && pathNotes.empty(); }
};

} // namespace assetscope::notes
