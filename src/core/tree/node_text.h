#pragma once

#include "tree/structure_tree.h"

#include <string>

namespace assetscope {

// A node's value as a viewer shows it: numbers (doubles to 9 significant digits), quoted text, up
// to eight array values, the readable form beside the number ("3  (Opaque)"), a lazy array's
// "count × stride bytes", or a byte run's first eight bytes in hex.
std::string nodeValueText(const StructureTree& tree, NodeId id);

} // namespace assetscope
