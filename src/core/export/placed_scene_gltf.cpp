#include "export/placed_scene_gltf.h"

#include "export/gltf_file.h"
#include "export/gltf_parts.h"
#include "math/trs.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace assetscope::exporting {

NodeTransform mirroredTransform(const Mat4& world, const std::array<double, 3>& origin) {
    NodeTransform t;
    const Mat4 mirrored = math::mirrorZ(world);
    const auto trs = math::decompose(mirrored);
    if (!trs) {
        t.matrix = mirrored;
        return t;
    }
    t.translation = {origin[0], origin[1], -origin[2]};
    t.rotation = {trs->rotation[0], trs->rotation[1], trs->rotation[2], trs->rotation[3]};
    t.scale = {trs->scale[0], trs->scale[1], trs->scale[2]};
    return t;
}

PlacedSceneGltf::PlacedSceneGltf() {
    m_model.asset.version = "2.0";
    m_model.asset.generator = std::string("assetscope ") + ASSETSCOPE_VERSION;
    m_model.buffers.emplace_back();
}

int PlacedSceneGltf::addView(const void* bytes, std::size_t size, int target) {
    return addBufferView(m_model, m_data, bytes, size, target);
}

int PlacedSceneGltf::addAccessor(int view, int componentType, int type, std::size_t count) {
    return exporting::addAccessor(m_model, view, componentType, type, count);
}

int PlacedSceneGltf::addFloats(const void* data, std::size_t count, int type, int components, int target) {
    const int view = addView(data, count * components * sizeof(float), target);
    const int accessor = addAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, type, count);
    if (type == TINYGLTF_TYPE_VEC3) {
        // POSITION needs its bounds; the other VEC3 accessors (normals, instance translations and
        // scales) may carry them too, and say at a glance where a group stands.
        std::vector<double> lo(3, std::numeric_limits<double>::max()),
            hi(3, -std::numeric_limits<double>::max());
        const auto* v = static_cast<const float*>(data);
        for (std::size_t i = 0; i < count * 3; ++i) {
            lo[i % 3] = std::min<double>(lo[i % 3], v[i]);
            hi[i % 3] = std::max<double>(hi[i % 3], v[i]);
        }
        m_model.accessors[static_cast<std::size_t>(accessor)].minValues = lo;
        m_model.accessors[static_cast<std::size_t>(accessor)].maxValues = hi;
    }
    return accessor;
}

PlacedSceneGltf::Geometry PlacedSceneGltf::addGeometry(const ExportScene& prepared) {
    Geometry g;
    for (const ExportMesh& mesh : prepared.meshes) {
        const std::size_t n = mesh.positions.size();
        std::map<std::string, int> attributes;
        attributes["POSITION"] =
            addFloats(mesh.positions.data(), n, TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER);
        if (!mesh.normals.empty())
            attributes["NORMAL"] =
                addFloats(mesh.normals.data(), n, TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER);
        if (!mesh.tangents.empty())
            attributes["TANGENT"] =
                addFloats(mesh.tangents.data(), n, TINYGLTF_TYPE_VEC4, 4, TINYGLTF_TARGET_ARRAY_BUFFER);
        for (std::size_t s = 0; s < mesh.uvs.size(); ++s)
            attributes["TEXCOORD_" + std::to_string(s)] =
                addFloats(mesh.uvs[s].data(), n, TINYGLTF_TYPE_VEC2, 2, TINYGLTF_TARGET_ARRAY_BUFFER);
        if (!mesh.colors.empty())
            attributes["COLOR_0"] =
                addFloats(mesh.colors.data(), n, TINYGLTF_TYPE_VEC4, 4, TINYGLTF_TARGET_ARRAY_BUFFER);
        for (const Primitive& p : mesh.primitives) {
            const int indices = addIndexAccessor(m_model, m_data, p.indices, n);
            g.attributes.push_back(attributes);
            g.indices.push_back(indices);
        }
    }
    return g;
}

int PlacedSceneGltf::addModel(const std::string& geometryKey, const std::string& name,
                              const ExportScene& prepared) {
    auto found = m_geometry.find(geometryKey);
    if (found == m_geometry.end()) found = m_geometry.emplace(geometryKey, addGeometry(prepared)).first;
    const Geometry& g = found->second;
    if (g.indices.empty()) return -1;
    const int firstMaterial = int(m_model.materials.size());
    for (const Material& m : prepared.materials)
        m_model.materials.push_back(gltfMaterial(m, m_model, m_textures));
    tinygltf::Mesh mesh;
    mesh.name = name;
    std::size_t k = 0;
    for (const ExportMesh& em : prepared.meshes)
        for (const Primitive& p : em.primitives) {
            if (k >= g.indices.size()) break; // the same model file gives the same primitives
            tinygltf::Primitive prim;
            prim.attributes = g.attributes[k];
            prim.indices = g.indices[k];
            if (p.material < prepared.materials.size()) prim.material = firstMaterial + int(p.material);
            prim.mode = TINYGLTF_MODE_TRIANGLES;
            mesh.primitives.push_back(std::move(prim));
            ++k;
        }
    m_model.meshes.push_back(std::move(mesh));
    return int(m_model.meshes.size() - 1);
}

int PlacedSceneGltf::addLines(const std::string& name, const std::vector<std::vector<Vec3>>& lines) {
    std::vector<Vec3> points;
    std::vector<std::uint32_t> indices;
    for (const auto& line : lines) {
        const auto first = static_cast<std::uint32_t>(points.size());
        points.insert(points.end(), line.begin(), line.end());
        for (std::uint32_t i = 1; i < line.size(); ++i) {
            indices.push_back(first + i - 1);
            indices.push_back(first + i);
        }
    }
    if (indices.empty()) return -1;
    tinygltf::Primitive prim;
    prim.attributes["POSITION"] =
        addFloats(points.data(), points.size(), TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int view = addView(indices.data(), indices.size() * 4, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    prim.indices =
        addAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR, indices.size());
    prim.mode = TINYGLTF_MODE_LINE;
    tinygltf::Mesh mesh;
    mesh.name = name;
    mesh.primitives.push_back(std::move(prim));
    m_model.meshes.push_back(std::move(mesh));
    return int(m_model.meshes.size() - 1);
}

const std::string& PlacedSceneGltf::jsonName(const std::string& name) {
    if (name != m_lastName || m_lastJsonName.empty()) {
        m_lastName = name;
        m_lastJsonName = nlohmann::json(name).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    return m_lastJsonName;
}

int PlacedSceneGltf::addNode(int parent, const std::string& name, int mesh, const NodeTransform& t) {
    m_nodes.push_back({jsonName(name), mesh, t, {}, {}});
    const int index = int(m_nodes.size() - 1);
    if (parent < 0)
        m_roots.push_back(index);
    else
        m_nodes[static_cast<std::size_t>(parent)].children.push_back(index);
    return index;
}

int PlacedSceneGltf::addInstancedNode(int parent, const std::string& name, int mesh,
                                      const std::vector<NodeTransform>& at) {
    std::vector<float> translation, rotation, scale;
    for (const NodeTransform& t : at) {
        Vec3 tr{float(t.translation[0]), float(t.translation[1]), float(t.translation[2])};
        Vec4 ro{float(t.rotation[0]), float(t.rotation[1]), float(t.rotation[2]), float(t.rotation[3])};
        Vec3 sc{float(t.scale[0]), float(t.scale[1]), float(t.scale[2])};
        if (t.matrix) // shear cannot be instanced: its rotation and scale as decomposed are the best left
            if (auto trs = math::decompose(math::makeAffine(*t.matrix))) {
                tr = trs->translation;
                ro = trs->rotation;
                sc = trs->scale;
            }
        translation.insert(translation.end(), tr.begin(), tr.end());
        rotation.insert(rotation.end(), ro.begin(), ro.end());
        scale.insert(scale.end(), sc.begin(), sc.end());
    }
    const nlohmann::json extension = {
        {"EXT_mesh_gpu_instancing",
         {{"attributes",
           {{"TRANSLATION", addFloats(translation.data(), at.size(), TINYGLTF_TYPE_VEC3, 3, 0)},
            {"ROTATION", addFloats(rotation.data(), at.size(), TINYGLTF_TYPE_VEC4, 4, 0)},
            {"SCALE", addFloats(scale.data(), at.size(), TINYGLTF_TYPE_VEC3, 3, 0)}}}}}};
    const int index = addNode(parent, name, mesh);
    m_nodes[static_cast<std::size_t>(index)].extensions = extension.dump();
    if (std::find(m_model.extensionsUsed.begin(), m_model.extensionsUsed.end(), "EXT_mesh_gpu_instancing") ==
        m_model.extensionsUsed.end())
        m_model.extensionsUsed.push_back("EXT_mesh_gpu_instancing");
    return index;
}

namespace {

// Shortest text that reads back as the same double (glTF numbers are JSON numbers).
void appendNumber(std::string& json, double v) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, std::isfinite(v) ? v : 0.0).ptr;
    json.append(text, end);
}

template <class Numbers> void appendArray(std::string& json, const char* key, const Numbers& values) {
    json += ",\"";
    json += key;
    json += "\":[";
    bool first = true;
    for (const auto v : values) {
        if (!first) json += ',';
        first = false;
        appendNumber(json, static_cast<double>(v));
    }
    json += ']';
}

} // namespace

void PlacedSceneGltf::appendNode(std::string& json, const Node& node) const {
    json += "{\"name\":";
    json += node.name;
    if (node.mesh >= 0) {
        json += ",\"mesh\":";
        json += std::to_string(node.mesh);
    }
    const NodeTransform& t = node.transform;
    if (t.matrix) {
        appendArray(json, "matrix", *t.matrix); // same layout, see math/mat4.h
    } else {
        if (t.translation != std::array<double, 3>{0, 0, 0}) appendArray(json, "translation", t.translation);
        if (t.rotation != std::array<double, 4>{0, 0, 0, 1}) appendArray(json, "rotation", t.rotation);
        if (t.scale != std::array<double, 3>{1, 1, 1}) appendArray(json, "scale", t.scale);
    }
    if (!node.children.empty()) appendArray(json, "children", node.children);
    if (!node.extensions.empty()) {
        json += ",\"extensions\":";
        json += node.extensions;
    }
    json += '}';
}

bool PlacedSceneGltf::write(const std::string& sceneName, const std::filesystem::path& out, bool binary,
                            const ImageTarget& images, std::string& error, WriteReport& report) {
    std::vector<std::filesystem::path> imageFiles;
    if (!m_textures.writeImages(m_model, m_data, binary, out, images, imageFiles, error)) return false;
    nlohmann::json doc;
    if (!gltfDocument(m_model, m_data.size(), out, binary, doc, error)) return false;
    for (const char* key : {"nodes", "scenes", "scene"})
        doc.erase(key);
    doc["scene"] = 0;
    std::string json = doc.dump(binary ? -1 : 2);
    const auto close = json.rfind('}');
    if (close == std::string::npos) {
        error = "tinygltf produced unreadable JSON";
        return false;
    }
    // The nodes, one a line in a .gltf, spliced in before the document's closing brace.
    const char* const between = binary ? "," : ",\n    ";
    std::string nodes = binary ? ",\"nodes\":[" : ",\n  \"nodes\": [\n    ";
    nodes.reserve(m_nodes.size() * 160);
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (i) nodes += between;
        appendNode(nodes, m_nodes[i]);
    }
    nodes += binary ? "]" : "\n  ]";
    nodes += binary ? ",\"scenes\":[{\"name\":" : ",\n  \"scenes\": [{\"name\":";
    nodes += nlohmann::json(sceneName).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    appendArray(nodes, "nodes", m_roots);
    nodes += binary ? "}]" : "}]\n";
    const std::size_t body = json.find_last_not_of(" \n", close - 1);
    json.replace(body + 1, close - body - 1, nodes);
    if (!writeGltfText(std::move(json), m_data, out, binary, error, report)) return false;
    report.files.insert(report.files.end(), imageFiles.begin(), imageFiles.end());
    return true;
}

} // namespace assetscope::exporting
