#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::exporting {

// Writes one export's files (the output and its companions, a .gltf's .bin) so that none of them
// is ever seen half-written under its own name: the writer works in a private folder beside the
// output (".<name>.partial"), and only whole files are renamed into place, companions first, the
// output last. A run stopped part way leaves at most that folder, which the next run replaces.
//
// `write` is called with the path to write the output to; it fills `written` with every file it
// made (the output first, as the writers' reports list them). False with `error` set on failure,
// and then nothing is left under the final names. `placed` receives the final paths, output first.
bool writeStaged(
    const std::filesystem::path& out,
    const std::function<bool(const std::filesystem::path& staged, std::vector<std::filesystem::path>& written,
                             std::string& error)>& write,
    std::vector<std::filesystem::path>& placed, std::string& error);

// The folder writeStaged works in for `out`.
std::filesystem::path stagingFolder(const std::filesystem::path& out);

// Whether a path lies in (or is) a folder writeStaged works in.
bool inStagingFolder(std::string_view path);

} // namespace assetscope::exporting
