#include "export/export_looks.h"

namespace assetscope::exporting {

ExportLooks::ExportLooks(LookSettings settings, archive::Limits limits)
    : m_settings(std::move(settings)), m_images(limits) {
    if (!m_settings.resolvers) m_settings.resolvers = std::make_shared<resolve::ResolverPool>();
}

std::vector<std::string> ExportLooks::apply(ExportScene& scene, const ParsedFile& file,
                                            const std::string& input) {
    if (!m_settings.textures) return {};
    bool slots = false;
    for (const Material& material : scene.materials)
        slots = slots || material.slot.has_value();
    if (!slots) return {}; // a MeshSet, or a model without MatI slots: nothing to resolve
    const std::shared_ptr<const resolve::GameResolver> resolver =
        m_settings.resolvers->forInput(m_settings.roots, input);
    // Nowhere to look: one note for the model rather than one "no root" per slot.
    if (resolver->roots().empty())
        return {"its materials are written without textures: it lies in no install (no folder named "
                "media above it) and no --root was given"};
    return materials::applyLookTextures(scene, file, input, *resolver, m_images, &m_links).notes;
}

} // namespace assetscope::exporting
