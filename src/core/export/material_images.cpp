#include "export/material_images.h"

#include "export/output_files.h"
#include "export/png_writer.h"
#include "input/atomic_file.h"
#include "resolve/game_path.h"
#include "resolve/game_root.h"

#include <cstdint>
#include <cstdio>
#include <system_error>

namespace assetscope::exporting {

namespace fs = std::filesystem;

namespace {

// FNV-1a of the source: a name for a texture outside any install that stays the same from run to
// run and apart from another source's of the same stem.
std::string sourceTag(const std::string& source) {
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : source) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%08llx", static_cast<unsigned long long>(h & 0xffffffffull));
    return text;
}

std::string withoutExtension(const std::string& name) {
    const auto dot = name.rfind('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

} // namespace

std::shared_ptr<MaterialImages::Encoded> MaterialImages::encodedEntry(const std::string& source) {
    std::lock_guard lock(m_mutex);
    auto& entry = m_encodings[source];
    if (!entry) entry = std::make_shared<Encoded>();
    return entry;
}

std::shared_ptr<const Bytes> MaterialImages::png(const MaterialImage& image, std::string& error) {
    const std::shared_ptr<Encoded> entry = encodedEntry(image.source);
    std::lock_guard lock(entry->mutex); // a second asker waits for the first one's PNG
    if (!entry->done) {
        entry->done = true;
        if (auto bytes = encodePng(ByteView(image.rgba.data(), image.rgba.size()), image.width, image.height,
                                   image.srgb, entry->error)) {
            entry->png = std::make_shared<const Bytes>(std::move(*bytes));
            ++m_encoded;
        }
    }
    if (!entry->png) error = image.source + ": " + entry->error;
    return entry->png;
}

std::optional<std::string> MaterialImages::file(const MaterialImage& image, const fs::path& out,
                                                const fs::path& placedFolder, std::vector<fs::path>& written,
                                                std::string& error) {
    if (shared()) return sharedFile(image, placedFolder.empty() ? out.parent_path() : placedFolder, error);
    return besideFile(image, out, written, error);
}

std::optional<std::string> MaterialImages::besideFile(const MaterialImage& image, const fs::path& out,
                                                      std::vector<fs::path>& written, std::string& error) {
    const std::string output = out.string();
    std::string name;
    {
        std::lock_guard lock(m_mutex);
        const auto key = std::make_pair(output, image.source);
        if (const auto it = m_beside.find(key); it != m_beside.end()) return it->second;
        const std::string stem = plainFileName(image.name, "texture");
        name = stem + ".png";
        for (int k = 2; m_besideNames.count({output, name}); ++k)
            name = stem + "_" + std::to_string(k) + ".png";
        m_besideNames.insert({output, name});
    }
    const auto bytes = png(image, error);
    if (!bytes) return std::nullopt;
    const fs::path path = out.parent_path() / name;
    if (!writeFileAtomically(path, ByteView(bytes->data(), bytes->size()), error)) return std::nullopt;
    ++m_written;
    written.push_back(path);
    std::lock_guard lock(m_mutex);
    m_beside[{output, image.source}] = name;
    return name;
}

fs::path MaterialImages::sharedName(const MaterialImage& image) {
    fs::path relative;
    if (const auto gamePath = resolve::gamePathOf(image.source)) {
        std::string refusal;
        if (const auto parts = resolve::gamePathParts(*gamePath, refusal))
            for (std::size_t i = 0; i < parts->size(); ++i)
                relative /= plainFileName(
                    i + 1 == parts->size() ? withoutExtension((*parts)[i]) : (*parts)[i], "texture");
    }
    if (relative.empty()) relative = plainFileName(image.name, "texture") + "_" + sourceTag(image.source);
    relative += ".png";
    // Two installs' textures of one Game:\ path: the second keeps apart by its source.
    if (m_sharedNames.count(relative.generic_string())) {
        relative.replace_filename(relative.stem().string() + "_" + sourceTag(image.source) + ".png");
    }
    m_sharedNames.insert(relative.generic_string());
    return relative;
}

std::optional<std::string> MaterialImages::sharedFile(const MaterialImage& image,
                                                      const fs::path& placedFolder, std::string& error) {
    std::shared_ptr<SharedFile> entry;
    {
        std::lock_guard lock(m_mutex);
        auto& slot = m_files[image.source];
        if (!slot) {
            slot = std::make_shared<SharedFile>();
            slot->path = sharedName(image);
        }
        entry = slot;
    }
    {
        std::lock_guard lock(entry->mutex); // a second asker waits for the first one's file
        if (!entry->done) {
            entry->done = true;
            const fs::path path = m_shared / entry->path;
            const auto bytes = png(image, entry->error);
            if (bytes && writeFileMakingFolders(path, ByteView(bytes->data(), bytes->size()), entry->error)) {
                ++m_written;
                std::lock_guard lock2(m_mutex);
                m_sharedWritten.push_back(path);
            } else if (entry->error.empty()) {
                entry->error = "cannot write " + path.string();
            }
            if (!entry->error.empty()) entry->error = path.string() + ": " + entry->error;
        }
        if (!entry->error.empty()) {
            error = entry->error;
            return std::nullopt;
        }
    }
    // Relative to where the output lies: "../textures/media/textures/brick.png".
    const fs::path target = fs::absolute(m_shared / entry->path).lexically_normal();
    const fs::path from = fs::absolute(placedFolder).lexically_normal();
    fs::path relative = target.lexically_relative(from);
    if (relative.empty()) relative = target;
    return relative.generic_string();
}

bool writeMaterialFiles(const ExportScene& prepared, std::span<const TextureRole> roles, const fs::path& out,
                        const ImageTarget& target, MaterialFiles& files, std::vector<fs::path>& written,
                        std::string& error) {
    MaterialImages own;
    MaterialImages& images = target.images ? *target.images : own;
    files.assign(prepared.materials.size(), {});
    for (std::size_t m = 0; m < prepared.materials.size(); ++m)
        for (const TextureRole role : roles) {
            const MaterialTexture& texture = prepared.materials[m].texture(role);
            if (!texture.image) continue;
            const auto uri = images.file(*texture.image, out, target.placedFolder, written, error);
            if (!uri) return false;
            files[m][static_cast<std::size_t>(role)] = *uri;
        }
    return true;
}

std::vector<TextureRole> keptTextureRoles(Format format) {
    switch (exportFormat(format).keeps.textures) {
    case TextureKeeping::None:
        return {};
    case TextureKeeping::ColourNormalEmissiveBeside:
        return {TextureRole::BaseColor, TextureRole::Normal, TextureRole::Emissive};
    case TextureKeeping::EveryRoleInside:
    case TextureKeeping::EveryRoleBeside:
        break;
    }
    return {TextureRole::BaseColor, TextureRole::Normal, TextureRole::Emissive, TextureRole::Occlusion,
            TextureRole::MetallicRoughness};
}

std::vector<fs::path> imageFilesBeside(const ExportScene& scene, Format format, const fs::path& out) {
    std::vector<fs::path> files;
    const TextureKeeping keeping = exportFormat(format).keeps.textures;
    if (keeping == TextureKeeping::None || keeping == TextureKeeping::EveryRoleInside) return files;
    std::set<std::string> sources, names;
    for (const Material& material : scene.materials)
        for (const TextureRole role : keptTextureRoles(format)) {
            const auto& image = material.texture(role).image;
            if (!image || !sources.insert(image->source).second) continue;
            const std::string stem = plainFileName(image->name, "texture");
            std::string name = stem + ".png";
            for (int k = 2; names.count(name); ++k)
                name = stem + "_" + std::to_string(k) + ".png";
            names.insert(name);
            files.push_back(out.parent_path() / name);
        }
    return files;
}

std::vector<fs::path> MaterialImages::sharedFiles() const {
    std::lock_guard lock(m_mutex);
    return m_sharedWritten;
}

} // namespace assetscope::exporting
