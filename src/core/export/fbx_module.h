#pragma once

#include "export/scene_writer.h"

// The FBX writer lives in a module of its own, libassetscope_fbx.so, loaded the first time an
// FBX is written: Assimp and what it brings (about 13 MB of libraries) would otherwise be
// loaded, relocated and initialised by every run of every command, a few milliseconds each, for
// the one format that needs them.
namespace assetscope::exporting {

// The module's one entry point, looked up by this name.
inline constexpr const char* kFbxModuleEntry = "assetscope_write_fbx";
// `textures`: per material, the file each texture role names (writeMaterialFiles), written already.
using FbxModuleEntry = bool (*)(const ExportScene& prepared, const std::filesystem::path& out,
                                const MaterialFiles& textures, std::string& error, WriteReport& report);

// Where the module is looked for, in order: ASSETSCOPE_FBX_MODULE (a file), the installed
// place beside the program (../lib/assetscope/), then the build tree the program came from.
std::vector<std::filesystem::path> fbxModuleCandidates();

} // namespace assetscope::exporting
