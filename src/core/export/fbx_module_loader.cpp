#include "export/fbx_module.h"
#include "export/fbx_writer.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <system_error>

namespace assetscope::exporting {

namespace {

constexpr const char* kModuleName = "libassetscope_fbx.so";

struct LoadedModule {
    FbxModuleEntry entry = nullptr;
    std::string error; // why it could not be loaded
};

const LoadedModule& loadModule() {
    static LoadedModule module;
    static std::once_flag once;
    std::call_once(once, [] {
        std::string tried;
        for (const auto& path : fbxModuleCandidates()) {
            std::error_code ec;
            if (!std::filesystem::is_regular_file(path, ec)) continue;
            // Kept loaded for the rest of the run: its code may be in use on other threads.
            void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (!handle) {
                tried += std::string(tried.empty() ? "" : "; ") + ::dlerror();
                continue;
            }
            if (auto* entry = reinterpret_cast<FbxModuleEntry>(::dlsym(handle, kFbxModuleEntry))) {
                module.entry = entry;
                return;
            }
            tried += std::string(tried.empty() ? "" : "; ") + path.string() + " has no " + kFbxModuleEntry;
        }
        module.error = "the FBX writer " + std::string(kModuleName) + " is not installed" +
                       (tried.empty() ? "" : " (" + tried + ")");
    });
    return module;
}

} // namespace

std::vector<std::filesystem::path> fbxModuleCandidates() {
    std::vector<std::filesystem::path> out;
    if (const char* path = std::getenv("ASSETSCOPE_FBX_MODULE"); path && *path) out.emplace_back(path);
    std::error_code ec;
    const auto program = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) out.push_back(program.parent_path().parent_path() / "lib" / "assetscope" / kModuleName);
    out.push_back(std::filesystem::path(ASSETSCOPE_BUILD_MODULE_DIR) / kModuleName);
    return out;
}

bool writeFbx(const ExportScene& prepared, const std::filesystem::path& out, const ImageTarget& images,
              std::string& error, WriteReport& report) {
    const LoadedModule& module = loadModule();
    if (!module.entry) {
        error = module.error;
        return false;
    }
    static constexpr TextureRole kFbxRoles[] = {TextureRole::BaseColor, TextureRole::Normal,
                                                TextureRole::Emissive};
    MaterialFiles textures;
    std::vector<std::filesystem::path> imageFiles;
    if (!writeMaterialFiles(prepared, kFbxRoles, out, images, textures, imageFiles, error)) return false;
    if (!module.entry(prepared, out, textures, error, report)) return false;
    report.files.insert(report.files.end(), imageFiles.begin(), imageFiles.end());
    return true;
}

} // namespace assetscope::exporting
