#pragma once

#include "formats/meshset/meshset.h"

namespace assetscope::meshset {

// Serialises a MeshSet from its typed form in the documented arrangement (meshset_layout.h):
// every pointer, count, repeated field and the relocation table are computed here, the bytes
// the document does not describe come from the records' raw copies (zero when absent). With
// `mesh.metadata` set, the 16-byte resource metadata {table offset, table bytes, trailing
// bytes, 0} comes first, computed likewise.
Bytes writeMeshSet(const MeshSet& mesh);

// The resource metadata the writer would put before the resource.
Metadata computeMetadata(const MeshSet& mesh);

} // namespace assetscope::meshset
