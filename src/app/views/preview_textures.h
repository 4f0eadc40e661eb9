#pragma once

#include "scene/export_scene.h"

#include <QOpenGLFunctions_3_3_Core>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace assetscope::app {

// The 3D pane's textures on the GPU: each material image uploaded once per OpenGL context, as a
// mipmapped texture, and kept while a drawn material uses it. Keyed by the image (core's
// TextureImages gives one image per texture source, so two models naming the same texture share
// it). All calls need the owning view's context current.
class PreviewTextures {
public:
    // Uploads the base-colour image of every material in `lists` not uploaded yet, and deletes
    // the textures none of them uses any more.
    void sync(QOpenGLFunctions_3_3_Core& gl,
              const std::vector<const std::vector<exporting::Material>*>& lists);
    // The texture of `image` (0: not uploaded), and whether it was uploaded as sRGB.
    struct Texture {
        unsigned id = 0;
        bool srgb = false;
    };
    Texture textureOf(const exporting::MaterialImage* image) const;
    // Deletes every texture (the context is current and still alive).
    void release(QOpenGLFunctions_3_3_Core& gl);
    // Forgets every texture without a call: their context is gone (a new one replaces it).
    void forget() { m_entries.clear(); }

    std::size_t size() const { return m_entries.size(); }
    // Images uploaded since the view was made (the same image drawn again is not counted again).
    std::size_t uploads() const { return m_uploads; }

private:
    struct Entry {
        std::shared_ptr<const exporting::MaterialImage> image; // keeps the key's address its own
        Texture texture;
        bool used = false;
    };
    Texture upload(QOpenGLFunctions_3_3_Core& gl, const exporting::MaterialImage& image);

    std::map<const exporting::MaterialImage*, Entry> m_entries;
    std::size_t m_uploads = 0;
};

// A mesh's UV sets on the GPU, one after another in one buffer (set k at k × vertices × 8 bytes),
// for the texture coordinates attribute; 0 when the mesh has none.
unsigned uploadUvSets(QOpenGLFunctions_3_3_Core& gl, const exporting::ExportMesh& mesh);

// Points the bound vertex array's texture coordinates attribute at UV set `set` of `buffer`.
void pointTextureUvs(QOpenGLFunctions_3_3_Core& gl, unsigned buffer, std::uint32_t set, std::size_t vertices);

// The attribute location the shader reads the sampled UV set from (mesh.vert).
inline constexpr unsigned kTextureUvAttribute = 8;

} // namespace assetscope::app
