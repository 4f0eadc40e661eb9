#pragma once

#include <array>
#include <cstdint>

namespace assetscope::meshset {

// The packed tangent frame of usage 52 (four bytes, UByte4N): byte 3 holds the largest normal
// axis and its sign (code 0-5), the bitangent sign, the ninth bits of the two other normal
// components and the tangent angle's quadrant; bytes 0 and 1 the low bits of those components;
// byte 2 the angle within the quadrant.
struct TangentFrame {
    std::array<float, 3> normal{};
    std::array<float, 3> tangent{};
    std::array<float, 3> bitangent{};
    float bitangentSign = 1.0f;
};

using PackedTangentSpace = std::array<std::uint8_t, 4>;

TangentFrame decodeTangentSpace(const PackedTangentSpace& packed);

// The frame of the four bytes at `element` as decode::TangentFrameReader gives it: the normal, and
// the tangent with the bitangent sign as w.
void readTangentFrame(const std::uint8_t* element, float* normal, float* tangent);

// Encodes a unit normal, a tangent (made perpendicular to the normal here) and the sign of the
// bitangent against n × t. Ties between axes go to the lower code (x before y before z).
PackedTangentSpace encodeTangentSpace(const std::array<float, 3>& normal, const std::array<float, 3>& tangent,
                                      float bitangentSign);

// The two normal axes stored in bytes 0 and 1 for an axis code (z,y / x,z / x,y).
std::array<int, 2> minorAxes(int code);

} // namespace assetscope::meshset
