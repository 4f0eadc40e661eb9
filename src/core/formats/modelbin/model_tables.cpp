#include "formats/modelbin/model_tables.h"

#include "decode/mesh_decoder.h"

#include <algorithm>
#include <cmath>

namespace assetscope::modelbin {

namespace {

// The vertices from decoded vertex `first`, `count` of them, without indices or morphs: a
// window inside the range resolveMesh checked, so it is safe to decode.
decode::MeshSource vertexWindow(const decode::MeshSource& source, std::uint64_t first, std::uint64_t count) {
    decode::MeshSource window = source;
    first = std::min(first, source.vertexCount);
    window.firstVertex = source.firstVertex + first;
    window.vertexCount = std::min(count, source.vertexCount - first);
    window.indexData = {};
    window.morphTargets = 0;
    return window;
}

decode::DecodeOptions vertexOptions() {
    decode::DecodeOptions options;
    options.indices = false;
    options.morphs = false;
    return options;
}

class VertexTable : public TableSource {
public:
    explicit VertexTable(decode::MeshSource source) : m_source(std::move(source)) {
        // The columns follow what the decoder gives for the first vertex: every vertex shares them.
        const decode::DecodedMesh first = decode::decodeMesh(vertexWindow(m_source, 0, 1), vertexOptions());
        m_columns.push_back({"vertex id", ColumnType::Integer, {}});
        m_streams.push_back({Stream::Id, 0, 0});
        static const char* const xyzw[] = {"x", "y", "z", "w"};
        auto add = [this](Stream stream, int set, int components, const std::string& prefix) {
            for (int c = 0; c < components; ++c) {
                m_columns.push_back({prefix + '.' + xyzw[c], ColumnType::Real, {}});
                m_streams.push_back({stream, set, c});
            }
        };
        if (!first.positions.empty()) add(Stream::Position, 0, 3, "position");
        if (!first.normals.empty()) add(Stream::Normal, 0, 3, "normal");
        for (int k = 0; k < 5; ++k)
            if (!first.uvs[static_cast<std::size_t>(k)].empty()) {
                const std::string uv = "uv" + std::to_string(k);
                m_columns.push_back({uv + ".u", ColumnType::Real, {}});
                m_columns.push_back({uv + ".v", ColumnType::Real, {}});
                m_streams.push_back({Stream::Uv, k, 0});
                m_streams.push_back({Stream::Uv, k, 1});
            }
        if (!first.colors.empty()) {
            static const char* const rgba[] = {"r", "g", "b", "a"};
            for (int c = 0; c < 4; ++c) {
                m_columns.push_back({std::string("colour.") + rgba[c], ColumnType::Real, {}});
                m_streams.push_back({Stream::Color, 0, c});
            }
        }
        for (int k = 0; k < 5; ++k)
            if (!first.tangents[static_cast<std::size_t>(k)].empty())
                add(Stream::Tangent, k, 4, "tangent" + std::to_string(k));
        for (std::uint32_t j = 0; j < first.influences; ++j) {
            m_columns.push_back({"bone" + std::to_string(j), ColumnType::Integer, {}});
            m_columns.push_back({"weight" + std::to_string(j), ColumnType::Real, {}});
            m_streams.push_back({Stream::Bone, static_cast<int>(j), 0});
            m_streams.push_back({Stream::Weight, static_cast<int>(j), 0});
        }
    }

    const std::vector<TableColumn>& columns() const override { return m_columns; }
    std::uint64_t rowCount() const override { return m_source.vertexCount; }

    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        // Decoding into the same result each time reuses its storage while a view scrolls.
        decode::decodeMeshInto(vertexWindow(m_source, first, count), vertexOptions(), m_scratch);
        for (std::uint64_t i = 0; i < m_scratch.vertexCount; ++i)
            for (const Component& c : m_streams)
                out.push_back(cell(m_scratch, first, i, c));
    }

private:
    enum class Stream : std::uint8_t { Id, Position, Normal, Uv, Color, Tangent, Weight, Bone };
    struct Component {
        Stream stream;
        int set = 0;       // uv / tangent set, influence for weight / bone
        int component = 0; // x y z w
    };

    TableCell cell(const decode::DecodedMesh& d, std::uint64_t first, std::uint64_t i,
                   const Component& c) const {
        const auto k = static_cast<std::size_t>(c.set);
        const auto at = [&](const std::vector<float>& v, std::uint64_t width) {
            const std::uint64_t n = i * width + static_cast<std::uint64_t>(c.component);
            return realCell(n < v.size() ? static_cast<double>(v[n]) : std::nan(""));
        };
        switch (c.stream) {
        case Stream::Id: // the absolute vertex id, the one the index buffer stores
            return unsignedCell(m_source.firstVertex + first + i);
        case Stream::Position:
            return at(d.positions, 3);
        case Stream::Normal:
            return at(d.normals, 3);
        case Stream::Uv:
            return at(d.uvs[k], 2);
        case Stream::Color:
            return at(d.colors, 4);
        case Stream::Tangent:
            return at(d.tangents[k], 4);
        case Stream::Weight: {
            const std::uint64_t n = i * d.influences + k;
            return realCell(n < d.weights.size() ? static_cast<double>(d.weights[n]) : std::nan(""));
        }
        case Stream::Bone: {
            const std::uint64_t n = i * d.influences + k;
            return n < d.bones.size() ? unsignedCell(d.bones[n]) : realCell(std::nan(""));
        }
        }
        return realCell(std::nan(""));
    }

    decode::MeshSource m_source;
    std::vector<TableColumn> m_columns;
    std::vector<Component> m_streams;
    mutable decode::DecodedMesh m_scratch;
};

class TriangleTable : public TableSource {
public:
    explicit TriangleTable(decode::MeshSource source) : m_source(std::move(source)) {
        m_triangles = m_source.indexSize ? m_source.indexData.size() / m_source.indexSize / 3 : 0;
    }

    const std::vector<TableColumn>& columns() const override {
        static const std::vector<TableColumn> columns = {{"i0", ColumnType::Integer, {}},
                                                         {"i1", ColumnType::Integer, {}},
                                                         {"i2", ColumnType::Integer, {}}};
        return columns;
    }
    std::uint64_t rowCount() const override { return m_triangles; }
    std::uint64_t pageRows() const override { return 512; }
    RowMark rowMark(std::uint64_t row) const override { return {RowMark::Kind::Triangle, row}; }

    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        first = std::min(first, m_triangles);
        count = std::min(count, m_triangles - first);
        // The decoder reads the index data it is given: hand it these triangles only, and no
        // vertices or streams.
        decode::MeshSource window = m_source;
        const std::size_t bytesPerTriangle = 3u * m_source.indexSize;
        window.indexData = m_source.indexData.subspan(first * bytesPerTriangle, count * bytesPerTriangle);
        window.vertexCount = 0;
        window.elements.clear();
        window.influences = 0;
        window.morphTargets = 0;
        decode::DecodeOptions options;
        options.normals = options.uvs = options.colors = options.tangents = options.skin = options.morphs =
            false;
        const decode::DecodedMesh decoded = decode::decodeMesh(window, options);
        for (std::uint64_t i = 0; i < count * 3; ++i)
            out.push_back(unsignedCell(i < decoded.indices.size() ? decoded.indices[i] : 0));
    }

private:
    decode::MeshSource m_source;
    std::uint64_t m_triangles = 0;
};

} // namespace

std::unique_ptr<TableSource> meshVertexTable(const decode::MeshSource& source) {
    return std::make_unique<VertexTable>(source);
}

std::unique_ptr<TableSource> meshTriangleTable(const decode::MeshSource& source) {
    return std::make_unique<TriangleTable>(source);
}

} // namespace assetscope::modelbin
