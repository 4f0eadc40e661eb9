#include "decode/mesh_source.h"

#include "decode/vertex_formats.h"

namespace assetscope::decode {

Semantic semanticFromName(std::string_view name) {
    if (name == "POSITION") return Semantic::Position;
    if (name == "NORMAL") return Semantic::Normal;
    if (name == "TEXCOORD") return Semantic::TexCoord;
    if (name == "COLOR") return Semantic::Color;
    if (name == "TANGENT") return Semantic::Tangent;
    return Semantic::Other;
}

bool decodable(Semantic semantic, std::uint32_t format) {
    switch (semantic) {
    case Semantic::Position:
        return format == 13 || format == 6 || format == 2 || format == 10;
    case Semantic::Normal:
        return format == 37 || format == 16 || format == 6 || format == 2 || format == 10;
    case Semantic::TexCoord:
        return format == 35 || format == 16;
    case Semantic::Color:
        return format == 28 || format == 2 || format == 10;
    case Semantic::Tangent:
        return format == 24 || format == 2 || format == 10 || format == 6;
    case Semantic::BlendIndices:
    case Semantic::BlendWeights:
    case Semantic::SubMaterial:
    case Semantic::TangentFrame:
    case Semantic::Other:
        return false;
    }
    return false;
}

std::uint32_t ElementSource::bytes() const {
    return layout ? elementBytes(*layout) : vertex::formatSize(format);
}

const ElementSource* MeshSource::find(Semantic s, int set) const {
    for (const auto& e : elements)
        if (e.semantic == s && e.set == set) return &e;
    return nullptr;
}

} // namespace assetscope::decode
