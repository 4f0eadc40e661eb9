#include "export/scene_preparer.h"

#include "math/mat4.h"
#include "math/vector_ops.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace assetscope::exporting {

namespace {

bool finite(const float* v, int n) {
    for (int i = 0; i < n; ++i)
        if (!std::isfinite(v[i])) return false;
    return true;
}

template <std::size_t N> bool sanitise(std::array<float, N>& v) {
    if (finite(v.data(), int(N))) return false;
    for (float& c : v)
        if (!std::isfinite(c)) c = 0;
    return true;
}

using math::cross;

// In double, as the export has always normalised; a length of 1e-20 or less, or not finite,
// leaves `v` as it is and returns false.
bool normalise(Vec3& v) {
    const auto unit = math::normalised(math::converted<double>(v), 1e-20);
    if (!unit) return false;
    v = math::converted<float>(*unit);
    return true;
}

// Any unit vector perpendicular to n (n unit).
Vec3 perpendicular(const Vec3& n) {
    Vec3 axis = std::fabs(n[0]) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
    Vec3 t = cross(axis, n);
    normalise(t);
    return t;
}

std::string meshLabel(const ExportMesh& m, std::size_t i) {
    return "mesh " + std::to_string(i) + (m.name.empty() ? "" : " '" + m.name + "'");
}

class MeshPreparer {
public:
    MeshPreparer(const ExportScene& scene, PreparedScene& out) : m_scene(scene), m_out(out) {}

    // false on error (m_out.error set); `result` empty when the mesh has nothing to draw.
    bool prepare(const ExportMesh& in, std::size_t index, std::optional<ExportMesh>& result);

private:
    bool checkSizes(const ExportMesh& in, const std::string& label);
    void prepareNormals(ExportMesh& m, std::size_t& fixed);
    void prepareTangents(ExportMesh& m);
    bool prepareSkinning(ExportMesh& m, const std::string& label);

    const ExportScene& m_scene;
    PreparedScene& m_out;
    bool mirror() const { return m_scene.leftHanded; }
};

bool MeshPreparer::checkSizes(const ExportMesh& in, const std::string& label) {
    const std::size_t n = in.positions.size();
    auto bad = [&](std::size_t size, const char* what) {
        if (size == 0 || size == n) return false;
        m_out.error =
            label + ": " + std::to_string(size) + " " + what + " for " + std::to_string(n) + " vertices";
        return true;
    };
    if (bad(in.normals.size(), "normals") || bad(in.tangents.size(), "tangents") ||
        bad(in.colors.size(), "colours") || bad(in.colors1.size(), "second colours") ||
        bad(in.joints.size(), "joint sets") || bad(in.weights.size(), "weight sets"))
        return false;
    if (in.joints.size() != in.weights.size()) {
        m_out.error = label + ": joints and weights differ in count";
        return false;
    }
    for (std::size_t s = 0; s < in.uvs.size(); ++s)
        if (in.uvs[s].size() != n) {
            m_out.error = label + ": UV set " + std::to_string(s) + " has " +
                          std::to_string(in.uvs[s].size()) + " entries for " + std::to_string(n) +
                          " vertices";
            return false;
        }
    for (const auto& t : in.morphTargets)
        if (t.positionDeltas.size() != n || (!t.normalDeltas.empty() && t.normalDeltas.size() != n)) {
            m_out.error = label + ": morph target '" + t.name + "' does not have one delta per vertex";
            return false;
        }
    return true;
}

void MeshPreparer::prepareNormals(ExportMesh& m, std::size_t& fixed) {
    std::vector<std::uint32_t> broken;
    for (std::uint32_t v = 0; v < m.normals.size(); ++v) {
        Vec3& nrm = m.normals[v];
        sanitise(nrm);
        if (mirror()) nrm[2] = -nrm[2];
        if (!normalise(nrm)) broken.push_back(v);
    }
    if (broken.empty()) return;
    // A stored zero normal has no direction: take the area-weighted normal of its faces
    // (after the mirror and winding swap, so it agrees with the exported faces).
    std::vector<Vec3> acc(m.positions.size(), Vec3{0, 0, 0});
    for (const auto& p : m.primitives)
        for (std::size_t t = 0; t + 2 < p.indices.size(); t += 3) {
            const auto a = p.indices[t], b = p.indices[t + 1], c = p.indices[t + 2];
            const Vec3& pa = m.positions[a];
            const Vec3& pb = m.positions[b];
            const Vec3& pc = m.positions[c];
            const Vec3 fn = cross(math::sub(pb, pa), math::sub(pc, pa));
            for (auto v : {a, b, c})
                for (int k = 0; k < 3; ++k)
                    acc[v][static_cast<std::size_t>(k)] += fn[static_cast<std::size_t>(k)];
        }
    for (auto v : broken) {
        Vec3 nrm = acc[v];
        if (!normalise(nrm)) nrm = {0, 1, 0};
        m.normals[v] = nrm;
    }
    fixed += broken.size();
}

void MeshPreparer::prepareTangents(ExportMesh& m) {
    for (std::size_t v = 0; v < m.tangents.size(); ++v) {
        Vec4& t = m.tangents[v];
        sanitise(t);
        float sign = t[3] < 0 ? -1.0f : 1.0f;
        Vec3 xyz{t[0], t[1], t[2]};
        if (mirror()) {
            xyz[2] = -xyz[2];
            sign = -sign;
        }
        if (!normalise(xyz)) xyz = perpendicular(m.normals[v]);
        t = {xyz[0], xyz[1], xyz[2], sign};
    }
}

bool MeshPreparer::prepareSkinning(ExportMesh& m, const std::string& label) {
    if (m.skin && *m.skin >= m_scene.skins.size()) {
        m_out.error = label + ": skin " + std::to_string(*m.skin) + " does not exist";
        return false;
    }
    if (!m.skin || m.joints.empty()) {
        if (m.skin || !m.joints.empty())
            m_out.warnings.push_back(label +
                                     ": skin without joint weights (or weights without a skin) dropped");
        m.skin.reset();
        m.joints.clear();
        m.weights.clear();
        return true;
    }
    const std::size_t jointCount = m_scene.skins[*m.skin].joints.size();
    std::size_t unweighted = 0, outside = 0;
    for (std::size_t v = 0; v < m.joints.size(); ++v) {
        auto& j = m.joints[v];
        Vec4& w = m.weights[v];
        for (std::size_t k = 0; k < 4; ++k) {
            if (!std::isfinite(w[k]) || w[k] < 0) w[k] = 0;
            if (j[k] >= jointCount && w[k] > 0) {
                w[k] = 0;
                ++outside;
            }
        }
        // The same joint twice is one influence.
        for (std::size_t a = 0; a < 4; ++a)
            for (std::size_t b = a + 1; b < 4; ++b)
                if (w[a] > 0 && w[b] > 0 && j[a] == j[b]) {
                    w[a] += w[b];
                    w[b] = 0;
                }
        const double sum = double(w[0]) + w[1] + w[2] + w[3];
        if (!(sum > 0)) {
            j = {0, 0, 0, 0};
            w = {1, 0, 0, 0};
            ++unweighted;
            continue;
        }
        for (std::size_t k = 0; k < 4; ++k) {
            w[k] = static_cast<float>(w[k] / sum);
            if (w[k] == 0) j[k] = 0;
        }
    }
    if (outside)
        m_out.warnings.push_back(label + ": " + std::to_string(outside) +
                                 " weights name a joint the skin does not have; dropped");
    if (unweighted)
        m_out.warnings.push_back(label + ": " + std::to_string(unweighted) +
                                 " vertices without weights bound to joint 0");
    return true;
}

bool MeshPreparer::prepare(const ExportMesh& in, std::size_t index, std::optional<ExportMesh>& result) {
    const std::string label = meshLabel(in, index);
    if (!checkSizes(in, label)) return false;
    const std::size_t n = in.positions.size();
    ExportMesh m;
    m.name = in.name.empty() ? "mesh_" + std::to_string(index) : in.name;
    for (const auto& p : in.primitives) {
        if (p.indices.size() % 3 != 0) {
            m_out.error = label + ": a primitive's index count " + std::to_string(p.indices.size()) +
                          " is not a multiple of 3";
            return false;
        }
        if (p.indices.empty()) continue;
        if (p.material >= m_scene.materials.size() && !m_scene.materials.empty()) {
            m_out.error = label + ": material " + std::to_string(p.material) + " does not exist";
            return false;
        }
        for (auto i : p.indices)
            if (i >= n) {
                m_out.error = label + ": index " + std::to_string(i) + " outside its " + std::to_string(n) +
                              " vertices";
                return false;
            }
        Primitive q{p.material, p.indices};
        if (mirror())
            for (std::size_t t = 0; t < q.indices.size(); t += 3)
                std::swap(q.indices[t + 1], q.indices[t + 2]);
        m.primitives.push_back(std::move(q));
    }
    if (m.primitives.empty()) {
        m_out.warnings.push_back(label + ": no triangles; not exported");
        return true;
    }

    std::size_t nonFinite = 0, fixedNormals = 0;
    m.positions = in.positions;
    for (auto& p : m.positions) {
        nonFinite += sanitise(p);
        if (mirror()) p[2] = -p[2];
    }
    m.normals = in.normals;
    prepareNormals(m, fixedNormals);
    if (!in.tangents.empty() && in.normals.empty())
        m_out.warnings.push_back(label + ": tangents without normals dropped");
    else {
        m.tangents = in.tangents;
        prepareTangents(m);
    }
    m.uvs = in.uvs;
    for (auto& set : m.uvs)
        for (auto& uv : set)
            nonFinite += sanitise(uv);
    m.colors = in.colors;
    m.colors1 = in.colors1;
    for (auto* set : {&m.colors, &m.colors1})
        for (auto& c : *set)
            for (float& v : c)
                v = std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 1.0f;
    m.skin = in.skin;
    m.joints = in.joints;
    m.weights = in.weights;
    if (!prepareSkinning(m, label)) return false;
    m.morphTargets = in.morphTargets;
    for (std::size_t t = 0; t < m.morphTargets.size(); ++t) {
        auto& target = m.morphTargets[t];
        if (target.name.empty()) target.name = "target_" + std::to_string(t);
        for (auto* deltas : {&target.positionDeltas, &target.normalDeltas})
            for (auto& d : *deltas) {
                nonFinite += sanitise(d);
                if (mirror()) d[2] = -d[2];
            }
    }
    if (nonFinite)
        m_out.warnings.push_back(label + ": " + std::to_string(nonFinite) +
                                 " vectors with NaN or infinity set to 0");
    if (fixedNormals)
        m_out.warnings.push_back(label + ": " + std::to_string(fixedNormals) +
                                 " zero normals replaced by their faces' normal");
    result = std::move(m);
    return true;
}

// World rest transform of each joint (row-vector: local · parent's world); false on a cycle.
bool worldTransforms(const Skin& skin, std::vector<Mat4>& world) {
    const std::size_t n = skin.joints.size();
    for (std::size_t j = 0; j < n; ++j) {
        std::size_t steps = 0;
        for (int p = skin.joints[j].parent; p >= 0; p = skin.joints[static_cast<std::size_t>(p)].parent)
            if (++steps > n) return false;
    }
    world.assign(n, math::identityMatrix());
    std::vector<char> done(n, 0);
    for (std::size_t start = 0; start < n; ++start) {
        std::vector<std::size_t> chain;
        for (int j = int(start); j >= 0 && !done[static_cast<std::size_t>(j)];
             j = skin.joints[static_cast<std::size_t>(j)].parent)
            chain.push_back(static_cast<std::size_t>(j));
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            const int p = skin.joints[*it].parent;
            world[*it] = p < 0 ? skin.joints[*it].local
                               : math::multiply(skin.joints[*it].local, world[static_cast<std::size_t>(p)]);
            done[*it] = 1;
        }
    }
    return true;
}

bool prepareSkin(const Skin& in, std::size_t index, bool mirror, Skin& out, PreparedScene& result) {
    const std::string label = "skin " + std::to_string(index) + (in.name.empty() ? "" : " '" + in.name + "'");
    const std::size_t n = in.joints.size();
    if (n == 0) {
        result.error = label + ": no joints";
        return false;
    }
    for (std::size_t j = 0; j < n; ++j) {
        const int p = in.joints[j].parent;
        if (p >= int(n) || p == int(j) || p < -1) {
            result.error = label + ": joint " + std::to_string(j) + " names parent " + std::to_string(p);
            return false;
        }
    }
    if (!in.inverseBind.empty() && in.inverseBind.size() != n) {
        result.error = label + ": " + std::to_string(in.inverseBind.size()) + " inverse bind matrices for " +
                       std::to_string(n) + " joints";
        return false;
    }
    std::vector<Mat4> world;
    if (!worldTransforms(in, world)) {
        result.error = label + ": the joint parents form a cycle";
        return false;
    }
    out = in;
    if (out.name.empty()) out.name = "skin_" + std::to_string(index);
    std::size_t singular = 0;
    for (std::size_t j = 0; j < n; ++j) {
        auto& joint = out.joints[j];
        if (joint.name.empty()) joint.name = "joint_" + std::to_string(j);
        if (!finite(joint.local.data(), 16)) joint.local = math::identityMatrix();
        if (in.inverseBind.empty()) {
            auto inv = math::inverse(world[j]);
            if (!inv) ++singular;
            out.inverseBind.push_back(inv ? math::makeAffine(*inv) : math::identityMatrix());
        } else if (!finite(out.inverseBind[j].data(), 16)) {
            out.inverseBind[j] = math::identityMatrix();
            ++singular;
        }
        if (mirror) {
            joint.local = math::mirrorZ(joint.local);
            out.inverseBind[j] = math::mirrorZ(out.inverseBind[j]);
        }
    }
    if (singular)
        result.warnings.push_back(label + ": " + std::to_string(singular) +
                                  " joints with a singular or non-finite rest transform; identity bind used");
    return true;
}

// A material's textures as every mesh drawing with it can sample them: an image that is not its
// size's texels is left out; a UV set some such mesh lacks becomes UV set 0, or, when one has no
// UV set at all, the texture is left out.
void prepareTextures(ExportScene& scene, std::vector<std::string>& warnings) {
    static constexpr const char* kRoleNames[kTextureRoles] = {"base colour", "normal", "emissive",
                                                              "occlusion", "metallic-roughness"};
    for (std::size_t m = 0; m < scene.materials.size(); ++m) {
        Material& material = scene.materials[m];
        std::optional<std::size_t> uvSets; // the fewest of the meshes drawing with it
        for (const ExportMesh& mesh : scene.meshes)
            for (const Primitive& p : mesh.primitives)
                if (p.material == m) uvSets = std::min(uvSets.value_or(mesh.uvs.size()), mesh.uvs.size());
        for (std::size_t r = 0; r < kTextureRoles; ++r) {
            MaterialTexture& texture = material.textures[r];
            if (!texture.image) continue;
            const MaterialImage& image = *texture.image;
            const std::string what =
                std::string(kRoleNames[r]) + " texture " + image.name + " of '" + material.name + "'";
            if (image.width == 0 || image.height == 0 ||
                image.rgba.size() != std::size_t(image.width) * image.height * 4) {
                warnings.push_back("the " + what + " is not " + std::to_string(image.width) + "x" +
                                   std::to_string(image.height) + " RGBA texels: left out");
                texture = {};
            } else if (uvSets && *uvSets == 0) {
                warnings.push_back("the " + what + " is left out: a mesh drawn with it has no UV set");
                texture = {};
            } else if (uvSets && texture.uvSet >= *uvSets) {
                warnings.push_back("the " + what + " is sampled with UV set " +
                                   std::to_string(texture.uvSet) +
                                   ", which a mesh drawn with it lacks: UV set 0 is used");
                texture.uvSet = 0;
            }
        }
    }
}

} // namespace

PreparedScene prepareScene(const ExportScene& input) {
    PreparedScene result;
    ExportScene out;
    out.name = input.name.empty() ? "scene" : input.name;
    out.leftHanded = false;
    out.materials = input.materials;
    if (out.materials.empty()) {
        Material fallback;
        fallback.name = "default";
        out.materials.push_back(std::move(fallback));
    }
    for (std::size_t i = 0; i < out.materials.size(); ++i) {
        auto& mat = out.materials[i];
        if (mat.name.empty()) mat.name = "material_" + std::to_string(i);
        for (float& c : mat.baseColor)
            c = std::isfinite(c) ? std::clamp(c, 0.0f, 1.0f) : 1.0f;
    }
    for (std::size_t s = 0; s < input.skins.size(); ++s) {
        Skin skin;
        if (!prepareSkin(input.skins[s], s, input.leftHanded, skin, result)) return result;
        out.skins.push_back(std::move(skin));
    }
    MeshPreparer preparer(input, result);
    for (std::size_t i = 0; i < input.meshes.size(); ++i) {
        std::optional<ExportMesh> mesh;
        if (!preparer.prepare(input.meshes[i], i, mesh)) return result;
        if (mesh) out.meshes.push_back(std::move(*mesh));
    }
    if (out.meshes.empty()) {
        result.error = "nothing to export: no mesh has triangles";
        return result;
    }
    prepareTextures(out, result.warnings);
    result.scene = std::move(out);
    return result;
}

} // namespace assetscope::exporting
