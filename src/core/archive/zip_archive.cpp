#include "archive/zip_archive.h"

#include <zip.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <mutex>

namespace assetscope::archive {

namespace {

constexpr std::uint64_t kRatioCheckFrom = std::uint64_t{1} << 20; // small entries compress well legitimately
constexpr std::uint64_t kReadChunk = std::uint64_t{1} << 20;
constexpr std::uint64_t kInitialReserve = std::uint64_t{64}
                                          << 20; // a lying directory size costs at most this

constexpr const char* kCrcMismatch = "CRC mismatch (the data's CRC-32 is not the directory's)";

std::string libzipMessage(zip_error_t* error) {
    std::string text = zip_error_strerror(error);
    zip_error_fini(error);
    return text;
}

// Frees a handle unless handed back to the pool.
struct FileCloser {
    void operator()(zip_file_t* file) const { zip_fclose(file); }
};
using FilePtr = std::unique_ptr<zip_file_t, FileCloser>;

} // namespace

struct ZipArchive::Impl {
    SharedBytes bytes; // set for archives in memory
    std::string path;  // set for archives on disk
    std::uint64_t archiveSize = 0;
    // One libzip handle for every reader: a second one would parse the central directory again
    // and hold a second copy of it. libzip handles are not thread-safe, so readers take turns
    // under the lock, and only for copying an entry's raw bytes; inflating and the CRC check,
    // nearly all of a read's time, happen outside it (read()).
    std::mutex mutex;
    zip_t* handle = nullptr;

    ~Impl() {
        if (handle) zip_discard(handle);
    }

    bool openHandle(std::string& error) {
        zip_error_t zerr;
        zip_error_init(&zerr);
        zip_source_t* source = nullptr;
        if (bytes)
            source = zip_source_buffer_create(bytes->data(), bytes->size(), 0, &zerr);
        else
            source = zip_source_file_create(path.c_str(), 0, -1, &zerr);
        if (!source) {
            error = libzipMessage(&zerr);
            return false;
        }
        handle = zip_open_from_source(source, ZIP_RDONLY, &zerr);
        if (!handle) {
            zip_source_free(source);
            error = libzipMessage(&zerr);
            return false;
        }
        zip_error_fini(&zerr);
        return true;
    }
};

namespace {

std::string fileError(zip_file_t* file) {
    zip_error_t* error = zip_file_get_error(file);
    if (zip_error_code_zip(error) == ZIP_ER_CRC) return kCrcMismatch;
    return zip_error_strerror(error);
}

} // namespace

ZipArchive::~ZipArchive() = default;

bool isUnsafeEntryName(std::string_view name) {
    if (name.empty() || name.front() == '/' || name.front() == '\\') return true;
    const auto isLetter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    if (name.size() >= 2 && isLetter(name[0]) && name[1] == ':') return true;
    // Backslashes count as separators: an extractor on Windows would treat them so. One pass: this
    // runs for every entry of every zip an install lists.
    std::size_t start = 0;
    for (std::size_t i = 0; i <= name.size(); ++i) {
        if (i < name.size() && name[i] != '/' && name[i] != '\\') continue;
        if (i - start == 2 && name[start] == '.' && name[start + 1] == '.') return true;
        start = i + 1;
    }
    return false;
}

namespace {

// Fills the entry list from one handle; false and a message when libzip cannot stat an entry.
bool listEntries(zip_t* handle, std::vector<ZipEntry>& entries, std::string& error) {
    const zip_int64_t count = zip_get_num_entries(handle, 0);
    if (count < 0) {
        error = "cannot count the archive's entries";
        return false;
    }
    entries.reserve(static_cast<std::size_t>(count));
    for (zip_int64_t i = 0; i < count; ++i) {
        const auto index = static_cast<zip_uint64_t>(i);
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(handle, index, 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME)) {
            error = "cannot read entry " + std::to_string(i) + ": " + zip_strerror(handle);
            return false;
        }
        ZipEntry entry;
        entry.index = index;
        entry.name = st.name;
        entry.size = (st.valid & ZIP_STAT_SIZE) ? st.size : 0;
        entry.compressedSize = (st.valid & ZIP_STAT_COMP_SIZE) ? st.comp_size : 0;
        entry.method = (st.valid & ZIP_STAT_COMP_METHOD) ? st.comp_method : 0;
        entry.crc = (st.valid & ZIP_STAT_CRC) ? st.crc : 0;
        if (st.valid & ZIP_STAT_ENCRYPTION_METHOD) entry.encryptionMethod = st.encryption_method;
        entry.directory = !entry.name.empty() && entry.name.back() == '/';
        zip_uint8_t opsys = 0;
        zip_uint32_t attributes = 0;
        if (zip_file_get_external_attributes(handle, index, 0, &opsys, &attributes) == 0 &&
            opsys == ZIP_OPSYS_UNIX)
            entry.symlink = ((attributes >> 16) & kUnixTypeMask) == kUnixSymlink;
        entry.unsafeName = isUnsafeEntryName(entry.name);
        entries.push_back(std::move(entry));
    }
    return true;
}

} // namespace

std::unique_ptr<ZipArchive> ZipArchive::open(SharedBytes bytes, std::string& error) {
    // libzip takes an empty source for a new, empty archive; for reading, that is not a zip.
    if (!bytes || bytes->size() < 22) {
        error = "not a zip archive (too short)";
        return nullptr;
    }
    std::unique_ptr<ZipArchive> archive(new ZipArchive);
    archive->m_impl = std::make_unique<Impl>();
    archive->m_impl->archiveSize = bytes->size();
    archive->m_impl->bytes = std::move(bytes);
    if (!archive->m_impl->openHandle(error) ||
        !listEntries(archive->m_impl->handle, archive->m_entries, error))
        return nullptr;
    return archive;
}

std::unique_ptr<ZipArchive> ZipArchive::openFile(const std::string& path, std::string& error) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        error = "cannot open: " + ec.message();
        return nullptr;
    }
    if (size < 22) {
        error = "not a zip archive (too short)";
        return nullptr;
    }
    std::unique_ptr<ZipArchive> archive(new ZipArchive);
    archive->m_impl = std::make_unique<Impl>();
    archive->m_impl->archiveSize = size;
    archive->m_impl->path = path;
    if (!archive->m_impl->openHandle(error) ||
        !listEntries(archive->m_impl->handle, archive->m_entries, error))
        return nullptr;
    return archive;
}

const ZipEntry* ZipArchive::find(std::string_view name) const {
    for (const auto& entry : m_entries)
        if (entry.name == name) return &entry;
    return nullptr;
}

namespace {

// The checks shared by read() and readPrefix(): what libzip could not or should not decode.
bool readable(const ZipEntry& entry, std::string& error) {
    if (entry.directory) {
        error = "is a directory entry";
        return false;
    }
    if (entry.encryptionMethod != ZIP_EM_NONE) {
        error = "encrypted entries are not supported (encryption method " +
                std::to_string(entry.encryptionMethod) + ")";
        return false;
    }
    if (entry.method != 0 && entry.method != 8) {
        error = "compression method " + compressionMethodName(entry.method) + " is not supported";
        return false;
    }
    return true;
}

// Reads up to `count` bytes of an open entry; nullopt and libzip's message on a read error.
std::optional<Bytes> readUpTo(zip_file_t* file, std::uint64_t count, std::string& error) {
    // Grow as data arrives: a lying directory size costs at most kInitialReserve up front.
    Bytes out;
    out.reserve(static_cast<std::size_t>(std::min(count, kInitialReserve)));
    std::uint64_t total = 0;
    while (total < count) {
        const std::uint64_t want = std::min(count - total, kReadChunk);
        out.resize(static_cast<std::size_t>(total + want));
        const zip_int64_t got = zip_fread(file, out.data() + total, want);
        if (got < 0) {
            error = fileError(file);
            return std::nullopt;
        }
        if (got == 0) break;
        total += static_cast<std::uint64_t>(got);
    }
    out.resize(static_cast<std::size_t>(total));
    return out;
}

std::string endsEarly(std::uint64_t got, std::uint64_t size) {
    return "entry data ends after " + std::to_string(got) + " of " + std::to_string(size) + " bytes";
}

std::string yieldsMore(std::uint64_t size) {
    return "entry yields more than its directory size of " + std::to_string(size) + " bytes";
}

// A raw deflate stream inflated to exactly `size` bytes: a stream that ends early or yields
// more is refused, as is one zlib cannot decode.
std::optional<Bytes> inflateEntry(const Bytes& raw, std::uint64_t size, std::string& error) {
    z_stream stream{};
    if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) {
        error = "cannot start inflating";
        return std::nullopt;
    }
    struct End {
        z_stream& s;
        ~End() { inflateEnd(&s); }
    } end{stream};
    Bytes out;
    out.reserve(static_cast<std::size_t>(std::min(size, kInitialReserve)));
    stream.next_in = const_cast<Bytef*>(raw.data()); // zlib's API is not const-correct; it only reads
    std::uint64_t inLeft = raw.size();
    std::uint8_t probe = 0; // one byte past `size` tells a stream that yields more
    for (;;) {
        const bool full = out.size() >= size;
        if (!full && stream.total_out == out.size())
            out.resize(static_cast<std::size_t>(std::min(size, out.size() + kReadChunk)));
        stream.next_out = full ? &probe : out.data() + stream.total_out;
        stream.avail_out = full ? 1 : static_cast<uInt>(out.size() - stream.total_out);
        const auto feed = static_cast<uInt>(std::min<std::uint64_t>(inLeft, kReadChunk));
        stream.avail_in = feed;
        const int rc = inflate(&stream, Z_NO_FLUSH);
        inLeft -= feed - stream.avail_in;
        if (full && stream.avail_out == 0) {
            error = yieldsMore(size);
            return std::nullopt;
        }
        if (rc == Z_STREAM_END) break;
        // No progress with output room left: the input ran out before the stream's end.
        if (rc == Z_BUF_ERROR) {
            error = full ? "entry's deflate stream ends without its end marker"
                         : endsEarly(stream.total_out, size);
            return std::nullopt;
        }
        if (rc != Z_OK) {
            error = std::string("Zlib error: ") + zError(rc);
            return std::nullopt;
        }
    }
    if (stream.total_out < size) {
        error = endsEarly(stream.total_out, size);
        return std::nullopt;
    }
    return out;
}

} // namespace

std::optional<RawEntry> ZipArchive::readRaw(const ZipEntry& entry, const Limits& limits,
                                            std::string& error) const {
    if (entry.index >= m_entries.size()) {
        error = "no entry with index " + std::to_string(entry.index);
        return std::nullopt;
    }
    const ZipEntry& listed = m_entries[entry.index]; // trust our listing, not a caller's copy
    if (!readable(listed, error)) return std::nullopt;
    if (listed.size > limits.maxEntrySize) {
        error = "entry size " + std::to_string(listed.size) + " exceeds the limit of " +
                std::to_string(limits.maxEntrySize) + " bytes (maxEntrySize)";
        return std::nullopt;
    }
    if (listed.compressedSize > m_impl->archiveSize) {
        error = "compressed size " + std::to_string(listed.compressedSize) + " exceeds the archive's size";
        return std::nullopt;
    }
    if (listed.size > kRatioCheckFrom &&
        (listed.compressedSize == 0 || listed.size / listed.compressedSize > limits.maxCompressionRatio)) {
        const std::uint64_t ratio = listed.compressedSize ? listed.size / listed.compressedSize : listed.size;
        error = "compression ratio " + std::to_string(ratio) + ":1 exceeds the limit of " +
                std::to_string(limits.maxCompressionRatio) + ":1 (maxCompressionRatio; possible zip bomb)";
        return std::nullopt;
    }
    // One byte more than the directory's size tells a stored entry that is longer than it says.
    std::lock_guard lock(m_impl->mutex);
    FilePtr file(zip_fopen_index(m_impl->handle, listed.index, ZIP_FL_COMPRESSED));
    if (!file) {
        error = zip_strerror(m_impl->handle);
        return std::nullopt;
    }
    std::optional<Bytes> raw =
        readUpTo(file.get(), listed.compressedSize + (listed.method == 0 ? 1 : 0), error);
    if (!raw) return std::nullopt;
    return RawEntry{listed.index, std::move(*raw)};
}

std::optional<Bytes> ZipArchive::inflateRaw(const RawEntry& raw, std::string& error) const {
    if (raw.index >= m_entries.size()) {
        error = "no entry with index " + std::to_string(raw.index);
        return std::nullopt;
    }
    const ZipEntry& listed = m_entries[raw.index];
    std::optional<Bytes> out;
    if (listed.method == 0) {
        if (raw.bytes.size() > listed.size)
            error = yieldsMore(listed.size);
        else if (raw.bytes.size() < listed.size)
            error = endsEarly(raw.bytes.size(), listed.size);
        else
            out = raw.bytes;
    } else {
        out = inflateEntry(raw.bytes, listed.size, error);
    }
    if (!out) return std::nullopt;
    const auto crc = static_cast<std::uint32_t>(crc32_z(0, out->data(), out->size()));
    if (crc != listed.crc) {
        error = kCrcMismatch;
        return std::nullopt;
    }
    return out;
}

std::optional<Bytes> ZipArchive::read(const ZipEntry& entry, const Limits& limits, std::string& error) const {
    std::optional<RawEntry> raw = readRaw(entry, limits, error);
    if (!raw) return std::nullopt;
    return inflateRaw(*raw, error);
}

std::optional<Bytes> ZipArchive::readPrefix(const ZipEntry& entry, std::size_t count,
                                            std::string& error) const {
    if (entry.index >= m_entries.size()) {
        error = "no entry with index " + std::to_string(entry.index);
        return std::nullopt;
    }
    const ZipEntry& listed = m_entries[entry.index];
    if (!readable(listed, error)) return std::nullopt;
    // libzip inflates here: only the first few bytes are wanted, not the whole raw entry.
    std::lock_guard lock(m_impl->mutex);
    FilePtr file(zip_fopen_index(m_impl->handle, listed.index, 0));
    if (!file) {
        error = zip_strerror(m_impl->handle);
        return std::nullopt;
    }
    return readUpTo(file.get(), std::min<std::uint64_t>(count, listed.size), error);
}

} // namespace assetscope::archive
