#include "export/staged_output.h"

#include <algorithm>
#include <system_error>

namespace assetscope::exporting {

namespace fs = std::filesystem;

namespace {

// Several workers may make the same folder at once: whoever loses the race still has it.
bool makeFolder(const fs::path& dir, std::string& error) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (fs::is_directory(dir)) return true;
    error = "cannot make folder " + dir.string() + (ec ? ": " + ec.message() : std::string());
    return false;
}

} // namespace

fs::path stagingFolder(const fs::path& out) {
    std::string name(1, '.');
    name += out.filename().string();
    name += ".partial";
    return out.parent_path() / name;
}

bool inStagingFolder(std::string_view path) {
    constexpr std::string_view kSuffix = ".partial";
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find_first_of("/\\", start), path.size());
        const std::string_view part = path.substr(start, end - start);
        if (part.size() > kSuffix.size() + 1 && part.front() == '.' && part.ends_with(kSuffix)) return true;
        start = end + 1;
    }
    return false;
}

bool writeStaged(const fs::path& out,
                 const std::function<bool(const fs::path& staged, std::vector<fs::path>& written,
                                          std::string& error)>& write,
                 std::vector<fs::path>& placed, std::string& error) {
    const fs::path staging = stagingFolder(out);
    std::error_code ec;
    fs::remove_all(staging, ec); // what a stopped run left
    if (!makeFolder(staging, error)) return false;
    std::vector<fs::path> written;
    const bool ok = write(staging / out.filename(), written, error);
    // Companions first, the output last: once the output is there, all it refers to is too.
    std::vector<fs::path> order(written.rbegin(), written.rend());
    for (std::size_t i = 0; ok && i < order.size(); ++i) {
        const fs::path target = out.parent_path() / order[i].filename();
        fs::rename(order[i], target, ec);
        if (ec) {
            error = "cannot move " + order[i].string() + " to " + target.string() + ": " + ec.message();
            for (std::size_t j = 0; j < i; ++j) // a companion without its output is no use
                fs::remove(out.parent_path() / order[j].filename(), ec);
            fs::remove_all(staging, ec);
            return false;
        }
    }
    fs::remove_all(staging, ec);
    if (!ok) return false;
    for (const fs::path& w : written)
        placed.push_back(out.parent_path() / w.filename());
    return true;
}

} // namespace assetscope::exporting
