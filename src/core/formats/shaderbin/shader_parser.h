#pragma once

#include "formats/shaderbin/shader_file.h"

namespace assetscope::shaderbin {

// True when the bytes are a Grub bundle whose blob records include a blob only a shader holds
// (DFPR, PARM, VARS, CBMP, TXMP, SPMP, LSCE, DBLS, VERS); reads only the header and the records.
bool looksLikeShader(ByteView bytes);

// Reads the blobs and metadata of an already parsed bundle that the notes lay out (DFPR with the
// materials' parameter reader, the mappings, the light scenarios' first fields, VERS, VDCL and
// BLEN), and shows the others as raw ranges marked Unknown. Never throws on bad bytes.
ShaderFile parseShader(StructureTree& tree, grub::Bundle bundle);

} // namespace assetscope::shaderbin
