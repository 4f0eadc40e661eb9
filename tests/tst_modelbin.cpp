#include "tst_modelbin_fixtures.h"

#include "docs/doc_table.h"
#include "formats/grub/grub_handler.h"
#include "formats/modelbin/model_parser.h"
#include "formats/modelbin/model_samples.h"
#include "formats/modelbin/nested_model.h"
#include "formats/modelbin/sample_models.h"
#include "formats/registry.h"
#include "test_support.h"

#include <QtTest>

#include <set>

using namespace fixtures;

namespace {

// The Mesh blob's size worked out by hand from the document's table for a version.
std::size_t expectedMeshSize(const Version& v, std::size_t groups, std::size_t refs, std::size_t referenced) {
    std::size_t n = v.atLeast(1, 13) ? 4 + 8 * groups : v.atLeast(1, 9) ? 8 : 2;
    n += 2 + 2 + 2 + 2 + 1;        // rigid bone, LOD flags, LOD levels, bucket flags, bucket order
    n += v.atLeast(1, 2) ? 1 : 0;  // skinning elements
    n += v.atLeast(1, 10) ? 4 : 1; // morph target count
    n += v.atLeast(1, 3) ? 1 : 0;  // is morph damage
    n += 1 + 2 + 6 * 4;            // 32-bit flag, topology, six i32
    n += v.atLeast(1, 6) ? 8 : 0;  // ACMR, referenced vertex count
    n += v.atLeast(1, 11) ? 4 + 4 * referenced : 0;
    n += 4 + 4 + refs * (v.atLeast(1, 12) ? 20 : 16);
    n += v.atLeast(1, 4) ? 8 : 0;
    n += 4; // constant buffer count (none)
    n += v.atLeast(1, 1) ? 4 : 0;
    n += v.atLeast(1, 5) ? 80 : 0;
    n += v.atLeast(1, 8) ? 32 : 0;
    return n;
}

NodeId findNode(const StructureTree& t, NodeId from, const std::string& name) {
    if (t.node(from).name == name) return from;
    for (NodeId c : t.node(from).children)
        if (NodeId f = findNode(t, c, name); f != kNoNode) return f;
    return kNoNode;
}

void collectDocs(const StructureTree& t, std::set<std::string>& used, QStringList& misplaced) {
    for (std::size_t i = 0; i < t.nodeCount(); ++i) {
        const Node& n = t.node(static_cast<NodeId>(i));
        if (!n.doc || n.doc->format != "modelbin") continue;
        used.insert(n.doc->key);
        if (n.doc->offset && n.parent != kNoNode && n.offset != t.node(n.parent).offset + *n.doc->offset)
            misplaced << QString::fromStdString(n.doc->key + " at " + t.path(static_cast<NodeId>(i)));
    }
}

// Builds a variant of the occluder-free bench model and lets the test edit its typed form.
template <typename Edit>
std::unique_ptr<ParsedFile> edited(Edit edit, const std::string& name = "e.i.modelbin") {
    BuildMesh a = smallBox({1, 13}, "a");
    BuildMesh b = smallBox({1, 13}, "b");
    b.materialGroups = {{-1, 1, -1, -1}, {-1, 2, -1, -1}};
    BuildModel spec = singleMeshModel(a);
    spec.meshes.push_back(b);
    spec.materials.push_back({2, "second", "media/materials/second.materialbin"});
    spec.variants = {{0, 0}, {0, 1}};
    Model model = buildModel(spec);
    edit(model);
    return parse(writeModel(model), name);
}

} // namespace

class TestModelbin : public QObject {
    Q_OBJECT

private slots:
    void samplesReadCleanlyAndRoundTrip() {
        const auto files = samples::modelSamples();
        QVERIFY(files.size() >= 8);
        for (const auto& f : files) {
            QVERIFY2(modelbin::looksLikeModel(f.data), f.name.c_str());
            const FormatHandler* h = detectFormat(f.data, f.name);
            QVERIFY(h);
            QCOMPARE(std::string(h->name()), std::string("modelbin"));
            const auto parsed = parse(f.data, f.name.substr(f.name.rfind('/') + 1));
            QVERIFY2(parsed->tree().diagnostics().empty(),
                     (f.name + "\n" + diagnosticsText(*parsed)).c_str());
            const auto back = parsed->writeBack();
            QVERIFY(back);
            QVERIFY2(*back == f.data, f.name.c_str());
        }
    }

    void sampleSetHasWhatTheIssueAsks() {
        std::set<std::string> seen;
        for (const auto& f : samples::modelSamples()) {
            const auto parsed = parse(f.data, f.name);
            const Model& m = modelOf(*parsed);
            if (m.header && m.header->version.atLeast(1, 5) && m.header->variantCount > 1)
                seen.insert("variants");
            for (const auto& mesh : m.meshes) {
                if (mesh.is32BitIndices) seen.insert("32-bit");
                if (mesh.version.minor == 12) seen.insert("v1.12");
                if (mesh.materialGroups.size() > 1) seen.insert("groups");
            }
            if (std::all_of(m.meshes.begin(), m.meshes.end(),
                            [](const auto& x) { return !x.drawnInMainView(); }))
                seen.insert("occluder-only");
            if (!m.morphNames.empty() &&
                m.buffers.end() != std::find_if(m.buffers.begin(), m.buffers.end(),
                                                [](const auto& b) { return b.tag == kMBufTag; }))
                seen.insert("morphs");
            if (f.name.find(".a.modelbin") != std::string::npos && m.skeleton && m.skeleton->bones.size() > 1)
                seen.insert("animated");
        }
        for (const char* want :
             {"variants", "32-bit", "v1.12", "groups", "occluder-only", "morphs", "animated"})
            QVERIFY2(seen.count(want), want);
    }

    void meshVersionFixtures_data() {
        QTest::addColumn<int>("minor");
        for (int minor = 0; minor <= 13; ++minor)
            QTest::newRow(("1." + std::to_string(minor)).c_str()) << minor;
    }
    void meshVersionFixtures() {
        QFETCH(int, minor);
        const Version v{1, static_cast<std::uint8_t>(minor)};
        BuildMesh mesh = smallBox(v);
        mesh.materialGroups = {{-1, 1, -1, -1}};
        const Bytes bytes = buildModelBytes(singleMeshModel(mesh));
        const auto parsed = parse(bytes);
        QVERIFY2(!parsed->tree().errorCount(), diagnosticsText(*parsed).c_str());
        const Model& m = modelOf(*parsed);
        QCOMPARE(m.meshes.size(), std::size_t{1});
        const MeshRecord& rec = m.meshes[0];
        const grub::Blob& blob = m.bundle.blobs[rec.blob];
        QCOMPARE(blob.data.size(), expectedMeshSize(v, 1, 2, v.atLeast(1, 11) ? 24 : 0));
        QCOMPARE(rec.indexCount, 36);
        QCOMPARE(rec.primitiveCount, 12);
        QCOMPARE(rec.materialId(0, 1), std::int16_t{1});
        QCOMPARE(rec.vertexBuffers.size(), std::size_t{2});
        // Hand-placed offsets of the version-dependent fields.
        const StructureTree& t = parsed->tree();
        const std::size_t groupsEnd = v.atLeast(1, 13) ? 12 : v.atLeast(1, 9) ? 8 : 2;
        const NodeId morph = findNode(
            t, blob.node, v.atLeast(1, 10) ? "morph_target_count" : "morph_target_count_before_1_10");
        QVERIFY(morph != kNoNode);
        QCOMPARE(t.node(morph).offset, blob.dataOffset + groupsEnd + 9 + (v.atLeast(1, 2) ? 1 : 0));
        QCOMPARE(t.node(morph).size, std::uint64_t(v.atLeast(1, 10) ? 4 : 1));
        QCOMPARE(findNode(t, blob.node, "acmr") != kNoNode, v.atLeast(1, 6));
        QCOMPARE(findNode(t, blob.node, "referenced_vertex_indices") != kNoNode, v.atLeast(1, 11));
        QCOMPARE(findNode(t, blob.node, "reserved") != kNoNode, v.atLeast(1, 12));
        QCOMPARE(findNode(t, blob.node, "morph_buffer_index") != kNoNode, v.atLeast(1, 4));
        QCOMPARE(findNode(t, blob.node, "source_mesh_index") != kNoNode, v.atLeast(1, 1));
        QCOMPARE(findNode(t, blob.node, "texture_coordinate_transforms") != kNoNode, v.atLeast(1, 5));
        QCOMPARE(findNode(t, blob.node, "position_scale_and_translate") != kNoNode, v.atLeast(1, 8));
        QCOMPARE(findNode(t, blob.node, "skinning_elements_count") != kNoNode, v.atLeast(1, 2));
        QCOMPARE(findNode(t, blob.node, "is_morph_damage") != kNoNode, v.atLeast(1, 3));
        if (!v.atLeast(1, 8)) {
            QCOMPARE(rec.positionScale[0], 1.0f);
            QCOMPARE(rec.positionTranslate[0], 0.0f);
        }
        QVERIFY(*parsed->writeBack() == bytes);
        // A version older than the census's is read by the table's notes, with a note only.
        QCOMPARE(hasRule(*parsed, "modelbin.blob.version", Severity::Note), minor != 12 && minor != 13);
    }

    // Proven statements about the whole model and its buffers: a model without its Skel blob, a
    // vertex outside its Skin buffer and a reserved u32 that is not zero are refusals.
    void provenModelRulesAreRefusals() {
        // Without its Skel blob (removed from the written bundle).
        const Bytes whole = writeModel(buildModel(singleMeshModel(smallBox({1, 13}))));
        auto bundle = grub::grubHandler().parse(shareBytes(Bytes(whole)), ParseSettings{});
        grub::Bundle withoutSkel = static_cast<const grub::ParsedBundle&>(*bundle).bundle();
        std::erase_if(withoutSkel.blobs, [](const grub::Blob& b) { return b.tag == kSkelTag; });
        auto parsed = parse(grub::writeBundle(withoutSkel));
        QVERIFY2(hasRule(*parsed, "modelbin.model.no-skeleton", Severity::Error),
                 diagnosticsText(*parsed).c_str());
        const NodeId rule = findNode(parsed->tree(), 0, "one_skeleton");
        QVERIFY(rule != kNoNode);
        QVERIFY(parsed->tree().node(rule).doc);
        QCOMPARE(parsed->tree().node(rule).display, std::string("broken"));
        parsed = parse(whole);
        QVERIFY(!hasRule(*parsed, "modelbin.model.no-skeleton"));
        QCOMPARE(parsed->tree().node(findNode(parsed->tree(), 0, "one_skeleton")).display,
                 std::string("holds"));
        QCOMPARE(parsed->tree().node(findNode(parsed->tree(), 0, "vertices_inside_buffers")).display,
                 std::string("holds"));
        // One container lists the model's rules and its bundle's (the material instances' blob
        // versions are the install's).
        QCOMPARE(assetscope::test::checkedRule(parsed->tree(), "grub/rules/blob_versions"),
                 std::optional<std::string>("holds"));
        int containers = 0;
        for (NodeId id = 0; id < parsed->tree().nodeCount(); ++id)
            containers += parsed->tree().node(id).name == "checked_rules";
        QCOMPARE(containers, 1);

        // A reserved u32 of a 1.12+ buffer reference that is not zero.
        parsed = edited([](Model& m) { m.meshes[0].vertexBuffers[0].reserved = 5; });
        QVERIFY2(hasRule(*parsed, "modelbin.mesh.buffer-reserved", Severity::Error),
                 diagnosticsText(*parsed).c_str());
        QVERIFY(!hasRule(*edited([](Model&) {}), "modelbin.mesh.buffer-reserved"));
    }

    // A crowd's Modl blobs hold model bundles (Modl 1.0): read as a .modelbin is, with their
    // meshes in the tables and the export scene. The sample crowd holds the sample bench.
    void crowdModelsAreModels() {
        const Bytes crowd = test::sampleCrowd();
        QVERIFY(!crowd.empty());
        const auto parsed = grub::grubHandler().parse(shareBytes(Bytes(crowd)), ParseSettings{});
        QVERIFY2(!parsed->tree().errorCount() && !parsed->tree().warningCount(),
                 diagnosticsText(*parsed).c_str());
        const auto& bundle = static_cast<const grub::ParsedBundle&>(*parsed);
        // The model's own format claimed the nested bundle (through the registry); the materials'
        // format the crowd's material after it.
        QCOMPARE(bundle.parts().size(), std::size_t{2});
        const auto* nested = dynamic_cast<const modelbin::NestedModel*>(bundle.parts()[0].get());
        QVERIFY(nested);
        const Model& bench = nested->model();
        QVERIFY(bench.header);
        QCOMPARE(bench.header->version.minor, std::uint8_t{0}); // Modl 1.0, as crowds have
        // and an ILay, read as a layout of its own that no mesh names.
        QCOMPARE(std::count_if(bench.layouts.begin(), bench.layouts.end(),
                               [](const VertexLayout& l) { return l.instanceLayout; }),
                 std::ptrdiff_t{1});
        for (const MeshRecord& mesh : bench.meshes)
            QVERIFY(!bench.layout(mesh.layoutIndex)->instanceLayout);
        const BuildModel spec = sample_models::bench();
        QCOMPARE(bench.meshes.size(), spec.meshes.size());
        // A node of the bench's first mesh belongs to that mesh: its vertex table holds the
        // writer's vertices (positions quantised to 16 bits over the mesh's bounds).
        const NodeId mesh = modelbin::meshNode(bench, 0);
        QVERIFY(mesh != kNoNode);
        const Subject subject = parsed->subjectOf(mesh);
        QCOMPARE(subject.kind, grub::kNestedSubject + modelbin::kMeshSubject);
        QCOMPARE(parsed->nodeOf(subject), mesh);
        const SubjectTables tables = parsed->tables(subject);
        QVERIFY(tables.main && tables.detail);
        QCOMPARE(tables.main->rowCount(), std::uint64_t(spec.meshes[0].vertices.size()));
        QCOMPARE(tables.detail->rowCount(), std::uint64_t(spec.meshes[0].indices.size() / 3));
        std::vector<TableCell> cells;
        tables.main->readRows(0, 1, cells);
        QVERIFY(std::abs(cells[1].number - spec.meshes[0].vertices[0].position[0]) < 1e-3);
        // `info` counts the nested model, and the export scene holds its meshes, each naming its node.
        bool listed = false;
        for (const auto& [label, value] : parsed->info())
            listed = listed || (label == "nested models" && value.starts_with("1 "));
        QVERIFY(listed);
        std::string reason;
        const auto scene = parsed->exportScene({}, reason);
        QVERIFY2(scene, reason.c_str());
        QCOMPARE(scene->meshes.size(), spec.meshes.size());
        QCOMPARE(scene->meshes[0].node, mesh);
        QCOMPARE(scene->meshes[0].subject, subject);
    }

    // "No other tag, version or metadata record occurs" (Proven): a version later than any the
    // documents describe, or a metadata record other than Name and Id, is a refusal.
    void laterVersionsAndOtherMetadataAreRefused() {
        const auto meshAt = [](Model& m, std::uint8_t minor) {
            m.meshes[0].version = {1, minor};
            m.bundle.blobs[m.meshes[0].blob].versionMinor = minor;
        };
        auto parsed = edited([&](Model& m) { meshAt(m, 14); });
        QVERIFY2(hasRule(*parsed, "modelbin.blob.version", Severity::Error),
                 diagnosticsText(*parsed).c_str());
        QCOMPARE(modelOf(*parsed).meshes.size(), std::size_t{2}); // still read, by the 1.13 layout
        parsed = edited([&](Model& m) { meshAt(m, 13); });
        QVERIFY(!hasRule(*parsed, "modelbin.blob.version"));
        parsed = edited([](Model& m) {
            for (grub::Blob& b : m.bundle.blobs)
                if (b.tag == kModlTag) b.versionMinor = 6;
        });
        QVERIFY2(hasRule(*parsed, "modelbin.blob.version", Severity::Error),
                 diagnosticsText(*parsed).c_str());
        parsed = edited([](Model& m) {
            grub::Metadata box;
            box.tag = 0x42426F78; // "BBox"
            box.payload = Bytes(24, 0);
            m.bundle.blobs[m.meshes[0].blob].metadata.push_back(box);
        });
        QVERIFY2(hasRule(*parsed, "modelbin.blob.metadata-tag", Severity::Error),
                 diagnosticsText(*parsed).c_str());
        QVERIFY(!hasRule(*edited([](Model&) {}), "modelbin.blob.metadata-tag"));
        // The statement, as the model's rules container shows it: broken by each of the three.
        const char* rule = "modelbin/rules/tags_versions_and_metadata";
        const auto shown = [&](const ParsedFile& p) { return assetscope::test::checkedRule(p.tree(), rule); };
        QCOMPARE(shown(*parsed), std::optional<std::string>("broken"));
        QCOMPARE(shown(*edited([&](Model& m) { meshAt(m, 14); })), std::optional<std::string>("broken"));
        QCOMPARE(shown(*edited([](Model&) {})), std::optional<std::string>("holds"));
        // FH4 and FH5's Mesh 1.9 is read by the version notes: a note, and the statement holds.
        parsed = edited([&](Model& m) { meshAt(m, 9); });
        QVERIFY(hasRule(*parsed, "modelbin.blob.version", Severity::Note));
        QCOMPARE(shown(*parsed), std::optional<std::string>("holds"));
    }

    void severalMaterialGroupsFrom113() {
        const auto parsed = edited([](Model&) {});
        const Model& m = modelOf(*parsed);
        QCOMPARE(m.meshes[1].materialGroups.size(), std::size_t{2});
        QCOMPARE(m.meshes[1].materialId(1, 3), std::int16_t{2}); // winter -1 → the group's summer id
        QCOMPARE(m.bundle.blobs[m.meshes[1].blob].data.size(), expectedMeshSize({1, 13}, 2, 2, 24));
        QVERIFY(parsed->tree().diagnostics().empty());
    }

    void modlVersionFixtures_data() {
        QTest::addColumn<int>("minor");
        QTest::addColumn<int>("size");
        QTest::newRow("1.0") << 0 << 14;
        QTest::newRow("1.1") << 1 << 14;
        QTest::newRow("1.2") << 2 << 16;
        QTest::newRow("1.3") << 3 << 17;
        QTest::newRow("1.4") << 4 << 18;
        QTest::newRow("1.5") << 5 << 22 + 2 * 1;
    }
    void modlVersionFixtures() {
        QFETCH(int, minor);
        QFETCH(int, size);
        BuildModel spec = singleMeshModel(smallBox({1, 13}), {1, static_cast<std::uint8_t>(minor)});
        if (minor == 5) spec.variants = {{0}, {0}};
        const Bytes bytes = buildModelBytes(spec);
        const auto parsed = parse(bytes);
        QVERIFY2(!parsed->tree().errorCount(), diagnosticsText(*parsed).c_str());
        const Model& m = modelOf(*parsed);
        QVERIFY(m.header);
        QCOMPARE(m.header->version.minor, std::uint8_t(minor));
        QCOMPARE(int(m.bundle.blobs.back().data.size()), size);
        QCOMPARE(m.header->meshCount, std::uint16_t{1});
        QCOMPARE(m.header->lodFlags, std::uint16_t{0x2});
        QCOMPARE(m.header->variantCount, std::uint32_t(minor == 5 ? 2 : 0));
        QVERIFY(*parsed->writeBack() == bytes);
    }

    void bufferHeaderBeforeVersion1() {
        Model model = buildModel(singleMeshModel(smallBox({1, 13})));
        for (std::size_t i = 0; i < model.buffers.size(); ++i) {
            Buffer& b = model.buffers[i];
            const Bytes payload(model.payload(b).begin(), model.payload(b).end());
            b.version = {0, 1};
            model.bundle.blobs[b.blob].versionMajor = 0;
            model.bundle.blobs[b.blob].versionMinor = 1;
            setPayload(model, i, payload, b.header.stride);
        }
        const Bytes bytes = writeModel(model);
        const auto parsed = parse(bytes);
        QVERIFY2(!parsed->tree().errorCount(), diagnosticsText(*parsed).c_str());
        const Model& m = modelOf(*parsed);
        for (const auto& b : m.buffers)
            QCOMPARE(b.payloadOffset, std::uint64_t{12});
        QVERIFY(findNode(parsed->tree(), 0, "padding_before_version_1") != kNoNode);
        QVERIFY(*parsed->writeBack() == bytes);
    }

    void strictRules_data() {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("severity");
        QTest::addColumn<int>("which");
        const char* rules[] = {
            "modelbin.mesh.topology",      "modelbin.mesh.index-count",  "modelbin.layout.unsupported",
            "modelbin.mesh.index-range",   "modelbin.mesh.vertex-range", "modelbin.mesh.unbound-slot",
            "modelbin.modl.variant-group", "modelbin.ref.material",      "modelbin.modl.variant-table-end",
            "modelbin.blob.trailing",      "modelbin.modl.counts",       "modelbin.ref.layout",
            "modelbin.ref.index-buffer",   "modelbin.ref.vertex-buffer", "modelbin.modl.padding",
            "modelbin.buffer.size",        "modelbin.skel.trailer",      "modelbin.modl.lod-pair",
            "modelbin.mati.content",       "modelbin.ref.skin-buffer",   "modelbin.ref.morph-buffer",
            "modelbin.mesh.group-count",   "modelbin.mesh.vertex-range"};
        const int severities[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0};
        for (int i = 0; i < int(std::size(rules)); ++i)
            QTest::newRow((std::to_string(i) + " " + rules[i]).c_str())
                << QString(rules[i]) << severities[i] << i;
    }
    void strictRules() {
        QFETCH(QString, rule);
        QFETCH(int, severity);
        QFETCH(int, which);
        // The passing case: the same model unedited has none of these.
        const auto clean = edited([](Model&) {});
        QVERIFY2(!hasRule(*clean, rule.toStdString()), diagnosticsText(*clean).c_str());
        const auto broken = edited([which](Model& m) {
            MeshRecord& mesh = m.meshes[0];
            switch (which) {
            case 0:
                mesh.topology = 5;
                break;
            case 1:
                mesh.primitiveCount += 1;
                break;
            case 2:
                m.layouts[0].elements[1].format = 99;
                break;
            case 3:
                mesh.indexCount = 3000, mesh.primitiveCount = 1000;
                break;
            case 4:
                mesh.indexedVertexOffset = 100000;
                break;
            case 5:
                mesh.vertexBuffers.pop_back();
                break;
            case 6:
                m.header->variants[1][0] = 3;
                break;
            case 7:
                mesh.materialGroups[0][1] = 77;
                break;
            case 8:
                m.header->trailing = {0, 0, 0};
                break;
            case 9:
                mesh.trailing = {1, 2};
                break;
            case 10:
                m.header->meshCount += 1;
                break;
            case 11:
                mesh.layoutIndex = 9;
                break;
            case 12:
                mesh.indexBufferIndex = 5;
                break;
            case 13:
                mesh.vertexBuffers[1].bufferId = 42;
                break;
            case 14:
                m.header->padding = 1;
                break;
            case 15:
                m.buffers[1].header.size += 4;
                break;
            case 16:
                m.skeleton->trailer.reset();
                break;
            case 17:
                m.header->maxLod = 2;
                break;
            case 18:
                m.bundle.blobs[m.materials[0].blob].nested.reset(),
                    m.bundle.blobs[m.materials[0].blob].data = {1, 2, 3};
                break;
            case 19:
                mesh.skinBufferIndex = 40;
                break;
            case 20:
                mesh.morphBufferIndex = 41, mesh.morphTargetCount = 1;
                break;
            case 21:
                mesh.materialGroups.clear();
                break;
            case 22:
                mesh.vertexBuffers[0].stride = 0, m.buffers[1].header.stride = 0;
                break; // no stride at all
            default:
                break;
            }
        });
        QVERIFY2(hasRule(*broken, rule.toStdString(), severity == 0 ? Severity::Error : Severity::Warning),
                 diagnosticsText(*broken).c_str());
    }

    void everyDocumentedRowIsUsedWhereItSays() {
        std::set<std::string> used;
        QStringList misplaced;
        auto visit = [&](const Bytes& b, const std::string& name) {
            const auto parsed = parse(b, name);
            StructureTree& t = parsed->tree();
            // Open the first element of every lazy array so element rows are seen too.
            for (std::size_t i = 0, n = t.nodeCount(); i < n; ++i)
                if (t.isLazyArray(static_cast<NodeId>(i)) && t.childCount(static_cast<NodeId>(i)) > 0)
                    t.child(static_cast<NodeId>(i), 0);
            collectDocs(t, used, misplaced);
        };
        for (const auto& f : samples::modelSamples())
            visit(f.data, f.name);
        for (int minor : {0, 8})
            visit(buildModelBytes(singleMeshModel(smallBox({1, std::uint8_t(minor)}))), "v.i.modelbin");
        {
            Model model = buildModel(singleMeshModel(smallBox({1, 13})));
            Buffer& b = model.buffers[1];
            const Bytes payload(model.payload(b).begin(), model.payload(b).end());
            b.version = {0, 1};
            model.bundle.blobs[b.blob].versionMajor = 0;
            setPayload(model, 1, payload, b.header.stride);
            // A float variant: TEXCOORD0 as R32G32_FLOAT needs a wider stream; only the node matters here.
            model.layouts[0].elements[2].format = 16;
            visit(writeModel(model), "f.i.modelbin");
        }
        {
            // Modl's TRef metadata (older games' models; public-reader-notes.md).
            Model model = buildModel(singleMeshModel(smallBox({1, 13})));
            grub::Metadata tref;
            tref.tag = tagFromText("TRef");
            tref.payload = {1, 0, 0, 0, 0x52, 0x0B, 0x77, 0x21};
            for (grub::Blob& blob : model.bundle.blobs)
                if (blob.tag == kModlTag) blob.metadata.push_back(tref);
            visit(writeModel(model), "t.i.modelbin");
        }
        QVERIFY2(misplaced.isEmpty(), qPrintable(misplaced.join("\n")));
        QStringList unused;
        for (const DocField* d : DocTable::instance().fieldsOf("modelbin"))
            if (!used.count(d->key)) unused << QString::fromStdString(d->key);
        QVERIFY2(unused.isEmpty(), qPrintable(unused.join(", ")));
    }

    void truncationAtEveryOffset() {
        // The occluder model with its tree, a one-box model in batch mode (diagnostics only).
        const std::pair<Bytes, bool> inputs[] = {
            {samples::modelSamples().at(3).data, true},
            {buildModelBytes(singleMeshModel(smallBox({1, 13}))), false}};
        for (const auto& [whole, nodes] : inputs) {
            for (std::size_t n = 0; n < whole.size(); ++n) {
                const Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(n));
                const auto parsed = parse(cut, "cut.i.modelbin", nodes);
                QVERIFY2(parsed->tree().errorCount() > 0, qPrintable(QString::number(n)));
                parsed->writeBack();
                std::string reason;
                parsed->exportScene({}, reason);
                CensusCounts counts;
                parsed->count(counts);
                parsed->info();
            }
        }
    }

    // Random bit flips in the first sample model (tst_corruption covers every sample by family):
    // every variant gives a tree whose size and diagnostics stay proportional to the file, and
    // the flips that break a Proven statement are refused.
    void corruptionNeverCrashes() {
        const Bytes base = samples::modelSamples().at(0).data;
        std::uint32_t seed = 12345;
        auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
        int refused = 0;
        for (int round = 0; round < 400; ++round) {
            Bytes b = base;
            const int flips = 1 + int(next() % 4);
            for (int k = 0; k < flips; ++k)
                b[next() % b.size()] ^= static_cast<std::uint8_t>(1u << (next() % 8));
            if (round % 3 == 0) {
                // Also corrupt the counts and sizes at the start of the blob data.
                const std::size_t at = 0x400 + next() % (b.size() - 0x400);
                b[at] = 0xFF;
            }
            const auto parsed = parse(b, "c.i.modelbin", round % 2 == 0);
            QVERIFY2(parsed, qPrintable(QString("round %1").arg(round)));
            StructureTree& t = parsed->tree();
            QVERIFY(t.root() != kNoNode || !t.recordsNodes());
            for (std::size_t i = 0, n = t.nodeCount(); i < n; ++i)
                if (t.isLazyArray(static_cast<NodeId>(i)) && t.childCount(static_cast<NodeId>(i)) > 0)
                    t.child(static_cast<NodeId>(i), t.childCount(static_cast<NodeId>(i)) - 1);
            parsed->writeBack();
            std::string reason;
            parsed->exportScene({}, reason);
            CensusCounts counts;
            parsed->count(counts);
            // No more nodes than bytes, no more diagnostics than one per eight bytes (the hostile
            // input limits of tests/support/accounting).
            QVERIFY2(t.nodeCount() <= b.size() + 4096, qPrintable(QString::number(t.nodeCount())));
            QVERIFY2(t.diagnostics().size() <= b.size() / 8 + 1024,
                     qPrintable(QString::number(t.diagnostics().size())));
            refused += t.errorCount() > 0;
        }
        // Most flips land in Proven fields (tags, sizes, offsets, counts) or the data they
        // describe; some land in vertex bytes the documents say nothing about, or in the material
        // slots' parameter records, whose Sourced fields warn rather than refuse.
        QVERIFY2(refused > 80 && refused < 400, qPrintable(QString::number(refused)));
    }

    void censusCountsAsTheDocumentDoes() {
        const auto parsed = parse(samples::modelSamples().at(0).data);
        CensusCounts counts;
        parsed->count(counts);
        const Model& m = modelOf(*parsed);
        std::uint64_t indices = 0;
        for (const auto& mesh : m.meshes)
            indices += std::uint64_t(mesh.indexCount);
        QCOMPARE(counts.total("meshes"), std::uint64_t(m.meshes.size()));
        QCOMPARE(counts.total("indices"), indices);
        QCOMPARE(counts.total("vertices"), std::uint64_t{302}); // every box face has its own 4 corners
        QCOMPARE(counts.kinds("blobs").at("Mesh 1.13"), std::uint64_t{6});
        QCOMPARE(counts.total("bundles"), std::uint64_t{1 + 8});
        QCOMPARE(counts.total("nested_bundles"), std::uint64_t{8});
    }

    void namedValues() {
        QCOMPARE(bucketText(0x58), std::string("shadow | not shadow | occluder"));
        QCOMPARE(bucketText(0x38), std::string("shadow | not shadow | alpha-to-coverage"));
        QCOMPARE(lodText(0x3E), std::string("LOD0, LOD1, LOD2, LOD3, LOD4"));
        MeshRecord m;
        m.bucketFlags = 0x38; // foliage: drawn although bucket & 7 == 0
        QVERIFY(m.drawnInMainView());
        m.bucketFlags = 0x58;
        QVERIFY(!m.drawnInMainView());
        m.bucketFlags = 0x18; // no colour pass
        QVERIFY(!m.drawnInMainView());
        m.bucketFlags = 0x19;
        QVERIFY(m.drawnInMainView());
        const auto parsed = parse(samples::modelSamples().at(0).data);
        const StructureTree& t = parsed->tree();
        const NodeId drawn = findNode(t, 0, "drawn_in_main_view");
        QVERIFY(drawn != kNoNode);
        QCOMPARE(std::get<bool>(t.node(drawn).value), true);
        const NodeId ids = findNode(t, 0, "material_ids");
        QVERIFY(t.node(ids).display.find("summer") != std::string::npos);
    }

    // An ILay is stored as a VLay is; meshes name VLay blobs only, and Modl's vertex layout count
    // counts those.
    void instanceLayoutReadsAsAVertexLayout() {
        BuildModel spec = singleMeshModel(smallBox({1, 13}));
        spec.instanceLayout = true;
        const Bytes bytes = buildModelBytes(spec);
        const auto parsed = parse(bytes);
        QVERIFY2(parsed->tree().diagnostics().empty(), diagnosticsText(*parsed).c_str());
        const Model& m = modelOf(*parsed);
        QCOMPARE(m.layouts.size(), std::size_t{2});
        const VertexLayout& ilay = m.layouts[1];
        QVERIFY(ilay.instanceLayout);
        const grub::Blob& blob = m.bundle.blobs[ilay.blob];
        QCOMPARE(blob.tag, kILayTag);
        // u16 name count, u32 length + "TEXCOORD", u16 element count, 3 × 20-byte elements, 3 packed
        // formats, u32 flags: 2 + 12 + 2 + 60 + 12 + 4 = 92 bytes.
        QCOMPARE(blob.data.size(), std::size_t{92});
        // Element 1 starts at 16 + 20: semantic index 6 at +2, slot 2 at +4, class 1 at +6,
        // format 2 at +8, the append offset -1 at +12, step rate 1 at +16.
        const Bytes element1(blob.data.begin() + 36, blob.data.begin() + 56);
        QCOMPARE(element1, (Bytes{0, 0, 6, 0, 2, 0, 1, 0, 2, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0}));
        QCOMPARE(ilay.semanticOf(ilay.elements[2]), std::string("TEXCOORD7"));
        QCOMPARE(ilay.flags, 0u); // TEXCOORD5 and above have no bit
        QCOMPARE(m.header->layoutCount, std::uint16_t{1});
        QCOMPARE(m.layout(0), &m.layouts[0]); // meshes name VLay blobs, never the ILay
        QVERIFY(*parsed->writeBack() == bytes);
        QVERIFY(findNode(parsed->tree(), 0, "ILay") != kNoNode);
    }

    void notAModelIsLeftToGrub() {
        Model model = buildModel(singleMeshModel(smallBox({1, 13})));
        grub::Bundle b;
        b.blobs.push_back(model.bundle.blobs.back()); // only Modl
        const Bytes bytes = grub::writeBundle(b);
        QVERIFY(!modelbin::looksLikeModel(bytes));
        QCOMPARE(modelbinHandler().sniff(bytes, "x.modelbin"), 0);
        QCOMPARE(modelbinHandler().sniff(Bytes{'b', 'u', 'r'}, "x"), 0);
    }
};

QTEST_APPLESS_MAIN(TestModelbin)
#include "tst_modelbin.moc"
