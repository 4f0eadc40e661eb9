#include "input/folder_listing.h"

#include <filesystem>

namespace assetscope::input {

std::optional<std::vector<FolderItem>> listFolder(const std::string& path, std::string& error) {
    namespace fs = std::filesystem;
    try {
        std::error_code ec;
        fs::directory_iterator it(path, ec);
        if (ec) {
            error = "cannot list " + path + ": " + ec.message();
            return std::nullopt;
        }
        std::vector<FolderItem> items;
        for (; it != fs::directory_iterator(); it.increment(ec)) {
            if (ec) break;
            FolderItem item;
            item.name = it->path().filename().string();
            // A name whose link is broken or whose target cannot be looked at is neither.
            std::error_code kind;
            item.folder = it->is_directory(kind);
            item.file = !item.folder && it->is_regular_file(kind);
            items.push_back(std::move(item));
        }
        if (ec) {
            error = "cannot list " + path + ": " + ec.message();
            return std::nullopt;
        }
        return items;
    } catch (const std::exception& e) {
        error = "cannot list " + path + ": " + e.what();
        return std::nullopt;
    }
}

} // namespace assetscope::input
