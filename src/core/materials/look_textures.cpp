#include "materials/look_textures.h"

#include "decode/texel_decode.h"
#include "decode/texel_rgba8.h"
#include "open/open_input.h"

#include <filesystem>

namespace assetscope::materials {

namespace {

using exporting::MaterialImage;
using exporting::TextureRole;

std::string stemOf(const std::string& input) {
    const std::size_t entry = input.rfind("::");
    const std::string last = entry == std::string::npos ? input : input.substr(entry + 2);
    return std::filesystem::path(last).stem().string();
}

std::shared_ptr<const MaterialImage> decodeTexture(const std::string& input, const archive::Limits& limits,
                                                   std::string& problem) {
    const OpenedInput opened = openInput(input, {}, limits);
    if (!opened.ok()) {
        problem = opened.error;
        return nullptr;
    }
    const std::optional<TextureDescription> texture = opened.parsed->texture();
    if (!texture) {
        problem = "it is no texture";
        return nullptr;
    }
    const TextureLevel* level = texture->level(0, 0);
    if (!texture->format || !level) {
        problem = texture->tiled
                      ? "it is tiled: " + texture->tiledNote
                      : "its encoding (" + texture->encodingText + ") or its top level cannot be read";
        return nullptr;
    }
    const ByteView bytes = *opened.bytes;
    if (level->offset > bytes.size() || level->size > bytes.size() - level->offset) {
        problem = "its top level is not all in the file";
        return nullptr;
    }
    std::string reason;
    const auto decoded = decode::decodeLevel(
        *texture->format, level->width, level->height,
        bytes.subspan(static_cast<std::size_t>(level->offset), static_cast<std::size_t>(level->size)),
        reason);
    if (!decoded) {
        problem = "its top level does not decode: " + reason;
        return nullptr;
    }
    auto image = std::make_shared<MaterialImage>();
    image->source = input;
    image->name = stemOf(input);
    image->width = decoded->width;
    image->height = decoded->height;
    image->srgb = texture->srgb && decode::hasSrgbForm(*texture->format);
    image->rgba = decode::rgba8Texels(*texture->format, *decoded);
    if (image->rgba.empty()) {
        problem = "the decoder gave no texels";
        return nullptr;
    }
    return image;
}

std::string lookLabel(const ResolvedLook& look) {
    std::string label = look.slot ? look.slotLabel() : std::string("look");
    if (!look.name.empty()) label += " (" + look.name + ")";
    return label;
}

} // namespace

std::optional<TextureRole> textureRole(std::string_view role) {
    if (role == "base_color") return TextureRole::BaseColor;
    if (role == "normal") return TextureRole::Normal;
    if (role == "emissive") return TextureRole::Emissive;
    if (role == "occlusion") return TextureRole::Occlusion;
    if (role == "metallic_roughness") return TextureRole::MetallicRoughness;
    return std::nullopt;
}

std::shared_ptr<const MaterialImage> TextureImages::image(const std::string& input, std::string& problem) {
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_entries.find(input); it != m_entries.end()) {
            problem = it->second.problem;
            return it->second.image;
        }
    }
    // Decoded outside the lock so other threads' textures go on; two threads asking for the same
    // new texture at once both decode it, and the first one kept wins.
    Entry entry;
    entry.image = decodeTexture(input, m_limits, entry.problem);
    std::lock_guard lock(m_mutex);
    const auto [it, inserted] = m_entries.emplace(input, std::move(entry));
    problem = it->second.problem;
    return it->second.image;
}

std::size_t TextureImages::decoded() const {
    std::lock_guard lock(m_mutex);
    std::size_t n = 0;
    for (const auto& [input, entry] : m_entries)
        if (entry.image) ++n;
    return n;
}

LookTextures applyLookTextures(exporting::ExportScene& scene, const ParsedFile& model,
                               const std::string& input, const resolve::GameResolver& resolver,
                               TextureImages& images) {
    LookTextures result;
    std::vector<ResolvedLook> looks;
    for (exporting::Material& material : scene.materials) {
        if (!material.slot) continue;
        if (looks.empty()) looks = resolveLooks(model, input, resolver);
        const ResolvedLook* look = nullptr;
        for (const ResolvedLook& candidate : looks)
            if (candidate.slot == material.slot && candidate.part == material.part) look = &candidate;
        if (!look) continue;
        for (const ChainLink& link : look->chain)
            if (!link.problem.empty()) result.notes.push_back(lookLabel(*look) + ": " + link.problem);
        bool textured = false;
        for (const TextureUse& use : look->textures) {
            const std::optional<TextureRole> role = textureRole(use.role);
            if (!role || material.texture(*role).image) continue;
            if (!use.found) {
                result.notes.push_back(lookLabel(*look) + ": " + use.problem);
                continue;
            }
            std::string problem;
            auto image = images.image(*use.found, problem);
            if (!image) {
                result.notes.push_back(lookLabel(*look) + ": " + *use.found + ": " + problem);
                continue;
            }
            material.texture(*role).image = std::move(image);
            textured = true;
        }
        if (textured) ++result.textured;
    }
    return result;
}

} // namespace assetscope::materials
