#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {

// A shader parameter's type code (public-reader-notes.md, "Parameter blobs"); 10 is not used.
enum class ParameterType : std::uint8_t {
    Vector = 0,
    Color = 1,
    Float = 2,
    Bool = 3,
    Int = 4,
    Swizzle = 5,
    Texture = 6,
    Sampler = 7,
    ColorGradient = 8,
    FunctionRange = 9,
    Vector2 = 11,
};

// The contract's name of a type ("vector", "color", … "vector2"; cli-contract.md, "Materials"),
// or nullopt for a code no reader knows.
std::optional<std::string_view> parameterTypeName(std::uint8_t code);

// One parameter record of an MTPR or DFPR blob, as read.
struct MaterialParameter {
    std::uint32_t hash = 0; // CRC-32 of the case-sensitive name
    ParameterType type = ParameterType::Float;
    // The value's numbers in stored order: 4 for vector, color, swizzle, function range; 2 for
    // vector2; 1 for float, bool (0 or 1), int; 2 or 3 for a sampler (address U, V, kind);
    // the RGBA8 words of a colour gradient. A texture's value is its path.
    std::vector<double> numbers;
    std::string path;                      // a texture's Game:\ path
    std::optional<std::uint32_t> pathHash; // a texture's CRC-32 of its lower-cased path (v >= 2.0)
    NodeId node = kNoNode;                 // the record's node in the file's tree
};

// What a file says about a surface's look: a model's MatI slot (an instance), a .materialbin (a
// material) or a .shaderbin (a shader). The chain instance -> material -> shader is followed by
// the `derivesFrom` paths; the effective parameters are the shader's, overridden by the
// material's, overridden by the instance's, by name hash.
struct MaterialLook {
    enum class Kind : std::uint8_t { Instance, Material, Shader };
    Kind kind = Kind::Material;
    std::optional<std::int32_t> slot; // a model's slot: its MatI blob's Id
    // The nested part (a crowd's model, NestedPart) the slot belongs to, numbered as the file's
    // parts are; nullopt for the file's own slots. Two models of a crowd both have a slot 0.
    std::optional<std::uint32_t> part;
    std::string name;                          // the MatI blob's or the MATL blob's Name metadata
    std::string derivesFrom;                   // the next link's Game:\ path; empty for a shader or none
    std::vector<MaterialParameter> parameters; // in file order
    NodeId node = kNoNode;                     // the slot's, material's or shader's node
};

std::string_view materialKindName(MaterialLook::Kind kind); // "instance", "material", "shader"

} // namespace assetscope
