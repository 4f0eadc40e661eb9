#pragma once

#include "export/gltf_parts.h"
#include "export/scene_writer.h"
#include "export/tiny_gltf_config.h"
#include "scene/export_scene.h"

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::exporting {

// A node's transform in glTF's frame: translation, rotation and scale, or a matrix when the
// transform has shear. The translation is double so that positions far from the origin keep the
// record's fixed-point precision (glTF's JSON numbers are doubles).
struct NodeTransform {
    std::array<double, 3> translation{0, 0, 0};
    std::array<double, 4> rotation{0, 0, 0, 1};
    std::array<double, 3> scale{1, 1, 1};
    std::optional<Mat4> matrix;
};

// A placement's row-vector world matrix (source frame) and its exact origin, mirrored into
// glTF's right-handed frame as model export mirrors vertices (z negated: S·M·S).
NodeTransform mirroredTransform(const Mat4& world, const std::array<double, 3>& origin);

// Builds the glTF of a placed scene: models as meshes stored once, instances as nodes that share
// them, curves as line primitives. Meshes come in already prepared (scene_preparer: right-handed).
class PlacedSceneGltf {
public:
    PlacedSceneGltf();

    // The model `prepared` as one glTF mesh (every mesh of the model a primitive of it). Calls
    // with the same `geometryKey` (one model file, other material variants) share its vertex and
    // index data and differ only in materials. Returns the glTF mesh index, or -1 when the model
    // has no triangles.
    int addModel(const std::string& geometryKey, const std::string& name, const ExportScene& prepared);
    // Polylines (already in glTF's frame) as one mesh of one LINES primitive; -1 when none.
    int addLines(const std::string& name, const std::vector<std::vector<Vec3>>& lines);
    // A node under the scene root (parent < 0) or under node `parent`; mesh -1 for an empty node.
    int addNode(int parent, const std::string& name, int mesh, const NodeTransform& transform = {});
    // One node drawing `mesh` at every transform, through EXT_mesh_gpu_instancing.
    int addInstancedNode(int parent, const std::string& name, int mesh, const std::vector<NodeTransform>& at);

    std::size_t meshCount() const { return m_model.meshes.size(); }
    // Writes the scene (one scene named `sceneName` holding the root nodes) as a .glb, or a .gltf
    // and its .bin; the materials' images inside the .glb, or as PNG files through `images`. The
    // nodes' JSON is written here, not by tinygltf: a cell's hundred thousand nodes would
    // otherwise be serialised, parsed and serialised again.
    bool write(const std::string& sceneName, const std::filesystem::path& out, bool binary,
               const ImageTarget& images, std::string& error, WriteReport& report);

private:
    struct Geometry {
        std::vector<std::map<std::string, int>> attributes; // per primitive
        std::vector<int> indices;                           // per primitive
    };
    int addView(const void* bytes, std::size_t size, int target);
    int addAccessor(int view, int componentType, int type, std::size_t count);
    int addFloats(const void* data, std::size_t count, int type, int components, int target);
    Geometry addGeometry(const ExportScene& prepared);

    struct Node {
        std::string name; // as JSON text, quoted and escaped
        int mesh = -1;
        NodeTransform transform;
        std::vector<int> children;
        std::string extensions; // as JSON text, or empty
    };
    void appendNode(std::string& json, const Node& node) const;
    const std::string& jsonName(const std::string& name);

    tinygltf::Model m_model; // meshes, accessors, materials: the small part of a scene
    GltfTextures m_textures; // one image per texture source, whichever models share it
    std::vector<unsigned char> m_data;
    std::vector<Node> m_nodes;
    std::vector<int> m_roots;
    std::string m_lastName, m_lastJsonName; // instances come in runs of one name
    std::map<std::string, Geometry> m_geometry;
};

} // namespace assetscope::exporting
