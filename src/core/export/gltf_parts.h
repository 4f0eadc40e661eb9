#pragma once

#include "export/tiny_gltf_config.h"
#include "scene/export_scene.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace assetscope::exporting {

// The pieces every glTF the exporters build is made of (a model's meshes, a placed scene's).
// Every view is of buffer 0, whose bytes are gathered in `data` until the file is written.

// Appends `size` bytes to `data`, 4-byte aligned, as a new buffer view; its index.
int addBufferView(tinygltf::Model& model, std::vector<unsigned char>& data, const void* bytes,
                  std::size_t size, int target);
int addAccessor(tinygltf::Model& model, int view, int componentType, int type, std::size_t count);
// Triangle indices as an accessor: 16-bit when the mesh has fewer than 65,535 vertices (glTF
// forbids the type's largest value, primitive restart), else 32-bit.
int addIndexAccessor(tinygltf::Model& model, std::vector<unsigned char>& data,
                     const std::vector<std::uint32_t>& indices, std::size_t vertexCount);
// An export material: its name and base colour, a matte dielectric, BLEND when not opaque.
tinygltf::Material gltfMaterial(const Material& material);

} // namespace assetscope::exporting
