#pragma once

#include <cstdint>

// The sign-magnitude 16.16 fixed point of pgeo instance positions: bit 31 the sign, bits 16-30
// the whole part, bits 0-15 a fraction of 65535 (not 65536: the instanced shaders divide by
// 65535). Not two's complement: 0x96F33B00 is -(5875 + 15104/65535) = -5875.2305, not -26892.77.
namespace assetscope::math {

// One step of the fraction.
inline constexpr double kFixedStep = 1.0 / 65535.0;

// 0x80000000 is -0.0.
inline double fixedToDouble(std::uint32_t raw) {
    const double magnitude =
        static_cast<double>((raw >> 16) & 0x7FFF) + static_cast<double>(raw & 0xFFFF) / 65535.0;
    return (raw & 0x80000000u) ? -magnitude : magnitude;
}

// The nearest fixed-point value: magnitudes from 32768 up clamp to 0x7FFFFFFF (32767 + 65535/65535),
// NaN and infinities give 0, and a value that rounds to zero is +0 (no sign bit).
std::uint32_t doubleToFixed(double value);

} // namespace assetscope::math
