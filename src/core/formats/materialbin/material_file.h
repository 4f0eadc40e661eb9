#pragma once

#include "formats/grub/bundle.h"
#include "shading/parameters.h"

#include <optional>
#include <string>
#include <vector>

namespace assetscope::materialbin {

// The records a material shares with shaders and models' slots (shading/).
using shading::kAtstTag;
using shading::kMatlTag;
using shading::kMtprTag;
using shading::kMtudTag;
using shading::ParameterBlob;
using shading::ParameterRecord;
using shading::Version;

// MATL: the paths by version (1.0 path; from 1.1 path__v1_1; from 1.2 path__v1_2), and the
// bytes after them (a later version's fields), kept for the writer.
struct MaterialLink {
    Version version{1, 2};
    std::vector<std::string> paths;
    Bytes rest;
    NodeId node = kNoNode;
};

// ATST metadata on MATL: a u8 bool, from version 2 a second.
struct AlphaTest {
    std::uint8_t version = 2;
    std::vector<std::uint8_t> flags;
};

// A .materialbin read: the bundle, its MATL, ATST and MTPR as typed parts (by blob index), MTUD
// left as the raw range no reader lays out.
struct MaterialFile {
    grub::Bundle bundle;
    std::optional<std::size_t> matlBlob;
    std::optional<MaterialLink> matl;
    std::optional<AlphaTest> alphaTest;
    std::optional<std::size_t> mtprBlob;
    std::optional<ParameterBlob> parameters;

    // The .shaderbin it derives from, by the reading docs/format-readings.md takes: the last
    // non-empty MATL path.
    std::string shaderPath() const;
    std::string name() const; // the MATL blob's Name metadata
};

// The shader path of MATL's strings (the last non-empty one; empty when all are).
std::string chosenShaderPath(const std::vector<std::string>& paths);

} // namespace assetscope::materialbin
