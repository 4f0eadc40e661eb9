#include "formats/meshset/vertex_format.h"

#include "decode/vertex_element.h"

#include <cstdio>

namespace assetscope::meshset {

namespace {

using decode::ComponentType;
using decode::ElementLayout;

// A Frostbite element format: the DXGI format it is, or, where DXGI has none (three 16-bit
// components, normalised 32-bit integers, signed packed fields, 11-11-10 integers), its layout.
struct FormatDef {
    const char* name;
    std::uint32_t dxgi;
    ElementLayout own;
};

constexpr ElementLayout layout(ComponentType type, std::uint8_t components, bool normalised = false) {
    return {type, components, normalised, false, {}};
}
constexpr ElementLayout packed(bool isSigned, bool normalised, std::uint8_t components,
                               std::array<std::uint8_t, 4> bits) {
    return {ComponentType::Packed, components, normalised, isSigned, bits};
}

constexpr std::array<std::uint8_t, 4> k101010{10, 10, 10, 0};
constexpr std::array<std::uint8_t, 4> k111110{11, 11, 10, 0};
constexpr std::array<std::uint8_t, 4> k1010102{10, 10, 10, 2};
constexpr ElementLayout kNone{};

// Indexed by format number; an empty name marks numbers the public notes do not list.
constexpr FormatDef kFormats[] = {
    {"", 0, kNone},
    {"Float1", 41, kNone},
    {"Float2", 16, kNone},
    {"Float3", 6, kNone},
    {"Float4", 2, kNone},
    {"Half1", 54, kNone},
    {"Half2", 34, kNone},
    {"Half3", 0, layout(ComponentType::Float16, 3)},
    {"Half4", 10, kNone},
    {"", 0, kNone},
    {"Byte4", 32, kNone},
    {"Byte4N", 31, kNone},
    {"UByte4", 30, kNone},
    {"UByte4N", 28, kNone},
    {"Short", 59, kNone},
    {"Short2", 38, kNone},
    {"Short3", 0, layout(ComponentType::Sint16, 3)},
    {"Short4", 14, kNone},
    {"ShortN", 58, kNone},
    {"Short2N", 37, kNone},
    {"Short3N", 0, layout(ComponentType::Sint16, 3, true)},
    {"Short4N", 13, kNone},
    {"UShort2", 36, kNone},
    {"UShort4", 12, kNone},
    {"UShort2N", 35, kNone},
    {"UShort4N", 11, kNone},
    {"Int", 43, kNone},
    {"Int2", 18, kNone},
    {"Int4", 4, kNone},
    {"IntN", 0, layout(ComponentType::Sint32, 1, true)},
    {"Int2N", 0, layout(ComponentType::Sint32, 2, true)},
    {"Int4N", 0, layout(ComponentType::Sint32, 4, true)},
    {"UInt", 42, kNone},
    {"UInt2", 17, kNone},
    {"UInt4", 3, kNone},
    {"UIntN", 0, layout(ComponentType::Uint32, 1, true)},
    {"UInt2N", 0, layout(ComponentType::Uint32, 2, true)},
    {"UInt4N", 0, layout(ComponentType::Uint32, 4, true)},
    {"Comp3_10_10_10", 0, packed(true, false, 3, k101010)},
    {"Comp3N_10_10_10", 0, packed(true, true, 3, k101010)},
    {"UComp3_10_10_10", 0, packed(false, false, 3, k101010)},
    {"UComp3N_10_10_10", 0, packed(false, true, 3, k101010)},
    {"Comp3_11_11_10", 0, packed(true, false, 3, k111110)},
    {"Comp3N_11_11_10", 0, packed(true, true, 3, k111110)},
    {"UComp3_11_11_10", 0, packed(false, false, 3, k111110)},
    {"UComp3N_11_11_10", 0, packed(false, true, 3, k111110)},
    {"Comp4_10_10_10_2", 0, packed(true, false, 4, k1010102)},
    {"Comp4N_10_10_10_2", 0, packed(true, true, 4, k1010102)},
    {"UComp4_10_10_10_2", 25, kNone},
    {"UComp4N_10_10_10_2", 24, kNone},
    {"UByteN", 61, kNone},
    {"Int3", 8, kNone},
    {"UInt3", 7, kNone},
};
constexpr std::size_t kFormatCount = sizeof kFormats / sizeof kFormats[0];

const FormatDef* def(std::uint8_t format) {
    if (format >= kFormatCount || kFormats[format].name[0] == '\0') return nullptr;
    return &kFormats[format];
}

} // namespace

std::optional<ElementLayout> elementLayout(std::uint8_t format) {
    const FormatDef* d = def(format);
    if (!d) return std::nullopt;
    return d->dxgi ? decode::dxgiElementLayout(d->dxgi) : std::optional<ElementLayout>(d->own);
}

std::optional<FormatInfo> formatInfo(std::uint8_t format) {
    const auto l = elementLayout(format);
    if (!l) return std::nullopt;
    return FormatInfo{def(format)->name, static_cast<std::uint8_t>(decode::elementBytes(*l)), l->components};
}

std::string formatName(std::uint8_t format) {
    if (const FormatDef* d = def(format)) return d->name;
    char buf[24];
    std::snprintf(buf, sizeof buf, "format 0x%02x", format);
    return buf;
}

std::string usageName(std::uint8_t usage) {
    switch (usage) {
    case 1:
        return "Position";
    case 2:
        return "BlendIndices";
    case 3:
        return "BlendIndices2";
    case 4:
        return "BlendWeights";
    case 5:
        return "BlendWeights2";
    case 6:
        return "Normal";
    case 7:
        return "Tangent";
    case 8:
        return "Binormal";
    case 9:
        return "BinormalSign";
    case 30:
        return "Color0";
    case 31:
        return "Color1";
    case 51:
        return "SubMaterialIndex";
    case 52:
        return "TangentSpace";
    default:
        break;
    }
    if (usage >= 33 && usage <= 40) return "TexCoord" + std::to_string(usage - 33);
    return "usage " + std::to_string(usage);
}

std::optional<std::array<float, 4>> decodeElement(std::uint8_t format, ByteView data) {
    const auto l = elementLayout(format);
    if (!l || data.size() < decode::elementBytes(*l)) return std::nullopt;
    return decode::decodeElement(*l, data.data());
}

} // namespace assetscope::meshset
