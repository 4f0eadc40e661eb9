// ParsedMeshSet::exportScene: sections of a LOD (or of every LOD) as export meshes.
#include "contract/decoded_export.h"
#include "formats/meshset/meshset_geometry.h"
#include "formats/meshset/meshset_handler.h"

#include <algorithm>
#include <map>

namespace assetscope::meshset {

namespace {

using namespace exporting;

constexpr Mat4 kIdentity{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

std::string lastPart(const MeshSet& m) {
    return m.name.substr(std::min<std::size_t>(m.nameLastPartOffset, m.name.size()));
}

// Stored blend indices name entries of the LOD's bone map (skinned) or of the section's bone
// list (composite); the result is a skeleton bone index.
std::uint16_t mapJoint(const Lod& lod, const Section& s, std::uint16_t index) {
    if (!lod.boneMap.empty())
        return index < lod.boneMap.size() ? static_cast<std::uint16_t>(lod.boneMap[index]) : index;
    if (!s.boneList.empty()) return index < s.boneList.size() ? s.boneList[index] : index;
    return index;
}

std::vector<std::uint32_t> defaultSections(const Lod& lod) {
    std::vector<std::uint32_t> out(lod.sectionLists[0].begin(), lod.sectionLists[0].end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    if (out.empty())
        for (std::uint32_t j = 0; j < lod.sections.size(); ++j)
            out.push_back(j);
    return out;
}

} // namespace

std::optional<ExportScene> ParsedMeshSet::exportScene(const ExportSelection& selection,
                                                      std::string& reason) const {
    const MeshSet& m = m_result.mesh;
    if (!m_result.complete) {
        reason = "the MeshSet could not be read completely";
        return std::nullopt;
    }
    std::vector<std::size_t> lods;
    const int lodChoice = selection.lod.value_or(0);
    if (lodChoice == -1) {
        for (std::size_t i = 0; i < m.lods.size(); ++i)
            lods.push_back(i);
    } else if (lodChoice >= 0 && static_cast<std::size_t>(lodChoice) < m.lods.size()) {
        lods.push_back(static_cast<std::size_t>(lodChoice));
    } else {
        reason = "LOD " + std::to_string(lodChoice) + " does not exist (the MeshSet has " +
                 std::to_string(m.lods.size()) + ")";
        return std::nullopt;
    }

    ExportScene scene;
    scene.name = lastPart(m);
    scene.leftHanded = true;
    std::map<std::string, std::uint32_t> materials;
    const bool skinned = m.meshType != 0;
    std::uint32_t jointCount = m.boneCount;

    for (std::size_t li : lods) {
        const Lod& lod = m.lods[li];
        std::vector<std::uint32_t> wanted;
        if (selection.meshes.empty())
            wanted = lodChoice == -1 ? std::vector<std::uint32_t>() : defaultSections(lod);
        else
            wanted = selection.meshes;
        if (wanted.empty() && lodChoice == -1)
            for (std::uint32_t j = 0; j < lod.sections.size(); ++j)
                wanted.push_back(j);
        const ByteView bytes = geometry(li);
        if (bytes.empty() && !wanted.empty()) {
            reason = "LOD " + std::to_string(li) + " geometry: " +
                     (li < m_geometry.size() ? m_geometry[li].origin : std::string("not located"));
            return std::nullopt;
        }
        for (std::uint32_t j : wanted) {
            if (j >= lod.sections.size()) {
                if (lodChoice == -1) continue;
                reason = "section " + std::to_string(j) + " does not exist in LOD " + std::to_string(li) +
                         " (" + std::to_string(lod.sections.size()) + " sections)";
                return std::nullopt;
            }
            const Section& s = lod.sections[j];
            GeometryError error;
            auto g = decodeSection(lod, s, bytes, error);
            if (!g) {
                reason = "LOD " + std::to_string(li) + " section " + std::to_string(j) + ": " + error.message;
                return std::nullopt;
            }
            ExportMeshOptions options;
            options.uvSets = ExportMeshOptions::UvSets::UpToHighest;
            options.skin = skinned ? ExportMeshOptions::Skin::AsStored : ExportMeshOptions::Skin::None;
            options.joint = [&](std::uint16_t index) { return mapJoint(lod, s, index); };
            ExportMesh mesh = exportMeshFrom(*g, options);
            mesh.name = scene.name + "_lod" + std::to_string(li) + "_section" + std::to_string(j);
            mesh.subject = {kLodSubject, static_cast<std::int64_t>(li), static_cast<std::int64_t>(j),
                            static_cast<std::int64_t>(j)};
            mesh.node = s.node;
            for (const auto& joints : mesh.joints)
                for (std::uint16_t joint : joints)
                    jointCount = std::max<std::uint32_t>(jointCount, joint + 1u);
            if (!mesh.joints.empty()) mesh.skin = 0;
            auto [it, added] =
                materials.emplace(s.materialName, static_cast<std::uint32_t>(scene.materials.size()));
            if (added) {
                Material material;
                material.name = s.materialName.empty() ? "material" : s.materialName;
                scene.materials.push_back(std::move(material));
            }
            mesh.primitives.push_back(Primitive{it->second, std::move(g->indices)});
            scene.meshes.push_back(std::move(mesh));
        }
    }
    if (scene.meshes.empty()) {
        reason = "no section selected";
        return std::nullopt;
    }
    if (std::any_of(scene.meshes.begin(), scene.meshes.end(),
                    [](const ExportMesh& e) { return e.skin.has_value(); })) {
        Skin skin;
        skin.name = scene.name + "_skeleton";
        for (std::uint32_t b = 0; b < jointCount; ++b)
            skin.joints.push_back(Joint{"bone_" + std::to_string(b), -1, kIdentity});
        scene.skins.push_back(std::move(skin));
    }
    return scene;
}

} // namespace assetscope::meshset
