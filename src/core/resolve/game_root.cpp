#include "resolve/game_root.h"

#include "archive/zip_archive.h"
#include "bytes/ascii_case.h"
#include "input/input_file.h"
#include "input/input_path.h"
#include "resolve/game_path.h"

#include <algorithm>
#include <filesystem>

namespace assetscope::resolve {

namespace fs = std::filesystem;

namespace {

std::string rootText(const fs::path& root) {
    return root.empty() ? std::string(".") : root.generic_string();
}

// Without a trailing separator ("ROOT/" is the folder "ROOT"), so that paths compare part by part.
fs::path absoluteNormal(const fs::path& path) {
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    fs::path normal = (ec ? path : absolute).lexically_normal();
    if (!normal.has_filename() && normal.has_relative_path()) normal = normal.parent_path();
    return normal;
}

} // namespace

std::optional<std::string> rootOf(std::string_view input) {
    const InputPath path = InputPath::parse(input);
    const fs::path file = fs::path(path.file).lexically_normal();
    if (!path.entries.empty() && equalsNoCase(file.filename().string(), "media.zip"))
        return rootText(file.parent_path());
    for (fs::path folder = file.parent_path(); !folder.empty(); folder = folder.parent_path()) {
        if (equalsNoCase(folder.filename().string(), "media")) return rootText(folder.parent_path());
        if (folder == folder.parent_path()) break; // "/" is its own parent
    }
    return std::nullopt;
}

std::vector<std::string> rootsFor(std::vector<std::string> given, std::string_view input) {
    if (const std::optional<std::string> own = rootOf(input))
        if (std::find(given.begin(), given.end(), *own) == given.end()) given.push_back(*own);
    return given;
}

std::optional<std::string> gamePathOf(std::string_view input, std::string_view root) {
    const InputPath path = InputPath::parse(input);
    if (path.file.empty() || path.entries.size() > 1) return std::nullopt;
    if (!path.entries.empty() && !input::hasZipExtension(path.file)) return std::nullopt;
    const fs::path below = absoluteNormal(path.file).lexically_relative(absoluteNormal(fs::path(root)));
    std::vector<std::string> parts;
    for (const fs::path& part : below) {
        const std::string name = part.string();
        if (name.empty() || name == "." || name == "..") return std::nullopt;
        parts.push_back(name);
    }
    if (parts.empty()) return std::nullopt;
    if (!path.entries.empty()) {
        const std::string& entry = path.entries.front();
        if (archive::isUnsafeEntryName(entry) || entry.find('\\') != std::string::npos || entry.back() == '/')
            return std::nullopt;
        parts.back().resize(parts.back().size() - 4); // ".zip"
        if (parts.back().empty()) return std::nullopt;
        for (std::size_t start = 0; start <= entry.size();) {
            const std::size_t end = std::min(entry.find('/', start), entry.size());
            if (end > start) parts.push_back(entry.substr(start, end - start));
            start = end + 1;
        }
    }
    // A name the forward rule would refuse cannot have come from a Game:\ path.
    std::string refusal;
    if (!gamePathParts(gamePathText(parts), refusal)) return std::nullopt;
    return gamePathText(parts);
}

std::optional<std::string> gamePathOf(std::string_view input) {
    const std::optional<std::string> root = rootOf(input);
    if (!root) return std::nullopt;
    return gamePathOf(input, *root);
}

} // namespace assetscope::resolve
