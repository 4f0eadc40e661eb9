#pragma once

#include "formats/shaderbin/shader_file.h"

namespace assetscope::shaderbin {

// Serialises a shader from its typed form: DFPR, the mappings, the light scenarios and VERS are
// made from their typed parts, every other blob and every metadata record written as the bundle
// holds it.
Bytes writeShader(const ShaderFile& file);

Bytes writeMapping(const MappingBlob& mapping);
Bytes writeLightScenarios(const LightScenarios& scenarios);
Bytes writeVers(const VersionBlob& vers);

// Metadata records as the notes lay them out: VDCL version 3 and BLEN version 1.
grub::Metadata vdclMetadata(const std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& groups);
grub::Metadata blenMetadata(bool transparent, bool alphaTested);

} // namespace assetscope::shaderbin
