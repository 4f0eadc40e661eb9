#include "preview_scene.h"

#include "formats/meshset/meshset_handler.h"
#include "formats/modelbin/model_handler.h"
#include "formats/pgeo/pgeo_handler.h"

#include <cstdio>

namespace assetscope::app {

PreviewChoices previewChoices(const ParsedFile& parsed) {
    PreviewChoices c;
    if (const auto* m = dynamic_cast<const modelbin::ParsedModel*>(&parsed)) {
        for (int lod : m->model().lods()) {
            c.lods << QStringLiteral("LOD%1").arg(lod);
            c.lodNumbers.push_back(lod);
        }
        if (m->model().header) c.variants = static_cast<int>(m->model().header->variants.size());
        c.seasons = true;
    } else if (const auto* s = dynamic_cast<const meshset::ParsedMeshSet*>(&parsed)) {
        for (std::size_t i = 0; i < s->meshSet().lods.size(); ++i) {
            c.lods << QStringLiteral("LOD%1").arg(i);
            c.lodNumbers.push_back(static_cast<int>(i));
        }
    } else if (dynamic_cast<const pgeo::ParsedPgeo*>(&parsed)) {
        c.seasons = true;
    }
    return c;
}

PreviewScene buildPreviewScene(const ParsedFile& parsed, const ExportSelection& selection) {
    PreviewScene out;
    std::string reason;
    out.scene = parsed.exportScene(selection, reason);
    out.reason = QString::fromStdString(reason);
    if (!out.scene) return out;
    out.meshSubjects.resize(out.scene->meshes.size());
    if (const auto* m = dynamic_cast<const modelbin::ParsedModel*>(&parsed)) {
        // The exporter names a mesh by its record name, or mesh_<i> when it has none, in the
        // order selectMeshes gives (meshes it cannot decode are left out).
        const modelbin::Model& model = m->model();
        std::string ignored;
        const std::vector<std::size_t> chosen = modelbin::selectMeshes(model, selection, ignored);
        std::size_t next = 0;
        for (std::size_t i = 0; i < out.scene->meshes.size(); ++i) {
            const std::string& name = out.scene->meshes[i].name;
            for (; next < chosen.size(); ++next) {
                const auto& record = model.meshes[chosen[next]];
                const std::string expected =
                    record.name.empty() ? "mesh_" + std::to_string(chosen[next]) : record.name;
                if (expected == name) break;
            }
            if (next == chosen.size()) break;
            out.meshSubjects[i].kind = SelectionSubject::Kind::ModelMesh;
            out.meshSubjects[i].mesh = static_cast<int>(chosen[next++]);
        }
    } else if (dynamic_cast<const meshset::ParsedMeshSet*>(&parsed)) {
        // Named <meshset>_lod<L>_section<S> by the exporter.
        for (std::size_t i = 0; i < out.scene->meshes.size(); ++i) {
            const std::string& name = out.scene->meshes[i].name;
            const auto at = name.rfind("_lod");
            int lod = -1, section = -1;
            if (at != std::string::npos &&
                std::sscanf(name.c_str() + at, "_lod%d_section%d", &lod, &section) == 2) {
                out.meshSubjects[i].kind = SelectionSubject::Kind::MeshSetSection;
                out.meshSubjects[i].lod = lod;
                out.meshSubjects[i].section = section;
            }
        }
    }
    return out;
}

} // namespace assetscope::app
