#include "decode/vertex_element.h"

#include "decode/vertex_formats.h"
#include "math/half_float.h"

#include <algorithm>

namespace assetscope::decode {

namespace {

using vertex::loadLE;

std::uint32_t componentBytes(ComponentType type) {
    switch (type) {
    case ComponentType::Float32:
    case ComponentType::Sint32:
    case ComponentType::Uint32:
        return 4;
    case ComponentType::Float16:
    case ComponentType::Sint16:
    case ComponentType::Uint16:
        return 2;
    case ComponentType::Sint8:
    case ComponentType::Uint8:
        return 1;
    case ComponentType::Packed:
        return 0;
    }
    return 0;
}

// In double, then rounded once to float: the value nearest the exact quotient.
float signedNormalised(double v, double max) {
    return static_cast<float>(std::max(v / max, -1.0));
}

float unsignedNormalised(double v, double max) {
    return static_cast<float>(v / max);
}

void decodePacked(const ElementLayout& layout, const std::uint8_t* p, std::array<float, 4>& out) {
    const std::uint32_t word = loadLE<std::uint32_t>(p);
    unsigned shift = 0;
    for (std::size_t c = 0; c < layout.components && c < 4; ++c) {
        const unsigned width = layout.bits[c];
        if (width == 0 || width > 31 || shift + width > 32) break;
        const std::uint32_t raw = (word >> shift) & ((1u << width) - 1u);
        shift += width;
        double v = raw;
        if (layout.packedSigned && (raw & (1u << (width - 1)))) v -= static_cast<double>(1u << width);
        if (!layout.normalised)
            out[c] = static_cast<float>(v);
        else if (layout.packedSigned)
            out[c] = signedNormalised(v, static_cast<double>((1u << (width - 1)) - 1u));
        else
            out[c] = unsignedNormalised(v, static_cast<double>((1u << width) - 1u));
    }
}

float decodeComponent(const ElementLayout& layout, const std::uint8_t* q) {
    const bool n = layout.normalised;
    switch (layout.type) {
    case ComponentType::Float32:
        return loadLE<float>(q);
    case ComponentType::Float16:
        return math::halfToFloat(loadLE<std::uint16_t>(q));
    case ComponentType::Sint8: {
        const auto v = static_cast<std::int8_t>(*q);
        return n ? signedNormalised(v, 127.0) : v;
    }
    case ComponentType::Uint8:
        return n ? unsignedNormalised(*q, 255.0) : *q;
    case ComponentType::Sint16: {
        const auto v = loadLE<std::int16_t>(q);
        return n ? signedNormalised(v, 32767.0) : v;
    }
    case ComponentType::Uint16: {
        const auto v = loadLE<std::uint16_t>(q);
        return n ? unsignedNormalised(v, 65535.0) : v;
    }
    case ComponentType::Sint32: {
        const auto v = loadLE<std::int32_t>(q);
        return n ? signedNormalised(v, 2147483647.0) : static_cast<float>(v);
    }
    case ComponentType::Uint32: {
        const auto v = loadLE<std::uint32_t>(q);
        return n ? unsignedNormalised(v, 4294967295.0) : static_cast<float>(v);
    }
    case ComponentType::Packed:
        break;
    }
    return 0.0f;
}

constexpr ElementLayout plain(ComponentType type, std::uint8_t components, bool normalised = false) {
    return {type, components, normalised, false, {}};
}

} // namespace

std::uint32_t elementBytes(const ElementLayout& layout) {
    return layout.type == ComponentType::Packed ? 4 : componentBytes(layout.type) * layout.components;
}

std::array<float, 4> decodeElement(const ElementLayout& layout, const std::uint8_t* p) {
    std::array<float, 4> out{0.0f, 0.0f, 0.0f, 1.0f};
    if (layout.type == ComponentType::Packed) {
        decodePacked(layout, p, out);
        return out;
    }
    const std::uint32_t step = componentBytes(layout.type);
    for (std::size_t c = 0; c < layout.components && c < 4; ++c)
        out[c] = decodeComponent(layout, p + c * step);
    return out;
}

std::optional<ElementLayout> dxgiElementLayout(std::uint32_t dxgiFormat) {
    using T = ComponentType;
    switch (dxgiFormat) {
    case 2:
        return plain(T::Float32, 4); // R32G32B32A32_FLOAT
    case 3:
        return plain(T::Uint32, 4); // R32G32B32A32_UINT
    case 4:
        return plain(T::Sint32, 4); // R32G32B32A32_SINT
    case 6:
        return plain(T::Float32, 3); // R32G32B32_FLOAT
    case 7:
        return plain(T::Uint32, 3); // R32G32B32_UINT
    case 8:
        return plain(T::Sint32, 3); // R32G32B32_SINT
    case 10:
        return plain(T::Float16, 4); // R16G16B16A16_FLOAT
    case 11:
        return plain(T::Uint16, 4, true); // R16G16B16A16_UNORM
    case 12:
        return plain(T::Uint16, 4); // R16G16B16A16_UINT
    case 13:
        return plain(T::Sint16, 4, true); // R16G16B16A16_SNORM
    case 14:
        return plain(T::Sint16, 4); // R16G16B16A16_SINT
    case 16:
        return plain(T::Float32, 2); // R32G32_FLOAT
    case 17:
        return plain(T::Uint32, 2); // R32G32_UINT
    case 18:
        return plain(T::Sint32, 2); // R32G32_SINT
    case 24:
        return ElementLayout{T::Packed, 4, true, false, {10, 10, 10, 2}}; // R10G10B10A2_UNORM
    case 25:
        return ElementLayout{T::Packed, 4, false, false, {10, 10, 10, 2}}; // R10G10B10A2_UINT
    case 28:
        return plain(T::Uint8, 4, true); // R8G8B8A8_UNORM
    case 30:
        return plain(T::Uint8, 4); // R8G8B8A8_UINT
    case 31:
        return plain(T::Sint8, 4, true); // R8G8B8A8_SNORM
    case 32:
        return plain(T::Sint8, 4); // R8G8B8A8_SINT
    case 34:
        return plain(T::Float16, 2); // R16G16_FLOAT
    case 35:
        return plain(T::Uint16, 2, true); // R16G16_UNORM
    case 36:
        return plain(T::Uint16, 2); // R16G16_UINT
    case 37:
        return plain(T::Sint16, 2, true); // R16G16_SNORM
    case 38:
        return plain(T::Sint16, 2); // R16G16_SINT
    case 41:
        return plain(T::Float32, 1); // R32_FLOAT
    case 42:
        return plain(T::Uint32, 1); // R32_UINT
    case 43:
        return plain(T::Sint32, 1); // R32_SINT
    case 54:
        return plain(T::Float16, 1); // R16_FLOAT
    case 56:
        return plain(T::Uint16, 1, true); // R16_UNORM
    case 57:
        return plain(T::Uint16, 1); // R16_UINT
    case 58:
        return plain(T::Sint16, 1, true); // R16_SNORM
    case 59:
        return plain(T::Sint16, 1); // R16_SINT
    case 61:
        return plain(T::Uint8, 1, true); // R8_UNORM
    default:
        return std::nullopt;
    }
}

} // namespace assetscope::decode
