#pragma once

#include "contract/parsed_file.h"

namespace assetscope {

// A tree over the given bytes with its root "file" node already made.
StructureTree makeFileTree(SharedBytes bytes, const ParseSettings& settings);

} // namespace assetscope
