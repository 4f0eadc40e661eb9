#include "contract/material_look.h"

namespace assetscope {

std::optional<std::string_view> parameterTypeName(std::uint8_t code) {
    switch (code) {
    case 0:
        return "vector";
    case 1:
        return "color";
    case 2:
        return "float";
    case 3:
        return "bool";
    case 4:
        return "int";
    case 5:
        return "swizzle";
    case 6:
        return "texture";
    case 7:
        return "sampler";
    case 8:
        return "color_gradient";
    case 9:
        return "function_range";
    case 11:
        return "vector2";
    default:
        return std::nullopt;
    }
}

std::string_view materialKindName(MaterialLook::Kind kind) {
    switch (kind) {
    case MaterialLook::Kind::Instance:
        return "instance";
    case MaterialLook::Kind::Material:
        return "material";
    case MaterialLook::Kind::Shader:
        return "shader";
    }
    return "material";
}

} // namespace assetscope
