#include "input/sibling_file.h"

#include "input/input_path.h"

namespace assetscope {

namespace {

bool refusedName(std::string_view name) {
    return name.empty() || name.find_first_of("/\\") != std::string_view::npos ||
           name.find("..") != std::string_view::npos || name.find("::") != std::string_view::npos;
}

} // namespace

std::optional<std::string> siblingPath(std::string_view input, std::string_view name) {
    if (refusedName(name)) return std::nullopt;
    InputPath path = InputPath::parse(input);
    // Both separators count, as they do for the input's own name and cell folder (lastName,
    // folderName), so the sibling sits in the folder those hints were taken from.
    std::string& inner = path.entries.empty() ? path.file : path.entries.back();
    const auto slash = inner.find_last_of("/\\");
    inner = (slash == std::string::npos ? std::string() : inner.substr(0, slash + 1)) + std::string(name);
    return path.text();
}

std::optional<Bytes> loadNamedFile(std::string_view path, const archive::Limits& limits) {
    LoadedInput loaded = loadInput(path, limits);
    if (!loaded.ok() || !loaded.bytes) return std::nullopt;
    return Bytes(loaded.bytes->begin(), loaded.bytes->end());
}

std::optional<Bytes> loadSibling(std::string_view input, std::string_view name,
                                 const archive::Limits& limits) {
    const std::optional<std::string> path = siblingPath(input, name);
    if (!path) return std::nullopt;
    return loadNamedFile(*path, limits);
}

} // namespace assetscope
