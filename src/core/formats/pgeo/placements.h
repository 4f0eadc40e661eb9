#pragma once

#include "formats/pgeo/pgeo_file.h"
#include "scene/export_scene.h"

#include <functional>

namespace assetscope::pgeo {

// One instance record as the `placements` command lists it.
struct Placement {
    char list = 'B';          // 'A' or 'B'
    std::uint32_t block = 0;  // index within the list
    std::uint64_t record = 0; // index within the block
    const Block* source = nullptr;
    InstanceRecord instance;
    Vec3d position;     // metres, from the fixed point
    bool curve = false; // the record has spline data (not the sentinel)
};

// Every instance record in file order (list A, then list B), decoded one at a time.
void forEachPlacement(const PgeoFile& file, const std::function<void(const Placement&)>& visit);

// Every instance's row-vector world matrix (p' = p · M) in file order, without building nodes.
std::vector<exporting::Mat4> worldMatrices(const PgeoFile& file);

} // namespace assetscope::pgeo
