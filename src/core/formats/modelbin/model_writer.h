#pragma once

#include "formats/modelbin/model.h"

namespace assetscope::modelbin {

// Each typed blob serialised by its version's layout (the inverse of the readers).
Bytes writeModl(const ModelHeader& h);
Bytes writeSkel(const Skeleton& s);
Bytes writeMesh(const MeshRecord& m);
Bytes writeLayout(const VertexLayout& l);
Bytes writeBufferHeader(const BufferHeader& h, const Version& v);
Bytes writeMorphNames(const MorphNames& m);

// The model's blobs rebuilt from their typed parts (buffer payloads and unknown blobs kept as
// they are, MatI bundles written from their nested form), then the bundle around them.
Bytes writeModel(const Model& model);

// Replaces the data of every typed blob with its serialised form (used by builders before writing).
void refreshBlobData(Model& model);

} // namespace assetscope::modelbin
