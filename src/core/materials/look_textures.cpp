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

std::size_t TextureImages::entryBytes(const MaterialImage* image) {
    return kEntryBytes + (image ? image->rgba.size() : 0);
}

std::shared_ptr<const MaterialImage> TextureImages::image(const std::string& input, std::string& problem) {
    {
        std::unique_lock lock(m_mutex);
        // Another thread reading this texture now: its image is this one's too.
        m_decodedOne.wait(lock, [&] { return !m_decoding.contains(input); });
        if (const auto it = m_entries.find(input); it != m_entries.end()) {
            m_recent.splice(m_recent.begin(), m_recent, it->second.recent);
            problem = it->second.problem;
            return it->second.image;
        }
        m_decoding.insert(input);
    }
    // Decoded outside the lock, so that other threads' textures go on meanwhile.
    Entry entry;
    try {
        entry.image = decodeTexture(input, m_limits, entry.problem);
    } catch (...) {
        const std::lock_guard lock(m_mutex);
        m_decoding.erase(input);
        m_decodedOne.notify_all();
        throw;
    }
    entry.bytes = entryBytes(entry.image.get());
    const std::lock_guard lock(m_mutex);
    m_decoding.erase(input);
    m_decodedOne.notify_all();
    if (entry.image) ++m_decoded;
    problem = entry.problem;
    auto image = entry.image;
    m_recent.push_front(input);
    entry.recent = m_recent.begin();
    m_bytes += entry.bytes;
    m_entries.emplace(input, std::move(entry));
    keepWithinBudget();
    return image;
}

void TextureImages::keepWithinBudget() {
    while (m_bytes > m_budget && !m_recent.empty()) {
        const auto it = m_entries.find(m_recent.back());
        m_bytes -= it->second.bytes;
        m_entries.erase(it);
        m_recent.pop_back();
    }
}

void TextureImages::setBudget(std::size_t bytes) {
    const std::lock_guard lock(m_mutex);
    m_budget = bytes;
    keepWithinBudget();
}

std::size_t TextureImages::budget() const {
    const std::lock_guard lock(m_mutex);
    return m_budget;
}

std::size_t TextureImages::bytes() const {
    const std::lock_guard lock(m_mutex);
    return m_bytes;
}

std::size_t TextureImages::kept() const {
    const std::lock_guard lock(m_mutex);
    return m_entries.size();
}

bool TextureImages::holds(const std::string& input) const {
    const std::lock_guard lock(m_mutex);
    return m_entries.contains(input);
}

std::size_t TextureImages::decoded() const {
    const std::lock_guard lock(m_mutex);
    return m_decoded;
}

LookTextures applyLookTextures(exporting::ExportScene& scene, const ParsedFile& model,
                               const std::string& input, const resolve::GameResolver& resolver,
                               TextureImages& images, LinkLooks* links) {
    LookTextures result;
    std::vector<ResolvedLook> looks;
    for (exporting::Material& material : scene.materials) {
        if (!material.slot) continue;
        if (looks.empty()) looks = resolveLooks(model, input, resolver, {}, links);
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
