// The 3D view's textured drawing: which texture and which UV set a draw samples.
#include "views/preview_view.h"

#include <QOpenGLShaderProgram>

namespace assetscope::app {

// The material's base-colour texture, sampled with the UV set the material names (its texture's
// uvSet). The UVs are ExportMesh::uvs as the decoder gives them: the mesh's texture coordinate
// transforms (modelbin.txt, "Tangent frame and texture coordinates": TEXCOORDn = stored × scale +
// offset, five per mesh) are already applied there (decode/mesh_decoder.cpp), so the view
// samples them as they are and applies nothing again. Untextured when the colours are plain, the
// material has no texture (its look named none, or it was not found or did not decode), the
// mesh lacks that UV set, or the image could not be uploaded.
void PreviewView::useBaseTexture(const GpuMesh& mesh, const exporting::Material* material) {
    PreviewTextures::Texture texture;
    std::uint32_t set = 0;
    if (m_colors != Colors::Plain && material) {
        const exporting::MaterialTexture& base = material->texture(exporting::TextureRole::BaseColor);
        set = base.uvSet;
        if (base.image && mesh.uvVbo && set < mesh.uvSets.size() && mesh.uvSets[set])
            texture = m_textures.textureOf(base.image.get());
    }
    m_meshProgram->setUniformValue("uHasTexture", texture.id != 0);
    m_meshProgram->setUniformValue("uSrgbTexture", texture.srgb);
    if (texture.id == 0) {
        glDisableVertexAttribArray(kTextureUvAttribute);
        return;
    }
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture.id);
    pointTextureUvs(*this, mesh.uvVbo, set, mesh.vertices);
}

} // namespace assetscope::app
