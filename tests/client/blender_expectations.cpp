#include "blender_expectations.h"

#include "export/material_images.h"

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

namespace {

nlohmann::json imageExpectation(const MaterialImage& image) {
    nlohmann::json texels = nlohmann::json::array();
    for (std::size_t i = 0; i + 3 < image.rgba.size(); i += 4)
        texels.push_back({image.rgba[i], image.rgba[i + 1], image.rgba[i + 2], image.rgba[i + 3]});
    return {{"width", image.width}, {"height", image.height}, {"texels", texels}};
}

} // namespace

nlohmann::json textureExpectations(const ExportScene& prepared, Format format) {
    nlohmann::json out = nlohmann::json::array();
    const std::vector<TextureRole> kept = keptTextureRoles(format);
    const auto keeps = [&](TextureRole role) {
        return std::find(kept.begin(), kept.end(), role) != kept.end();
    };
    for (const Material& m : prepared.materials) {
        const auto& colour = m.texture(TextureRole::BaseColor).image;
        if (!colour || !keeps(TextureRole::BaseColor)) continue;
        nlohmann::json entry = {{"material", m.name}, {"baseColor", imageExpectation(*colour)}};
        if (const auto& normal = m.texture(TextureRole::Normal).image; normal && keeps(TextureRole::Normal))
            entry["normal"] = imageExpectation(*normal);
        out.push_back(std::move(entry));
    }
    return out;
}

} // namespace assetscope::client
