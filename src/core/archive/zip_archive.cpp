#include "archive/zip_archive.h"

#include <zip.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <mutex>

namespace assetscope::archive {

namespace {

constexpr std::uint64_t kRatioCheckFrom = std::uint64_t{1} << 20; // small entries compress well legitimately
constexpr std::size_t kIdleHandles = 4;                           // enough for a census's worker threads
constexpr std::uint64_t kReadChunk = std::uint64_t{1} << 20;
constexpr std::uint64_t kInitialReserve = std::uint64_t{64}
                                          << 20; // a lying directory size costs at most this
constexpr std::uint32_t kUnixTypeMask = 0170000;
constexpr std::uint32_t kUnixSymlink = 0120000;

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
    std::mutex mutex;
    std::vector<zip_t*> idle;

    ~Impl() {
        for (zip_t* handle : idle)
            zip_discard(handle);
    }

    // A new libzip handle over the same bytes; libzip handles are not thread-safe, so each
    // reader takes one of its own.
    zip_t* openHandle(std::string& error) const {
        zip_error_t zerr;
        zip_error_init(&zerr);
        zip_source_t* source = nullptr;
        if (bytes)
            source = zip_source_buffer_create(bytes->data(), bytes->size(), 0, &zerr);
        else
            source = zip_source_file_create(path.c_str(), 0, -1, &zerr);
        if (!source) {
            error = libzipMessage(&zerr);
            return nullptr;
        }
        zip_t* handle = zip_open_from_source(source, ZIP_RDONLY, &zerr);
        if (!handle) {
            zip_source_free(source);
            error = libzipMessage(&zerr);
            return nullptr;
        }
        zip_error_fini(&zerr);
        return handle;
    }

    zip_t* acquire(std::string& error) {
        {
            std::lock_guard lock(mutex);
            if (!idle.empty()) {
                zip_t* handle = idle.back();
                idle.pop_back();
                return handle;
            }
        }
        return openHandle(error);
    }

    void release(zip_t* handle) {
        {
            std::lock_guard lock(mutex);
            if (idle.size() < kIdleHandles) {
                idle.push_back(handle);
                return;
            }
        }
        zip_discard(handle);
    }

    // Borrows a pooled handle for one read.
    class Lease {
    public:
        Lease(Impl& impl, std::string& error) : m_impl(impl), m_handle(impl.acquire(error)) {}
        ~Lease() {
            if (m_handle) m_impl.release(m_handle);
        }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        zip_t* get() const { return m_handle; }

    private:
        Impl& m_impl;
        zip_t* m_handle;
    };
};

namespace {

std::string fileError(zip_file_t* file) {
    zip_error_t* error = zip_file_get_error(file);
    if (zip_error_code_zip(error) == ZIP_ER_CRC) return "CRC mismatch (libzip)";
    return zip_error_strerror(error);
}

} // namespace

ZipArchive::~ZipArchive() = default;

bool isUnsafeEntryName(std::string_view name) {
    if (name.empty() || name.front() == '/' || name.front() == '\\') return true;
    const auto isLetter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    if (name.size() >= 2 && isLetter(name[0]) && name[1] == ':') return true;
    // Backslashes count as separators: an extractor on Windows would treat them so.
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find_first_of("/\\", start);
        if (end == std::string_view::npos) end = name.size();
        if (name.substr(start, end - start) == "..") return true;
        start = end + 1;
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
    zip_t* handle = archive->m_impl->openHandle(error);
    if (!handle) return nullptr;
    const bool listed = listEntries(handle, archive->m_entries, error);
    archive->m_impl->release(handle);
    if (!listed) return nullptr;
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
    zip_t* handle = archive->m_impl->openHandle(error);
    if (!handle) return nullptr;
    const bool listed = listEntries(handle, archive->m_entries, error);
    archive->m_impl->release(handle);
    if (!listed) return nullptr;
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
    if (entry.method != 0 && entry.method != 8) {
        error = "compression method " + compressionMethodName(entry.method) + " is not supported";
        return false;
    }
    return true;
}

// Opens the entry's stream, refusing encrypted entries (libzip would ask for a password).
FilePtr openEntry(zip_t* handle, const ZipEntry& entry, std::string& error) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(handle, entry.index, 0, &st) != 0) {
        error = zip_strerror(handle);
        return nullptr;
    }
    if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE) {
        error = "encrypted entries are not supported (encryption method " +
                std::to_string(st.encryption_method) + ")";
        return nullptr;
    }
    FilePtr file(zip_fopen_index(handle, entry.index, 0));
    if (!file) error = zip_strerror(handle);
    return file;
}

} // namespace

std::optional<Bytes> ZipArchive::read(const ZipEntry& entry, const Limits& limits, std::string& error) const {
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

    Impl::Lease lease(*m_impl, error);
    if (!lease.get()) return std::nullopt;
    FilePtr file = openEntry(lease.get(), listed, error);
    if (!file) return std::nullopt;

    // Grow as data arrives, never past the directory's size: a stream that yields more is refused.
    Bytes out;
    out.reserve(static_cast<std::size_t>(std::min(listed.size, kInitialReserve)));
    std::uint64_t total = 0;
    while (total < listed.size) {
        const std::uint64_t want = std::min(listed.size - total, kReadChunk);
        out.resize(static_cast<std::size_t>(total + want));
        const zip_int64_t got = zip_fread(file.get(), out.data() + total, want);
        if (got < 0) {
            error = fileError(file.get());
            return std::nullopt;
        }
        if (got == 0) break;
        total += static_cast<std::uint64_t>(got);
    }
    out.resize(static_cast<std::size_t>(total));
    if (total < listed.size) {
        error = "entry data ends after " + std::to_string(total) + " of " + std::to_string(listed.size) +
                " bytes";
        return std::nullopt;
    }
    std::uint8_t probe = 0;
    const zip_int64_t extra = zip_fread(file.get(), &probe, 1);
    if (extra > 0) {
        error = "entry yields more than its directory size of " + std::to_string(listed.size) + " bytes";
        return std::nullopt;
    }
    // Reading to the end is what makes libzip compare the data's CRC with the directory's
    // (a mismatch is an error here, "CRC mismatch (libzip)").
    if (extra < 0) {
        error = fileError(file.get());
        return std::nullopt;
    }
    return out;
}

std::optional<Bytes> ZipArchive::readPrefix(const ZipEntry& entry, std::size_t count,
                                            std::string& error) const {
    if (entry.index >= m_entries.size()) {
        error = "no entry with index " + std::to_string(entry.index);
        return std::nullopt;
    }
    const ZipEntry& listed = m_entries[entry.index];
    if (!readable(listed, error)) return std::nullopt;
    Impl::Lease lease(*m_impl, error);
    if (!lease.get()) return std::nullopt;
    FilePtr file = openEntry(lease.get(), listed, error);
    if (!file) return std::nullopt;
    Bytes out(static_cast<std::size_t>(std::min<std::uint64_t>(count, listed.size)));
    std::size_t total = 0;
    while (total < out.size()) {
        const zip_int64_t got = zip_fread(file.get(), out.data() + total, out.size() - total);
        if (got < 0) {
            error = fileError(file.get());
            return std::nullopt;
        }
        if (got == 0) break;
        total += static_cast<std::size_t>(got);
    }
    out.resize(total);
    return out;
}

} // namespace assetscope::archive
