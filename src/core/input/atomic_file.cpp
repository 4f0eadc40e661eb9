#include "input/atomic_file.h"

#include <cstdio>
#include <fstream>
#include <random>
#include <system_error>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <unistd.h>
#endif

namespace assetscope {

namespace {

std::filesystem::path temporaryBeside(const std::filesystem::path& path) {
    std::random_device random;
    const std::string suffix = ".tmp-" + std::to_string(random() % 1000000000u);
    return path.parent_path() / (path.filename().string() + suffix);
}

// Errors name the file asked for: the temporary beside it is this file's business.
bool writeAndSync(const std::filesystem::path& temporary, const std::filesystem::path& path,
                  std::span<const ByteView> pieces, std::string& error) {
    std::FILE* f = std::fopen(temporary.c_str(), "wbx"); // x: never reuse someone else's file
    if (!f) {
        error = "cannot open " + path.string() + " for writing";
        return false;
    }
    bool ok = true;
    // An empty piece is skipped: its data may be null, which fwrite must not be given.
    for (const ByteView piece : pieces)
        ok = ok && (piece.empty() || std::fwrite(piece.data(), 1, piece.size(), f) == piece.size());
    ok = ok && std::fflush(f) == 0;
#if defined(__unix__) || defined(__APPLE__)
    // The rename must not reach the disk before the bytes do.
    ok = ok && ::fsync(::fileno(f)) == 0;
#endif
    ok = std::fclose(f) == 0 && ok;
    if (!ok) error = "cannot write " + path.string();
    return ok;
}

// A file another writer made: its bytes reach the disk before the rename does.
bool syncWritten(const std::filesystem::path& temporary, const std::filesystem::path& path,
                 std::string& error) {
#if defined(__unix__) || defined(__APPLE__)
    const int fd = ::open(temporary.c_str(), O_RDONLY | O_CLOEXEC);
    const bool ok = fd >= 0 && ::fsync(fd) == 0;
    if (fd >= 0) ::close(fd);
    if (!ok) error = "cannot write " + path.string();
    return ok;
#else
    (void)temporary;
    (void)path;
    (void)error;
    return true;
#endif
}

// Moves the finished temporary over `path`, or removes it.
bool replaceWith(const std::filesystem::path& temporary, const std::filesystem::path& path,
                 std::string& error) {
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        error = "cannot replace " + path.string() + ": " + ec.message();
        std::filesystem::remove(temporary, ec);
        return false;
    }
    return true;
}

} // namespace

bool writeFileAtomically(const std::filesystem::path& path, std::span<const ByteView> pieces,
                         std::string& error) {
    const std::filesystem::path temporary = temporaryBeside(path);
    if (!writeAndSync(temporary, path, pieces, error)) {
        std::error_code ec;
        std::filesystem::remove(temporary, ec);
        return false;
    }
    return replaceWith(temporary, path, error);
}

bool writeFileMakingFolders(const std::filesystem::path& path, ByteView bytes, std::string& error) {
    if (path.has_parent_path()) {
        std::error_code ec;
        std::filesystem::create_directories(path.parent_path(), ec);
        if (ec) {
            error = "cannot create " + path.parent_path().string() + ": " + ec.message();
            return false;
        }
    }
    return writeFileAtomically(path, bytes, error);
}

bool writeFileMakingFolders(const std::filesystem::path& path, std::string_view bytes, std::string& error) {
    return writeFileMakingFolders(
        path, ByteView(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), error);
}

bool writeFileAtomically(const std::filesystem::path& path, ByteView bytes, std::string& error) {
    return writeFileAtomically(path, std::span<const ByteView>(&bytes, 1), error);
}

bool writeFileAtomically(const std::filesystem::path& path, std::string_view bytes, std::string& error) {
    return writeFileAtomically(
        path, ByteView(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), error);
}

bool writeFileAtomicallyWith(const std::filesystem::path& path, const FileWrite& write, std::string& error) {
    const std::filesystem::path temporary = temporaryBeside(path);
    std::error_code ec;
    // The writer makes the file itself, so one left from an earlier run must not be there to be
    // appended to or reused.
    if (std::filesystem::exists(temporary, ec)) {
        error = "cannot open " + path.string() + " for writing: " + temporary.string() + " exists";
        return false;
    }
    if (!write(temporary, error) || !syncWritten(temporary, path, error)) {
        std::filesystem::remove(temporary, ec);
        return false;
    }
    return replaceWith(temporary, path, error);
}

bool writeFileAtomicallyStreamed(const std::filesystem::path& path,
                                 const std::function<void(std::ostream&)>& write, std::string& error) {
    return writeFileAtomicallyWith(
        path,
        [&](const std::filesystem::path& temporary, std::string& why) {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            if (out) write(out);
            out.close();
            if (!out) why = "cannot write " + path.string();
            return static_cast<bool>(out);
        },
        error);
}

} // namespace assetscope
