#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

// Scalar decoders of the vertex element formats the model document lists.
namespace assetscope::decode::vertex {

// IEEE binary16 to float (subnormals, infinities and NaN included).
inline float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1Fu;
    std::uint32_t mantissa = h & 0x3FFu;
    std::uint32_t bits;
    if (exponent == 0) {
        if (mantissa == 0) {
            bits = sign;
        } else {
            // Subnormal: value = mantissa × 2^-24, exact in float.
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

// float to IEEE binary16, rounding to nearest even (writers and fixtures).
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
        const auto m = static_cast<std::uint32_t>(std::nearbyint(a * 16777216.0f)); // a / 2^-24
        return static_cast<std::uint16_t>(sign | m);
    }
    const std::uint32_t mantissa = absBits & 0x7FFFFFu;
    std::uint32_t h = ((absBits >> 23) - 112) << 10 | (mantissa >> 13);
    const std::uint32_t rest = mantissa & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
    return static_cast<std::uint16_t>(sign | h);
}

// Signed-normalised 16-bit: v / 32767, with -32768 clamped to -1 as D3D does.
inline float snorm16(std::int16_t v) {
    const float f = static_cast<float>(v) * (1.0f / 32767.0f);
    return f < -1.0f ? -1.0f : f;
}

inline float unorm16(std::uint16_t v) {
    return static_cast<float>(v) * (1.0f / 65535.0f);
}
inline float unorm8(std::uint8_t v) {
    return static_cast<float>(v) * (1.0f / 255.0f);
}

struct Tangent {
    float x, y, z, sign;
};

// R10G10B10A2_UNORM tangent: xyz from 0..1023 mapped to -1..1 and normalised; the 2-bit field
// gives the bitangent sign (2 or 3: +1, 0 or 1: -1).
inline Tangent unpackTangent(std::uint32_t word) {
    float x = static_cast<float>(word & 0x3FFu) * (2.0f / 1023.0f) - 1.0f;
    float y = static_cast<float>((word >> 10) & 0x3FFu) * (2.0f / 1023.0f) - 1.0f;
    float z = static_cast<float>((word >> 20) & 0x3FFu) * (2.0f / 1023.0f) - 1.0f;
    const float len2 = x * x + y * y + z * z;
    if (len2 > 0.0f) {
        const float inv = 1.0f / std::sqrt(len2);
        x *= inv;
        y *= inv;
        z *= inv;
    }
    return {x, y, z, (word >> 30) >= 2 ? 1.0f : -1.0f};
}

template <typename T> inline T loadLE(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    if constexpr (std::endian::native == std::endian::big && sizeof(T) > 1) {
        unsigned char raw[sizeof(T)];
        std::memcpy(raw, &v, sizeof(T));
        for (std::size_t i = 0; i < sizeof(T) / 2; ++i) {
            const unsigned char t = raw[i];
            raw[i] = raw[sizeof(T) - 1 - i];
            raw[sizeof(T) - 1 - i] = t;
        }
        std::memcpy(&v, raw, sizeof(T));
    }
    return v;
}

// Size in bytes of the formats a model's vertex elements use (0: not one the decoder reads).
inline std::uint32_t formatSize(std::uint32_t dxgiFormat) {
    switch (dxgiFormat) {
    case 2:
        return 16; // R32G32B32A32_FLOAT
    case 6:
        return 12; // R32G32B32_FLOAT
    case 10:
        return 8; // R16G16B16A16_FLOAT
    case 13:
        return 8; // R16G16B16A16_SNORM
    case 16:
        return 8; // R32G32_FLOAT
    case 24:
        return 4; // R10G10B10A2_UNORM
    case 28:
        return 4; // R8G8B8A8_UNORM
    case 34:
        return 4; // R16G16_FLOAT
    case 35:
        return 4; // R16G16_UNORM
    case 37:
        return 4; // R16G16_SNORM
    default:
        return 0;
    }
}

} // namespace assetscope::decode::vertex
