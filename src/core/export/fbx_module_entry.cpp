#include "export/fbx_assimp_writer.h"
#include "export/fbx_module.h"

// The entry point of libassetscope_fbx.so, the only symbol it exports (the module is built with
// hidden visibility): the loader finds it by name.
extern "C" __attribute__((visibility("default"))) bool
assetscope_write_fbx(const assetscope::exporting::ExportScene& prepared, const std::filesystem::path& out,
                     const assetscope::exporting::MaterialFiles& textures, std::string& error,
                     assetscope::exporting::WriteReport& report) {
    static_assert(std::is_same_v<decltype(&assetscope_write_fbx), assetscope::exporting::FbxModuleEntry>);
    return assetscope::exporting::writeFbxThroughAssimp(prepared, out, textures, error, report);
}
