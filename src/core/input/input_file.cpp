#include "input/input_file.h"

#include "bytes/ascii_case.h"
#include "input/file_mapping.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace assetscope::input {

namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

// A buffer for a whole file, left uninitialised since the file's bytes overwrite it. Large ones
// are asked for as transparent huge pages: reading a big file then costs a few hundred page
// faults instead of one per 4 KiB, which makes loading an 80 MB file several times faster.
std::shared_ptr<std::uint8_t> uninitialisedBuffer(std::size_t capacity) {
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    if (capacity < 2 * kHugePage)
        return std::shared_ptr<std::uint8_t>(new std::uint8_t[capacity],
                                             std::default_delete<std::uint8_t[]>());
    const std::size_t rounded = (capacity + kHugePage - 1) / kHugePage * kHugePage;
    void* memory = std::aligned_alloc(kHugePage, rounded);
    if (!memory) throw std::bad_alloc();
#ifdef __linux__
    madvise(memory, rounded, MADV_HUGEPAGE); // advice only: without huge pages it still works
#endif
    return std::shared_ptr<std::uint8_t>(static_cast<std::uint8_t*>(memory),
                                         [](std::uint8_t* p) { std::free(p); });
}

std::string errnoText(int code) {
    return std::error_code(code, std::generic_category()).message();
}

} // namespace

std::string lastPathPart(std::string_view name) {
    const auto slash = name.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? name : name.substr(slash + 1));
}

bool hasZipExtension(std::string_view name) {
    return endsWithNoCase(name, ".zip");
}

std::string nestingRefusal(std::size_t levels, int limit) {
    return "nesting of " + std::to_string(levels) + " archive levels exceeds the limit of " +
           std::to_string(limit) + " (maxNestingDepth)";
}

LoadedInput readInputFile(const std::string& path, const archive::Limits& limits) {
    LoadedInput result;
    result.name = lastPathPart(path);
    try {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) {
            result.error = "cannot open: " + errnoText(EISDIR);
            return result;
        }
        FilePtr file(std::fopen(path.c_str(), "rb"));
        if (!file) {
            result.error = "cannot open: " + errnoText(errno);
            return result;
        }
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec && size > limits.maxEntrySize) {
            result.error = "file size " + std::to_string(size) + " exceeds the limit of " +
                           std::to_string(limits.maxEntrySize) + " bytes (maxEntrySize)";
            return result;
        }
        if (!ec && size >= kMapFilesFrom)
            if (auto mapped = mapWholeFile(path, size)) {
                result.bytes = std::move(*mapped);
                return result;
            }
        // Read until end of file rather than trusting the size: the file may change meanwhile.
        // One chunk of headroom lets the last read see the end of the file without growing.
        constexpr std::size_t kChunk = std::size_t{1} << 20;
        std::size_t capacity = ec ? kChunk : static_cast<std::size_t>(size) + kChunk;
        std::shared_ptr<std::uint8_t> buffer = uninitialisedBuffer(capacity);
        std::size_t length = 0;
        for (;;) {
            if (length == capacity) {
                if (length > limits.maxEntrySize) {
                    result.error = "file grew past the limit of " + std::to_string(limits.maxEntrySize) +
                                   " bytes (maxEntrySize)";
                    return result;
                }
                // The file grew since its size was taken: move to a buffer twice as big.
                auto bigger = uninitialisedBuffer(capacity * 2);
                std::memcpy(bigger.get(), buffer.get(), length);
                buffer = std::move(bigger);
                capacity *= 2;
            }
            const std::size_t want = std::min(kChunk, capacity - length);
            const std::size_t got = std::fread(buffer.get() + length, 1, want, file.get());
            length += got;
            if (got < want) break;
        }
        if (std::ferror(file.get())) {
            result.error = "cannot read: " + errnoText(errno);
            return result;
        }
        const ByteView view(buffer.get(), length);
        result.bytes = SharedBytes(std::move(buffer), view);
    } catch (const std::exception& e) {
        result.error = std::string("cannot read: ") + e.what();
    }
    return result;
}

bool fileLooksLikeZip(const std::string& path) {
    FilePtr file(std::fopen(path.c_str(), "rb"));
    if (!file) return false;
    std::uint8_t head[4] = {};
    const std::size_t got = std::fread(head, 1, sizeof head, file.get());
    return archive::looksLikeZip(ByteView(head, got));
}

} // namespace assetscope::input
