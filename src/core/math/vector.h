#pragma once

#include <array>

// The float vectors geometry is stored and exported in. Plain arrays: a std::vector of them is
// one contiguous run of floats, which the glTF writer and the 3D pane hand on as buffers.
namespace assetscope::math {

using Vec2 = std::array<float, 2>;
using Vec3 = std::array<float, 3>;
using Vec4 = std::array<float, 4>;

} // namespace assetscope::math
