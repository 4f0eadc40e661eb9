#include "input/atomic_file.h"

#include <cstdio>
#include <random>
#include <system_error>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

namespace assetscope {

namespace {

std::filesystem::path temporaryBeside(const std::filesystem::path& path) {
    std::random_device random;
    const std::string suffix = ".tmp-" + std::to_string(random() % 1000000000u);
    return path.parent_path() / (path.filename().string() + suffix);
}

bool writeAndSync(const std::filesystem::path& temporary, std::string_view bytes, std::string& error) {
    std::FILE* f = std::fopen(temporary.c_str(), "wbx"); // x: never reuse someone else's file
    if (!f) {
        error = "cannot create " + temporary.string();
        return false;
    }
    bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && std::fflush(f) == 0;
#if defined(__unix__) || defined(__APPLE__)
    // The rename must not reach the disk before the bytes do.
    ok = ok && ::fsync(::fileno(f)) == 0;
#endif
    ok = std::fclose(f) == 0 && ok;
    if (!ok) error = "cannot write " + temporary.string();
    return ok;
}

} // namespace

bool writeFileAtomically(const std::filesystem::path& path, std::string_view bytes, std::string& error) {
    const std::filesystem::path temporary = temporaryBeside(path);
    std::error_code ec;
    if (!writeAndSync(temporary, bytes, error)) {
        std::filesystem::remove(temporary, ec);
        return false;
    }
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        error = "cannot replace " + path.string() + ": " + ec.message();
        std::filesystem::remove(temporary, ec);
        return false;
    }
    return true;
}

} // namespace assetscope
