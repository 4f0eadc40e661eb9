#pragma once

#include "formats/modelbin/model.h"

#include <array>
#include <string>
#include <vector>

// Builds models from plain geometry the way the game's files are laid out (samples, fixtures,
// benchmarks): blobs in the order Skel, MatI, Mesh, IndB, VLay, VerB, Skin, MBuf, Mrph, Modl;
// positions quantised to snorm16 with a per-mesh scale and translate, normals split between
// position.w and NORMAL0, UVs as unorm16 inside a per-set transform, tangents as R10G10B10A2.
namespace assetscope::modelbin {

using BVec2 = std::array<float, 2>;
using BVec3 = std::array<float, 3>;
using BVec4 = std::array<float, 4>;

struct BuildVertex {
    BVec3 position{0, 0, 0};
    BVec3 normal{0, 1, 0};
    BVec4 tangent{1, 0, 0, 1}; // xyz and bitangent sign
    BVec2 uv0{0, 0};
    BVec2 uv1{0, 0};
    BVec4 color{1, 1, 1, 1};
    std::array<std::uint16_t, 4> bones{0, 0, 0, 0};
    BVec4 weights{1, 0, 0, 0};
};

struct BuildMorph {
    std::string name;                  // a slot name of the model's Mrph blob
    std::vector<BVec3> positionDeltas; // one per vertex
    std::vector<BVec3> normalDeltas;
};

struct BuildMesh {
    std::string name;
    std::vector<BuildVertex> vertices;
    std::vector<std::uint32_t> indices; // triangle list; (A, B, C) with (B−A)×(C−A) along the outward normal
    Version version{1, 13};
    std::vector<std::array<std::int16_t, 4>> materialGroups{{-1, 0, -1, -1}};
    std::uint16_t lodFlags = 0x2;
    std::uint16_t bucketFlags = bucket::Opaque | bucket::Shadow | bucket::NotShadow;
    std::uint8_t bucketOrder = 0;
    std::int16_t rigidBone = -1;
    bool normals = true;
    int uvSets = 1;       // 0 to 2
    bool tangents = true; // one per UV set
    bool colors = true;
    bool index32 = false;
    int influences = 0; // skin influences per vertex (0: not skinned)
    std::vector<BuildMorph> morphs;
    bool identityUvTransform = false; // otherwise the transform is fitted to the UVs' bounds
};

struct BuildMaterial {
    std::uint32_t id = 0;
    std::string name;
    std::string parent; // the material the instance derives from; empty: an empty slot
};

struct BuildModel {
    Version modlVersion{1, 5};
    std::uint8_t hasLod = 1;
    std::int8_t minLod = 0;
    std::int8_t maxLod = 0;
    std::uint16_t lodFlags = 0x2;
    std::vector<std::vector<std::uint8_t>> variants; // Modl 1.5+ rows
    std::vector<Bone> bones;                         // empty: one root bone
    std::vector<BuildMaterial> materials;
    std::vector<BuildMesh> meshes;
    std::vector<std::string> morphSlots; // Mrph names; written when any mesh has morphs
    // An ILay blob after the VLay blobs, as crowd models have. The document says only that it is
    // "stored as a VLay is"; what it holds here is the writer's choice (see makeInstanceLayout).
    bool instanceLayout = false;
};

Model buildModel(const BuildModel& spec);
Bytes buildModelBytes(const BuildModel& spec);

// Geometry helpers: quads with flat normals, tangents and winding set from the desired normal.
class GeometryBuilder {
public:
    explicit GeometryBuilder(BuildMesh& mesh) : m_mesh(mesh) {}
    BuildVertex defaults; // colour, bones and weights for the vertices added next

    // Corners in order around the quad; uv of the corners; the face normal it should have.
    void quad(const BVec3& a, const BVec3& b, const BVec3& c, const BVec3& d, const BVec2& uvA,
              const BVec2& uvC, const BVec3& normal);
    void triangle(const BVec3& a, const BVec3& b, const BVec3& c, const BVec2& uvA, const BVec2& uvB,
                  const BVec2& uvC, const BVec3& normal);
    // An axis-aligned box; uvPerMetre tiles its texture.
    void box(const BVec3& min, const BVec3& max, float uvPerMetre = 0.5f);
    // A cylinder along `axis` (0 x, 1 y, 2 z) from base, smooth sides, optional caps.
    void cylinder(const BVec3& base, int axis, float radius, float length, int segments, bool caps);
    // A gable roof over [min, max] x/z with its ridge along x at height top.
    void gableRoof(const BVec3& min, const BVec3& max, float top);

private:
    std::uint32_t add(const BuildVertex& v);
    void face(const std::vector<BVec3>& corners, const std::vector<BVec2>& uvs, const BVec3& normal,
              const std::vector<BVec3>* vertexNormals = nullptr);
    BuildMesh& m_mesh;
};

} // namespace assetscope::modelbin
