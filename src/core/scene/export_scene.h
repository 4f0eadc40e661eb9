#pragma once

#include "bytes/byte_view.h"
#include "math/mat4.h"
#include "math/vector.h"
#include "tree/structure_tree.h"
#include "tree/subject.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace assetscope::exporting {

// A format-neutral description of what is to be exported, filled by a format's decoder
// (models, MeshSets) and written by the exporters (glTF, OBJ, FBX). It lives below both, so
// formats and document/ need nothing from export/. Vectors are in the source engine's frame;
// `leftHanded` tells the exporters to mirror into a right-handed frame (negate z, swap each
// triangle's winding, fix tangent w).
using math::Mat4; // row-vector convention: p' = p · M, translation in the last row
using math::Vec2;
using math::Vec3;
using math::Vec4;

struct MorphTarget {
    std::string name;
    std::vector<Vec3> positionDeltas; // one per vertex
    std::vector<Vec3> normalDeltas;   // empty or one per vertex
};

struct Primitive {
    std::uint32_t material = 0;         // index into ExportScene::materials
    std::vector<std::uint32_t> indices; // triangle list, into the mesh's vertices
};

struct ExportMesh {
    std::string name;
    // What the mesh was made from, so a view that draws it finds its tree node and table; the
    // exporters do not write these.
    Subject subject;
    NodeId node = kNoNode;
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;                        // empty or one per vertex
    std::vector<Vec4> tangents;                       // empty or one per vertex, w = bitangent sign
    std::vector<std::vector<Vec2>> uvs;               // per set; (0,0) top-left already (D3D convention)
    std::vector<Vec4> colors;                         // empty or one per vertex, 0..1 (COLOR_0)
    std::vector<Vec4> colors1;                        // a second set (COLOR_1): empty or one per vertex
    std::vector<std::array<std::uint16_t, 4>> joints; // empty or one per vertex, indices into skin joints
    std::vector<Vec4> weights;                        // with joints
    std::vector<MorphTarget> morphTargets;
    std::vector<Primitive> primitives;
    std::optional<std::uint32_t> skin; // index into ExportScene::skins
};

struct Joint {
    std::string name;
    int parent = -1; // index into the same skin's joints
    Mat4 local{};    // local rest transform, row-vector
};

struct Skin {
    std::string name;
    std::vector<Joint> joints;
    // Inverse bind matrices; when empty, the exporter derives them from the accumulated rest transforms.
    std::vector<Mat4> inverseBind;
};

// A texture a material shows, decoded once for every export and view that uses it: mip 0 of its
// first slice as 8-bit RGBA, top-left texel first (decode/texel_rgba8.h).
struct MaterialImage {
    std::string source; // the INPUT it was read from: one source, one image in an export
    std::string name;   // a file stem for the exported image: the source's name without extension
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    bool srgb = false; // the texels are sRGB-encoded (a PNG says so with its sRGB chunk)
    Bytes rgba;        // width * height * 4
};

// What a texture does for a material, as glTF names the roles (cli-contract.md, "Materials").
enum class TextureRole : std::uint8_t { BaseColor, Normal, Emissive, Occlusion, MetallicRoughness };
inline constexpr std::size_t kTextureRoles = 5;

struct MaterialTexture {
    std::shared_ptr<const MaterialImage> image; // null: the material has no texture in this role
    std::uint32_t uvSet = 0;                    // the mesh's UV set it is sampled with
};

struct Material {
    std::string name;
    Vec4 baseColor{0.8f, 0.8f, 0.8f, 1.0f};
    std::optional<std::int32_t> slot;  // the model's MatI slot it stands for; nullopt for none
    std::optional<std::uint32_t> part; // the container's nested part (MaterialLook::part) of that slot
    std::array<MaterialTexture, kTextureRoles> textures{}; // by TextureRole
    const MaterialTexture& texture(TextureRole role) const {
        return textures[static_cast<std::size_t>(role)];
    }
    MaterialTexture& texture(TextureRole role) { return textures[static_cast<std::size_t>(role)]; }

    // A material of one colour and no slot or texture.
    static Material plain(std::string name, Vec4 colour) {
        Material m;
        m.name = std::move(name);
        m.baseColor = colour;
        return m;
    }
};

struct ExportScene {
    std::string name;
    bool leftHanded = true;
    std::vector<ExportMesh> meshes;
    std::vector<Material> materials;
    std::vector<Skin> skins;
};

} // namespace assetscope::exporting
