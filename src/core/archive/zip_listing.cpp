#include "archive/zip_listing.h"

#include "archive/zip_archive.h"
#include "bytes/little_endian.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <limits>

namespace assetscope::archive {

namespace {

// PKWARE's APPNOTE: the end of central directory record, a central directory record, the Zip64
// end record's locator.
constexpr std::uint32_t kEndMagic = 0x06054b50;          // "PK\5\6"
constexpr std::uint32_t kCentralMagic = 0x02014b50;      // "PK\1\2"
constexpr std::uint32_t kZip64LocatorMagic = 0x07064b50; // "PK\6\7"
constexpr std::size_t kEndSize = 22;
constexpr std::size_t kCentralSize = 46;
constexpr std::size_t kLocatorSize = 20;
// The end record lies in the file's last bytes: its comment is at most 0xFFFF bytes, and a Zip64
// locator may come before it. libzip looks for the record in as much of the end.
constexpr std::size_t kTailSize = 0xFFFF + kEndSize + kLocatorSize;
// A directory larger than this is left to libzip, which reads it a record at a time: this reader
// holds the directory whole.
constexpr std::uint64_t kMaxDirectory = std::uint64_t{64} << 20;
constexpr std::uint16_t kUnicodePathField = 0x7075; // Info-ZIP's: a name libzip would list instead
constexpr std::uint16_t kUtf8Flag = 1 << 11;        // names and comments are UTF-8
constexpr std::uint16_t kAesMethod = 99;            // WinZip AES: its extra field says more
constexpr std::uint8_t kUnixHost = 3;               // "version made by", high byte

// Printable ASCII: text libzip hands back as stored, whatever the UTF-8 flag says (any other byte
// makes it guess an encoding, and convert from CP437 or refuse the archive).
bool printable(ByteView text) {
    return std::all_of(text.begin(), text.end(), [](std::uint8_t c) { return c >= 0x20 && c <= 0x7E; });
}

struct MemorySource {
    ByteView bytes;
    std::uint64_t size() const { return bytes.size(); }
    bool get(std::uint64_t offset, std::uint64_t length, ByteView& out) {
        if (offset > bytes.size() || length > bytes.size() - offset) return false;
        out = bytes.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
        return true;
    }
};

// A file read in two pieces (its tail, then its directory), each valid until the next.
struct FileSource {
    int fd = -1;
    std::uint64_t fileSize = 0;
    Bytes buffer;

    FileSource() = default;
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;
    ~FileSource() {
        if (fd >= 0) ::close(fd);
    }
    std::uint64_t size() const { return fileSize; }
    bool get(std::uint64_t offset, std::uint64_t length, ByteView& out) {
        if (offset > fileSize || length > fileSize - offset) return false;
        buffer.resize(static_cast<std::size_t>(length));
        std::size_t done = 0;
        while (done < buffer.size()) {
            const ssize_t got =
                ::pread(fd, buffer.data() + done, buffer.size() - done, static_cast<off_t>(offset + done));
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) return false;
            done += static_cast<std::size_t>(got);
        }
        out = ByteView(buffer.data(), buffer.size());
        return true;
    }
};

} // namespace

// False whenever the directory is not plain, or anything in it does not add up: then libzip
// decides (it may still list it, by rules of its own, or say what is wrong).
template <typename Source> bool ZipListing::readPlain(Source& source) {
    m_names.clear();
    m_entries.clear();
    const std::uint64_t fileSize = source.size();
    if (fileSize < kEndSize) return false;
    const auto tailSize = static_cast<std::size_t>(std::min<std::uint64_t>(fileSize, kTailSize));
    const std::uint64_t tailStart = fileSize - tailSize;
    ByteView tail;
    if (!source.get(tailStart, tailSize, tail)) return false;

    // Exactly one end record signature where a record fits (with more, libzip weighs the
    // candidates by reading further), its comment reaching the file's end.
    const std::string_view tailText(reinterpret_cast<const char*>(tail.data()), tail.size());
    const std::size_t end = tailText.find("PK\5\6");
    if (end == std::string_view::npos || end + kEndSize > tailSize) return false;
    if (const std::size_t next = tailText.find("PK\5\6", end + 1);
        next != std::string_view::npos && next + kEndSize <= tailSize)
        return false;
    const std::uint8_t* record = tail.data() + end;
    if (loadU32(record) != kEndMagic || end + kEndSize + loadU16(record + 20) != tailSize) return false;
    // One disk, no Zip64: neither its markers nor a locator before the record.
    if (loadU16(record + 4) != 0 || loadU16(record + 6) != 0) return false;
    const std::uint16_t count = loadU16(record + 10);
    if (loadU16(record + 8) != count || count == 0 || count == 0xFFFF) return false;
    const std::uint32_t directorySize = loadU32(record + 12), directoryOffset = loadU32(record + 16);
    if (directorySize == 0xFFFFFFFF || directoryOffset == 0xFFFFFFFF) return false;
    if (end >= kLocatorSize && loadU32(record - kLocatorSize) == kZip64LocatorMagic) return false;
    if (std::uint64_t{directoryOffset} + directorySize > tailStart + end || directorySize > kMaxDirectory)
        return false;

    ByteView directory; // `tail` is not to be used after this
    if (!source.get(directoryOffset, directorySize, directory)) return false;
    m_entries.reserve(count);
    m_names.reserve(directorySize);
    std::size_t at = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (directory.size() - at < kCentralSize) return false;
        const std::uint8_t* r = directory.data() + at;
        if (loadU32(r) != kCentralMagic) return false;
        const std::uint16_t madeBy = loadU16(r + 4), flags = loadU16(r + 8), method = loadU16(r + 10);
        const std::uint32_t compressed = loadU32(r + 20), size = loadU32(r + 24);
        const std::uint16_t nameLength = loadU16(r + 28), extraLength = loadU16(r + 30),
                            commentLength = loadU16(r + 32);
        const std::uint16_t disk = loadU16(r + 34);
        const std::uint32_t attributes = loadU32(r + 38), localOffset = loadU32(r + 42);
        const std::size_t variable = std::size_t{nameLength} + extraLength + commentLength;
        if (directory.size() - at - kCentralSize < variable) return false;
        if (compressed == 0xFFFFFFFF || size == 0xFFFFFFFF || localOffset == 0xFFFFFFFF || disk == 0xFFFF ||
            method == kAesMethod)
            return false;
        const ByteView name = directory.subspan(at + kCentralSize, nameLength);
        ByteView extra = directory.subspan(at + kCentralSize + nameLength, extraLength);
        const ByteView comment =
            directory.subspan(at + kCentralSize + nameLength + extraLength, commentLength);
        if (name.empty() || !printable(name) || ((flags & kUtf8Flag) && !printable(comment))) return false;
        // Extra fields that fill their room exactly, none naming the entry anew.
        while (!extra.empty()) {
            if (extra.size() < 4) return false;
            const std::uint16_t id = loadU16(extra.data()), length = loadU16(extra.data() + 2);
            if (id == kUnicodePathField || extra.size() - 4 < length) return false;
            extra = extra.subspan(4 + std::size_t{length});
        }
        ListedEntry entry;
        entry.nameOffset = static_cast<std::uint32_t>(m_names.size());
        entry.nameLength = nameLength;
        m_names.append(reinterpret_cast<const char*>(name.data()), name.size());
        const std::string_view text = std::string_view(m_names).substr(entry.nameOffset);
        entry.size = size;
        entry.compressedSize = compressed;
        entry.directory = text.back() == '/';
        entry.symlink = (madeBy >> 8) == kUnixHost && ((attributes >> 16) & kUnixTypeMask) == kUnixSymlink;
        entry.unsafeName = isUnsafeEntryName(text);
        m_entries.push_back(entry);
        at += kCentralSize + variable;
    }
    return at == directory.size();
}

bool ZipListing::readWithLibzip(SharedBytes* bytes, const std::string& path, std::string& error) {
    m_names.clear();
    m_entries.clear();
    m_byLibzip = true;
    const std::unique_ptr<ZipArchive> zip =
        bytes ? ZipArchive::open(std::move(*bytes), error) : ZipArchive::openFile(path, error);
    if (!zip) return false;
    m_entries.reserve(zip->entries().size());
    for (const ZipEntry& e : zip->entries()) {
        if (e.name.size() > std::numeric_limits<std::uint32_t>::max() - m_names.size()) {
            error = "the archive's names are too long to list";
            m_entries.clear();
            return false;
        }
        ListedEntry entry;
        entry.nameOffset = static_cast<std::uint32_t>(m_names.size());
        entry.nameLength = static_cast<std::uint32_t>(e.name.size());
        m_names += e.name;
        entry.size = e.size;
        entry.compressedSize = e.compressedSize;
        entry.directory = e.directory;
        entry.symlink = e.symlink;
        entry.unsafeName = e.unsafeName;
        m_entries.push_back(entry);
    }
    return true;
}

bool ZipListing::readFile(const std::string& path, std::string& error) {
    m_byLibzip = false;
    {
        FileSource source;
        source.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        struct stat status {};
        if (source.fd >= 0 && ::fstat(source.fd, &status) == 0 && S_ISREG(status.st_mode)) {
            source.fileSize = static_cast<std::uint64_t>(status.st_size);
            if (readPlain(source)) return true;
        }
    }
    return readWithLibzip(nullptr, path, error);
}

bool ZipListing::read(SharedBytes bytes, std::string& error) {
    m_byLibzip = false;
    if (bytes) {
        MemorySource source{*bytes};
        if (readPlain(source)) return true;
    }
    return readWithLibzip(&bytes, std::string(), error);
}

} // namespace assetscope::archive
