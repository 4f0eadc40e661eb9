#include "bytes/number_text.h"
#include "formats/meshset/meshset_geometry.h"
#include "formats/meshset/meshset_handler.h"

#include <cmath>

namespace assetscope::meshset {

namespace {

std::string vec3Text(const std::array<float, 4>& v) {
    return numberText(v[0], 6) + ", " + numberText(v[1], 6) + ", " + numberText(v[2], 6);
}

// One decoded section's vertices (the table owns them): position, normal, tangent, uv sets,
// colours, submaterial selector, blend indices and weights.
class SectionVertexTable : public TableSource {
public:
    explicit SectionVertexTable(decode::DecodedMesh decoded) : m_decoded(std::move(decoded)) {
        static const char* const xyzw[] = {"x", "y", "z", "w"};
        static const char* const rgba[] = {"r", "g", "b", "a"};
        auto add = [this](Stream stream, int set, int components, const std::string& prefix,
                          const char* const* names, ColumnType type) {
            for (int c = 0; c < components; ++c) {
                m_columns.push_back(
                    {prefix + (names ? std::string(".") + names[c] : std::to_string(c)), type, {}});
                m_components.push_back({stream, set, c});
            }
        };
        const decode::DecodedMesh& d = m_decoded;
        if (!d.positions.empty()) add(Stream::Position, 0, 3, "position", xyzw, ColumnType::Real);
        if (!d.normals.empty()) add(Stream::Normal, 0, 3, "normal", xyzw, ColumnType::Real);
        if (!d.tangents[0].empty()) add(Stream::Tangent, 0, 4, "tangent", xyzw, ColumnType::Real);
        static const char* const uv[] = {"u", "v"};
        for (std::size_t k = 0; k < d.uvs.size(); ++k)
            if (!d.uvs[k].empty())
                add(Stream::Uv, static_cast<int>(k), 2, "uv" + std::to_string(k), uv, ColumnType::Real);
        if (!d.colors.empty()) add(Stream::Color, 0, 4, "colour", rgba, ColumnType::Real);
        if (!d.colors1.empty()) add(Stream::Color1, 0, 4, "colour1", rgba, ColumnType::Real);
        if (!d.subMaterials.empty())
            add(Stream::SubMaterial, 0, 4, "submaterial", nullptr, ColumnType::Integer);
        if (!d.blendIndices.empty()) add(Stream::BlendIndex, 0, 4, "bone", nullptr, ColumnType::Integer);
        if (!d.blendWeights.empty()) add(Stream::BlendWeight, 0, 4, "weight", nullptr, ColumnType::Real);
    }

    const std::vector<TableColumn>& columns() const override { return m_columns; }
    std::uint64_t rowCount() const override { return m_decoded.positions.size() / 3; }

    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        const std::uint64_t end = std::min<std::uint64_t>(first + count, rowCount());
        for (std::uint64_t v = first; v < end; ++v)
            for (const Component& c : m_components)
                out.push_back(cell(v, c));
    }

private:
    enum class Stream : std::uint8_t {
        Position,
        Normal,
        Tangent,
        Uv,
        Color,
        Color1,
        SubMaterial,
        BlendIndex,
        BlendWeight
    };
    struct Component {
        Stream stream;
        int set;
        int component;
    };

    TableCell cell(std::uint64_t v, const Component& c) const {
        const auto k = static_cast<std::uint64_t>(c.component);
        const decode::DecodedMesh& d = m_decoded;
        auto real = [&](const std::vector<float>& list, std::uint64_t width) {
            const std::uint64_t at = v * width + k;
            return realCell(at < list.size() ? static_cast<double>(list[at]) : std::nan(""));
        };
        auto integer = [&](const std::vector<std::uint16_t>& list) {
            const std::uint64_t at = v * 4 + k;
            return at < list.size() ? unsignedCell(list[at]) : realCell(std::nan(""));
        };
        switch (c.stream) {
        case Stream::Position:
            return real(d.positions, 3);
        case Stream::Normal:
            return real(d.normals, 3);
        case Stream::Tangent:
            return real(d.tangents[0], 4);
        case Stream::Uv:
            return real(d.uvs[static_cast<std::size_t>(c.set)], 2);
        case Stream::Color:
            return real(d.colors, 4);
        case Stream::Color1:
            return real(d.colors1, 4);
        case Stream::SubMaterial:
            return integer(d.subMaterials);
        case Stream::BlendIndex:
            return integer(d.blendIndices);
        case Stream::BlendWeight:
            return real(d.blendWeights, 4);
        }
        return realCell(std::nan(""));
    }

    decode::DecodedMesh m_decoded;
    std::vector<TableColumn> m_columns;
    std::vector<Component> m_components;
};

// Why a section has no vertices, as a one-row table in the vertices' place.
class ProblemTable : public TableSource {
public:
    explicit ProblemTable(std::string message) : m_message(std::move(message)) {}
    const std::vector<TableColumn>& columns() const override {
        static const std::vector<TableColumn> columns = {{"no vertices", ColumnType::Text, {}}};
        return columns;
    }
    std::uint64_t rowCount() const override { return 1; }
    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        if (first == 0 && count > 0) out.push_back(textCell(m_message));
    }

private:
    std::string m_message;
};

// A LOD's sections: material, counts, offsets, stored surface area and UV density, bounds.
// Selecting a section decodes its vertices (from the LOD's chunk or inline data).
class SectionTable : public TableSource {
public:
    SectionTable(const Lod& lod, ByteView geometry) : m_lod(lod), m_geometry(geometry) {}

    const std::vector<TableColumn>& columns() const override {
        static const std::vector<TableColumn> columns = {
            {"material", ColumnType::Text, {}},         {"vertices", ColumnType::Integer, {}},
            {"triangles", ColumnType::Integer, {}},     {"start index", ColumnType::Integer, {}},
            {"vertex offset", ColumnType::Integer, {}}, {"stride", ColumnType::Integer, {}},
            {"surface area", ColumnType::Real, {}},     {"uv0 density", ColumnType::Real, {}},
            {"bounds min", ColumnType::Text, {}},       {"bounds max", ColumnType::Text, {}}};
        return columns;
    }
    std::uint64_t rowCount() const override { return m_lod.sections.size(); }

    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        const std::uint64_t end = std::min<std::uint64_t>(first + count, rowCount());
        for (std::uint64_t i = first; i < end; ++i) {
            const Section& s = m_lod.sections[static_cast<std::size_t>(i)];
            out.push_back(textCell(s.materialName));
            out.push_back(unsignedCell(s.vertexCount));
            out.push_back(unsignedCell(s.primitiveCount));
            out.push_back(unsignedCell(s.startIndex));
            out.push_back(hexCell(s.vertexOffset));
            out.push_back(unsignedCell(s.vertexStride));
            out.push_back(realCell(s.surfaceArea));
            out.push_back(realCell(s.uv0Density));
            out.push_back(textCell(vec3Text(s.boundsMin)));
            out.push_back(textCell(vec3Text(s.boundsMax)));
        }
    }

    RowNode rowNode(std::uint64_t row) const override {
        return row < rowCount() ? RowNode{m_lod.sections[static_cast<std::size_t>(row)].node, {}} : RowNode{};
    }

    std::unique_ptr<TableSource> detailOf(std::uint64_t row) const override {
        if (row >= rowCount()) return nullptr;
        GeometryError error;
        auto decoded = decodeSection(m_lod, m_lod.sections[static_cast<std::size_t>(row)], m_geometry, error);
        if (!decoded) return std::make_unique<ProblemTable>(error.message);
        return std::make_unique<SectionVertexTable>(std::move(*decoded));
    }

private:
    const Lod& m_lod;
    ByteView m_geometry;
};

} // namespace

Subject ParsedMeshSet::subjectOf(NodeId node) const {
    const auto& lods = m_result.mesh.lods;
    for (NodeId at = node; at != kNoNode && at < m_tree.nodeCount(); at = m_tree.node(at).parent) {
        if (m_tree.node(at).decoder != 0) return {}; // an array: its element table
        for (std::size_t l = 0; l < lods.size(); ++l) {
            const Lod& lod = lods[l];
            for (std::size_t j = 0; j < lod.sections.size(); ++j)
                if (lod.sections[j].node == at)
                    return {kLodSubject, static_cast<std::int64_t>(l), static_cast<std::int64_t>(j),
                            static_cast<std::int64_t>(j)};
            if (lod.node == at) return {kLodSubject, static_cast<std::int64_t>(l), -1, 0};
        }
    }
    return {};
}

NodeId ParsedMeshSet::nodeOf(const Subject& subject) const {
    const auto& lods = m_result.mesh.lods;
    if (subject.kind != kLodSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= lods.size())
        return kNoNode;
    const Lod& lod = lods[static_cast<std::size_t>(subject.index)];
    if (subject.part >= 0 && static_cast<std::size_t>(subject.part) < lod.sections.size())
        return lod.sections[static_cast<std::size_t>(subject.part)].node;
    return lod.node;
}

SubjectTables ParsedMeshSet::tables(const Subject& subject) const {
    SubjectTables out;
    const auto& lods = m_result.mesh.lods;
    if (subject.kind != kLodSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= lods.size())
        return out;
    const auto l = static_cast<std::size_t>(subject.index);
    out.heading = lods[l].name;
    out.main = std::make_unique<SectionTable>(lods[l], geometry(l));
    out.summary = std::to_string(lods[l].sections.size()) +
                  (lods[l].sections.size() == 1 ? " section" : " sections") +
                  "; the current section's vertices below";
    return out;
}

PreviewChoices ParsedMeshSet::previewChoices() const {
    PreviewChoices c;
    for (std::size_t i = 0; i < m_result.mesh.lods.size(); ++i) {
        c.lods.push_back("LOD" + std::to_string(i));
        c.lodNumbers.push_back(static_cast<int>(i));
    }
    return c;
}

std::optional<int> ParsedMeshSet::previewLod(const Subject& subject) const {
    if (subject.kind != kLodSubject || subject.index < 0) return std::nullopt;
    return static_cast<int>(subject.index);
}

} // namespace assetscope::meshset
