#include "export/gltf_writer.h"

#include "bytes/little_endian.h"
#include "export/gltf_file.h"
#include "export/gltf_parts.h"
#include "export/output_files.h"
#include "export/tiny_gltf_config.h"
#include "input/atomic_file.h"
#include "math/trs.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <limits>
#include <sstream>

namespace assetscope::exporting {

namespace {

static_assert(sizeof(Vec2) == 8 && sizeof(Vec3) == 12 && sizeof(Vec4) == 16 && sizeof(Mat4) == 64,
              "the export vectors are packed floats");

class GltfBuilder {
public:
    GltfBuilder(const ExportScene& scene, GltfTextures& textures) : m_scene(scene), m_textures(textures) {
        m_model.asset.version = "2.0";
        m_model.asset.generator = std::string("assetscope ") + ASSETSCOPE_VERSION;
        m_model.buffers.emplace_back();
        m_data.reserve(estimateBytes());
    }

    tinygltf::Model build();

private:
    std::size_t estimateBytes() const;
    int addView(const void* bytes, std::size_t size, int target);
    int addAccessor(int view, int componentType, int type, std::size_t count);
    template <class T> int addVectors(const std::vector<T>& v, int type, int target);
    int addPositions(const std::vector<Vec3>& v); // with the min/max glTF requires
    void addMaterials();
    void addMesh(const ExportMesh& mesh, std::vector<int>& sceneNodes);
    void addSkin(const Skin& skin, std::vector<int>& sceneNodes);

    const ExportScene& m_scene;
    GltfTextures& m_textures;
    tinygltf::Model m_model;
    std::vector<unsigned char> m_data;
};

std::size_t GltfBuilder::estimateBytes() const {
    std::size_t total = 0;
    for (const auto& m : m_scene.meshes) {
        const std::size_t n = m.positions.size();
        total += n * (12 + 12 + 16 + 16 + 8 * m.uvs.size() + 8 + 16 + 24 * m.morphTargets.size()) + 64;
        for (const auto& p : m.primitives)
            total += p.indices.size() * 4 + 4;
    }
    for (const auto& s : m_scene.skins)
        total += s.joints.size() * 64;
    return total;
}

int GltfBuilder::addView(const void* bytes, std::size_t size, int target) {
    return addBufferView(m_model, m_data, bytes, size, target);
}

int GltfBuilder::addAccessor(int view, int componentType, int type, std::size_t count) {
    return exporting::addAccessor(m_model, view, componentType, type, count);
}

template <class T> int GltfBuilder::addVectors(const std::vector<T>& v, int type, int target) {
    const int view = addView(v.data(), v.size() * sizeof(T), target);
    return addAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, type, v.size());
}

int GltfBuilder::addPositions(const std::vector<Vec3>& v) {
    const int acc = addVectors(v, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
    Vec3 lo{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
            std::numeric_limits<float>::max()};
    Vec3 hi{-lo[0], -lo[1], -lo[2]};
    for (const auto& p : v)
        for (std::size_t k = 0; k < 3; ++k) {
            lo[k] = std::min(lo[k], p[k]);
            hi[k] = std::max(hi[k], p[k]);
        }
    auto& a = m_model.accessors[static_cast<std::size_t>(acc)];
    a.minValues = {lo[0], lo[1], lo[2]};
    a.maxValues = {hi[0], hi[1], hi[2]};
    return acc;
}

void GltfBuilder::addMaterials() {
    for (const auto& m : m_scene.materials)
        m_model.materials.push_back(gltfMaterial(m, m_model, m_textures));
}

void GltfBuilder::addMesh(const ExportMesh& mesh, std::vector<int>& sceneNodes) {
    const std::size_t n = mesh.positions.size();
    std::map<std::string, int> attributes;
    attributes["POSITION"] = addPositions(mesh.positions);
    if (!mesh.normals.empty())
        attributes["NORMAL"] = addVectors(mesh.normals, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (!mesh.tangents.empty())
        attributes["TANGENT"] = addVectors(mesh.tangents, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
    for (std::size_t s = 0; s < mesh.uvs.size(); ++s)
        attributes["TEXCOORD_" + std::to_string(s)] =
            addVectors(mesh.uvs[s], TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (!mesh.colors.empty())
        attributes["COLOR_0"] = addVectors(mesh.colors, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (!mesh.colors1.empty())
        attributes["COLOR_1"] = addVectors(mesh.colors1, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (mesh.skin) {
        const int view = addView(mesh.joints.data(), mesh.joints.size() * 8, TINYGLTF_TARGET_ARRAY_BUFFER);
        attributes["JOINTS_0"] =
            addAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_VEC4, n);
        attributes["WEIGHTS_0"] = addVectors(mesh.weights, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
    }
    std::vector<std::map<std::string, int>> targets;
    tinygltf::Value::Array targetNames;
    for (const auto& t : mesh.morphTargets) {
        std::map<std::string, int> target;
        target["POSITION"] = addPositions(t.positionDeltas);
        if (!t.normalDeltas.empty() && !mesh.normals.empty())
            target["NORMAL"] = addVectors(t.normalDeltas, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
        targets.push_back(std::move(target));
        targetNames.emplace_back(t.name);
    }

    tinygltf::Mesh gm;
    gm.name = mesh.name;
    for (const auto& p : mesh.primitives) {
        tinygltf::Primitive prim;
        prim.attributes = attributes;
        prim.indices = addIndexAccessor(m_model, m_data, p.indices, n);
        prim.material = int(p.material < m_scene.materials.size() ? p.material : 0);
        prim.mode = TINYGLTF_MODE_TRIANGLES;
        prim.targets = targets;
        gm.primitives.push_back(std::move(prim));
    }
    if (!targets.empty()) {
        gm.weights.assign(targets.size(), 0.0);
        tinygltf::Value::Object extras;
        extras["targetNames"] = tinygltf::Value(targetNames);
        gm.extras = tinygltf::Value(extras);
    }
    m_model.meshes.push_back(std::move(gm));

    tinygltf::Node node;
    node.name = mesh.name;
    node.mesh = int(m_model.meshes.size() - 1);
    if (mesh.skin) node.skin = int(*mesh.skin);
    m_model.nodes.push_back(std::move(node));
    sceneNodes.push_back(int(m_model.nodes.size() - 1));
}

void GltfBuilder::addSkin(const Skin& skin, std::vector<int>& sceneNodes) {
    const int first = int(m_model.nodes.size());
    std::vector<int> roots;
    for (std::size_t j = 0; j < skin.joints.size(); ++j) {
        const Joint& joint = skin.joints[j];
        tinygltf::Node node;
        node.name = joint.name;
        if (auto trs = math::decompose(joint.local)) {
            if (trs->translation != Vec3{0, 0, 0})
                node.translation = {trs->translation[0], trs->translation[1], trs->translation[2]};
            if (trs->rotation != Vec4{0, 0, 0, 1})
                node.rotation = {trs->rotation[0], trs->rotation[1], trs->rotation[2], trs->rotation[3]};
            if (trs->scale != Vec3{1, 1, 1}) node.scale = {trs->scale[0], trs->scale[1], trs->scale[2]};
        } else {
            node.matrix.assign(joint.local.begin(), joint.local.end()); // same layout, see math/mat4.h
        }
        m_model.nodes.push_back(std::move(node));
        if (joint.parent < 0) roots.push_back(first + int(j));
    }
    for (std::size_t j = 0; j < skin.joints.size(); ++j)
        if (skin.joints[j].parent >= 0)
            m_model.nodes[static_cast<std::size_t>(first + skin.joints[j].parent)].children.push_back(first +
                                                                                                      int(j));

    tinygltf::Skin gs;
    gs.name = skin.name;
    for (std::size_t j = 0; j < skin.joints.size(); ++j)
        gs.joints.push_back(first + int(j));
    // One root for the skeleton: several root joints hang under a node named after the skin.
    if (roots.size() == 1) {
        gs.skeleton = roots[0];
        sceneNodes.push_back(roots[0]);
    } else {
        tinygltf::Node armature;
        armature.name = skin.name;
        armature.children = roots;
        m_model.nodes.push_back(std::move(armature));
        gs.skeleton = int(m_model.nodes.size() - 1);
        sceneNodes.push_back(gs.skeleton);
    }
    const int view = addView(skin.inverseBind.data(), skin.inverseBind.size() * sizeof(Mat4), 0);
    gs.inverseBindMatrices =
        addAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4, skin.inverseBind.size());
    m_model.skins.push_back(std::move(gs));
}

tinygltf::Model GltfBuilder::build() {
    addMaterials();
    std::vector<int> sceneNodes;
    for (const auto& skin : m_scene.skins)
        addSkin(skin, sceneNodes);
    for (const auto& mesh : m_scene.meshes)
        addMesh(mesh, sceneNodes);
    tinygltf::Scene scene;
    scene.name = m_scene.name;
    scene.nodes = std::move(sceneNodes);
    m_model.scenes.push_back(std::move(scene));
    m_model.defaultScene = 0;
    m_model.buffers[0].data = std::move(m_data);
    return std::move(m_model);
}

} // namespace

namespace {

// The JSON tinygltf serialises for `model` once its buffer is replaced by `buffer` (a URI, or
// none for a .glb's own BIN chunk): the bytes go out separately, never through a copy or base64.
bool gltfJson(tinygltf::Model& model, const nlohmann::json& buffer, bool pretty, nlohmann::json& doc,
              std::string& error) {
    tinygltf::TinyGLTF gltf;
    std::ostringstream text;
    if (!gltf.WriteGltfSceneToStream(&model, text, pretty, false)) {
        error = "tinygltf could not serialise the scene";
        return false;
    }
    doc = nlohmann::json::parse(text.str(), nullptr, false);
    if (doc.is_discarded() || !doc.contains("buffers")) {
        error = "tinygltf produced unreadable JSON";
        return false;
    }
    // A scene of empty nodes only has no bytes: glTF forbids a buffer of length 0, so it has none.
    if (buffer.is_null())
        doc.erase("buffers");
    else
        doc["buffers"][0] = buffer;
    return true;
}

} // namespace

bool writeGltf(const ExportScene& prepared, const std::filesystem::path& out, bool binary,
               const ImageTarget& images, std::string& error, WriteReport& report) {
    GltfTextures textures;
    tinygltf::Model model = GltfBuilder(prepared, textures).build();
    std::vector<std::filesystem::path> imageFiles;
    if (!textures.writeImages(model, model.buffers[0].data, binary, out, images, imageFiles, error))
        return false;
    if (!writeGltfModel(model, out, binary, error, report)) return false;
    report.files.insert(report.files.end(), imageFiles.begin(), imageFiles.end());
    return true;
}

bool gltfDocument(tinygltf::Model& model, std::size_t bufferBytes, const std::filesystem::path& out,
                  bool binary, nlohmann::json& doc, std::string& error) {
    model.buffers[0].data.clear();
    if (bufferBytes == 0) return gltfJson(model, nullptr, !binary, doc, error);
    nlohmann::json buffer = {{"byteLength", bufferBytes}};
    if (!binary) buffer["uri"] = companionPath(out, ".bin").filename().string();
    return gltfJson(model, buffer, !binary, doc, error);
}

bool writeGltfModel(tinygltf::Model& model, const std::filesystem::path& out, bool binary, std::string& error,
                    WriteReport& report) {
    const std::vector<unsigned char> data = std::move(model.buffers[0].data);
    nlohmann::json doc;
    if (!gltfDocument(model, data.size(), out, binary, doc, error)) return false;
    return writeGltfText(doc.dump(binary ? -1 : 2), data, out, binary, error, report);
}

bool writeGltfText(std::string json, const std::vector<unsigned char>& data, const std::filesystem::path& out,
                   bool binary, std::string& error, WriteReport& report) {
    const std::filesystem::path binPath = companionPath(out, ".bin");
    if (!binary) {
        // No bytes (gltfDocument then describes no buffer): no .bin either.
        if (!data.empty() && !writeFileAtomically(binPath, ByteView(data.data(), data.size()), error))
            return false;
        if (!writeFileAtomically(out, json + "\n", error)) return false;
        report.files.push_back(out);
        if (!data.empty()) report.files.push_back(binPath);
        return true;
    }
    // GLB: 12-byte header, a JSON chunk padded with spaces and a BIN chunk padded with zeros,
    // both to 4 bytes.
    while (json.size() % 4 != 0)
        json.push_back(' ');
    const std::size_t binPadded = (data.size() + 3) / 4 * 4;
    const std::size_t binChunk = data.empty() ? 0 : 8 + binPadded; // the BIN chunk is optional
    const std::uint64_t total = 12 + 8 + json.size() + binChunk;
    if (total > 0xffffffffu) {
        error = "the scene is larger than a .glb can hold (4 GiB); export as .gltf";
        return false;
    }
    std::string head;
    head.append("glTF");
    appendU32(head, 2);
    appendU32(head, std::uint32_t(total));
    appendU32(head, std::uint32_t(json.size()));
    head.append("JSON");
    head.append(json);
    if (binChunk) {
        appendU32(head, std::uint32_t(binPadded));
        head.append("BIN", 4); // "BIN\0"
    }
    static constexpr std::uint8_t kZeros[3] = {0, 0, 0};
    const ByteView pieces[] = {ByteView(reinterpret_cast<const std::uint8_t*>(head.data()), head.size()),
                               ByteView(data.data(), data.size()), ByteView(kZeros, binPadded - data.size())};
    if (!writeFileAtomically(out, pieces, error)) return false;
    report.files.push_back(out);
    return true;
}

} // namespace assetscope::exporting
