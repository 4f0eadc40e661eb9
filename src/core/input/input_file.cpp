#include "input/input_file.h"

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <system_error>

namespace assetscope::input {

namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

std::string errnoText(int code) {
    return std::error_code(code, std::generic_category()).message();
}

} // namespace

std::string lastPathPart(std::string_view name) {
    const auto slash = name.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? name : name.substr(slash + 1));
}

bool hasZipExtension(std::string_view name) {
    if (name.size() < 4) return false;
    std::string tail(name.substr(name.size() - 4));
    for (char& c : tail)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return tail == ".zip";
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
                           std::to_string(limits.maxEntrySize) + " bytes";
            return result;
        }
        // Read until end of file rather than trusting the size: the file may change meanwhile.
        // One chunk of headroom keeps the last read from reallocating (and copying) the buffer.
        constexpr std::size_t kChunk = std::size_t{1} << 20;
        Bytes bytes;
        if (!ec) bytes.reserve(static_cast<std::size_t>(size) + kChunk);
        for (;;) {
            const std::size_t at = bytes.size();
            if (at > limits.maxEntrySize) {
                result.error =
                    "file grew past the limit of " + std::to_string(limits.maxEntrySize) + " bytes";
                return result;
            }
            bytes.resize(at + kChunk);
            const std::size_t got = std::fread(bytes.data() + at, 1, kChunk, file.get());
            bytes.resize(at + got);
            if (got < kChunk) break;
        }
        if (std::ferror(file.get())) {
            result.error = "cannot read: " + errnoText(errno);
            return result;
        }
        result.bytes = shareBytes(std::move(bytes));
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
