#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

// IEEE 754 binary16 ("half") conversions: the vertex decoders, the data inspector and the sample
// writers share these. Inline because the vertex decoders call them once per component.
namespace assetscope::math {

// Exact (every half is a float): subnormals, infinities and NaN included; a NaN keeps its sign
// and payload bits.
inline float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1Fu;
    const std::uint32_t mantissa = h & 0x3FFu;
    std::uint32_t bits;
    if (exponent == 0) {
        if (mantissa == 0) {
            bits = sign;
        } else {
            // Subnormal: mantissa × 2^-24, exact in float.
            const float v = static_cast<float>(mantissa) * 5.9604644775390625e-8f;
            return (h & 0x8000u) ? -v : v;
        }
    } else if (exponent == 31) {
        bits = sign | 0x7F800000u | (mantissa << 13);
    } else {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    }
    return std::bit_cast<float>(bits);
}

// Rounds to nearest, ties to even; magnitudes from 65520 up become infinity and every NaN the
// quiet NaN 0x7E00 (with the sign).
inline std::uint16_t floatToHalf(float f) {
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    const std::uint16_t sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
    const std::uint32_t absBits = x & 0x7FFFFFFFu;
    if (absBits >= 0x7F800000u) // inf or NaN
        return static_cast<std::uint16_t>(sign | 0x7C00u | (absBits > 0x7F800000u ? 0x200u : 0u));
    if (absBits >= 0x477FF000u) // rounds to at least 65520: overflow
        return static_cast<std::uint16_t>(sign | 0x7C00u);
    if (absBits < 0x38800000u) { // below the smallest normal half: subnormal or zero
        const float a = std::bit_cast<float>(absBits);
        // a / 2^-24 is exact in float; nearbyint rounds the units of 2^-24 half to even.
        const auto m = static_cast<std::uint32_t>(std::nearbyint(a * 16777216.0f));
        return static_cast<std::uint16_t>(sign | m);
    }
    const std::uint32_t mantissa = absBits & 0x7FFFFFu;
    // Rebias the exponent (127 → 15) and keep the top 10 mantissa bits; a carry out of the
    // mantissa while rounding moves into the exponent, which is the right result.
    std::uint32_t h = ((absBits >> 23) - 112) << 10 | (mantissa >> 13);
    const std::uint32_t rest = mantissa & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
    return static_cast<std::uint16_t>(sign | h);
}

} // namespace assetscope::math
