#include "export/export_looks.h"

#include "resolve/game_root.h"

namespace assetscope::exporting {

const resolve::GameResolver& ExportLooks::resolverFor(const std::string& input) {
    std::vector<std::string> roots = resolve::rootsFor(m_settings.roots, input);
    std::lock_guard lock(m_mutex);
    auto& resolver = m_resolvers[roots];
    if (!resolver) resolver = std::make_unique<resolve::GameResolver>(std::move(roots));
    return *resolver;
}

std::vector<std::string> ExportLooks::apply(ExportScene& scene, const ParsedFile& file,
                                            const std::string& input) {
    if (!m_settings.textures) return {};
    bool slots = false;
    for (const Material& material : scene.materials)
        slots = slots || material.slot.has_value();
    if (!slots) return {}; // a MeshSet, or a model without MatI slots: nothing to resolve
    const resolve::GameResolver& resolver = resolverFor(input);
    // Nowhere to look: one note for the model rather than one "no root" per slot.
    if (resolver.roots().empty())
        return {"its materials are written without textures: it lies in no install (no folder named "
                "media above it) and no --root was given"};
    return materials::applyLookTextures(scene, file, input, resolver, m_images, &m_links).notes;
}

} // namespace assetscope::exporting
