#pragma once

#include "math/vector.h"

#include <array>
#include <optional>

// 4x4 matrices in the row-vector convention of the source engines (p' = p · M), stored row by
// row, translation in elements 12..14. That memory layout is exactly glTF's (and GLM's)
// column-major storage of the equivalent column-vector matrix, so writing glTF needs no
// transposition and GLM reads the array as the transposed matrix.
namespace assetscope::math {

using Mat4 = std::array<float, 16>;

// Element (row, col) of the row-by-row storage.
inline float element(const Mat4& m, int row, int col) {
    return m[static_cast<std::size_t>(row * 4 + col)];
}

Mat4 identityMatrix();
bool isIdentity(const Mat4& m);

// a · b in the row-vector convention: first a, then b. Sums the products in double (the export
// path's joint chains, so long chains do not gather float rounding).
Mat4 multiply(const Mat4& a, const Mat4& b);
// The same product summed in float, as the .model skeleton has always been accumulated; its
// exported inverse binds depend on these roundings.
Mat4 multiplyInFloat(const Mat4& a, const Mat4& b);

// The general inverse, in double; nullopt when the matrix is singular (its determinant is tiny
// beside the product of its row lengths) or not finite.
std::optional<Mat4> inverse(const Mat4& m);
// [R 0; t 1]⁻¹ = [R⁻¹ 0; −t·R⁻¹ 1] in float, for affine matrices; the identity when the 3x3 part
// is singular. The .model exporter's inverse binds (see multiplyInFloat).
Mat4 inverseAffine(const Mat4& m);

// The same transform seen through the z mirror S = diag(1, 1, -1): S · M · S.
Mat4 mirrorZ(const Mat4& m);
// Forces the last column to (0, 0, 0, 1): rest transforms are affine; inversion leaves tiny residues.
Mat4 makeAffine(Mat4 m);
Vec3 transformPoint(const Vec3& p, const Mat4& m);

} // namespace assetscope::math
