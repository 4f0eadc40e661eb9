#pragma once

#include "formats/materialbin/material_file.h"

namespace assetscope::materialbin {

// True when the bytes are a Grub bundle whose blob records include a MATL blob (reads only the
// header and the records, bounds-checked).
bool looksLikeMaterial(ByteView bytes);

// Reads MATL (with its ATST metadata), MTPR and MTUD of an already parsed bundle, appending the
// fields under each blob's node. Never throws on bad bytes.
MaterialFile parseMaterial(StructureTree& tree, grub::Bundle bundle);

} // namespace assetscope::materialbin
