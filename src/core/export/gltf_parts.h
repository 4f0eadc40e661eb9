#pragma once

#include "export/material_images.h"
#include "export/tiny_gltf_config.h"
#include "scene/export_scene.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
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

// The textures of one glTF file: one image and one texture per image source, however many
// materials use it. Images are named as they are added; their PNG bytes are put in place when the
// file is written (writeImages).
class GltfTextures {
public:
    // The texture index of `image`, added the first time.
    int texture(tinygltf::Model& model, const std::shared_ptr<const MaterialImage>& image);
    bool empty() const { return m_images.empty(); }

    // Each image as a PNG: in buffer 0 after everything else (`binary`: a .glb's bufferView and
    // mimeType), or as a file the image's URI names (a .gltf: written through `target`, beside
    // `out` unless the target's images go to a shared folder; files beside it listed in `written`).
    bool writeImages(tinygltf::Model& model, std::vector<unsigned char>& data, bool binary,
                     const std::filesystem::path& out, const ImageTarget& target,
                     std::vector<std::filesystem::path>& written, std::string& error);

private:
    std::map<std::string, int> m_bySource;                      // image source -> texture index
    std::vector<std::shared_ptr<const MaterialImage>> m_images; // by glTF image index
};

// An export material: its name and base colour, a matte dielectric, BLEND when not opaque; its
// textures by role through `textures` (each sampled with its UV set), the base colour white
// where a base colour texture gives the colour, emissive 1 where an emissive texture gives the
// emission, metallic and roughness 1 where a metallic-roughness texture gives them.
tinygltf::Material gltfMaterial(const Material& material, tinygltf::Model& model, GltfTextures& textures);

} // namespace assetscope::exporting
