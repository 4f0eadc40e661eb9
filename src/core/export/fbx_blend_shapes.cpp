#include "export/fbx_blend_shapes.h"

#include "export/fbx_properties.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>

namespace assetscope::exporting {

namespace {

// An object record of the Objects list: uid, "Name\x00\x01Class" and its sub-type.
struct Object {
    FbxNode* node = nullptr;
    std::int64_t uid = 0;
    FbxObjectName name;
    std::string type; // "Mesh", "Shape", "BlendShape", "BlendShapeChannel" …
};

std::optional<Object> readObject(FbxNode& node) {
    const auto props = readProperties(node);
    if (!props || props->size() < 3) return std::nullopt;
    const auto uid = integerValue((*props)[0]);
    const auto text = stringValue((*props)[1]);
    const auto type = stringValue((*props)[2]);
    if (!uid || !text || !type) return std::nullopt;
    const auto name = splitObjectName(*text);
    if (!name) return std::nullopt;
    return Object{&node, *uid, *name, *type};
}

bool renameClass(Object& object, std::string_view objectClass) {
    auto props = readProperties(*object.node);
    if (!props) return false;
    (*props)[1] = stringProperty(joinObjectName(object.name.name, objectClass));
    setProperties(*object.node, *props);
    object.name.objectClass = std::string(objectClass);
    return true;
}

// The child `name` of `node` holding exactly `value`, made when missing.
void setChild(FbxNode& node, std::string_view name, FbxProperty value) {
    FbxNode* c = node.child(name);
    if (!c) {
        node.children.emplace_back();
        c = &node.children.back();
        c->name = std::string(name);
    }
    setProperties(*c, {std::move(value)});
}

class ShapeFixer {
public:
    ShapeFixer(FbxFile& file, std::string& error) : m_file(file), m_error(error) {}
    bool run(const std::vector<FbxMeshShapes>& meshes);

private:
    bool collect();
    bool fail(std::string message) {
        m_error = std::move(message);
        return false;
    }
    // The objects connected (OO) to `parent` whose type is `type`, in connection order.
    std::vector<Object*> childrenOf(std::int64_t parent, std::string_view type);
    bool fixMesh(std::size_t k, const FbxMeshShapes& shapes);
    bool controlPoints(const Object& mesh, const FbxMeshShapes& shapes, std::vector<std::int32_t>& pointOf,
                       std::size_t& pointCount);
    bool writeShape(Object& shape, const FbxShapeTarget& target, const std::vector<std::int32_t>& pointOf,
                    std::size_t pointCount);

    FbxFile& m_file;
    std::string& m_error;
    std::vector<Object> m_objects;
    std::map<std::int64_t, std::size_t> m_byUid;
    std::vector<std::pair<std::int64_t, std::int64_t>> m_links; // (child, parent), OO only
    std::vector<Object*> m_meshes;                              // mesh geometries, file order
};

bool ShapeFixer::collect() {
    FbxNode* objects = m_file.top("Objects");
    FbxNode* connections = m_file.top("Connections");
    if (!objects || !connections) return fail("the FBX file has no Objects or Connections");
    for (FbxNode& n : objects->children) {
        if (n.name != "Geometry" && n.name != "Deformer") continue;
        auto object = readObject(n);
        if (!object) return fail("an FBX " + n.name + " record could not be read");
        m_byUid[object->uid] = m_objects.size();
        m_objects.push_back(std::move(*object));
    }
    for (Object& o : m_objects)
        if (o.node->name == "Geometry" && o.type == "Mesh") m_meshes.push_back(&o);
    for (const FbxNode& c : connections->children) {
        const auto props = readProperties(c);
        if (!props || props->size() < 3 || stringValue((*props)[0]) != "OO") continue;
        const auto child = integerValue((*props)[1]);
        const auto parent = integerValue((*props)[2]);
        if (child && parent) m_links.emplace_back(*child, *parent);
    }
    return true;
}

std::vector<Object*> ShapeFixer::childrenOf(std::int64_t parent, std::string_view type) {
    std::vector<Object*> out;
    for (const auto& [child, to] : m_links) {
        if (to != parent) continue;
        const auto it = m_byUid.find(child);
        if (it != m_byUid.end() && m_objects[it->second].type == type) out.push_back(&m_objects[it->second]);
    }
    return out;
}

bool ShapeFixer::writeShape(Object& shape, const FbxShapeTarget& target,
                            const std::vector<std::int32_t>& pointOf, std::size_t pointCount) {
    // Every control point once, in order; a point shared by several vertices (Assimp joins
    // equal positions) takes the first one's deltas.
    std::vector<std::int32_t> indexes(pointCount);
    std::vector<double> positions(3 * pointCount, 0.0), normals(3 * pointCount, 0.0);
    std::vector<char> done(pointCount, 0);
    for (std::size_t v = 0; v < pointOf.size(); ++v) {
        const auto p = std::size_t(pointOf[v]);
        if (done[p]) continue;
        done[p] = 1;
        for (std::size_t k = 0; k < 3; ++k) {
            positions[3 * p + k] = target.positionDeltas[v][k];
            normals[3 * p + k] = target.normalDeltas[v][k];
        }
    }
    for (std::size_t p = 0; p < pointCount; ++p)
        indexes[p] = std::int32_t(p);
    if (!renameClass(shape, "Geometry")) return fail("an FBX shape's name could not be rewritten");
    setChild(*shape.node, "Indexes", intArrayProperty(indexes));
    setChild(*shape.node, "Vertices", doubleArrayProperty(positions));
    setChild(*shape.node, "Normals", doubleArrayProperty(normals));
    return true;
}

// The control point of each of the mesh's vertices, from the polygons: corner i of the file's
// PolygonVertexIndex (the last of a polygon stored as −1 − point) is the vertex shapes.corners[i].
// Each point must sit where its vertex is: Assimp writes a vertex's float position as a double.
bool ShapeFixer::controlPoints(const Object& mesh, const FbxMeshShapes& shapes,
                               std::vector<std::int32_t>& pointOf, std::size_t& pointCount) {
    const auto array = [&](std::string_view name) -> std::optional<FbxProperty> {
        const FbxNode* n = mesh.node->child(name);
        const auto props = n ? readProperties(*n) : std::nullopt;
        if (!props || props->size() != 1) return std::nullopt;
        return props->front();
    };
    const auto points = array("Vertices");
    const auto polygons = array("PolygonVertexIndex");
    const auto xyz = points ? realArray(*points) : std::nullopt;
    const auto corners = polygons ? intArray(*polygons) : std::nullopt;
    if (!xyz || xyz->size() % 3 != 0 || !corners)
        return fail("its control points or polygons could not be read");
    if (corners->size() != shapes.corners.size())
        return fail("its polygons have " + std::to_string(corners->size()) + " corners for " +
                    std::to_string(shapes.corners.size()));
    pointCount = xyz->size() / 3;
    pointOf.assign(shapes.positions.size(), -1);
    for (std::size_t i = 0; i < corners->size(); ++i) {
        const std::int32_t stored = (*corners)[i];
        const std::int64_t point = stored < 0 ? -1 - std::int64_t(stored) : stored;
        const std::uint32_t v = shapes.corners[i];
        if (point >= std::int64_t(pointCount) || v >= pointOf.size())
            return fail("corner " + std::to_string(i) + " is outside its points or vertices");
        const auto p = std::size_t(point);
        const math::Vec3& q = shapes.positions[v];
        if ((*xyz)[3 * p] != double(q[0]) || (*xyz)[3 * p + 1] != double(q[1]) ||
            (*xyz)[3 * p + 2] != double(q[2]) || (pointOf[v] >= 0 && pointOf[v] != std::int32_t(p)))
            return fail("corner " + std::to_string(i) + " does not name the point of vertex " +
                        std::to_string(v));
        pointOf[v] = std::int32_t(p);
    }
    for (std::size_t v = 0; v < pointOf.size(); ++v)
        if (pointOf[v] < 0) return fail("vertex " + std::to_string(v) + " is on no polygon");
    return true;
}

bool ShapeFixer::fixMesh(std::size_t k, const FbxMeshShapes& shapes) {
    Object& mesh = *m_meshes[k];
    const std::string label = "FBX mesh " + std::to_string(k);
    const std::vector<Object*> deformers = childrenOf(mesh.uid, "BlendShape");
    if (shapes.targets.empty()) {
        if (!deformers.empty()) return fail(label + " has blend shapes it was not given");
        return true;
    }
    if (deformers.size() != 1) return fail(label + " has no blend shape deformer (or several)");
    if (!renameClass(*deformers[0], "Deformer"))
        return fail(label + ": the blend shape deformer's name could not be rewritten");
    const std::vector<Object*> channels = childrenOf(deformers[0]->uid, "BlendShapeChannel");
    if (channels.size() != shapes.targets.size())
        return fail(label + " has " + std::to_string(channels.size()) + " blend shape channels for " +
                    std::to_string(shapes.targets.size()) + " morph targets");

    std::vector<std::int32_t> pointOf;
    std::size_t pointCount = 0;
    if (!controlPoints(mesh, shapes, pointOf, pointCount)) return fail(label + ": " + m_error);

    for (std::size_t t = 0; t < channels.size(); ++t) {
        const FbxShapeTarget& target = shapes.targets[t];
        if (target.positionDeltas.size() != pointOf.size() || target.normalDeltas.size() != pointOf.size())
            return fail(label + ": morph target '" + target.name + "' does not have one delta per vertex");
        const std::vector<Object*> found = childrenOf(channels[t]->uid, "Shape");
        if (found.size() != 1 || found[0]->name.name != target.name)
            return fail(label + ": blend shape channel " + std::to_string(t) + " does not hold the shape '" +
                        target.name + "'");
        if (!writeShape(*found[0], target, pointOf, pointCount)) return false;
        setChild(*channels[t]->node, "FullWeights", floatArrayProperty({100.0f}));
    }
    return true;
}

bool ShapeFixer::run(const std::vector<FbxMeshShapes>& meshes) {
    if (!collect()) return false;
    if (meshes.size() != m_meshes.size())
        return fail("the FBX file has " + std::to_string(m_meshes.size()) + " meshes for " +
                    std::to_string(meshes.size()) + " written");
    for (std::size_t k = 0; k < meshes.size(); ++k)
        if (!fixMesh(k, meshes[k])) return false;
    return true;
}

} // namespace

bool fixFbxBlendShapes(FbxFile& file, const std::vector<FbxMeshShapes>& meshes, std::string& error) {
    // A file without morph targets has nothing to rewrite: it is not even looked at.
    if (std::all_of(meshes.begin(), meshes.end(), [](const FbxMeshShapes& m) { return m.targets.empty(); }))
        return true;
    return ShapeFixer(file, error).run(meshes);
}

} // namespace assetscope::exporting
