#pragma once

#include "formats/modelbin/model_builder.h"
#include "shading/sample_library.h"

// The specifications of the sample models (model_samples.cpp writes them out).
namespace assetscope::modelbin::sample_models {

// The sample models' slots name their materials by Game:\ paths, as a game's models do: the
// sample set's materials (materialbin/sample_library.h).
using shading::sample_library::carMaterial;
using shading::sample_library::environmentMaterial;

BuildModel house(int lod);  // bld_sample_house_a, LOD 0..2, Modl 1.5 with two variant rows
BuildModel houseOccluder(); // occluder-only
BuildModel bench();         // Mesh 1.12, Modl 1.4
BuildModel windTurbine();   // animated: Skel with mast and rotor bones, Skin, two LODs
BuildModel wheel();         // car wheel: skinned (4 influences), morph targets and Mrph
BuildModel terrainPatch(int quadsPerSide = 96); // 32-bit indices, two UV sets
// The model bundle the sample crowd nests (the models' nested claimant, nested_claimants.h): the bench with a
// Modl 1.0 header and an ILay, as crowds' models are.
Bytes crowdModel();

// Rotates the vertices [first, end) about `centre` around the z axis (positions, normals, tangents).
void rotateZ(BuildMesh& mesh, std::size_t first, const BVec3& centre, float radians);

} // namespace assetscope::modelbin::sample_models
