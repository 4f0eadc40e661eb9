#pragma once

#include "bytes/byte_view.h"
#include "bytes/guid_text.h"
#include "contract/material_look.h"
#include "tree/structure_tree.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::shading {

inline constexpr std::uint32_t kMatlTag = tagFromText("MATL");
inline constexpr std::uint32_t kMtprTag = tagFromText("MTPR");
inline constexpr std::uint32_t kMtudTag = tagFromText("MTUD");
inline constexpr std::uint32_t kMatiTag = tagFromText("MATI");
inline constexpr std::uint32_t kDfprTag = tagFromText("DFPR");
inline constexpr std::uint32_t kAtstTag = tagFromText("ATST");

// A blob's or a record's version, major.minor.
struct Version {
    std::uint8_t major = 0;
    std::uint8_t minor = 0;
    bool atLeast(int ma, int mi) const { return major > ma || (major == ma && minor >= mi); }
    std::string text() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// One parameter record (public-reader-notes.md, "Parameter blobs"), every stored field kept so
// the writer lays it out again byte for byte.
struct ParameterRecord {
    Version version{3, 0};
    std::uint32_t hash = 0;
    std::optional<std::uint8_t> unknownFlag;   // v >= 3.1
    std::optional<std::uint32_t> unknownValue; // v >= 3.1, when the flag is not 0
    std::uint8_t type = 2;
    std::optional<Guid> guid; // v >= 3.0
    // Vector, Color, Swizzle, FunctionRange: 4; Float: 1; Vector2: 2.
    std::vector<float> floats;
    // Bool (0 or 1), Int (the i32's bits): 1; Sampler: address U, V and (v >= 1.1) kind;
    // ColorGradient: its RGBA8 words.
    std::vector<std::uint32_t> words;
    std::string path;                      // Texture2D
    std::optional<std::uint32_t> pathHash; // Texture2D, v >= 2.0
    std::array<std::uint8_t, 8> padding{}; // Vector2 before v 2.0
    NodeId node = kNoNode;
};

// An MTPR or DFPR blob: the count as stored, the records read, the MTPR trailer, and the bytes
// the reading did not account for (an unknown type code, a record cut short, a blob before 2.0,
// bytes past the fields), which the writer puts back after the records.
struct ParameterBlob {
    Version version{2, 0};
    std::optional<std::uint32_t> count; // unset: the blob is too short to hold it
    std::vector<ParameterRecord> records;
    std::optional<std::array<std::uint32_t, 3>> trailer; // MTPR >= 2.0: parameter, texture, sampler CRC
    Bytes rest;
    NodeId node = kNoNode;
};

// The record's value for the contract: numbers, or a texture's path.
MaterialParameter lookParameter(const ParameterRecord& record);
std::vector<MaterialParameter> lookParameters(const ParameterBlob& blob);

// A record of the given type filled the way the notes lay it out at its version (the samples' and
// tests' records): the value's floats, words or path and, for a texture from v 2.0, the path's
// CRC-32 (lower-cased).
ParameterRecord makeRecord(Version version, std::uint32_t hash, ParameterType type, std::vector<float> floats,
                           std::vector<std::uint32_t> words = {}, std::string path = {});

// CRC-32 (zlib's) of bytes: a parameter's name hash, a texture path's hash of its lower-cased text.
std::uint32_t crc32Of(std::string_view text);
std::uint32_t texturePathHash(std::string_view path);

// `parameters`' value for `info`: "<n> (<type> ×k, ...)".
std::string parametersLine(const ParameterBlob& blob);

} // namespace assetscope::shading
