#include "contract/decoded_export.h"
#include "decode/mesh_decoder.h"
#include "formats/modelbin/mesh_resolve.h"
#include "formats/modelbin/model_handler.h"
#include "math/mat4.h"

#include <algorithm>
#include <map>

namespace assetscope::modelbin {

namespace {

using exporting::Mat4;

exporting::Skin makeSkin(const Skeleton& skel) {
    exporting::Skin skin;
    skin.name = "skeleton";
    std::vector<Mat4> global(skel.bones.size());
    std::vector<bool> done(skel.bones.size(), false);
    // Parents may come after children in a hostile file: resolve iteratively, cycles become roots.
    for (std::size_t pass = 0; pass < skel.bones.size(); ++pass)
        for (std::size_t b = 0; b < skel.bones.size(); ++b) {
            if (done[b]) continue;
            const Bone& bone = skel.bones[b];
            Mat4 local;
            std::copy(bone.rest.begin(), bone.rest.end(), local.begin());
            const int parent = bone.parent;
            if (parent < 0 || static_cast<std::size_t>(parent) >= skel.bones.size() || parent == int(b)) {
                global[b] = local;
                done[b] = true;
            } else if (done[static_cast<std::size_t>(parent)]) {
                global[b] = math::multiplyInFloat(local, global[static_cast<std::size_t>(parent)]);
                done[b] = true;
            } else if (pass + 1 == skel.bones.size()) {
                global[b] = local;
                done[b] = true;
            }
        }
    for (std::size_t b = 0; b < skel.bones.size(); ++b) {
        const Bone& bone = skel.bones[b];
        exporting::Joint j;
        j.name = bone.name.empty() ? "bone_" + std::to_string(b) : bone.name;
        j.parent = bone.parent >= 0 && static_cast<std::size_t>(bone.parent) < skel.bones.size() &&
                           bone.parent != static_cast<int>(b)
                       ? bone.parent
                       : -1;
        std::copy(bone.rest.begin(), bone.rest.end(), j.local.begin());
        skin.joints.push_back(std::move(j));
        // The stored vertices are the bind pose in model space, so binding undoes the rest pose.
        skin.inverseBind.push_back(math::inverseAffine(global[b]));
    }
    return skin;
}

} // namespace

std::vector<std::size_t> selectMeshes(const Model& model, const ExportSelection& selection,
                                      std::string& reason) {
    std::vector<std::size_t> out;
    if (!selection.meshes.empty()) {
        for (std::uint32_t i : selection.meshes) {
            if (i >= model.meshes.size()) {
                reason = "mesh " + std::to_string(i) + " does not exist (the model has " +
                         std::to_string(model.meshes.size()) + ")";
                return {};
            }
            out.push_back(i);
        }
        return out;
    }
    auto lodOf = [](const MeshRecord& m) { return m.lodFlags >> 1 ? m.finestLod() : 0; };
    int lod = -1;
    if (selection.lod) {
        lod = *selection.lod;
    } else {
        for (const auto& m : model.meshes)
            if (m.drawnInMainView() && (lod < 0 || lodOf(m) < lod)) lod = lodOf(m);
        if (lod < 0)
            for (const auto& m : model.meshes)
                if (lod < 0 || lodOf(m) < lod) lod = lodOf(m);
    }
    auto inLod = [&](const MeshRecord& m) { return m.lodFlags >> 1 ? m.hasLod(lod) : lod == 0; };
    for (std::size_t i = 0; i < model.meshes.size(); ++i)
        if (inLod(model.meshes[i]) && model.meshes[i].drawnInMainView()) out.push_back(i);
    if (out.empty())
        for (std::size_t i = 0; i < model.meshes.size(); ++i)
            if (inLod(model.meshes[i])) out.push_back(i);
    if (out.empty()) reason = "no mesh of LOD " + std::to_string(lod);
    return out;
}

std::optional<exporting::ExportScene> buildExportScene(const Model& model, const ExportSelection& selection,
                                                       std::string& reason) {
    const std::vector<std::size_t> meshes = selectMeshes(model, selection, reason);
    if (meshes.empty()) {
        if (reason.empty()) reason = "the model has no meshes";
        return std::nullopt;
    }
    exporting::ExportScene scene;
    scene.leftHanded = true;
    std::map<std::int32_t, std::uint32_t> materialIndex;
    auto materialFor = [&](std::int16_t id) {
        auto [it, inserted] =
            materialIndex.try_emplace(id, static_cast<std::uint32_t>(scene.materials.size()));
        if (inserted) {
            exporting::Material mat;
            const MaterialSlot* slot = model.material(id);
            mat.name = slot && !slot->name.empty() ? slot->name : "material_" + std::to_string(id);
            mat.slot = id;
            scene.materials.push_back(std::move(mat));
        }
        return it->second;
    };
    const bool rigidSkinning = model.skeleton && model.skeleton->bones.size() > 1;
    bool needSkin = false;
    std::string skipped;
    for (std::size_t i : meshes) {
        const MeshRecord& mesh = model.meshes[i];
        std::vector<Problem> problems;
        const auto source = resolveMesh(model, i, problems);
        if (!source) {
            skipped += (skipped.empty() ? "" : "; ") + std::string("mesh ") + std::to_string(i) + ": " +
                       (problems.empty() ? "cannot be decoded" : problems.front().message);
            continue;
        }
        const decode::DecodedMesh d = decode::decodeMesh(*source);
        ExportMeshOptions options;
        options.uvSets = ExportMeshOptions::UvSets::FromFirst;
        options.skin = ExportMeshOptions::Skin::StrongestFour;
        options.tangentsNeedNormals = true;
        exporting::ExportMesh em = exportMeshFrom(d, options);
        em.name = mesh.name.empty() ? "mesh_" + std::to_string(i) : mesh.name;
        em.subject = {kMeshSubject, static_cast<std::int64_t>(i)};
        if (mesh.blob < model.bundle.blobs.size()) em.node = model.bundle.blobs[mesh.blob].node;
        if (d.influences == 0 && rigidSkinning && mesh.rigidBoneIndex >= 0 &&
            static_cast<std::size_t>(mesh.rigidBoneIndex) < model.skeleton->bones.size()) {
            // A rigid mesh of an animated model follows one bone: weight 1 on it.
            em.joints.assign(d.vertexCount, {static_cast<std::uint16_t>(mesh.rigidBoneIndex), 0, 0, 0});
            em.weights.assign(d.vertexCount, {1, 0, 0, 0});
        }
        if (!em.joints.empty()) {
            em.skin = 0;
            needSkin = true;
        }
        std::size_t group = 0;
        if (model.header && selection.variant > 0 &&
            static_cast<std::size_t>(selection.variant) < model.header->variants.size()) {
            const auto& row = model.header->variants[static_cast<std::size_t>(selection.variant)];
            if (i < row.size() && row[i] < mesh.materialGroups.size()) group = row[i];
        }
        exporting::Primitive prim;
        prim.material = materialFor(mesh.materialId(group, selection.season));
        prim.indices = d.indices;
        em.primitives.push_back(std::move(prim));
        scene.meshes.push_back(std::move(em));
    }
    if (needSkin) {
        // Skinned meshes in a model whose Skel blob could not be read: a skin without joints,
        // which the exporter refuses by name, instead of reading a skeleton that is not there.
        exporting::Skin none;
        none.name = "skeleton";
        scene.skins.push_back(model.skeleton ? makeSkin(*model.skeleton) : std::move(none));
    }
    if (scene.meshes.empty()) {
        reason = "no selected mesh could be decoded: " + skipped;
        return std::nullopt;
    }
    if (!skipped.empty()) reason = "skipped " + skipped;
    return scene;
}

} // namespace assetscope::modelbin
