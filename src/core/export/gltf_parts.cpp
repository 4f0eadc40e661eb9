#include "export/gltf_parts.h"

namespace assetscope::exporting {

int addBufferView(tinygltf::Model& model, std::vector<unsigned char>& data, const void* bytes,
                  std::size_t size, int target) {
    while (data.size() % 4 != 0) // every accessor here has 4-byte (or 2-byte) components
        data.push_back(0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = data.size();
    view.byteLength = size;
    view.target = target;
    const auto* p = static_cast<const unsigned char*>(bytes);
    data.insert(data.end(), p, p + size);
    model.bufferViews.push_back(std::move(view));
    return int(model.bufferViews.size() - 1);
}

int addAccessor(tinygltf::Model& model, int view, int componentType, int type, std::size_t count) {
    tinygltf::Accessor a;
    a.bufferView = view;
    a.byteOffset = 0;
    a.componentType = componentType;
    a.type = type;
    a.count = count;
    model.accessors.push_back(std::move(a));
    return int(model.accessors.size() - 1);
}

int addIndexAccessor(tinygltf::Model& model, std::vector<unsigned char>& data,
                     const std::vector<std::uint32_t>& indices, std::size_t vertexCount) {
    if (vertexCount < 65535) {
        std::vector<std::uint16_t> narrow(indices.begin(), indices.end());
        const int view = addBufferView(model, data, narrow.data(), narrow.size() * 2,
                                       TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
        return addAccessor(model, view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_SCALAR,
                           narrow.size());
    }
    const int view =
        addBufferView(model, data, indices.data(), indices.size() * 4, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    return addAccessor(model, view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR,
                       indices.size());
}

int GltfTextures::texture(tinygltf::Model& model, const std::shared_ptr<const MaterialImage>& image) {
    if (const auto it = m_bySource.find(image->source); it != m_bySource.end()) return it->second;
    tinygltf::Image gi;
    gi.name = image->name;
    model.images.push_back(std::move(gi));
    m_images.push_back(image);
    tinygltf::Texture gt;
    gt.source = int(model.images.size() - 1);
    gt.name = image->name;
    model.textures.push_back(std::move(gt));
    const int index = int(model.textures.size() - 1);
    m_bySource.emplace(image->source, index);
    return index;
}

bool GltfTextures::writeImages(tinygltf::Model& model, std::vector<unsigned char>& data, bool binary,
                               const std::filesystem::path& out, const ImageTarget& target,
                               std::vector<std::filesystem::path>& written, std::string& error) {
    if (m_images.empty()) return true;
    MaterialImages own;
    MaterialImages& images = target.images ? *target.images : own;
    const std::size_t first = model.images.size() - m_images.size();
    for (std::size_t i = 0; i < m_images.size(); ++i) {
        tinygltf::Image& gi = model.images[first + i];
        if (binary) {
            const auto png = images.png(*m_images[i], error);
            if (!png) return false;
            gi.bufferView = addBufferView(model, data, png->data(), png->size(), 0);
            gi.mimeType = "image/png";
        } else {
            const auto uri = images.file(*m_images[i], out, target.placedFolder, written, error);
            if (!uri) return false;
            gi.uri = *uri;
        }
    }
    return true;
}

tinygltf::Material gltfMaterial(const Material& m, tinygltf::Model& model, GltfTextures& textures) {
    tinygltf::Material mat;
    mat.name = m.name;
    mat.pbrMetallicRoughness.baseColorFactor = {m.baseColor[0], m.baseColor[1], m.baseColor[2],
                                                m.baseColor[3]};
    // Game materials are not described further: a matte dielectric previews sensibly.
    mat.pbrMetallicRoughness.metallicFactor = 0.0;
    mat.pbrMetallicRoughness.roughnessFactor = 0.8;
    if (m.baseColor[3] < 1.0f) mat.alphaMode = "BLEND";
    const auto textureOf = [&](TextureRole role) -> const MaterialTexture* {
        const MaterialTexture& t = m.texture(role);
        return t.image ? &t : nullptr;
    };
    // Roles in TextureRole's order, as the other writers name their files. A factor multiplies its
    // texture: white, 1 and 1 leave the texture's values as they are.
    if (const auto* t = textureOf(TextureRole::BaseColor)) {
        mat.pbrMetallicRoughness.baseColorTexture.index = textures.texture(model, t->image);
        mat.pbrMetallicRoughness.baseColorTexture.texCoord = int(t->uvSet);
        mat.pbrMetallicRoughness.baseColorFactor = {1.0, 1.0, 1.0, m.baseColor[3]};
    }
    if (const auto* t = textureOf(TextureRole::Normal)) {
        mat.normalTexture.index = textures.texture(model, t->image);
        mat.normalTexture.texCoord = int(t->uvSet);
    }
    if (const auto* t = textureOf(TextureRole::Emissive)) {
        mat.emissiveTexture.index = textures.texture(model, t->image);
        mat.emissiveTexture.texCoord = int(t->uvSet);
        mat.emissiveFactor = {1.0, 1.0, 1.0};
    }
    if (const auto* t = textureOf(TextureRole::Occlusion)) {
        mat.occlusionTexture.index = textures.texture(model, t->image);
        mat.occlusionTexture.texCoord = int(t->uvSet);
    }
    if (const auto* t = textureOf(TextureRole::MetallicRoughness)) {
        mat.pbrMetallicRoughness.metallicRoughnessTexture.index = textures.texture(model, t->image);
        mat.pbrMetallicRoughness.metallicRoughnessTexture.texCoord = int(t->uvSet);
        mat.pbrMetallicRoughness.metallicFactor = 1.0;
        mat.pbrMetallicRoughness.roughnessFactor = 1.0;
    }
    return mat;
}

} // namespace assetscope::exporting
