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

tinygltf::Material gltfMaterial(const Material& m) {
    tinygltf::Material mat;
    mat.name = m.name;
    mat.pbrMetallicRoughness.baseColorFactor = {m.baseColor[0], m.baseColor[1], m.baseColor[2],
                                                m.baseColor[3]};
    // Game materials are not described further: a matte dielectric previews sensibly.
    mat.pbrMetallicRoughness.metallicFactor = 0.0;
    mat.pbrMetallicRoughness.roughnessFactor = 0.8;
    if (m.baseColor[3] < 1.0f) mat.alphaMode = "BLEND";
    return mat;
}

} // namespace assetscope::exporting
