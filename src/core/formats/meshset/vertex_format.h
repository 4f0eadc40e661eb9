#pragma once

#include "bytes/byte_view.h"
#include "decode/vertex_element.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace assetscope::meshset {

// Frostbite vertex element formats (the public tools' numbering) and usages.
struct FormatInfo {
    const char* name = "";
    std::uint8_t bytes = 0;      // size of one element
    std::uint8_t components = 0; // values it decodes to
};

std::optional<FormatInfo> formatInfo(std::uint8_t format);
std::string formatName(std::uint8_t format); // "Half4", or "format 0x09" when unknown
std::string usageName(std::uint8_t usage);   // "Position", or "usage 77" when unknown

// How an element of this format lies in its bytes, as decode::decodeElement reads it.
std::optional<decode::ElementLayout> elementLayout(std::uint8_t format);

// Decodes one element from `data` (at least formatInfo().bytes long) with decode::decodeElement.
// Components that the format lacks are 0, except w which is 1. Normalised signed integers clamp
// at -1.
std::optional<std::array<float, 4>> decodeElement(std::uint8_t format, ByteView data);

inline constexpr std::uint8_t kUsagePosition = 1;
inline constexpr std::uint8_t kUsageBlendIndices = 2;
inline constexpr std::uint8_t kUsageBlendWeights = 4;
inline constexpr std::uint8_t kUsageNormal = 6;
inline constexpr std::uint8_t kUsageTangent = 7;
inline constexpr std::uint8_t kUsageColor0 = 30;
inline constexpr std::uint8_t kUsageColor1 = 31;
inline constexpr std::uint8_t kUsageUv0 = 33;
inline constexpr std::uint8_t kUsageSubmaterial = 51;
inline constexpr std::uint8_t kUsageTangentSpace = 52;

} // namespace assetscope::meshset
