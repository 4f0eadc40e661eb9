#pragma once

#include "export/export_scene.h"

#include <optional>

namespace assetscope::exporting {

// Mat4 is stored row by row in the row-vector convention (p' = p · M, translation in
// elements 12..14). That memory layout is exactly glTF's column-major storage of the
// equivalent column-vector matrix, so no transposition is needed when writing glTF.

Mat4 identityMatrix();
bool isIdentity(const Mat4& m);
// a · b in the row-vector convention: first a, then b.
Mat4 multiply(const Mat4& a, const Mat4& b);
// nullopt when the matrix is singular (or not finite).
std::optional<Mat4> inverse(const Mat4& m);
// The same transform seen through the z mirror S = diag(1, 1, -1): S · M · S.
Mat4 mirrorZ(const Mat4& m);
// Forces the last column to (0, 0, 0, 1): rest transforms are affine; inversion leaves tiny residues.
Mat4 makeAffine(Mat4 m);
Vec3 transformPoint(const Vec3& p, const Mat4& m);

// Translation, rotation quaternion (x, y, z, w) and scale of an affine matrix.
struct Trs {
    Vec3 translation{0, 0, 0};
    Vec4 rotation{0, 0, 0, 1};
    Vec3 scale{1, 1, 1};
};
// nullopt when the matrix has shear (not representable as TRS within a small tolerance).
std::optional<Trs> decompose(const Mat4& m);

} // namespace assetscope::exporting
