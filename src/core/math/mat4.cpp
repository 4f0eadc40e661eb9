#include "math/mat4.h"

#include <glm/ext/matrix_double4x4.hpp>
#include <glm/ext/matrix_float4x4.hpp>
#include <glm/matrix.hpp>

#include <cmath>

namespace assetscope::math {

namespace {

// GLM is column-major: reading our row-major row-vector array as-is gives the transposed
// (column-vector) matrix, G = Mᵀ. Products then reverse: (A · B)ᵀ = Bᵀ · Aᵀ.
template <typename GlmMat> GlmMat toGlm(const Mat4& m) {
    GlmMat g;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            g[c][r] = element(m, c, r);
    return g;
}

// `+ 0` turns -0 into +0 and leaves every other value alone. The summation loops GLM replaced
// started from +0, so an entry whose products are all -0 came out +0; this keeps those bits.
template <typename GlmMat> Mat4 fromGlm(const GlmMat& g) {
    Mat4 m{};
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            m[static_cast<std::size_t>(c * 4 + r)] = static_cast<float>(g[c][r] + 0);
    return m;
}

} // namespace

Mat4 identityMatrix() {
    return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
}

bool isIdentity(const Mat4& m) {
    return m == identityMatrix();
}

// GLM sums each entry's four products left to right, like the loops it replaced; the products
// of two floats are exact in double, so only the summation rounds.
Mat4 multiply(const Mat4& a, const Mat4& b) {
    return fromGlm(toGlm<glm::dmat4>(b) * toGlm<glm::dmat4>(a));
}

Mat4 multiplyInFloat(const Mat4& a, const Mat4& b) {
    return fromGlm(toGlm<glm::mat4>(b) * toGlm<glm::mat4>(a));
}

std::optional<Mat4> inverse(const Mat4& m) {
    const auto g = toGlm<glm::dmat4>(m);
    // Hadamard: |det| ≤ the product of the row lengths, with equality for orthogonal rows. A
    // determinant far below that bound means the rows are nearly dependent.
    double bound = 1;
    for (int c = 0; c < 4; ++c) {
        double sum = 0;
        for (int r = 0; r < 4; ++r)
            sum += g[c][r] * g[c][r];
        bound *= std::sqrt(sum);
    }
    const double det = glm::determinant(g);
    if (!std::isfinite(det) || !std::isfinite(bound) || !(std::fabs(det) > 1e-12 * bound))
        return std::nullopt;
    const auto inv = glm::inverse(g); // (Mᵀ)⁻¹ = (M⁻¹)ᵀ: read back as-is it is M⁻¹ row by row
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(inv[c][r])) return std::nullopt;
    return fromGlm(inv);
}

Mat4 inverseAffine(const Mat4& m) {
    // Written out rather than GLM's mat3 inverse: GLM expands the determinant along the other
    // axis and negates differences, which changes float roundings and the sign of zeros in the
    // exported .model inverse binds.
    const float a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10];
    const float det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    Mat4 out = identityMatrix();
    if (det == 0.0f) return out;
    const float inv = 1.0f / det;
    const float r[9] = {(e * i - f * h) * inv, (c * h - b * i) * inv, (b * f - c * e) * inv,
                        (f * g - d * i) * inv, (a * i - c * g) * inv, (c * d - a * f) * inv,
                        (d * h - e * g) * inv, (b * g - a * h) * inv, (a * e - b * d) * inv};
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 3; ++col)
            out[static_cast<std::size_t>(row * 4 + col)] = r[row * 3 + col];
    for (int col = 0; col < 3; ++col)
        out[static_cast<std::size_t>(12 + col)] = -(m[12] * r[col] + m[13] * r[3 + col] + m[14] * r[6 + col]);
    return out;
}

Mat4 mirrorZ(const Mat4& m) {
    // S·M·S negates every element whose row or column (but not both) is the z one.
    Mat4 r = m;
    for (int k : {2, 6, 14, 8, 9, 11})
        r[static_cast<std::size_t>(k)] = -r[static_cast<std::size_t>(k)];
    return r;
}

Mat4 makeAffine(Mat4 m) {
    m[3] = 0;
    m[7] = 0;
    m[11] = 0;
    m[15] = 1;
    return m;
}

Vec3 transformPoint(const Vec3& p, const Mat4& m) {
    // Written out: GLM's matrix × vector adds the four terms pairwise, a different rounding.
    Vec3 r{};
    for (int j = 0; j < 3; ++j)
        r[static_cast<std::size_t>(j)] =
            p[0] * element(m, 0, j) + p[1] * element(m, 1, j) + p[2] * element(m, 2, j) + element(m, 3, j);
    return r;
}

} // namespace assetscope::math
