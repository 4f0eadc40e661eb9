#pragma once

#include "formats/shaderbin/shader_file.h"

namespace assetscope {
class Recorder;
}

// The readers of the shader blobs and metadata the notes lay out (public-reader-notes.md, "Shader
// blobs"), each over a recorder holding the blob's data or the payload. None throws: what cannot
// be read becomes a diagnostic and is kept as bytes for the writer.
namespace assetscope::shaderbin {

MappingBlob readMapping(Recorder& r, Version version);
LightScenarios readLightScenarios(Recorder& r, Version version);
VersionBlob readVers(Recorder& r);
// `version` is the metadata record's; false (with a note) where no layout is known for it.
bool readVertexDeclaration(Recorder& r, std::uint8_t version, VertexDeclaration& out);
bool readBlend(Recorder& r, std::uint8_t version, Blend& out);

// Bytes left after a blob's fields: shown, warned about under `rule`, kept for the writer.
Bytes keepTrailing(Recorder& r, std::string_view rule, std::string_view what);

} // namespace assetscope::shaderbin
