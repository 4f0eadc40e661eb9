#include "formats/meshset/meshset_handler.h"

#include "bytes/ascii_case.h"
#include "contract/file_tree.h"
#include "formats/meshset/meshset_references.h"
#include "formats/meshset/meshset_writer.h"

#include <algorithm>

namespace assetscope::meshset {

namespace {

class MeshSetHandler : public FormatHandler {
public:
    std::string_view name() const override { return "meshset"; }
    std::string_view title() const override { return "Frostbite MeshSets"; }
    std::string_view extensions() const override { return ".meshset .chunk"; }
    std::vector<FormatOption> options() const override {
        return {{kChunkOption, "the geometry chunk to read, a file or a path into archives (--chunk)"}};
    }
    // Above a Grub bundle's 50: the header words are specific enough that nothing else matches.
    // A damaged resource named .meshset still opens (a partial tree with its diagnostics), as a
    // damaged .pgeo does; any format whose bytes match wins over the name.
    int sniff(ByteView bytes, std::string_view fileName) const override {
        if (detectForm(bytes)) return 60;
        return endsWithNoCase(fileName, ".meshset") ? 5 : 0;
    }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        ParseResult result = parseMeshSet(tree);
        std::vector<GeometrySource> geometry = attachGeometry(tree, result, settings);
        return std::make_unique<ParsedMeshSet>(std::move(tree), std::move(result), std::move(geometry));
    }
    std::vector<ReferenceFind> referencesTo(const ReferenceTarget& target) const override {
        return chunkReferences(target);
    }
};

} // namespace

ByteView ParsedMeshSet::geometry(std::size_t lod) const {
    if (lod >= m_geometry.size() || !m_geometry[lod].found) return {};
    const GeometrySource& g = m_geometry[lod];
    return ByteView(g.bytes->data() + g.offset, g.size);
}

std::vector<InfoLine> ParsedMeshSet::info() const {
    const MeshSet& m = m_result.mesh;
    std::vector<InfoLine> lines;
    lines.emplace_back("form", m_result.form == ResourceForm::WithMetadata
                                   ? "resource with its 16-byte resource metadata"
                                   : "raw resource");
    lines.emplace_back("name", m.name);
    lines.emplace_back("mesh type", meshTypeName(m.meshType));
    lines.emplace_back("header bytes", std::to_string(m.headerBytes));
    lines.emplace_back("LOD record bytes", std::to_string(m.lodRecordBytes));
    lines.emplace_back("LODs", std::to_string(m.lods.size()));
    std::string perLod;
    std::uint64_t vertices = 0, indices = 0;
    for (const Lod& lod : m.lods) {
        perLod += (perLod.empty() ? "" : ", ") + std::to_string(lod.sections.size());
        for (const Section& s : lod.sections) {
            vertices += s.vertexCount;
            indices += std::uint64_t{s.primitiveCount} * 3;
        }
    }
    lines.emplace_back("sections per LOD", perLod);
    lines.emplace_back("vertices", std::to_string(vertices));
    lines.emplace_back("indices", std::to_string(indices));
    if (m.hasBoneFields())
        lines.emplace_back("bones", std::to_string(m.boneCount) + " (" +
                                        std::to_string(m.boundedBoneIds.size()) + " bounded)");
    if (!m.trailing.empty())
        lines.emplace_back("inline geometry", std::to_string(m.trailing.size()) + " trailing bytes");
    for (std::size_t i = 0; i < m_geometry.size(); ++i)
        lines.emplace_back("LOD " + std::to_string(i) + " geometry", m_geometry[i].origin);
    return lines;
}

void ParsedMeshSet::count(CensusCounts& counts) const {
    for (const Lod& lod : m_result.mesh.lods) {
        counts.add("meshes", lod.sections.size());
        for (const Section& s : lod.sections) {
            counts.add("vertices", s.vertexCount);
            counts.add("indices", std::uint64_t{s.primitiveCount} * 3);
        }
    }
}

std::optional<Bytes> ParsedMeshSet::writeBack() const {
    if (!m_result.complete) return std::nullopt;
    return writeMeshSet(m_result.mesh);
}

const FormatHandler& meshsetHandler() {
    static const MeshSetHandler handler;
    return handler;
}

} // namespace assetscope::meshset
