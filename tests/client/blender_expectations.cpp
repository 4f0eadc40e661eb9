#include "blender_expectations.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace assetscope::client {

using namespace assetscope::exporting;

namespace {

// The primitives that become one Blender object each: a mesh's all together, or one by one.
std::vector<std::vector<const Primitive*>> objectsOf(const ExportMesh& mesh, bool perMaterial) {
    std::vector<std::vector<const Primitive*>> objects;
    for (const auto& p : mesh.primitives) {
        if (perMaterial || objects.empty()) objects.emplace_back();
        objects.back().push_back(&p);
    }
    return objects;
}

// Target names and the largest distance each moves one of the vertices these primitives use.
nlohmann::json shapeKeys(const ExportMesh& mesh, const std::vector<const Primitive*>& primitives) {
    std::set<std::uint32_t> used;
    for (const Primitive* p : primitives)
        used.insert(p->indices.begin(), p->indices.end());
    nlohmann::json names = nlohmann::json::array(), deltas = nlohmann::json::array();
    for (const auto& t : mesh.morphTargets) {
        double largest = 0;
        for (auto v : used) {
            const Vec3& d = t.positionDeltas[v];
            largest =
                std::max(largest, std::sqrt(double(d[0]) * d[0] + double(d[1]) * d[1] + double(d[2]) * d[2]));
        }
        names.push_back(t.name);
        deltas.push_back(largest);
    }
    return {{"names", names}, {"maxDeltas", deltas}};
}

} // namespace

nlohmann::json blenderExpectations(const ExportScene& prepared, const FormatKeeps& keeps) {
    std::size_t objects = 0, faces = 0, skinnedObjects = 0;
    std::set<std::uint32_t> materials, skins;
    std::set<std::string> weightedJoints;
    nlohmann::json keys = nlohmann::json::array();
    for (const auto& mesh : prepared.meshes) {
        const auto groups = objectsOf(mesh, keeps.meshPerMaterial);
        objects += groups.size();
        for (const auto& p : mesh.primitives) {
            faces += p.indices.size() / 3;
            materials.insert(p.material);
        }
        if (keeps.skins && mesh.skin) {
            skinnedObjects += groups.size();
            skins.insert(*mesh.skin);
            const Skin& skin = prepared.skins[*mesh.skin];
            for (std::size_t v = 0; v < mesh.joints.size(); ++v)
                for (std::size_t k = 0; k < 4; ++k)
                    if (mesh.weights[v][k] > 0) weightedJoints.insert(skin.joints[mesh.joints[v][k]].name);
        }
        if (keeps.morphTargets && !mesh.morphTargets.empty())
            for (const auto& g : groups)
                keys.push_back(shapeKeys(mesh, g));
    }
    nlohmann::json skin = nullptr;
    if (skinnedObjects > 0) {
        nlohmann::json joints = nlohmann::json::array();
        for (auto s : skins)
            for (const auto& j : prepared.skins[s].joints)
                joints.push_back(j.name);
        skin = {{"objects", skinnedObjects}, {"joints", joints}, {"weightedJoints", weightedJoints}};
    }
    return {{"objects", objects},
            {"faces", faces},
            {"materials", materials.size()},
            {"skin", skin},
            {"shapeKeys", keys}};
}

} // namespace assetscope::client
