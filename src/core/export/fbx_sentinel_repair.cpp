#include "export/fbx_sentinel_repair.h"

#include "export/fbx_node_tree.h"

namespace assetscope::exporting {

std::optional<std::string> repairFbxSentinels(std::string_view file) {
    // Reading accepts node lists with or without their null record; writing always closes them.
    const auto tree = readFbxTree(file);
    if (!tree) return std::nullopt;
    return writeFbxTree(*tree);
}

} // namespace assetscope::exporting
