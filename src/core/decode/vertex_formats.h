#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

// Scalar decoders of the vertex element formats the model document lists (half floats: math/half_float.h).
namespace assetscope::decode::vertex {

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
