#pragma once

#include "formats/modelbin/model.h"
#include "tree/structure_tree.h"

#include <string>

namespace assetscope::modelbin {

struct ParseOptions {
    std::string fileName;      // a hint: ".i.modelbin" files hold one LOD, ".a.modelbin" files a LOD range
    bool checkGeometry = true; // read every mesh's indices to check them against the buffers
};

// True when the bytes are a Grub bundle whose blob records include Modl and Mesh (reads only
// the header and the records, bounds-checked).
bool looksLikeModel(ByteView bytes);

// Reads every blob of an already parsed bundle into the typed model, appending the fields
// under each blob's node, then runs the model's strict rules. Never throws on bad bytes.
Model parseModel(StructureTree& tree, grub::Bundle bundle, const ParseOptions& options = {});

} // namespace assetscope::modelbin
