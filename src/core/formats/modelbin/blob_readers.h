#pragma once

#include "formats/modelbin/model.h"
#include "formats/modelbin/model_parser.h"
#include "tree/recorder.h"

#include <string_view>

// The per-blob readers of the model parser (internal to formats/modelbin).
namespace assetscope::modelbin::detail {

void readModl(Recorder& r, ModelHeader& h);
void readSkel(Recorder& r, Skeleton& s);
void readMaterialSlot(Recorder& r, const grub::Blob& blob, MaterialSlot& slot);
// Modl's TRef metadata record, when it has one, into h.textureHashes.
void readTextureReferences(StructureTree& tree, const grub::Bundle& bundle, std::size_t blob, ModelHeader& h);
void readMesh(Recorder& r, MeshRecord& m);
void readLayout(Recorder& r, VertexLayout& l);
void readBuffer(Recorder& r, Buffer& b);
void readMorphNames(Recorder& r, MorphNames& m);

// Bytes left after a blob's fields: recorded, refused, and kept so the writer reproduces them.
Bytes readTrailing(Recorder& r, std::string_view what);

// Lazy element arrays over the buffer payloads, decoded with the layout of a mesh that uses them.
void addPayloadNodes(StructureTree& tree, const Model& model);

// Cross-blob rules: counts, references, variant rows, index and vertex ranges.
// The model-wide rules; also notes each mesh's resolved vertex count in the model.
void checkModel(StructureTree& tree, Model& model, const ParseOptions& options);

// A diagnostic whose severity follows the confidence of a documented row (Proven: error).
void flag(StructureTree& tree, NodeId at, std::uint64_t offset, std::string_view docKey,
          std::string_view rule, std::string message);

} // namespace assetscope::modelbin::detail
