#include "contract/file_tree.h"

namespace assetscope {

StructureTree makeFileTree(SharedBytes bytes, const ParseSettings& settings) {
    const std::uint64_t size = bytes ? bytes->size() : 0;
    StructureTree tree(std::move(bytes), settings.recordNodes);
    tree.setTap(settings.tap);
    Node root;
    root.kind = NodeKind::File;
    root.name = settings.fileName.empty() ? "file" : settings.fileName;
    root.size = size;
    root.type = "file";
    tree.add(kNoNode, std::move(root));
    return tree;
}

} // namespace assetscope
