#pragma once

#include <array>
#include <cstdint>
#include <optional>

// One reading of a vertex element's bytes, whatever numbering a format gives its element formats:
// DXGI's (dxgiElementLayout), or a format's own mapped onto the same layouts (a MeshSet's).
namespace assetscope::decode {

enum class ComponentType : std::uint8_t {
    Float32,
    Float16,
    Sint8,
    Uint8,
    Sint16,
    Uint16,
    Sint32,
    Uint32,
    Packed
};

// How one element lies in its bytes.
struct ElementLayout {
    ComponentType type = ComponentType::Float32;
    std::uint8_t components = 0;
    bool normalised = false;            // integers scaled to 0..1 (unsigned) or -1..1 (signed)
    bool packedSigned = false;          // Packed: the fields are two's complement
    std::array<std::uint8_t, 4> bits{}; // Packed: the fields' widths from bit 0 up, in one u32
};

// The size of one element in bytes.
std::uint32_t elementBytes(const ElementLayout& layout);

// Decodes one element from `p` (at least elementBytes long). Components the layout lacks are 0,
// except w which is 1. Normalised integers are divided by their largest value and rounded once
// to float; signed ones clamp at -1.
std::array<float, 4> decodeElement(const ElementLayout& layout, const std::uint8_t* p);

// The layout of a DXGI format as a vertex element; nullopt for a format that is no plain vector
// of floats or integers (block compressed, shared exponent, depth ...).
std::optional<ElementLayout> dxgiElementLayout(std::uint32_t dxgiFormat);

} // namespace assetscope::decode
