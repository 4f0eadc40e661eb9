#include "export/fbx_assimp_writer.h"

#include "export/fbx_blend_shapes.h"
#include "export/fbx_node_tree.h"
#include "input/atomic_file.h"

#include <assimp/Exporter.hpp>
#include <assimp/material.h>
#include <assimp/mesh.h>
#include <assimp/scene.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

namespace assetscope::exporting {

namespace {

// Assimp matrices are column-vector, stored row by row: the transpose of our row-vector Mat4.
aiMatrix4x4 toAssimp(const Mat4& m) {
    return aiMatrix4x4(m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14], m[3], m[7],
                       m[11], m[15]);
}

aiVector3D vec(const Vec3& v) {
    return aiVector3D(v[0], v[1], v[2]);
}

template <class T> T** newArray(std::size_t n) {
    T** a = new T*[n];
    for (std::size_t i = 0; i < n; ++i)
        a[i] = nullptr;
    return a;
}

class FbxSceneBuilder {
public:
    FbxSceneBuilder(const ExportScene& scene, const MaterialFiles& textures)
        : m_scene(scene), m_textures(textures) {}
    std::unique_ptr<aiScene> build();
    // Per Assimp mesh, in scene order: the blend shapes its FBX geometry must end up with.
    const std::vector<FbxMeshShapes>& shapes() const { return m_shapes; }

private:
    void addMaterials(aiScene& s);
    aiMesh* makeMesh(const ExportMesh& mesh, const Primitive& prim, std::size_t primIndex);
    void addBones(aiMesh& out, const ExportMesh& mesh, const std::vector<std::uint32_t>& used);
    void addMorphs(aiMesh& out, const ExportMesh& mesh, const std::vector<std::uint32_t>& used);
    aiNode* makeSkinNodes(std::size_t skin);
    std::string uniqueName(const std::string& wanted);

    const ExportScene& m_scene;
    const MaterialFiles& m_textures;
    std::set<std::string> m_names;                      // FBX resolves bones by node name: keep names unique
    std::vector<std::vector<std::string>> m_jointNames; // per skin, per joint
    std::vector<FbxMeshShapes> m_shapes;
};

std::string FbxSceneBuilder::uniqueName(const std::string& wanted) {
    std::string name = wanted;
    for (int k = 1; m_names.count(name); ++k)
        name = wanted + "_" + std::to_string(k);
    m_names.insert(name);
    return name;
}

void FbxSceneBuilder::addMaterials(aiScene& s) {
    s.mNumMaterials = unsigned(m_scene.materials.size());
    s.mMaterials = newArray<aiMaterial>(m_scene.materials.size());
    for (std::size_t i = 0; i < m_scene.materials.size(); ++i) {
        const auto& m = m_scene.materials[i];
        auto* mat = new aiMaterial();
        aiString name(m.name);
        mat->AddProperty(&name, AI_MATKEY_NAME);
        const auto file = [&](TextureRole role) -> const std::string& {
            static const std::string none;
            return i < m_textures.size() ? m_textures[i][static_cast<std::size_t>(role)] : none;
        };
        // Assimp's FBX exporter writes a texture of each type as a Texture and a Video naming the
        // file, connected to the material's DiffuseColor, NormalMap and EmissiveColor. A colour
        // multiplies its texture: white where the texture gives it.
        const std::string& colour = file(TextureRole::BaseColor);
        aiColor3D diffuse = colour.empty() ? aiColor3D(m.baseColor[0], m.baseColor[1], m.baseColor[2])
                                           : aiColor3D(1.0f, 1.0f, 1.0f);
        mat->AddProperty(&diffuse, 1, AI_MATKEY_COLOR_DIFFUSE);
        float opacity = m.baseColor[3];
        mat->AddProperty(&opacity, 1, AI_MATKEY_OPACITY);
        const std::pair<TextureRole, aiTextureType> slots[] = {
            {TextureRole::BaseColor, aiTextureType_DIFFUSE},
            {TextureRole::Normal, aiTextureType_NORMALS},
            {TextureRole::Emissive, aiTextureType_EMISSIVE}};
        for (const auto& [role, type] : slots) {
            if (file(role).empty()) continue;
            aiString path(file(role));
            mat->AddProperty(&path, AI_MATKEY_TEXTURE(type, 0));
            int uvSet = static_cast<int>(m.texture(role).uvSet);
            mat->AddProperty(&uvSet, 1, AI_MATKEY_UVWSRC(type, 0));
        }
        if (!file(TextureRole::Emissive).empty()) {
            aiColor3D emissive(1.0f, 1.0f, 1.0f);
            mat->AddProperty(&emissive, 1, AI_MATKEY_COLOR_EMISSIVE);
        }
        s.mMaterials[i] = mat;
    }
}

void FbxSceneBuilder::addBones(aiMesh& out, const ExportMesh& mesh, const std::vector<std::uint32_t>& used) {
    const Skin& skin = m_scene.skins[*mesh.skin];
    std::map<std::uint16_t, std::vector<aiVertexWeight>> byJoint;
    for (std::uint32_t local = 0; local < used.size(); ++local) {
        const auto& j = mesh.joints[used[local]];
        const auto& w = mesh.weights[used[local]];
        for (std::size_t k = 0; k < 4; ++k)
            if (w[k] > 0) byJoint[j[k]].emplace_back(local, w[k]);
    }
    out.mNumBones = unsigned(byJoint.size());
    out.mBones = newArray<aiBone>(byJoint.size());
    std::size_t b = 0;
    for (auto& [joint, weights] : byJoint) {
        auto* bone = new aiBone();
        bone->mName = aiString(m_jointNames[*mesh.skin][joint]);
        bone->mOffsetMatrix = toAssimp(skin.inverseBind[joint]);
        bone->mNumWeights = unsigned(weights.size());
        bone->mWeights = new aiVertexWeight[weights.size()];
        std::copy(weights.begin(), weights.end(), bone->mWeights);
        out.mBones[b++] = bone;
    }
}

void FbxSceneBuilder::addMorphs(aiMesh& out, const ExportMesh& mesh, const std::vector<std::uint32_t>& used) {
    // Assimp's anim meshes give the file its deformers, channels and connections; what its
    // shapes hold is then rewritten from `shapes` (fbx_blend_shapes.h).
    FbxMeshShapes& shapes = m_shapes.back();
    out.mNumAnimMeshes = unsigned(mesh.morphTargets.size());
    out.mAnimMeshes = newArray<aiAnimMesh>(mesh.morphTargets.size());
    for (std::size_t t = 0; t < mesh.morphTargets.size(); ++t) {
        const auto& target = mesh.morphTargets[t];
        auto* anim = new aiAnimMesh();
        anim->mName = aiString(target.name);
        anim->mNumVertices = unsigned(used.size());
        anim->mWeight = 0;
        // Assimp's shapes hold whole positions, not deltas.
        anim->mVertices = new aiVector3D[used.size()];
        for (std::size_t v = 0; v < used.size(); ++v)
            anim->mVertices[v] = vec(mesh.positions[used[v]]) + vec(target.positionDeltas[used[v]]);
        // FBX readers (Assimp's among them) require a shape's normals: the base normals when the
        // target moves none.
        if (!mesh.normals.empty()) {
            anim->mNormals = new aiVector3D[used.size()];
            for (std::size_t v = 0; v < used.size(); ++v) {
                aiVector3D n = vec(mesh.normals[used[v]]);
                if (!target.normalDeltas.empty()) n = (n + vec(target.normalDeltas[used[v]])).NormalizeSafe();
                anim->mNormals[v] = n;
            }
        }
        out.mAnimMeshes[t] = anim;

        FbxShapeTarget& written = shapes.targets.emplace_back();
        written.name = target.name;
        for (std::size_t v = 0; v < used.size(); ++v) {
            written.positionDeltas.push_back(target.positionDeltas[used[v]]);
            // The normal's change, so that a reader adding it to the base normal (and
            // normalising) gets the target's normal.
            Vec3 delta{0, 0, 0};
            if (anim->mNormals) {
                const aiVector3D d = anim->mNormals[v] - out.mNormals[v];
                delta = {d.x, d.y, d.z};
            }
            written.normalDeltas.push_back(delta);
        }
    }
}

aiMesh* FbxSceneBuilder::makeMesh(const ExportMesh& mesh, const Primitive& prim, std::size_t primIndex) {
    // Each Assimp mesh holds only the vertices its primitive uses.
    constexpr std::uint32_t kUnused = 0xffffffffu;
    std::vector<std::uint32_t> remap(mesh.positions.size(), kUnused);
    std::vector<std::uint32_t> used;
    for (auto i : prim.indices)
        if (remap[i] == kUnused) {
            remap[i] = std::uint32_t(used.size());
            used.push_back(i);
        }

    auto* out = new aiMesh();
    out->mName =
        aiString(mesh.primitives.size() > 1 ? mesh.name + "_" + std::to_string(primIndex) : mesh.name);
    out->mMaterialIndex = prim.material;
    out->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    const std::size_t n = used.size();
    out->mNumVertices = unsigned(n);
    out->mVertices = new aiVector3D[n];
    for (std::size_t v = 0; v < n; ++v)
        out->mVertices[v] = vec(mesh.positions[used[v]]);
    FbxMeshShapes& shapes = m_shapes.emplace_back();
    if (!mesh.morphTargets.empty()) {
        for (std::size_t v = 0; v < n; ++v)
            shapes.positions.push_back(mesh.positions[used[v]]);
        for (auto i : prim.indices)
            shapes.corners.push_back(remap[i]);
    }
    if (!mesh.normals.empty()) {
        out->mNormals = new aiVector3D[n];
        for (std::size_t v = 0; v < n; ++v)
            out->mNormals[v] = vec(mesh.normals[used[v]]);
    }
    if (!mesh.tangents.empty()) {
        out->mTangents = new aiVector3D[n];
        out->mBitangents = new aiVector3D[n];
        for (std::size_t v = 0; v < n; ++v) {
            const Vec4& t = mesh.tangents[used[v]];
            const aiVector3D tangent(t[0], t[1], t[2]);
            out->mTangents[v] = tangent;
            out->mBitangents[v] = (vec(mesh.normals[used[v]]) ^ tangent) * t[3];
        }
    }
    for (std::size_t s = 0; s < mesh.uvs.size() && s < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++s) {
        out->mNumUVComponents[s] = 2;
        out->mTextureCoords[s] = new aiVector3D[n];
        for (std::size_t v = 0; v < n; ++v) {
            const Vec2& uv = mesh.uvs[s][used[v]];
            out->mTextureCoords[s][v] = aiVector3D(uv[0], 1.0f - uv[1], 0);
        }
    }
    const std::vector<Vec4>* sets[] = {&mesh.colors, &mesh.colors1};
    for (std::size_t s = 0; s < 2; ++s) {
        if (sets[s]->empty()) continue;
        out->mColors[s] = new aiColor4D[n];
        for (std::size_t v = 0; v < n; ++v) {
            const Vec4& c = (*sets[s])[used[v]];
            out->mColors[s][v] = aiColor4D(c[0], c[1], c[2], c[3]);
        }
    }
    out->mNumFaces = unsigned(prim.indices.size() / 3);
    out->mFaces = new aiFace[out->mNumFaces];
    for (std::size_t f = 0; f < out->mNumFaces; ++f) {
        aiFace& face = out->mFaces[f];
        face.mNumIndices = 3;
        face.mIndices = new unsigned[3];
        for (std::size_t k = 0; k < 3; ++k)
            face.mIndices[k] = remap[prim.indices[f * 3 + k]];
    }
    if (mesh.skin) addBones(*out, mesh, used);
    if (!mesh.morphTargets.empty()) addMorphs(*out, mesh, used);
    return out;
}

aiNode* FbxSceneBuilder::makeSkinNodes(std::size_t skinIndex) {
    const Skin& skin = m_scene.skins[skinIndex];
    std::vector<aiNode*> nodes;
    for (std::size_t j = 0; j < skin.joints.size(); ++j) {
        auto* node = new aiNode(m_jointNames[skinIndex][j]);
        node->mTransformation = toAssimp(skin.joints[j].local);
        nodes.push_back(node);
    }
    auto* armature = new aiNode(uniqueName(skin.name));
    for (std::size_t j = 0; j < skin.joints.size(); ++j) {
        std::vector<aiNode*> children;
        for (std::size_t c = 0; c < skin.joints.size(); ++c)
            if (skin.joints[c].parent == int(j)) children.push_back(nodes[c]);
        if (!children.empty()) nodes[j]->addChildren(unsigned(children.size()), children.data());
    }
    std::vector<aiNode*> roots;
    for (std::size_t j = 0; j < skin.joints.size(); ++j)
        if (skin.joints[j].parent < 0) roots.push_back(nodes[j]);
    armature->addChildren(unsigned(roots.size()), roots.data());
    return armature;
}

std::unique_ptr<aiScene> FbxSceneBuilder::build() {
    auto s = std::make_unique<aiScene>();
    s->mRootNode = new aiNode(uniqueName(m_scene.name));
    addMaterials(*s);
    for (const auto& skin : m_scene.skins) {
        std::vector<std::string> names;
        for (const auto& joint : skin.joints)
            names.push_back(uniqueName(joint.name));
        m_jointNames.push_back(std::move(names));
    }
    std::vector<aiNode*> top;
    for (std::size_t k = 0; k < m_scene.skins.size(); ++k)
        top.push_back(makeSkinNodes(k));
    std::vector<aiMesh*> meshes;
    for (const auto& mesh : m_scene.meshes) {
        auto* node = new aiNode(uniqueName(mesh.name));
        node->mNumMeshes = unsigned(mesh.primitives.size());
        node->mMeshes = new unsigned[mesh.primitives.size()];
        for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
            node->mMeshes[p] = unsigned(meshes.size());
            meshes.push_back(makeMesh(mesh, mesh.primitives[p], p));
        }
        top.push_back(node);
    }
    s->mRootNode->addChildren(unsigned(top.size()), top.data());
    s->mNumMeshes = unsigned(meshes.size());
    s->mMeshes = newArray<aiMesh>(meshes.size());
    std::copy(meshes.begin(), meshes.end(), s->mMeshes);
    return s;
}

} // namespace

bool writeFbxThroughAssimp(const ExportScene& prepared, const std::filesystem::path& out,
                           const MaterialFiles& textures, std::string& error, WriteReport& report) {
    FbxSceneBuilder builder(prepared, textures);
    std::unique_ptr<aiScene> scene = builder.build();
    Assimp::Exporter exporter;
    const aiExportDataBlob* blob = exporter.ExportToBlob(scene.get(), "fbx");
    if (!blob || !blob->data) {
        error = std::string("Assimp could not write FBX: ") + exporter.GetErrorString();
        return false;
    }
    const std::string_view bytes(static_cast<const char*>(blob->data), blob->size);
    // Read as a node tree and written again, as repairFbxSentinels does: every node list gets the
    // null record Assimp leaves out (fbx_sentinel_repair.h). In between, the blend shapes are
    // rewritten as readers expect them (fbx_blend_shapes.h).
    auto tree = readFbxTree(bytes);
    if (!tree) {
        error = "Assimp wrote an FBX file whose node records could not be walked";
        return false;
    }
    std::string shapeError;
    if (!fixFbxBlendShapes(*tree, builder.shapes(), shapeError)) {
        error = "Assimp's FBX blend shapes could not be rewritten: " + shapeError;
        return false;
    }
    if (!writeFileAtomically(out, writeFbxTree(*tree), error)) return false;
    const auto any = [&](auto has) {
        return std::any_of(prepared.meshes.begin(), prepared.meshes.end(), has);
    };
    if (any([](const ExportMesh& m) { return !m.tangents.empty(); }))
        report.warnings.push_back("FBX through Assimp keeps no tangents: readers recompute them");
    if (any([](const ExportMesh& m) { return !m.colors1.empty(); }))
        report.warnings.push_back("FBX through Assimp keeps one vertex colour set: the second is left out");
    report.files.push_back(out);
    return true;
}

} // namespace assetscope::exporting
