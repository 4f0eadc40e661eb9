#include "triangle_mesh_format.h"

#include "tree/recorder.h"

#include <atomic>
#include <cstring>

namespace assetscope::trimesh {

namespace {

constexpr std::uint64_t kHeaderSize = 12;

std::atomic<std::uint64_t> g_sceneBuilds{0};

void put32(Bytes& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// The mesh as stored, read once by the parser; the tables and the scene read it.
class ParsedTriangleMesh : public ParsedFile {
public:
    ParsedTriangleMesh(StructureTree tree, TriangleMesh mesh, NodeId meshNode)
        : ParsedFile(std::move(tree)), m_mesh(std::move(mesh)), m_meshNode(meshNode) {}

    std::string_view format() const override { return "trimesh"; }
    std::vector<InfoLine> info() const override {
        return {{"vertices", std::to_string(m_mesh.positions.size())},
                {"triangles", std::to_string(m_mesh.triangles.size())}};
    }
    void count(CensusCounts&) const override {}
    std::optional<Bytes> writeBack() const override { return writeTriangleMesh(m_mesh); }

    Subject subjectOf(NodeId node) const override {
        for (NodeId at = node; at != kNoNode && at < m_tree.nodeCount(); at = m_tree.node(at).parent)
            if (at == m_meshNode) return {kMeshSubject, 0};
        return {};
    }
    NodeId nodeOf(const Subject& subject) const override {
        return subject.kind == kMeshSubject ? m_meshNode : kNoNode;
    }
    SubjectTables tables(const Subject& subject) const override {
        SubjectTables out;
        if (subject.kind != kMeshSubject) return out;
        out.heading = "Triangle mesh";
        out.summary = std::to_string(m_mesh.positions.size()) + " vertices";
        out.main = std::make_unique<VertexTable>(m_mesh);
        out.detail = std::make_unique<TriangleTable>(m_mesh);
        return out;
    }
    std::optional<exporting::ExportScene> exportScene(const ExportSelection&, std::string&) const override {
        ++g_sceneBuilds;
        exporting::ExportScene scene;
        scene.name = "trimesh";
        exporting::ExportMesh mesh;
        mesh.name = "mesh";
        mesh.subject = {kMeshSubject, 0};
        mesh.node = m_meshNode;
        mesh.positions = m_mesh.positions;
        exporting::Primitive primitive;
        for (const auto& t : m_mesh.triangles)
            primitive.indices.insert(primitive.indices.end(), t.begin(), t.end());
        mesh.primitives.push_back(std::move(primitive));
        scene.meshes.push_back(std::move(mesh));
        scene.materials.push_back(exporting::Material::plain("grey", {0.8f, 0.8f, 0.8f, 1.0f}));
        return scene;
    }

private:
    class VertexTable : public TableSource {
    public:
        explicit VertexTable(const TriangleMesh& mesh) : m_mesh(mesh) {}
        const std::vector<TableColumn>& columns() const override {
            static const std::vector<TableColumn> columns = {
                {"x", ColumnType::Real, "m"}, {"y", ColumnType::Real, "m"}, {"z", ColumnType::Real, "m"}};
            return columns;
        }
        std::uint64_t rowCount() const override { return m_mesh.positions.size(); }
        void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
            for (std::uint64_t i = first; i < first + count && i < rowCount(); ++i)
                for (float v : m_mesh.positions[i])
                    out.push_back(realCell(v));
        }

    private:
        const TriangleMesh& m_mesh;
    };

    class TriangleTable : public TableSource {
    public:
        explicit TriangleTable(const TriangleMesh& mesh) : m_mesh(mesh) {}
        const std::vector<TableColumn>& columns() const override {
            static const std::vector<TableColumn> columns = {{"i0", ColumnType::Integer, {}},
                                                             {"i1", ColumnType::Integer, {}},
                                                             {"i2", ColumnType::Integer, {}}};
            return columns;
        }
        std::uint64_t rowCount() const override { return m_mesh.triangles.size(); }
        RowMark rowMark(std::uint64_t row) const override { return {RowMark::Kind::Triangle, row}; }
        void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
            for (std::uint64_t i = first; i < first + count && i < rowCount(); ++i)
                for (std::uint32_t corner : m_mesh.triangles[i])
                    out.push_back(unsignedCell(corner));
        }

    private:
        const TriangleMesh& m_mesh;
    };

    TriangleMesh m_mesh;
    NodeId m_meshNode;
};

class TriangleMeshHandler : public FormatHandler {
public:
    std::string_view name() const override { return "trimesh"; }
    std::string_view title() const override { return "Test triangle meshes"; }
    std::string_view extensions() const override { return ".trimesh"; }
    int sniff(ByteView bytes, std::string_view) const override {
        return bytes.size() >= kHeaderSize && std::memcmp(bytes.data(), "TRIM", 4) == 0 ? 100 : 0;
    }

    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree(bytes, settings.recordNodes);
        Node file;
        file.name = "trimesh";
        file.kind = NodeKind::File;
        file.size = bytes->size();
        const NodeId root = tree.add(kNoNode, std::move(file));
        Recorder r(tree, *bytes, 0, root);
        TriangleMesh mesh;
        NodeId meshNode = kNoNode;
        r.guard([&] {
            std::uint32_t vertices = 0, triangles = 0;
            {
                auto header = r.scope("header");
                r.tag("magic");
                r.check(std::memcmp(bytes->data(), "TRIM", 4) == 0, "trimesh.magic", "",
                        "the file does not start with TRIM", r.parent());
                vertices = r.u32("vertex_count");
                triangles = r.u32("triangle_count");
            }
            auto body = r.scope("mesh");
            meshNode = body.id();
            // Bounds first: the counts come from the file.
            r.require(static_cast<std::uint64_t>(vertices) * 12 + static_cast<std::uint64_t>(triangles) * 12);
            for (std::uint32_t v = 0; v < vertices; ++v) {
                auto vertex = r.scope("vertex_" + std::to_string(v));
                mesh.positions.push_back({r.f32("x"), r.f32("y"), r.f32("z")});
            }
            for (std::uint32_t t = 0; t < triangles; ++t) {
                auto triangle = r.scope("triangle_" + std::to_string(t));
                mesh.triangles.push_back({r.u32("i0"), r.u32("i1"), r.u32("i2")});
            }
        });
        return std::make_unique<ParsedTriangleMesh>(std::move(tree), std::move(mesh), meshNode);
    }
};

} // namespace

Bytes writeTriangleMesh(const TriangleMesh& mesh) {
    Bytes out = {'T', 'R', 'I', 'M'};
    put32(out, static_cast<std::uint32_t>(mesh.positions.size()));
    put32(out, static_cast<std::uint32_t>(mesh.triangles.size()));
    for (const auto& p : mesh.positions)
        for (float v : p) {
            std::uint32_t bits;
            std::memcpy(&bits, &v, 4);
            put32(out, bits);
        }
    for (const auto& t : mesh.triangles)
        for (std::uint32_t corner : t)
            put32(out, corner);
    return out;
}

const FormatHandler& triangleMeshHandler() {
    static const TriangleMeshHandler handler;
    return handler;
}

std::uint64_t sceneBuilds() {
    return g_sceneBuilds.load();
}

} // namespace assetscope::trimesh
