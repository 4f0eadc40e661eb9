#pragma once

#include "bytes/byte_view.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::archive {

// The Unix file type in the high 16 bits of an entry's external attributes, and a symbolic link's.
inline constexpr std::uint32_t kUnixTypeMask = 0170000;
inline constexpr std::uint32_t kUnixSymlink = 0120000;

// Caps on what an archive may make us allocate or follow.
struct Limits {
    std::uint64_t maxEntrySize = std::uint64_t{2} << 30; // decompressed bytes of one entry
    std::uint64_t maxCompressionRatio = 1000;            // decompressed / compressed, for entries over 1 MiB
    int maxNestingDepth = 4;                             // archives inside archives
};

struct ZipEntry {
    std::string name;
    std::uint64_t index = 0;
    std::uint64_t size = 0; // as the central directory claims
    std::uint64_t compressedSize = 0;
    std::uint16_t method = 0; // 0 stored, 8 deflate, 21 LZX, 22 encrypted deflate ...
    std::uint32_t crc = 0;
    std::uint16_t encryptionMethod = 0; // 0: none
    bool directory = false;
    bool symlink = false;    // listed, never followed
    bool unsafeName = false; // "..", an absolute path or a drive letter: never extracted
};

// An entry's bytes as the archive stores them (deflated, or stored), with the entry's index.
struct RawEntry {
    std::uint64_t index = 0;
    Bytes bytes;
};

// A zip archive read from memory with libzip.
class ZipArchive {
public:
    ~ZipArchive();
    ZipArchive(const ZipArchive&) = delete;
    ZipArchive& operator=(const ZipArchive&) = delete;

    // nullptr and a message when the bytes are not a readable zip.
    static std::unique_ptr<ZipArchive> open(SharedBytes bytes, std::string& error);
    // The same over a file on disk: libzip reads the central directory and entries on demand,
    // so a multi-gigabyte archive never has to be held in memory.
    static std::unique_ptr<ZipArchive> openFile(const std::string& path, std::string& error);

    const std::vector<ZipEntry>& entries() const { return m_entries; }
    const ZipEntry* find(std::string_view name) const;

    // The entry's decompressed bytes; safe to call from several threads at once (they share one
    // libzip handle, taking turns only to copy raw bytes, and inflate in parallel). Stored and
    // deflate only; any other method, encryption, a size over the cap, a suspicious ratio, data
    // shorter or longer than the directory's size or a CRC mismatch gives nullopt and a message
    // naming it.
    std::optional<Bytes> read(const ZipEntry& entry, const Limits& limits, std::string& error) const;
    // read() in its two halves, for a reader that hands entries to other threads: the checks
    // before reading and the entry's raw (still deflated) bytes, copied under the archive's
    // lock; then, on any thread and without the lock, the inflate and the CRC check.
    std::optional<RawEntry> readRaw(const ZipEntry& entry, const Limits& limits, std::string& error) const;
    // The raw bytes stay with the caller, to be freed by the thread that read them.
    std::optional<Bytes> inflateRaw(const RawEntry& raw, std::string& error) const;

    // Up to `count` leading decompressed bytes (sniffing an entry without reading it whole);
    // the same method checks as read(), no CRC check since the entry is not read to its end.
    std::optional<Bytes> readPrefix(const ZipEntry& entry, std::size_t count, std::string& error) const;

private:
    ZipArchive() = default;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::vector<ZipEntry> m_entries;
};

bool looksLikeZip(ByteView bytes);
std::string compressionMethodName(std::uint16_t method); // "deflate (8)", "LZX (21)", ...

// Builds a zip in memory (fixtures, samples, benchmarks): deflated or stored entries.
// A name ending in '/' with no data is a directory entry. unixMode, when set, is stored as unix
// external attributes (0120777 makes a symlink whose data is the target). Throws
// std::runtime_error if libzip fails: the inputs are ours, not hostile bytes.
struct ZipInput {
    std::string name;
    Bytes data;
    std::uint32_t unixMode = 0;
};
Bytes writeZip(const std::vector<ZipInput>& entries, bool deflate = true);

// Whether a name would escape an extraction folder: a ".." part ('/' or '\\' separated), a
// leading '/' or '\\', a drive letter, or an empty name.
bool isUnsafeEntryName(std::string_view name);

} // namespace assetscope::archive
