// Frostbite MeshSets: the samples read clean and write back byte for byte in both forms; each
// Proven statement of frostbite-meshset.txt with a passing and a failing case; the Observed
// ones as warnings; geometry decoded from the chunks against hand-worked values; export;
// truncation at every offset and corruption end in diagnostics.
#include "contract/sample_sources.h"
#include "docs/doc_table.h"
#include "formats/meshset/djb2_hash.h"
#include "formats/meshset/meshset_handler.h"
#include "formats/meshset/meshset_layout.h"
#include "formats/meshset/meshset_samples.h"
#include "formats/meshset/meshset_writer.h"
#include "formats/meshset/vertex_format.h"
#include "formats/registry.h"
#include "input/sibling_file.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

using namespace assetscope;
using namespace assetscope::meshset;
using test::hasRule;

namespace {

using Files = std::map<std::string, Bytes>;

Files chunkFiles(const SampleMeshSet& s) {
    Files f;
    for (const auto& [guid, bytes] : s.chunks)
        f[chunkFileName(guid)] = bytes;
    return f;
}

std::unique_ptr<ParsedFile> parse(const Bytes& bytes, const Files& siblings = {}, std::string chunkPath = {},
                                  bool recordNodes = true) {
    ParseSettings settings;
    settings.recordNodes = recordNodes;
    settings.fileName = "test.meshset";
    if (!chunkPath.empty()) settings.options[std::string(meshset::kChunkOption)] = std::move(chunkPath);
    // As openInput reads a named file: a file, or a path into archives.
    settings.named = [](const std::string& path) { return loadNamedFile(path); };
    settings.sibling = [siblings](const std::string& name) -> std::optional<Bytes> {
        auto it = siblings.find(name);
        if (it == siblings.end()) return std::nullopt;
        return it->second;
    };
    return meshsetHandler().parse(shareBytes(bytes), settings);
}

const ParsedMeshSet& asMeshSet(const std::unique_ptr<ParsedFile>& p) {
    return static_cast<const ParsedMeshSet&>(*p);
}

template <typename T> void poke(Bytes& b, std::size_t at, T v) {
    std::memcpy(b.data() + at, &v, sizeof v);
}
template <typename T> T peek(const Bytes& b, std::size_t at) {
    T v;
    std::memcpy(&v, b.data() + at, sizeof v);
    return v;
}

// Diagnostics other than the notes.
std::size_t problems(const StructureTree& t) {
    return t.errorCount() + t.warningCount();
}

#define EXPECT_CLEAN(parsed)                                                                                 \
    QVERIFY2(problems((parsed)->tree()) == 0, qPrintable(test::describeDiagnostics((parsed)->tree())))
#define EXPECT_RULE(parsed, rule, severity)                                                                  \
    QVERIFY2(hasRule((parsed)->tree(), rule, severity),                                                      \
             qPrintable(test::describeDiagnostics((parsed)->tree())))

// Offsets in the rigid sample (raw form): 0xd0 header, LOD records at 0xd0 and 0x180, sections
// of LOD 0 from 0x230 (three), of LOD 1 from 0x3b0.
constexpr std::size_t kLod0 = 0xd0;
constexpr std::size_t kSection0 = 0x230;

} // namespace

class TestMeshSet : public QObject {
    Q_OBJECT
private slots:
    void samplesReadClean() {
        for (const SampleMeshSet& s : {rigidSample(), skinnedSample(), compositeSample(), inlineSample()}) {
            const Bytes bytes = writeMeshSet(s.mesh);
            QVERIFY(meshsetHandler().sniff(bytes, "") > 50);
            QCOMPARE(detectFormat(bytes, "x")->name(), std::string_view("meshset"));
            auto p = parse(bytes, chunkFiles(s));
            EXPECT_CLEAN(p);
            QCOMPARE(p->tree().diagnostics().size(), std::size_t(0));
            const auto wb = p->writeBack();
            QVERIFY(wb.has_value());
            QVERIFY2(*wb == bytes, s.path.c_str());
        }
    }

    void layoutOfTheRigidSample() {
        const SampleMeshSet s = rigidSample();
        const Bytes b = writeMeshSet(s.mesh);
        QCOMPARE(peek<std::uint32_t>(b, 0), 0xc0u);
        QCOMPARE(peek<std::uint32_t>(b, 4), 0xb0u);
        QCOMPARE(peek<std::uint32_t>(b, 8), 384u);
        QCOMPARE(peek<std::uint64_t>(b, 0x30), std::uint64_t(kLod0 - 16));
        QCOMPARE(peek<std::uint64_t>(b, 0x38), std::uint64_t(0x180 - 16));
        QCOMPARE(peek<std::uint64_t>(b, kLod0 + 0xC), std::uint64_t(kSection0 - 16));
        QCOMPARE(peek<std::uint16_t>(b, 0xB4), std::uint16_t(2));
        // The pool starts after the five section records (0x230 + 5 * 0x180 = 0x9b0): no bone
        // lists, so the first string is LOD 0 section 0's material name.
        QCOMPARE(peek<std::uint64_t>(b, kSection0 + 0x8), std::uint64_t(0x9b0 - 16));
        QCOMPARE(std::string(reinterpret_cast<const char*>(b.data() + 0x9b0)),
                 std::string("Props/Crate_Wood"));
        // The name hash is djb2-XOR of the name.
        QCOMPARE(peek<std::uint32_t>(b, 0x78), djb2Xor("props/sample_crate"));
        QCOMPARE(peek<std::uint32_t>(b, kSection0 + 0x144), djb2Xor("props/crate_wood"));
        // The table: 2 LOD pointers, 2 name pointers; per LOD section array, non-empty lists and
        // three name pointers; per section the material name.
        const Layout l = computeLayout(s.mesh);
        QCOMPARE(l.relocations.size(), std::size_t(4 + (1 + 4 + 3) + (1 + 3 + 3) + 5));
        QCOMPARE(l.relocations.front(), 0x30u - 16);
        QCOMPARE(l.table % 16, std::uint64_t(0));
        QCOMPARE(b.size(), l.end());
    }

    void bothForms() {
        // Raw rigid -> with metadata, and skinned (with metadata) -> raw: both read and write back.
        SampleMeshSet rigid = rigidSample();
        rigid.mesh.metadata = computeMetadata(rigid.mesh);
        SampleMeshSet skinned = skinnedSample();
        skinned.mesh.metadata.reset();
        for (const SampleMeshSet* s : {&rigid, &skinned}) {
            const Bytes bytes = writeMeshSet(s->mesh);
            auto p = parse(bytes, chunkFiles(*s));
            EXPECT_CLEAN(p);
            QCOMPARE(*p->writeBack(), bytes);
            const auto info = p->info();
            QCOMPARE(QString::fromStdString(info[0].second).contains("metadata"),
                     s->mesh.metadata.has_value());
        }
        const Bytes withMeta = writeMeshSet(rigid.mesh);
        const Metadata m = computeMetadata(rigid.mesh);
        QCOMPARE(peek<std::uint32_t>(withMeta, 0), m.tableOffset);
        QCOMPARE(peek<std::uint32_t>(withMeta, 4), m.tableBytes);
        QCOMPARE(peek<std::uint32_t>(withMeta, 8), 0u);
        QCOMPARE(peek<std::uint32_t>(withMeta, 12), 0u);
        QCOMPARE(std::uint64_t(m.tableOffset) + m.tableBytes + 16, std::uint64_t(withMeta.size()));
    }

    void sniffClaimsNothingElse() {
        QCOMPARE(meshsetHandler().sniff(test::hexBytes("62 75 72 47 01 01 00 00 38 00 00 00"), ""), 0);
        Bytes b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, 8, 383);
        QCOMPARE(meshsetHandler().sniff(b, ""), 0);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, 4, 0xb4);
        QCOMPARE(meshsetHandler().sniff(b, ""), 0);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, 0, 0xd0 - 16 + 1);
        QCOMPARE(meshsetHandler().sniff(b, ""), 0);
        // Metadata whose sizes do not add up is not a MeshSet either.
        b = writeMeshSet(skinnedSample().mesh);
        poke<std::uint32_t>(b, 8, 7);
        QCOMPARE(meshsetHandler().sniff(b, ""), 0);
        auto p = parse(b);
        EXPECT_RULE(p, "meshset.header.form", Severity::Error);
        QCOMPARE(meshsetHandler().sniff({}, ""), 0);
    }

    void namedValues() {
        const SampleMeshSet s = skinnedSample();
        auto p = parse(writeMeshSet(s.mesh), chunkFiles(s));
        const StructureTree& t = p->tree();
        bool sawType = false, sawLists = false, sawUsage = false, sawFormat = false;
        for (NodeId i = 0; i < t.nodeCount(); ++i) {
            const Node& n = t.node(i);
            if (n.name == "mesh_type" && n.display == "skinned") sawType = true;
            if (n.name == "decals" && n.confidence == Confidence::Inferred) sawLists = true;
            if (n.name == "usage" && n.display == "BlendIndices") sawUsage = true;
            if (n.name == "format" && n.display == "UShort4") sawFormat = true;
        }
        QVERIFY(sawType && sawLists && sawUsage && sawFormat);
        const auto info = asMeshSet(p).info();
        std::map<std::string, std::string> lines(info.begin(), info.end());
        QCOMPARE(QString::fromStdString(lines["mesh type"]), QString("skinned"));
        QCOMPARE(QString::fromStdString(lines["name"]), QString("characters/sample_bendy_bar"));
        QCOMPARE(QString::fromStdString(lines["vertices"]), QString("24"));
        QCOMPARE(QString::fromStdString(lines["indices"]), QString("36"));
        CensusCounts counts;
        p->count(counts);
        QCOMPARE(counts.total("meshes"), std::uint64_t(1));
        QCOMPARE(counts.total("vertices"), std::uint64_t(24));
    }

    // Proven: LOD count at most 7.
    void ruleLodCount() {
        Bytes b = writeMeshSet(rigidSample().mesh);
        poke<std::uint16_t>(b, 0xB4, 8);
        auto p = parse(b);
        EXPECT_RULE(p, "meshset.header.lod-count", Severity::Error);
    }

    // Proven: the mesh type decides header and record sizes; non-rigid sections declare blend indices.
    void ruleMeshTypeForm() {
        Bytes b = writeMeshSet(rigidSample().mesh);
        b[0x7C] = 2;
        auto p = parse(b);
        EXPECT_RULE(p, "meshset.mesh-type.form", Severity::Error);
        EXPECT_RULE(p, "meshset.mesh-type.blend-indices", Severity::Error);
        SampleMeshSet s = rigidSample();
        Section& sec = s.mesh.lods[0].sections[2];
        sec.stored.elements[1] = {kUsageBlendIndices, 0x0C, 0, 0};
        sec.stored.elementCount = 2;
        p = parse(writeMeshSet(s.mesh));
        EXPECT_RULE(p, "meshset.mesh-type.blend-indices", Severity::Error);
        QVERIFY(!hasRule(p->tree(), "meshset.mesh-type.form"));
    }

    // Proven: the relocation table lists exactly every pointer field in record order.
    void ruleRelocationTable() {
        const SampleMeshSet s = rigidSample();
        const Layout l = computeLayout(s.mesh);
        Bytes b = writeMeshSet(s.mesh);
        poke<std::uint32_t>(b, l.table + 8, peek<std::uint32_t>(b, l.table + 12));
        auto p = parse(b, chunkFiles(s));
        EXPECT_RULE(p, "meshset.relocation.table", Severity::Error);
        // A null LOD slot that is not listed passes; a pointer the table misses fails.
        SampleMeshSet s2 = rigidSample();
        s2.mesh.lods[0].sectionLists[1] = {0};
        Bytes b2 = writeMeshSet(s2.mesh);
        auto ok = parse(b2, chunkFiles(s2));
        EXPECT_CLEAN(ok);
        // Same bytes but the old table: one entry short.
        SampleMeshSet s3 = rigidSample();
        s3.mesh.metadata = computeMetadata(s3.mesh);
        Bytes b3 = writeMeshSet(s3.mesh);
        const std::uint32_t tableBytes = peek<std::uint32_t>(b3, 4);
        poke<std::uint32_t>(b3, 4, tableBytes - 4);
        poke<std::uint32_t>(b3, 8, 4); // the last entry now counts as trailing data
        p = parse(b3, chunkFiles(s3));
        EXPECT_RULE(p, "meshset.relocation.table", Severity::Error);
        EXPECT_RULE(p, "meshset.metadata.table-bytes", Severity::Error);
    }

    // Proven: pointers land inside the pool, in the documented arrangement.
    void rulePointersInPool() {
        Bytes b = writeMeshSet(rigidSample().mesh);
        poke<std::uint64_t>(b, kSection0 + 0x8, 0x40); // material name inside the header
        auto p = parse(b);
        EXPECT_RULE(p, "meshset.pointer.outside-pool", Severity::Error);
        EXPECT_RULE(p, "meshset.arrangement.pointer", Severity::Error);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint64_t>(b, kSection0 + 0x8, 0x7fffffff);
        p = parse(b);
        EXPECT_RULE(p, "meshset.pointer.outside-pool", Severity::Error);
        QVERIFY(!p->writeBack().has_value());
    }

    // Proven: index formats 0x21 / 0x2e; repeated fields repeat.
    void ruleLodAndSectionFields() {
        Bytes b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, kLod0 + 0x54, 0x22);
        auto p = parse(b);
        EXPECT_RULE(p, "meshset.lod.index-format", Severity::Error);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, kSection0 + 0x140, 99);
        p = parse(b);
        EXPECT_RULE(p, "meshset.section.repeated-start-index", Severity::Error);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, kSection0 + 0x54, 99);
        p = parse(b);
        EXPECT_RULE(p, "meshset.section.repeated-vertex-offset", Severity::Error);
        SampleMeshSet s = rigidSample();
        s.mesh.lods[0].sectionLists[2] = {7};
        p = parse(writeMeshSet(s.mesh));
        EXPECT_RULE(p, "meshset.lod.section-list", Severity::Error);
    }

    // Proven: header bit 0 / LOD bit 6 clear exactly for inline geometry; header bit 2 with LOD bit 4.
    void ruleFlags() {
        Bytes b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, 0xA8, 0);
        auto p = parse(b);
        EXPECT_RULE(p, "meshset.inline.header-flag", Severity::Error);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, kLod0 + 0x50, 0);
        p = parse(b);
        EXPECT_RULE(p, "meshset.inline.lod-flag", Severity::Error);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, 0xA8, 1u | 4u);
        p = parse(b);
        EXPECT_RULE(p, "meshset.header.bit2", Severity::Error);
        SampleMeshSet s = rigidSample();
        s.mesh.flags |= kHeaderSomeLodBit4;
        s.mesh.lods[1].flags |= kLodBit4;
        p = parse(writeMeshSet(s.mesh), chunkFiles(s));
        EXPECT_CLEAN(p);
        // Inline: trailing data without the flags saying so.
        SampleMeshSet in = inlineSample();
        in.mesh.flags = kHeaderGeometryInChunks;
        p = parse(writeMeshSet(in.mesh));
        EXPECT_RULE(p, "meshset.inline.header-flag", Severity::Error);
        // Trailing data on a MeshSet whose geometry is all in chunks.
        SampleMeshSet extra = rigidSample();
        extra.mesh.trailing = {0, 0, 0, 0};
        p = parse(writeMeshSet(extra.mesh));
        EXPECT_RULE(p, "meshset.inline.trailing", Severity::Error);
    }

    // Observed statements break as warnings.
    void observedWarnings() {
        Bytes b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, 0x78, 1);
        auto p = parse(b);
        EXPECT_RULE(p, "meshset.header.name-hash", Severity::Warning);
        QCOMPARE(p->tree().errorCount(), std::size_t(0));
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, kSection0 + 0x144, djb2Xor("Props/Crate_Wood")); // not lower-cased
        p = parse(b);
        EXPECT_RULE(p, "meshset.section.material-hash", Severity::Warning);
        b = writeMeshSet(rigidSample().mesh);
        poke<std::uint32_t>(b, kLod0 + 0xA4, djb2Xor("Mesh:props/sample_crate_lod0"));
        p = parse(b);
        EXPECT_RULE(p, "meshset.lod.path-hash", Severity::Warning);
        // The section flags byte takes 15 values (Proven): 0x02 is none of them.
        b = writeMeshSet(rigidSample().mesh);
        QVERIFY(!hasRule(parse(b)->tree(), "meshset.section.flags", Severity::Error));
        b[kSection0 + 0x1B] = 0x02;
        EXPECT_RULE(parse(b), "meshset.section.flags", Severity::Error);
        // Every LOD record hashes "<name>_lod0", LOD 1's too: its own "<name>_lod1" is a mismatch.
        b = writeMeshSet(rigidSample().mesh);
        QCOMPARE(peek<std::uint32_t>(b, 0x180 + 0xA4), djb2Xor("props/sample_crate_lod0"));
        QVERIFY(!hasRule(parse(b)->tree(), "meshset.lod.path-hash", Severity::Warning));
        poke<std::uint32_t>(b, 0x180 + 0xA4, djb2Xor("props/sample_crate_lod1"));
        EXPECT_RULE(parse(b), "meshset.lod.path-hash", Severity::Warning);
        b = writeMeshSet(rigidSample().mesh);
        b[kSection0 + 0x1F] = 4;
        p = parse(b);
        EXPECT_RULE(p, "meshset.section.primitive-type", Severity::Warning);
        // A declaration has 16 element slots and 16 stream descriptors (Proven): the stored
        // declaration (section + 0x70) counting 17 of either is a refusal.
        b = writeMeshSet(rigidSample().mesh);
        QVERIFY(!hasRule(parse(b)->tree(), "meshset.declaration.element-count", Severity::Error));
        QVERIFY(!hasRule(parse(b)->tree(), "meshset.declaration.stream-count", Severity::Error));
        b[kSection0 + 0x70 + 0x60] = 17;
        EXPECT_RULE(parse(b), "meshset.declaration.element-count", Severity::Error);
        b = writeMeshSet(rigidSample().mesh);
        b[kSection0 + 0x70 + 0x61] = 17;
        EXPECT_RULE(parse(b), "meshset.declaration.stream-count", Severity::Error);
        // A vertex buffer that is not a multiple of 16: a warning (community files do this).
        SampleMeshSet s = rigidSample();
        s.mesh.lods[0].vertexBufferBytes -= 4; // the decal section still fits; indices move
        b = writeMeshSet(s.mesh);
        p = parse(b);
        EXPECT_RULE(p, "meshset.lod.vertex-buffer-align", Severity::Warning);
        // Stored measures that do not match the triangles.
        s = rigidSample();
        s.mesh.lods[0].sections[0].surfaceArea = 2.0f;
        s.mesh.lods[0].sections[0].uv0Density = 3.0f;
        p = parse(writeMeshSet(s.mesh), chunkFiles(s));
        EXPECT_RULE(p, "meshset.geometry.surface-area", Severity::Warning);
        EXPECT_RULE(p, "meshset.geometry.uv0-density", Severity::Warning);
        QCOMPARE(p->tree().errorCount(), std::size_t(0));
    }

    // The crate is a 0.5 m cube: area 6 * 0.25 = 1.5 m^2; each triangle 0.125 m^2 with UV area
    // 0.5, so the texel density is sqrt(0.5 / 0.125) = 2.
    void geometryByHand() {
        const SampleMeshSet s = rigidSample();
        QCOMPARE(s.mesh.lods[0].sections[0].surfaceArea, 1.5f);
        QCOMPARE(s.mesh.lods[0].sections[0].uv0Density, 2.0f);
        auto p = parse(writeMeshSet(s.mesh), chunkFiles(s));
        const auto& m = asMeshSet(p);
        QCOMPARE(m.geometry(0).size(), s.chunks[0].second.size());
        ExportSelection sel;
        std::string reason;
        auto scene = m.exportScene(sel, reason);
        QVERIFY2(scene.has_value(), reason.c_str());
        // Default: the main pass of LOD 0 (section 0 only).
        QCOMPARE(scene->meshes.size(), std::size_t(1));
        const auto& crate = scene->meshes[0];
        QCOMPARE(crate.positions.size(), std::size_t(24));
        QCOMPARE(crate.primitives[0].indices.size(), std::size_t(36));
        // First face: normal +x, corner (0,0) at (0.25, 0.5, 0.25) (y from 0.25 + 0.25).
        QCOMPARE(crate.positions[0], (exporting::Vec3{0.25f, 0.5f, 0.25f}));
        QVERIFY(std::fabs(crate.normals[0][0] - 1.0f) < 1e-4f);
        QVERIFY(std::fabs(crate.tangents[0][2] + 1.0f) < 1e-3f); // U runs along -z on that face
        QCOMPARE(crate.uvs[0][2], (exporting::Vec2{1.0f, 1.0f}));
        QCOMPARE(crate.colors[0], (exporting::Vec4{1, 1, 1, 1}));
        // The decal's Half4 positions: 0.502 rounds to the half 0.50195.
        sel.meshes = {1};
        scene = m.exportScene(sel, reason);
        QVERIFY(scene.has_value());
        QVERIFY(std::fabs(scene->meshes[0].positions[0][1] - 0.50195f) < 1e-4f);
        // LOD 1 (32-bit indices), and the whole MeshSet.
        sel = {};
        sel.lod = 1;
        scene = m.exportScene(sel, reason);
        QVERIFY(scene.has_value());
        QCOMPARE(scene->meshes[0].primitives[0].indices.size(), std::size_t(36));
        sel.lod = -1;
        scene = m.exportScene(sel, reason);
        QVERIFY(scene.has_value());
        QCOMPARE(scene->meshes.size(), std::size_t(5));
        sel.lod = 3;
        QVERIFY(!m.exportScene(sel, reason).has_value());
        // Without its chunk: a note, and export says why.
        auto bare = parse(writeMeshSet(s.mesh));
        EXPECT_RULE(bare, "meshset.chunk.missing", Severity::Note);
        QVERIFY(!bare->exportScene({}, reason).has_value());
        QVERIFY(QString::fromStdString(reason).contains(".chunk"));
    }

    void skinnedExport() {
        const SampleMeshSet s = skinnedSample();
        auto p = parse(writeMeshSet(s.mesh), chunkFiles(s));
        std::string reason;
        auto scene = p->exportScene({}, reason);
        QVERIFY2(scene.has_value(), reason.c_str());
        QCOMPARE(scene->skins.size(), std::size_t(1));
        QCOMPARE(scene->skins[0].joints.size(), std::size_t(12));
        const auto& mesh = scene->meshes[0];
        QVERIFY(mesh.skin.has_value());
        // Blend index 0 and 1 go through the bone map {5, 9}.
        for (std::size_t v = 0; v < mesh.joints.size(); ++v) {
            QCOMPARE(mesh.joints[v][0], std::uint16_t(5));
            QCOMPARE(mesh.joints[v][1], std::uint16_t(9));
            const float y = mesh.positions[v][1];
            QVERIFY(std::fabs(mesh.weights[v][1] - (y > 0.5f ? 1.0f : 0.0f)) < 1e-6f);
        }
    }

    void inlineGeometry() {
        const SampleMeshSet s = inlineSample();
        const Bytes b = writeMeshSet(s.mesh);
        auto p = parse(b);
        EXPECT_CLEAN(p);
        std::string reason;
        auto scene = p->exportScene({}, reason);
        QVERIFY2(scene.has_value(), reason.c_str());
        QCOMPARE(scene->meshes[0].positions.size(), std::size_t(24));
        // The rock's second colour set and submaterial selector, as the writer put them: the
        // UByte4N tint (64, 128, 192, 255) and the UByte4 selector 3.
        const auto& rock = scene->meshes[0];
        QCOMPARE(rock.colors1.size(), std::size_t(24));
        QCOMPARE(rock.colors1[5][0], 64.0f / 255.0f);
        QCOMPARE(rock.colors1[5][2], 192.0f / 255.0f);
        QCOMPARE(rock.colors1[5][3], 1.0f);
        const SubjectTables tables = p->tables(Subject{kLodSubject, 0, 0, 0});
        QVERIFY(tables.main);
        const auto vertices = tables.main->detailOf(0);
        QVERIFY(vertices);
        std::vector<std::string> names;
        for (const TableColumn& c : vertices->columns())
            names.push_back(c.name);
        const auto column = [&](const std::string& name) {
            return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
        };
        QVERIFY(column("colour1.g") < names.size() && column("submaterial0") < names.size());
        std::vector<TableCell> cells;
        vertices->readRows(3, 1, cells);
        QCOMPARE(cells[column("colour1.g")].number, double(128.0f / 255.0f));
        QCOMPARE(cells[column("submaterial0")].text, std::string("3"));
        // The buffers take four bytes less than the trailing data (Proven): one more or less is
        // a refusal. That those four bytes are zero is Observed: a warning.
        SampleMeshSet longer = inlineSample();
        longer.mesh.trailing.push_back(0);
        p = parse(writeMeshSet(longer.mesh));
        EXPECT_RULE(p, "meshset.inline.size", Severity::Error);
        SampleMeshSet shorter = inlineSample();
        shorter.mesh.trailing.pop_back();
        p = parse(writeMeshSet(shorter.mesh));
        EXPECT_RULE(p, "meshset.inline.size", Severity::Error);
        SampleMeshSet tail = inlineSample();
        tail.mesh.trailing.back() = 7;
        p = parse(writeMeshSet(tail.mesh));
        EXPECT_RULE(p, "meshset.inline.zero-tail", Severity::Warning);
        QCOMPARE(p->tree().errorCount(), std::uint64_t{0});
        // The file cut inside its inline geometry (ten bytes short) is refused.
        const Bytes cut(b.begin(), b.end() - 10);
        p = parse(cut);
        EXPECT_RULE(p, "meshset.inline.size", Severity::Error);
    }

    void explicitChunk() {
        const SampleMeshSet s = rigidSample();
        const QString dir = QDir::tempPath() + "/tst_meshset_chunk";
        QDir().mkpath(dir);
        const QString path = dir + "/lod0.bin";
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(reinterpret_cast<const char*>(s.chunks[0].second.data()),
                    qint64(s.chunks[0].second.size()));
        }
        auto p = parse(writeMeshSet(s.mesh), {}, path.toStdString());
        const auto& m = asMeshSet(p);
        QVERIFY(m.geometrySources()[0].found);
        QVERIFY(!m.geometrySources()[1].found);
        std::string reason;
        QVERIFY(p->exportScene({}, reason).has_value());
        // A path into an archive names it too, read through input/ as any input is.
        const QString zip = dir + "/chunks.zip";
        {
            QFile f(zip);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const Bytes z = archive::writeZip({{"geometry/lod0.bin", s.chunks[0].second}}, true);
            f.write(reinterpret_cast<const char*>(z.data()), qint64(z.size()));
        }
        p = parse(writeMeshSet(s.mesh), {}, zip.toStdString() + "::geometry/lod0.bin");
        QVERIFY(asMeshSet(p).geometrySources()[0].found);
        QCOMPARE(asMeshSet(p).geometrySources()[0].size, std::uint64_t(s.chunks[0].second.size()));
        p = parse(writeMeshSet(s.mesh), {}, zip.toStdString() + "::geometry/none.bin");
        QVERIFY(!asMeshSet(p).geometrySources()[0].found);
        QDir(dir).removeRecursively();
    }

    void corruptChunk() {
        SampleMeshSet s = rigidSample();
        Files files = chunkFiles(s);
        Bytes& chunk = files[chunkFileName(s.mesh.lods[0].chunk)];
        const std::uint32_t vb = s.mesh.lods[0].vertexBufferBytes;
        poke<std::uint16_t>(chunk, vb, 900); // first index of section 0 names vertex 900 of 24
        auto p = parse(writeMeshSet(s.mesh), files);
        EXPECT_RULE(p, "meshset.geometry.index-value", Severity::Error);
        files = chunkFiles(s);
        files[chunkFileName(s.mesh.lods[0].chunk)].resize(vb / 2);
        p = parse(writeMeshSet(s.mesh), files);
        EXPECT_RULE(p, "meshset.chunk.size", Severity::Error);
    }

    void truncationAtEveryOffset() {
        for (const SampleMeshSet& s : {rigidSample(), skinnedSample(), compositeSample(), inlineSample()}) {
            const Bytes full = writeMeshSet(s.mesh);
            const Files files = chunkFiles(s);
            for (std::size_t n = 0; n < full.size(); ++n) {
                const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
                // Every offset reads diagnostics-only (the census path); every 16th also builds
                // and materialises the whole tree.
                const bool nodes = n % 16 == 0;
                auto p = parse(cut, files, {}, nodes);
                QVERIFY(p != nullptr);
                QVERIFY2(problems(p->tree()) > 0,
                         qPrintable(QString("%1 cut at %2").arg(s.path.c_str()).arg(n)));
                if (nodes) test::materialiseAll(p->tree());
                (void)p->writeBack();
            }
        }
    }

    void aRecordCutShortKeepsWhatWasRead() {
        // The records are read field by field: the typed form holds the fields before a cut (the
        // defaults after it) and the error is at the field cut short. The composite sample: a
        // 0xe0 header, mesh type 2 at 0x7c, LOD 0's 0xb8 record at 0xe0.
        const Bytes full = writeMeshSet(compositeSample().mesh);
        const auto truncatedAt = [](const StructureTree& t, std::string_view message) {
            const auto& d = t.diagnostics();
            return std::any_of(d.begin(), d.end(),
                               [&](const auto& x) { return x.diagnostic.message == message; });
        };
        {
            auto p = parse(Bytes(full.begin(), full.begin() + 0x7d));
            const MeshSet& m = asMeshSet(p).meshSet();
            QCOMPARE(m.headerBytes, 0xe0u);
            QCOMPARE(m.lodRecordBytes, kLodBoneMasks);
            QCOMPARE(m.meshType, std::uint8_t{2});
            QCOMPARE(m.flags, kHeaderGeometryInChunks); // 0xa8 not reached
            QVERIFY(truncatedAt(p->tree(), "need 1 byte(s) at 125 but the data ends at 125"));
        }
        {
            // Inside list 2's pointer: 0xe0 + 0x14 + 2 * 12 + 4 = 272.
            auto p = parse(Bytes(full.begin(), full.begin() + 275));
            QVERIFY(truncatedAt(p->tree(), "need 8 byte(s) at 272 but the data ends at 275"));
            const StructureTree& t = p->tree();
            NodeId lists = kNoNode;
            for (NodeId id = 0; id < t.nodeCount(); ++id)
                if (t.node(id).name == "section_index_lists") lists = id;
            QVERIFY(lists != kNoNode);
            const Node& shown = t.node(lists);
            QCOMPARE(shown.children.size(), std::size_t{3}); // lists 0 and 1, and list 2's count
            QCOMPARE(t.node(shown.children[1]).display.substr(0, 7), std::string("list 1:"));
            QCOMPARE(t.node(shown.children[2]).children.size(), std::size_t{1});
        }
    }

    void corruption() {
        // Every byte of the header and records set to 0xff in turn, then a pseudo-random spray.
        const SampleMeshSet s = skinnedSample();
        const Bytes full = writeMeshSet(s.mesh);
        const Files files = chunkFiles(s);
        for (std::size_t i = 0; i < full.size(); ++i) {
            Bytes b = full;
            b[i] ^= 0xff;
            auto p = parse(b, files, {}, i % 16 == 0);
            QVERIFY(p != nullptr);
            if (i % 16 == 0) test::materialiseAll(p->tree());
            std::string reason;
            (void)p->exportScene({}, reason);
        }
        std::uint32_t seed = 12345;
        for (int round = 0; round < 300; ++round) {
            Bytes b = full;
            for (int k = 0; k < 6; ++k) {
                seed = seed * 1664525u + 1013904223u;
                b[16 + seed % (b.size() - 16)] = static_cast<std::uint8_t>(seed >> 24);
            }
            auto p = parse(b, files, {}, false);
            QVERIFY(p != nullptr);
            std::string reason;
            (void)p->exportScene({}, reason);
            (void)p->writeBack();
        }
    }

    // Every documented row is used by the samples read as the doc-table test reads them (no
    // chunks: the inline sample carries the geometry rows), and fixed offsets hold.
    void documentedRows() {
        std::set<const DocField*> used;
        for (const auto& f : samples::meshsetSamples()) {
            const FormatHandler* h = detectFormat(f.data, f.name);
            if (!h) continue;
            QCOMPARE(h->name(), std::string_view("meshset"));
            ParseSettings settings;
            auto p = h->parse(shareBytes(f.data), settings);
            test::materialiseAll(p->tree());
            QVERIFY(!hasRule(p->tree(), "doc.missing-row"));
            const StructureTree& t = p->tree();
            for (NodeId id = 0; id < t.nodeCount(); ++id) {
                const Node& n = t.node(id);
                if (!n.doc) continue;
                used.insert(n.doc);
                if (n.doc->offset && n.parent != kNoNode)
                    QVERIFY2(n.offset - t.node(n.parent).offset == *n.doc->offset, n.doc->key.c_str());
            }
        }
        QStringList unused;
        for (const DocField* f : DocTable::instance().fieldsOf("meshset"))
            if (!used.contains(f)) unused << QString::fromStdString(f->key);
        QVERIFY2(unused.isEmpty(), qPrintable(unused.join(", ")));
    }

    void samplesFiles() {
        const auto files = samples::meshsetSamples();
        std::map<std::string, Bytes> byName;
        for (const auto& f : files)
            byName[f.name] = f.data;
        QVERIFY(byName.count("frostbite/props/sample_crate.meshset"));
        QVERIFY(byName.count("frostbite/props/5f1e3c2a-9b7d-4e61-a0c4-1d2e3f405162.chunk"));
        QVERIFY(byName.count("frostbite/props/0c7d9a18-33e2-4f05-8b6a-7e91d2c4a0f3.chunk"));
        QVERIFY(byName.count("frostbite/characters/sample_bendy_bar.meshset"));
        QVERIFY(byName.count("frostbite/dev/sample_inline_rock.meshset"));
        QCOMPARE(files.size(), std::size_t(8));
    }
};

QTEST_GUILESS_MAIN(TestMeshSet)
#include "tst_meshset.moc"
