#pragma once

#include "contract/parsed_file.h"
#include "formats/meshset/meshset_parser.h"

namespace assetscope::meshset {

// Where a LOD's geometry (vertex buffer then index buffer) was found.
struct GeometrySource {
    SharedBytes bytes;        // the chunk, or null for inline data and when not found
    std::uint64_t offset = 0; // within the inline data
    std::uint64_t size = 0;
    std::string origin; // "<guid>.chunk next to the resource", "--chunk FILE", "inline", "not found"
    bool found = false;
};

// A LOD as a Subject: index the LOD, part and row the section (a LOD itself: part -1, row 0).
// The option (ParseSettings::options) that names a geometry chunk explicitly: `--chunk FILE`.
inline constexpr std::string_view kChunkOption = "chunk";

inline constexpr std::uint32_t kLodSubject = 1;

class ParsedMeshSet : public ParsedFile {
public:
    ParsedMeshSet(StructureTree tree, ParseResult result, std::vector<GeometrySource> geometry)
        : ParsedFile(std::move(tree)), m_result(std::move(result)), m_geometry(std::move(geometry)) {}

    std::string_view format() const override { return "meshset"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    std::optional<exporting::ExportScene> exportScene(const ExportSelection& selection,
                                                      std::string& reason) const override;

    Subject subjectOf(NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;
    PreviewChoices previewChoices() const override;
    std::optional<int> previewLod(const Subject& subject) const override;

    const MeshSet& meshSet() const { return m_result.mesh; }
    const ParseResult& result() const { return m_result; }
    // The LOD's geometry bytes, empty when none was found.
    ByteView geometry(std::size_t lod) const;
    const std::vector<GeometrySource>& geometrySources() const { return m_geometry; }

private:
    ParseResult m_result;
    std::vector<GeometrySource> m_geometry;
};

// Finds each LOD's geometry (next to the resource through settings.sibling, from
// the `chunk` option, or inline), decodes every section and compares the measured surface area
// and UV0 texel density with the stored ones; adds a "geometry" node with what it found.
std::vector<GeometrySource> attachGeometry(StructureTree& tree, const ParseResult& result,
                                           const ParseSettings& settings);

const FormatHandler& meshsetHandler();

} // namespace assetscope::meshset
