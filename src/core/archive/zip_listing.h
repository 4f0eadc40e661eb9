#pragma once

#include "bytes/byte_view.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::archive {

// What a listing keeps of one entry: the fields of ZipEntry a folder tree needs, its name in the
// listing's arena.
struct ListedEntry {
    std::uint32_t nameOffset = 0;
    std::uint32_t nameLength = 0;
    std::uint64_t size = 0; // as the central directory claims
    std::uint64_t compressedSize = 0;
    bool directory = false;
    bool symlink = false;
    bool unsafeName = false;
};

// A zip's central directory as names and sizes only, for listing many archives (an install): no
// entry is opened, and nothing is allocated per entry. The same entries, names and sizes as
// ZipArchive lists, and the same refusals: a zip whose directory is plain (one end record, no
// Zip64, names of printable ASCII, well-formed extra fields, no Unicode path field) is read here,
// with every offset and length checked against the bytes there are; anything else is handed to
// ZipArchive (libzip), whose listing and message are the answer.
class ZipListing {
public:
    // False and a message (ZipArchive's) when the bytes are not a readable zip.
    bool readFile(const std::string& path, std::string& error);
    bool read(SharedBytes bytes, std::string& error);

    std::size_t size() const { return m_entries.size(); }
    const std::vector<ListedEntry>& entries() const { return m_entries; }
    std::string_view name(const ListedEntry& entry) const {
        return std::string_view(m_names).substr(entry.nameOffset, entry.nameLength);
    }
    std::string_view names() const { return m_names; } // every name, one after another
    // The directory was not plain and libzip listed it (for tests: plain zips must not need it).
    bool readByLibzip() const { return m_byLibzip; }

private:
    template <typename Source> bool readPlain(Source& source);
    bool readWithLibzip(SharedBytes* bytes, const std::string& path, std::string& error);

    std::string m_names;
    std::vector<ListedEntry> m_entries;
    bool m_byLibzip = false;
};

} // namespace assetscope::archive
