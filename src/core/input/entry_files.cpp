#include "input/entry_files.h"

#include "input/atomic_file.h"

#include <filesystem>

namespace assetscope {

bool writeEntriesUnder(const std::string& folder, const std::vector<archive::ZipInput>& entries,
                       std::vector<std::string>& written, std::string& error) {
    const std::filesystem::path root(folder);
    for (const archive::ZipInput& entry : entries) {
        const std::filesystem::path path = root / entry.name;
        if (!writeFileMakingFolders(path, entry.data, error)) return false;
        written.push_back(path.string());
    }
    return true;
}

} // namespace assetscope
