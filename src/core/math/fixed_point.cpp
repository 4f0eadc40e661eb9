#include "math/fixed_point.h"

#include <algorithm>
#include <cmath>

namespace assetscope::math {

std::uint32_t doubleToFixed(double value) {
    if (!std::isfinite(value)) return 0;
    const bool negative = value < 0;
    const double magnitude = std::min(std::fabs(value), 32768.0);
    double whole = std::floor(magnitude);
    double fraction = std::round((magnitude - whole) * 65535.0);
    if (whole >= 32768.0) { // 32768 is 32767 plus a whole fraction
        whole = 32767.0;
        fraction = 65535.0;
    }
    const std::uint32_t raw = static_cast<std::uint32_t>(whole) << 16 | static_cast<std::uint32_t>(fraction);
    return negative && raw != 0 ? raw | 0x80000000u : raw;
}

} // namespace assetscope::math
