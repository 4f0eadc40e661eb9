#include "scene_looks.h"

#include "input/input_path.h"

#include <QCoreApplication>

namespace assetscope::app {

ModelLooks modelLooks(const ParsedFile& model, const std::string& input, materials::TextureImages& images,
                      resolve::ResolverPool& resolvers, const std::vector<std::string>& givenRoots) {
    ModelLooks looks;
    // A scene of one material per slot: applyLookTextures fills exactly what a scene of the model
    // would get, for every slot at once (a model's LODs and variants draw different slots).
    exporting::ExportScene perSlot;
    for (const MaterialLook& look : model.materials()) {
        if (!look.slot) continue;
        exporting::Material material;
        material.name = look.name;
        material.slot = look.slot;
        material.part = look.part;
        perSlot.materials.push_back(std::move(material));
    }
    if (perSlot.materials.empty()) return looks;
    const std::shared_ptr<const resolve::GameResolver> resolver = resolvers.forInput(givenRoots, input);
    looks.notes = materials::applyLookTextures(perSlot, model, input, *resolver, images).notes;
    looks.bySlot = std::move(perSlot.materials);
    return looks;
}

std::size_t giveLookTextures(exporting::ExportScene& scene, const ModelLooks& looks) {
    std::size_t textured = 0;
    for (exporting::Material& material : scene.materials) {
        if (!material.slot) continue;
        for (const exporting::Material& look : looks.bySlot)
            if (look.slot == material.slot && look.part == material.part) {
                material.textures = look.textures;
                bool any = false;
                for (const exporting::MaterialTexture& t : look.textures)
                    any = any || t.image != nullptr;
                textured += any ? 1 : 0;
                break;
            }
    }
    return textured;
}

void texturePlacedModels(PlacementModels& models, materials::TextureImages& images,
                         resolve::ResolverPool& resolvers, std::vector<std::string>& notes,
                         const std::vector<std::string>& givenRoots) {
    for (PlacedModel& placed : models.models) {
        if (!placed.parsed) continue;
        const std::shared_ptr<const resolve::GameResolver> resolver =
            resolvers.forInput(givenRoots, placed.input);
        const materials::LookTextures result =
            materials::applyLookTextures(placed.scene, *placed.parsed, placed.input, *resolver, images);
        const std::string name = InputPath::parse(placed.input).lastName();
        for (const std::string& note : result.notes)
            notes.push_back(name + ": " + note);
        placed.parsed.reset();
    }
}

QString missingTexturesText(const std::vector<std::string>& notes) {
    if (notes.empty()) return {};
    QString text = QCoreApplication::translate("PreviewPane", "Untextured: %1")
                       .arg(QString::fromStdString(notes.front()));
    if (notes.size() > 1)
        text += QCoreApplication::translate("PreviewPane", " (+%1 more)").arg(notes.size() - 1);
    return text;
}

std::vector<std::string> rootList(const QStringList& roots) {
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(roots.size()));
    for (const QString& root : roots)
        out.push_back(root.toStdString());
    return out;
}

} // namespace assetscope::app
