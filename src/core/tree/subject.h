#pragma once

#include <cstdint>

namespace assetscope {

// The part of a format's typed result a tree node belongs to: a model's mesh, a MeshSet LOD or
// section, a placement block, a bundle. Opaque outside the format that makes it: everyone else
// only compares subjects, keeps them and hands them back (the window's tables and 3D pane, the
// export scene's meshes). `kind` is the format's own numbering; 0 is no subject.
struct Subject {
    std::uint32_t kind = 0;
    std::int64_t index = -1; // which one of that kind (the table it has)
    std::int64_t part = -1;  // a part inside it that the 3D pane can draw alone, or -1
    std::int64_t row = -1;   // the row of the subject's main table the node lies in, or -1

    bool none() const { return kind == 0; }
    // Whether both have the same table (the row and the part may differ).
    bool sameTable(const Subject& other) const { return kind == other.kind && index == other.index; }
    // Whether both draw the same thing in the 3D pane (the row may differ).
    bool sameDrawing(const Subject& other) const { return sameTable(other) && part == other.part; }
    bool operator==(const Subject&) const = default;
};

} // namespace assetscope
