#pragma once

#include "document/parsed_file.h"
#include "models/selection_subject.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace assetscope::app {

// The choices the 3D pane offers for a file: its LODs, material variants and whether seasons
// matter, read from core's typed result.
struct PreviewChoices {
    QStringList lods; // "LOD0" ...; empty: no choice
    std::vector<int> lodNumbers;
    int variants = 0;     // material variant rows (models 1.5+)
    bool seasons = false; // models (material ids per season) and placement files (season mask)
};
PreviewChoices previewChoices(const ParsedFile& parsed);

// Core's export scene for a selection, plus which subject each scene mesh draws (a model mesh,
// a MeshSet section) so that a picked triangle finds its table row and tree node.
struct PreviewScene {
    std::optional<exporting::ExportScene> scene;
    QString reason;
    std::vector<SelectionSubject> meshSubjects; // parallel to scene->meshes
};
PreviewScene buildPreviewScene(const ParsedFile& parsed, const ExportSelection& selection);

} // namespace assetscope::app
