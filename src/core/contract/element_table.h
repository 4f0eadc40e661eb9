#pragma once

#include "contract/table_source.h"

#include <memory>

namespace assetscope {

// The elements of a lazy array as table rows: the element's offset, then one column per leaf
// field of element 0 (their paths inside the element, "position.x"), at most 64. Each page of
// rows is built into a scratch tree, so the array's own tree gains no nodes. The tree must
// outlive the table.
std::unique_ptr<TableSource> elementTable(const StructureTree& tree, NodeId array);

} // namespace assetscope
