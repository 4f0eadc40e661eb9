#pragma once

#include <optional>
#include <string>
#include <vector>

namespace assetscope::input {

// One name in a folder. Both flags follow symbolic links, as opening the name would.
struct FolderItem {
    std::string name;
    bool folder = false;
    bool file = false; // a regular file
};

// The names directly in `path`, in no particular order; nullopt and `error` when it cannot be
// listed. Names only: no file is opened. Never throws.
std::optional<std::vector<FolderItem>> listFolder(const std::string& path, std::string& error);

} // namespace assetscope::input
