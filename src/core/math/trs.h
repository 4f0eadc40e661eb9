#pragma once

#include "math/mat4.h"

#include <optional>

namespace assetscope::math {

// Translation, rotation quaternion (x, y, z, w) and scale of an affine matrix: how glTF nodes
// prefer their transforms.
struct Trs {
    Vec3 translation{0, 0, 0};
    Vec4 rotation{0, 0, 0, 1};
    Vec3 scale{1, 1, 1};
};
// nullopt when the matrix has shear (not representable as TRS within a small tolerance).
std::optional<Trs> decompose(const Mat4& m);

} // namespace assetscope::math
