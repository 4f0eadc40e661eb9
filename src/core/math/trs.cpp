#include "math/trs.h"

#include <cmath>

namespace assetscope::math {

std::optional<Trs> decompose(const Mat4& m) {
    if (element(m, 0, 3) != 0 || element(m, 1, 3) != 0 || element(m, 2, 3) != 0 || element(m, 3, 3) != 1)
        return std::nullopt;
    Trs t;
    t.translation = {element(m, 3, 0), element(m, 3, 1), element(m, 3, 2)};
    // Row i of the 3x3 part is the image of basis vector i: its length is that axis' scale.
    double rows[3][3];
    for (int i = 0; i < 3; ++i) {
        double len = 0;
        for (int j = 0; j < 3; ++j)
            len += double(element(m, i, j)) * double(element(m, i, j));
        len = std::sqrt(len);
        if (!(len > 1e-12)) return std::nullopt;
        for (int j = 0; j < 3; ++j)
            rows[i][j] = element(m, i, j) / len;
        t.scale[static_cast<std::size_t>(i)] = static_cast<float>(len);
    }
    for (int i = 0; i < 3; ++i)
        for (int j = i + 1; j < 3; ++j) {
            const double d = rows[i][0] * rows[j][0] + rows[i][1] * rows[j][1] + rows[i][2] * rows[j][2];
            if (std::fabs(d) > 1e-4) return std::nullopt; // shear
        }
    const double det = rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1]) -
                       rows[0][1] * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0]) +
                       rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0]);
    if (det < 0) {
        t.scale[0] = -t.scale[0];
        for (double& v : rows[0])
            v = -v;
    }
    // Column-vector rotation R[j][i] = rows[i][j].
    auto R = [&](int i, int j) { return rows[j][i]; };
    double x, y, z, w;
    const double trace = R(0, 0) + R(1, 1) + R(2, 2);
    if (trace > 0) {
        const double s = 0.5 / std::sqrt(trace + 1.0);
        w = 0.25 / s;
        x = (R(2, 1) - R(1, 2)) * s;
        y = (R(0, 2) - R(2, 0)) * s;
        z = (R(1, 0) - R(0, 1)) * s;
    } else if (R(0, 0) > R(1, 1) && R(0, 0) > R(2, 2)) {
        const double s = 2.0 * std::sqrt(1.0 + R(0, 0) - R(1, 1) - R(2, 2));
        w = (R(2, 1) - R(1, 2)) / s;
        x = 0.25 * s;
        y = (R(0, 1) + R(1, 0)) / s;
        z = (R(0, 2) + R(2, 0)) / s;
    } else if (R(1, 1) > R(2, 2)) {
        const double s = 2.0 * std::sqrt(1.0 + R(1, 1) - R(0, 0) - R(2, 2));
        w = (R(0, 2) - R(2, 0)) / s;
        x = (R(0, 1) + R(1, 0)) / s;
        y = 0.25 * s;
        z = (R(1, 2) + R(2, 1)) / s;
    } else {
        const double s = 2.0 * std::sqrt(1.0 + R(2, 2) - R(0, 0) - R(1, 1));
        w = (R(1, 0) - R(0, 1)) / s;
        x = (R(0, 2) + R(2, 0)) / s;
        y = (R(1, 2) + R(2, 1)) / s;
        z = 0.25 * s;
    }
    const double n = std::sqrt(x * x + y * y + z * z + w * w);
    if (!(n > 0) || !std::isfinite(n)) return std::nullopt;
    t.rotation = {float(x / n), float(y / n), float(z / n), float(w / n)};
    return t;
}

} // namespace assetscope::math
