#pragma once

#include "formats/grub/bundle.h"
#include "shading/parameters.h"

#include <optional>
#include <string>
#include <vector>

namespace assetscope::shaderbin {

using shading::Version;

inline constexpr std::uint32_t kCbmpTag = tagFromText("CBMP");
inline constexpr std::uint32_t kTxmpTag = tagFromText("TXMP");
inline constexpr std::uint32_t kSpmpTag = tagFromText("SPMP");
inline constexpr std::uint32_t kLsceTag = tagFromText("LSCE");
inline constexpr std::uint32_t kDblsTag = tagFromText("DBLS");
inline constexpr std::uint32_t kVersTag = tagFromText("VERS");
inline constexpr std::uint32_t kVdclTag = tagFromText("VDCL");
inline constexpr std::uint32_t kBlenTag = tagFromText("BLEN");

// One CBMP, TXMP or SPMP entry: from 2.0 a name hash, a u16 (a constant buffer's offset, a
// texture's or sampler's id) and from 3.0 a GUID; before 2.0 a 7-bit name and a u8.
struct MappingEntry {
    std::uint32_t hash = 0;
    std::uint16_t slot = 0;
    std::optional<Guid> guid;
    std::string name;       // before 2.0
    std::uint8_t index = 0; // before 2.0
    NodeId node = kNoNode;
};

// A mapping blob: the count as stored (u8, from 3.1 u16), the entries read, the bytes not read.
struct MappingBlob {
    std::size_t blob = 0;
    Version version{3, 1};
    std::optional<std::uint32_t> count;
    std::vector<MappingEntry> entries;
    Bytes rest;
};

// LSCE or DBLS, read as far as the notes lay it out at every version: from 1.1 is_inline, the
// scenario count, the first scenario's name and version. The rest (the per-shader paths, whose
// layout the readers give only to 1.8) is kept as a range.
struct LightScenarios {
    std::size_t blob = 0;
    Version version{1, 10};
    std::optional<std::uint8_t> isInline; // from 1.1
    std::optional<std::uint8_t> count;
    std::optional<std::string> firstName;
    std::optional<std::uint32_t> firstVersion;
    Bytes rest;
};

// VERS: a u32 and a 7-bit path.
struct VersionBlob {
    std::size_t blob = 0;
    std::optional<std::uint32_t> value;
    std::optional<std::string> path;
    Bytes rest;
};

// VDCL metadata (version 3): groups of (scenario-name hash, vertex-input flags) pairs.
struct VertexDeclaration {
    std::size_t blob = 0;
    std::size_t record = 0;
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> groups;
};

// BLEN metadata (version 1): two bools.
struct Blend {
    std::size_t blob = 0;
    std::size_t record = 0;
    bool transparent = false;
    bool alphaTested = false;
};

// A .shaderbin read: the bundle, and the typed parts of the blobs and metadata the notes lay out.
// PARM, CBEX, TXRF, VERT, SHUD, VARS and TRGT stay raw ranges.
struct ShaderFile {
    grub::Bundle bundle;
    std::optional<std::size_t> dfprBlob;
    std::optional<shading::ParameterBlob> defaults; // DFPR
    std::vector<MappingBlob> mappings;
    std::vector<LightScenarios> scenarios;
    std::optional<VersionBlob> vers;
    std::vector<VertexDeclaration> declarations;
    std::vector<Blend> blends;
};

// VDCL's input flags as a reader names them (TEXCOORD0-4, TANGENT0-4, COLOR0).
std::string vertexInputText(std::uint32_t flags);

} // namespace assetscope::shaderbin
