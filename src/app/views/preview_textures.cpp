#include "views/preview_textures.h"

#include <algorithm>

namespace assetscope::app {

using exporting::MaterialImage;
using exporting::TextureRole;

void PreviewTextures::sync(QOpenGLFunctions_3_3_Core& gl,
                           const std::vector<const std::vector<exporting::Material>*>& lists) {
    for (auto& [key, entry] : m_entries)
        entry.used = false;
    for (const std::vector<exporting::Material>* materials : lists)
        for (const exporting::Material& material : *materials) {
            const auto& image = material.texture(TextureRole::BaseColor).image;
            if (!image || image->width == 0 || image->height == 0 ||
                image->rgba.size() != std::size_t{image->width} * image->height * 4)
                continue;
            auto [it, inserted] = m_entries.try_emplace(image.get());
            if (inserted) {
                it->second.image = image;
                it->second.texture = upload(gl, *image);
            }
            it->second.used = true;
        }
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (it->second.used) {
            ++it;
            continue;
        }
        if (it->second.texture.id) gl.glDeleteTextures(1, &it->second.texture.id);
        it = m_entries.erase(it);
    }
}

// Mip 0 as decoded, the rest made by the GPU (glGenerateMipmap), sampled trilinearly and
// repeated (UVs outside 0–1 tile, as the game's samplers mostly do). The image's first row is the
// top of the picture and UV (0, 0) its top-left corner (D3D's convention, which ExportMesh keeps):
// uploaded as it is, v = 0 samples the first row, so nothing is flipped.
// An sRGB image is uploaded as GL_SRGB8_ALPHA8, so filtering and the mip chain average linear
// light as the game's GPU does; see mesh.frag for how the sample is lit.
PreviewTextures::Texture PreviewTextures::upload(QOpenGLFunctions_3_3_Core& gl, const MaterialImage& image) {
    Texture texture;
    // Larger than the driver takes: drawn untextured (the entry is kept, so it is not tried again).
    GLint largest = 0;
    gl.glGetIntegerv(GL_MAX_TEXTURE_SIZE, &largest);
    if (image.width > static_cast<std::uint32_t>(largest) ||
        image.height > static_cast<std::uint32_t>(largest))
        return texture;
    texture.srgb = image.srgb;
    gl.glGenTextures(1, &texture.id);
    gl.glBindTexture(GL_TEXTURE_2D, texture.id);
    gl.glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    gl.glTexImage2D(GL_TEXTURE_2D, 0, image.srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8,
                    static_cast<GLsizei>(image.width), static_cast<GLsizei>(image.height), 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, image.rgba.data());
    gl.glGenerateMipmap(GL_TEXTURE_2D);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl.glBindTexture(GL_TEXTURE_2D, 0);
    ++m_uploads;
    return texture;
}

PreviewTextures::Texture PreviewTextures::textureOf(const MaterialImage* image) const {
    const auto it = m_entries.find(image);
    return it == m_entries.end() ? Texture{} : it->second.texture;
}

void PreviewTextures::release(QOpenGLFunctions_3_3_Core& gl) {
    for (auto& [key, entry] : m_entries)
        if (entry.texture.id) gl.glDeleteTextures(1, &entry.texture.id);
    m_entries.clear();
}

unsigned uploadUvSets(QOpenGLFunctions_3_3_Core& gl, const exporting::ExportMesh& mesh) {
    const std::size_t n = mesh.positions.size();
    if (mesh.uvs.empty() || n == 0) return 0;
    // A set shorter than the vertex list (a bad file) is padded with (0, 0).
    std::vector<float> sets(mesh.uvs.size() * n * 2, 0.0f);
    for (std::size_t s = 0; s < mesh.uvs.size(); ++s)
        for (std::size_t v = 0; v < n && v < mesh.uvs[s].size(); ++v) {
            sets[(s * n + v) * 2] = mesh.uvs[s][v][0];
            sets[(s * n + v) * 2 + 1] = mesh.uvs[s][v][1];
        }
    unsigned buffer = 0;
    gl.glGenBuffers(1, &buffer);
    gl.glBindBuffer(GL_ARRAY_BUFFER, buffer);
    gl.glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(sets.size() * sizeof(float)), sets.data(),
                    GL_STATIC_DRAW);
    return buffer;
}

void pointTextureUvs(QOpenGLFunctions_3_3_Core& gl, unsigned buffer, std::uint32_t set,
                     std::size_t vertices) {
    gl.glBindBuffer(GL_ARRAY_BUFFER, buffer);
    gl.glEnableVertexAttribArray(kTextureUvAttribute);
    gl.glVertexAttribPointer(kTextureUvAttribute, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float),
                             reinterpret_cast<const void*>(std::size_t{set} * vertices * 2 * sizeof(float)));
}

} // namespace assetscope::app
