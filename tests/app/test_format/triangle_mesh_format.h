#pragma once

#include "contract/parsed_file.h"
#include "math/vector.h"

#include <array>
#include <vector>

// A format that exists only in the tests: it proves that a fifth format gets its tree, its
// tables and its 3D mesh in the window through core's document contract alone.
//
// A .trimesh file: the tag "TRIM", u32 vertex count, u32 triangle count, then the positions
// (three f32 each) and the triangles (three u32 corners each), little-endian.
namespace assetscope::trimesh {

inline constexpr std::uint32_t kMeshSubject = 1;

struct TriangleMesh {
    std::vector<math::Vec3> positions;
    std::vector<std::array<std::uint32_t, 3>> triangles;
};

Bytes writeTriangleMesh(const TriangleMesh& mesh);

const FormatHandler& triangleMeshHandler();

// How many scenes the format has built (exportScene calls, from any thread): what a test counts to
// see that the window builds a file's scene once.
std::uint64_t sceneBuilds();

} // namespace assetscope::trimesh
