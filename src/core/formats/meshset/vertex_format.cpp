#include "formats/meshset/vertex_format.h"

#include "math/half_float.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace assetscope::meshset {

namespace {

enum class Kind : std::uint8_t { None, F32, F16, S8, U8, S16, U16, S32, U32, Packed };

struct FormatDef {
    const char* name;
    Kind kind;
    std::uint8_t components;
    bool normalised;
    std::array<std::uint8_t, 4> bits; // packed formats: field widths from bit 0 up
};

constexpr std::array<std::uint8_t, 4> k101010{10, 10, 10, 0};
constexpr std::array<std::uint8_t, 4> k111110{11, 11, 10, 0};
constexpr std::array<std::uint8_t, 4> k1010102{10, 10, 10, 2};

// Indexed by format number; Kind::None marks numbers the public notes do not list.
constexpr FormatDef kFormats[] = {
    {"", Kind::None, 0, false, {}},
    {"Float1", Kind::F32, 1, false, {}},
    {"Float2", Kind::F32, 2, false, {}},
    {"Float3", Kind::F32, 3, false, {}},
    {"Float4", Kind::F32, 4, false, {}},
    {"Half1", Kind::F16, 1, false, {}},
    {"Half2", Kind::F16, 2, false, {}},
    {"Half3", Kind::F16, 3, false, {}},
    {"Half4", Kind::F16, 4, false, {}},
    {"", Kind::None, 0, false, {}},
    {"Byte4", Kind::S8, 4, false, {}},
    {"Byte4N", Kind::S8, 4, true, {}},
    {"UByte4", Kind::U8, 4, false, {}},
    {"UByte4N", Kind::U8, 4, true, {}},
    {"Short", Kind::S16, 1, false, {}},
    {"Short2", Kind::S16, 2, false, {}},
    {"Short3", Kind::S16, 3, false, {}},
    {"Short4", Kind::S16, 4, false, {}},
    {"ShortN", Kind::S16, 1, true, {}},
    {"Short2N", Kind::S16, 2, true, {}},
    {"Short3N", Kind::S16, 3, true, {}},
    {"Short4N", Kind::S16, 4, true, {}},
    {"UShort2", Kind::U16, 2, false, {}},
    {"UShort4", Kind::U16, 4, false, {}},
    {"UShort2N", Kind::U16, 2, true, {}},
    {"UShort4N", Kind::U16, 4, true, {}},
    {"Int", Kind::S32, 1, false, {}},
    {"Int2", Kind::S32, 2, false, {}},
    {"Int4", Kind::S32, 4, false, {}},
    {"IntN", Kind::S32, 1, true, {}},
    {"Int2N", Kind::S32, 2, true, {}},
    {"Int4N", Kind::S32, 4, true, {}},
    {"UInt", Kind::U32, 1, false, {}},
    {"UInt2", Kind::U32, 2, false, {}},
    {"UInt4", Kind::U32, 4, false, {}},
    {"UIntN", Kind::U32, 1, true, {}},
    {"UInt2N", Kind::U32, 2, true, {}},
    {"UInt4N", Kind::U32, 4, true, {}},
    {"Comp3_10_10_10", Kind::Packed, 3, false, k101010},
    {"Comp3N_10_10_10", Kind::Packed, 3, true, k101010},
    {"UComp3_10_10_10", Kind::Packed, 3, false, k101010},
    {"UComp3N_10_10_10", Kind::Packed, 3, true, k101010},
    {"Comp3_11_11_10", Kind::Packed, 3, false, k111110},
    {"Comp3N_11_11_10", Kind::Packed, 3, true, k111110},
    {"UComp3_11_11_10", Kind::Packed, 3, false, k111110},
    {"UComp3N_11_11_10", Kind::Packed, 3, true, k111110},
    {"Comp4_10_10_10_2", Kind::Packed, 4, false, k1010102},
    {"Comp4N_10_10_10_2", Kind::Packed, 4, true, k1010102},
    {"UComp4_10_10_10_2", Kind::Packed, 4, false, k1010102},
    {"UComp4N_10_10_10_2", Kind::Packed, 4, true, k1010102},
    {"UByteN", Kind::U8, 1, true, {}},
    {"Int3", Kind::S32, 3, false, {}},
    {"UInt3", Kind::U32, 3, false, {}},
};
constexpr std::size_t kFormatCount = sizeof kFormats / sizeof kFormats[0];

const FormatDef* def(std::uint8_t format) {
    if (format >= kFormatCount || kFormats[format].kind == Kind::None) return nullptr;
    return &kFormats[format];
}

// The packed formats come in signed/unsigned pairs: within each group of four, the first two are signed.
bool packedSigned(std::uint8_t format) {
    const std::uint8_t first = format >= 0x2E ? 0x2E : format >= 0x2A ? 0x2A : 0x26;
    return format - first < 2;
}

std::uint8_t componentBytes(Kind k) {
    switch (k) {
    case Kind::F32:
    case Kind::S32:
    case Kind::U32:
        return 4;
    case Kind::F16:
    case Kind::S16:
    case Kind::U16:
        return 2;
    case Kind::S8:
    case Kind::U8:
        return 1;
    default:
        return 0;
    }
}

template <typename T> T load(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v; // the formats are little-endian; the hosts we build for are too
}

float normaliseSigned(double v, double max) {
    return static_cast<float>(std::max(v / max, -1.0));
}

} // namespace

std::optional<FormatInfo> formatInfo(std::uint8_t format) {
    const FormatDef* d = def(format);
    if (!d) return std::nullopt;
    const std::uint8_t bytes =
        d->kind == Kind::Packed ? 4 : static_cast<std::uint8_t>(componentBytes(d->kind) * d->components);
    return FormatInfo{d->name, bytes, d->components};
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
    const FormatDef* d = def(format);
    const auto info = formatInfo(format);
    if (!d || !info || data.size() < info->bytes) return std::nullopt;
    std::array<float, 4> out{0.0f, 0.0f, 0.0f, 1.0f};
    const std::uint8_t* p = data.data();
    if (d->kind == Kind::Packed) {
        const std::uint32_t word = load<std::uint32_t>(p);
        const bool isSigned = packedSigned(format);
        unsigned shift = 0;
        for (std::size_t c = 0; c < d->components; ++c) {
            const unsigned width = d->bits[c];
            const std::uint32_t raw = (word >> shift) & ((1u << width) - 1u);
            shift += width;
            double v = raw;
            if (isSigned && (raw & (1u << (width - 1)))) v -= static_cast<double>(1u << width);
            if (d->normalised)
                out[c] = isSigned ? normaliseSigned(v, static_cast<double>((1u << (width - 1)) - 1u))
                                  : static_cast<float>(v / static_cast<double>((1u << width) - 1u));
            else
                out[c] = static_cast<float>(v);
        }
        return out;
    }
    const std::uint8_t step = componentBytes(d->kind);
    for (std::size_t c = 0; c < d->components; ++c) {
        const std::uint8_t* q = p + c * step;
        switch (d->kind) {
        case Kind::F32:
            out[c] = load<float>(q);
            break;
        case Kind::F16:
            out[c] = math::halfToFloat(load<std::uint16_t>(q));
            break;
        case Kind::S8:
            out[c] = d->normalised ? normaliseSigned(static_cast<std::int8_t>(*q), 127.0)
                                   : static_cast<std::int8_t>(*q);
            break;
        case Kind::U8:
            out[c] = d->normalised ? static_cast<float>(*q / 255.0) : *q;
            break;
        case Kind::S16: {
            const auto v = load<std::int16_t>(q);
            out[c] = d->normalised ? normaliseSigned(v, 32767.0) : v;
            break;
        }
        case Kind::U16: {
            const auto v = load<std::uint16_t>(q);
            out[c] = d->normalised ? static_cast<float>(v / 65535.0) : v;
            break;
        }
        case Kind::S32: {
            const auto v = load<std::int32_t>(q);
            out[c] = d->normalised ? normaliseSigned(v, 2147483647.0) : static_cast<float>(v);
            break;
        }
        case Kind::U32: {
            const auto v = load<std::uint32_t>(q);
            out[c] = d->normalised ? static_cast<float>(v / 4294967295.0) : static_cast<float>(v);
            break;
        }
        default:
            return std::nullopt;
        }
    }
    return out;
}

} // namespace assetscope::meshset
