#include "tst_modelbin_fixtures.h"

#include "bytes/byte_writer.h"
#include "decode/mesh_decoder.h"
#include "decode/vertex_formats.h"
#include "formats/modelbin/mesh_resolve.h"
#include "formats/modelbin/sample_models.h"
#include "math/half_float.h"

#include <QtTest>

#include <cmath>

using namespace fixtures;
using namespace assetscope::decode;
using assetscope::modelbin::Problem;

namespace {

BuildMesh triangle(std::size_t vertices = 3) {
    BuildMesh m;
    m.name = "tri";
    m.materialGroups = {{-1, 1, -1, -1}};
    for (std::size_t i = 0; i < vertices; ++i) {
        BuildVertex v;
        v.position = {float(i), float(i % 2), 0};
        m.vertices.push_back(v);
    }
    m.indices = {0, 1, 2};
    return m;
}

DecodedMesh decodeFirst(const Model& model, const DecodeOptions& options = {}) {
    std::vector<Problem> problems;
    const auto source = resolveMesh(model, 0, problems);
    if (!source)
        qFatal("mesh did not resolve: %s", problems.empty() ? "?" : problems.front().message.c_str());
    return decodeMesh(*source, options);
}

bool near(float a, double b, double tol = 1e-6) {
    return std::fabs(double(a) - b) <= tol;
}

// An element of `bytes` read by layout: vertex v at v × stride + offset.
ElementSource laidOut(Semantic semantic, int set, std::uint32_t dxgi, ByteView bytes, std::uint32_t stride,
                      std::uint32_t offset) {
    ElementSource e;
    e.semantic = semantic;
    e.set = set;
    e.stream = bytes;
    e.stride = stride;
    e.offset = offset;
    e.layout = dxgiElementLayout(dxgi);
    return e;
}

// A stand-in for a format's packed frame: the normal is the first byte on x, the tangent the
// second on y, with bitangent sign -1.
void testFrame(const std::uint8_t* p, float* normal, float* tangent) {
    normal[0] = p[0], normal[1] = 0, normal[2] = 0;
    tangent[0] = 0, tangent[1] = p[1], tangent[2] = 0, tangent[3] = -1;
}

} // namespace

class TestDecode : public QObject {
    Q_OBJECT

private slots:
    void scalarFormatsByHand() {
        using namespace assetscope::decode::vertex;
        QCOMPARE(snorm16(0x7FFF), 1.0f);
        QCOMPARE(snorm16(std::int16_t(-32768)), -1.0f);
        QCOMPARE(snorm16(std::int16_t(-32767)), -1.0f);
        QCOMPARE(snorm16(0x4000), 16384.0f / 32767.0f);
        QCOMPARE(unorm16(0xFFFF), 1.0f);
        QCOMPARE(assetscope::math::halfToFloat(0x3C00), 1.0f);
        QCOMPARE(assetscope::math::halfToFloat(0x3800), 0.5f);
        QCOMPARE(assetscope::math::halfToFloat(0x3555), 0.333251953125f); // 1365/4096
        QCOMPARE(assetscope::math::halfToFloat(0xC000), -2.0f);
        QCOMPARE(assetscope::math::halfToFloat(0x0001), 5.9604644775390625e-8f);
        QVERIFY(std::isinf(assetscope::math::halfToFloat(0x7C00)));
        for (std::uint32_t h : {0x0000u, 0x3C00u, 0x3555u, 0x8001u, 0x7BFFu, 0x0400u, 0x03FFu})
            QCOMPARE(
                std::uint32_t(assetscope::math::floatToHalf(assetscope::math::halfToFloat(std::uint16_t(h)))),
                h);
        // x = 1023 → +1, y = 512 → 1/1023, z = 0 → −1, 2-bit field 3 → sign +1; then normalised.
        const Tangent t = unpackTangent(0xC00803FFu);
        const double len = std::sqrt(2.0 + 1.0 / (1023.0 * 1023.0));
        QVERIFY(near(t.x, 1.0 / len) && near(t.y, (1.0 / 1023.0) / len) && near(t.z, -1.0 / len));
        QCOMPARE(t.sign, 1.0f);
        QCOMPARE(unpackTangent(0x5FFFFC00u).sign, -1.0f); // field 1 → −1
        QCOMPARE(unpackTangent(0x80000000u).sign, 1.0f);  // field 2 → +1
    }

    void meshWithoutVerticesAddressesNoElement() {
        // A mesh without indices reaches no vertex, so no element range was checked against its
        // stream: an element 4 bytes into an empty stream must not even be addressed (UBSan:
        // "applying non-zero offset 4 to null pointer", found by fuzz_grub_pipeline).
        MeshSource s;
        ElementSource position, uv;
        position.semantic = Semantic::Position, position.format = 13, position.stride = 8;
        uv.semantic = Semantic::TexCoord, uv.format = 35, uv.stride = 8, uv.offset = 4;
        s.elements = {position, uv};
        s.influences = 2, s.skinBase = 4, s.skinStride = 8;
        s.morphTargets = 1, s.morphBase = 4, s.morphStride = 16;
        const DecodedMesh d = decodeMesh(s, {});
        QCOMPARE(d.vertexCount, std::uint64_t{0});
        QVERIFY(d.indices.empty() && d.positions.empty() && d.normals.empty() && d.uvs[0].empty());
        QVERIFY(d.weights.empty() && d.bones.empty());
        QCOMPARE(d.morphs.size(), std::size_t{1}); // the target is named, with no deltas
        QVERIFY(d.morphs[0].positions.empty() && d.morphs[0].normals.empty());
    }

    void packedVerticesByHand() {
        Model model = buildModel(singleMeshModel(triangle()));
        MeshRecord& mesh = model.meshes[0];
        mesh.positionScale = {2, 4, 0.5f, 1};
        mesh.positionTranslate = {10, -3, 1, 0};
        mesh.uvTransforms[0] = {0.25f, 0.5f, -1, 2}; // uOffset, uScale, vOffset, vScale
        ByteWriter s0, s1;
        for (std::uint16_t v : {0x7FFF, 0x8000, 0x4000, 0x4000, 0x8001, 0x0000, 0xC000, 0x0000, 0, 0, 0, 0})
            s0.u16(v);
        // NORMAL0 (y, z) | TEXCOORD0 | COLOR0 | TANGENT0
        s1.u16(0x4000), s1.u16(0), s1.u16(0x8000), s1.u16(0xFFFF), s1.u32(0x800033FFu), s1.u32(0xC00803FFu);
        s1.u16(0), s1.u16(0), s1.u16(0), s1.u16(0), s1.u32(0), s1.u32(0x5FFFFC00u);
        s1.u16(0x7FFF), s1.u16(0), s1.u16(0), s1.u16(0), s1.u32(0), s1.u32(0);
        setPayload(model, bufferIndex(model, kVerBTag, 0), s0.bytes(), 8);
        setPayload(model, bufferIndex(model, kVerBTag, 1), s1.bytes(), 16);

        for (int pass = 0; pass < 2; ++pass) {
            // The typed model, then the same model written and read back.
            const auto reparsed = pass ? parse(writeModel(model)) : nullptr;
            const Model& m = pass ? modelOf(*reparsed) : model;
            if (reparsed) {
                QVERIFY2(!reparsed->tree().errorCount(), diagnosticsText(*reparsed).c_str());
                QVERIFY(
                    hasRule(*reparsed, "modelbin.mesh.zero-normal", Severity::Note)); // flagged, not refused
            }
            const DecodedMesh d = decodeFirst(m);
            QCOMPARE(d.vertexCount, std::uint64_t{3});
            // x: 1 × 2 + 10; y: −1 × 4 − 3; z: 16384/32767 × 0.5 + 1.
            QVERIFY(near(d.positions[0], 12) && near(d.positions[1], -7) &&
                    near(d.positions[2], 1.0 + 0.5 * 16384.0 / 32767.0));
            QVERIFY(near(d.positions[3], 8) && near(d.positions[4], -3) &&
                    near(d.positions[5], 1.0 - 0.5 * 16384.0 / 32767.0));
            QVERIFY(near(d.positions[6], 10) && near(d.positions[7], -3) && near(d.positions[8], 1));
            // (w, n.x, n.y) = (16384, 16384, 0)/32767 normalised.
            QVERIFY(near(d.normals[0], std::sqrt(0.5)) && near(d.normals[1], std::sqrt(0.5)) &&
                    near(d.normals[2], 0));
            QCOMPARE(d.normals[3], 0.0f); // stored (0, 0, 0) stays
            QCOMPARE(d.normals[4], 0.0f);
            QCOMPARE(d.normals[5], 0.0f);
            QCOMPARE(d.zeroNormals, std::uint64_t{1});
            QVERIFY(near(d.normals[6], 0) && near(d.normals[7], 1) && near(d.normals[8], 0));
            // u: 32768/65535 × 0.5 + 0.25; v: 1 × 2 − 1.
            QVERIFY(near(d.uvs[0][0], 32768.0 / 65535.0 * 0.5 + 0.25) && near(d.uvs[0][1], 1.0));
            QVERIFY(near(d.uvs[0][2], 0.25) && near(d.uvs[0][3], -1.0));
            // COLOR0 bytes FF 33 00 80 → (1, 0.2, 0, 128/255).
            QVERIFY(near(d.colors[0], 1) && near(d.colors[1], 0.2) && near(d.colors[2], 0) &&
                    near(d.colors[3], 128.0 / 255.0));
            const double len = std::sqrt(2.0 + 1.0 / (1023.0 * 1023.0));
            QVERIFY(near(d.tangents[0][0], 1 / len) && near(d.tangents[0][2], -1 / len));
            QCOMPARE(d.tangents[0][3], 1.0f);
            QCOMPARE(d.tangents[0][7], -1.0f);
            QCOMPARE(d.indices, (std::vector<std::uint32_t>{0, 1, 2}));
        }
    }

    void floatVariants() {
        Model model = buildModel(singleMeshModel(triangle()));
        MeshRecord& mesh = model.meshes[0];
        mesh.positionScale = {1, 1, 1, 1};
        mesh.positionTranslate = {0, 0, 0, 0};
        mesh.uvTransforms[0] = {0, 1, 0, 1};
        auto& el = model.layouts[0].elements; // POSITION, NORMAL, TEXCOORD0, COLOR0, TANGENT0
        el[0].format = 2;
        el[1].format = 16;
        el[2].format = 16;
        el[3].format = 10;
        el[4].format = 2;
        ByteWriter s0, s1;
        for (int v = 0; v < 3; ++v) {
            s0.f32(1.5f), s0.f32(-2.0f + float(v)), s0.f32(3.0f), s0.f32(0.6f);
            s1.f32(0.8f), s1.f32(0.0f);   // NORMAL: (w, x, y) = (0.6, 0.8, 0)
            s1.f32(0.25f), s1.f32(0.75f); // TEXCOORD0
            s1.u16(0x3C00), s1.u16(0x3800), s1.u16(0x0000), s1.u16(0x3C00); // COLOR0 halves
            s1.f32(0.0f), s1.f32(0.0f), s1.f32(1.0f), s1.f32(-1.0f);        // TANGENT0
        }
        setPayload(model, bufferIndex(model, kVerBTag, 0), s0.bytes(), 16);
        setPayload(model, bufferIndex(model, kVerBTag, 1), s1.bytes(), 40);
        mesh.vertexBuffers[0].stride = 16;
        mesh.vertexBuffers[1].stride = 40;
        const auto parsed = parse(writeModel(model));
        QVERIFY2(!parsed->tree().errorCount(), diagnosticsText(*parsed).c_str());
        const DecodedMesh d = decodeFirst(modelOf(*parsed));
        QCOMPARE(d.positions[0], 1.5f);
        QCOMPARE(d.positions[4], -1.0f);
        QVERIFY(near(d.normals[0], 0.6) && near(d.normals[1], 0.8) && near(d.normals[2], 0));
        QCOMPARE(d.uvs[0][1], 0.75f);
        QCOMPARE(d.colors[1], 0.5f);
        QCOMPARE(d.tangents[0][2], 1.0f);
        QCOMPARE(d.tangents[0][3], -1.0f);
    }

    void repeatedTriangles() {
        BuildMesh m = triangle(4);
        m.vertices[3].position = m.vertices[0].position;
        m.vertices[3].uv0 = {0.5f, 0.5f}; // same position, other bytes
        m.indices = {0,
                     1,
                     2,
                     /*rotated: full repeat*/ 1,
                     2,
                     0,
                     /*reversed: positions only*/ 0,
                     2,
                     1,
                     /*another vertex at the same place*/ 3,
                     1,
                     2};
        const Model model = buildModel(singleMeshModel(m));
        DecodeOptions options;
        options.repeats = true;
        const DecodedMesh d = decodeFirst(model, options);
        QCOMPARE(d.repeats.full, std::uint64_t{1});
        QCOMPARE(d.repeats.positionOnly, std::uint64_t{2});
    }

    void skinInfluencesAndMorphNames() {
        const Model model = buildModel(sample_models::wheel());
        const DecodedMesh tyre = decodeFirst(model);
        QCOMPARE(tyre.influences, std::uint32_t{4});
        QCOMPARE(tyre.weights[0], 0.75f); // f16 0x3A00
        QCOMPARE(tyre.weights[1], 0.25f); // f16 0x3400
        QCOMPARE(tyre.bones[0], std::uint16_t{1});
        QCOMPARE(tyre.bones[1], std::uint16_t{0});
        QCOMPARE(tyre.morphs.size(), std::size_t{2});
        QCOMPARE(tyre.morphs[0].name, std::string("tyre_width"));
        QCOMPARE(tyre.morphs[1].name, std::string("rim_size"));
        QCOMPARE(tyre.morphs[1].slot, 1);
        const float dx = tyre.morphs[0].positions[0];
        QVERIFY(near(std::fabs(dx), 0.03, 2e-5)); // half precision of 0.03
        std::vector<Problem> problems;
        const auto rim = resolveMesh(model, 1, problems);
        QVERIFY(rim);
        const DecodedMesh r = decodeMesh(*rim);
        QCOMPARE(r.morphs.size(), std::size_t{1});
        QCOMPARE(r.morphs[0].name, std::string("rim_size")); // slot 1 of the Mrph names
    }

    void windingAgreesWithNormalsOnSamples() {
        for (const BuildModel& spec :
             {sample_models::house(0), sample_models::windTurbine(), sample_models::wheel(),
              sample_models::terrainPatch(16), sample_models::bench()}) {
            const Model model = buildModel(spec);
            for (std::size_t i = 0; i < model.meshes.size(); ++i) {
                std::vector<Problem> problems;
                const auto source = resolveMesh(model, i, problems);
                QVERIFY(source && problems.empty());
                const DecodedMesh d = decodeMesh(*source);
                for (std::size_t t = 0; t + 2 < d.indices.size(); t += 3) {
                    const float* a = &d.positions[3 * d.indices[t]];
                    const float* b = &d.positions[3 * d.indices[t + 1]];
                    const float* c = &d.positions[3 * d.indices[t + 2]];
                    const float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
                    const float e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
                    const float g[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                                        e1[0] * e2[1] - e1[1] * e2[0]};
                    float dot = 0;
                    for (int k = 0; k < 3; ++k)
                        for (int c3 : {0, 1, 2})
                            dot += g[k] * d.normals[3 * d.indices[t + std::size_t(c3)] + std::size_t(k)];
                    QVERIFY2(dot > 0, qPrintable(QString("mesh %1 triangle %2").arg(i).arg(t / 3)));
                }
            }
        }
    }

    void laidOutElementsAsDecodeElementReadsThem() {
        // Two vertices of 36 bytes: Float3 position (x = -0), Short4N normal at 12, two Half2 UV0s
        // at 20 and 24, a UShort2N UV7 at 28, and four bytes at 32 read as a tangent frame and as
        // the second colour set.
        assetscope::ByteWriter w;
        for (int v = 0; v < 2; ++v) {
            w.put<float>(-0.0f), w.put<float>(1.5f), w.put<float>(float(v));
            w.put<std::int16_t>(12345), w.put<std::int16_t>(-32768), w.put<std::int16_t>(7),
                w.put<std::int16_t>(0);
            w.put<std::uint16_t>(0x3C00), w.put<std::uint16_t>(0x3800); // UV0, half
            w.put<std::uint16_t>(0x4000), w.put<std::uint16_t>(0x4000); // a second UV0
            w.put<std::uint16_t>(0xFFFF), w.put<std::uint16_t>(0);      // UV7, unorm
            w.put<std::uint8_t>(3), w.put<std::uint8_t>(5), w.put<std::uint8_t>(0), w.put<std::uint8_t>(0);
        }
        const assetscope::Bytes bytes = w.bytes();
        const ByteView all(bytes);
        MeshSource s;
        s.vertexCount = 2;
        s.positionScale = {2, 2, 2}; // the box applies to DXGI elements only
        s.elements = {laidOut(Semantic::Position, 0, 6, all, 36, 0),
                      laidOut(Semantic::Normal, 0, 13, all, 36, 12),
                      laidOut(Semantic::TexCoord, 0, 34, all, 36, 20),
                      laidOut(Semantic::TexCoord, 0, 34, all, 36, 24),
                      laidOut(Semantic::TexCoord, 7, 35, all, 36, 28),
                      laidOut(Semantic::TangentFrame, 0, 28, all, 36, 32),
                      laidOut(Semantic::Color, 1, 28, all, 36, 32)};
        s.elements[5].tangentFrame = testFrame;
        const DecodedMesh d = decodeMesh(s);
        QCOMPARE(d.positions.size(), std::size_t{6});
        QVERIFY(std::signbit(d.positions[0])); // as stored: no box, so -0 stays -0
        QCOMPARE(d.positions[1], 1.5f);
        QCOMPARE(d.positions[5], 1.0f);
        // Short4N as decodeElement gives it: 12345 / 32767 in double, rounded once.
        const auto shortN = decodeElement(*dxgiElementLayout(13), bytes.data() + 12);
        QCOMPARE(d.normals[0], shortN[0]);
        QCOMPARE(d.normals[0], static_cast<float>(12345.0 / 32767.0));
        QCOMPARE(d.normals[1], -1.0f);
        QCOMPARE(d.normals[2], static_cast<float>(7.0 / 32767.0)); // not normalised
        QCOMPARE(d.uvs[0][0], 1.0f);                               // the first UV0 wins
        QCOMPARE(d.uvs[0][1], 0.5f);
        QCOMPARE(d.uvs[7][0], 1.0f);
        QVERIFY(d.uvs[1].empty());
        // A normal came first, so the frame is not read at all.
        QVERIFY(d.tangents[0].empty());
        QVERIFY(d.colors.empty());
        QCOMPARE(d.colors1[0], static_cast<float>(3.0 / 255.0));
    }

    void tangentFrameBeforeNormal() {
        const std::uint8_t frame[8] = {2, 9, 0, 0, 4, 1, 0, 0};
        const ByteView bytes(frame, sizeof frame);
        MeshSource s;
        s.vertexCount = 2;
        s.elements = {laidOut(Semantic::Tangent, 0, 28, bytes, 4, 0),
                      laidOut(Semantic::TangentFrame, 0, 28, bytes, 4, 0),
                      laidOut(Semantic::Normal, 0, 28, bytes, 4, 0)};
        s.elements[1].tangentFrame = testFrame;
        const DecodedMesh d = decodeMesh(s);
        QCOMPARE(d.normals, (std::vector<float>{2, 0, 0, 4, 0, 0})); // the frame's, not the Normal's
        QCOMPARE(d.tangents[0][1], static_cast<float>(9.0 / 255.0)); // the Tangent element came first
        QCOMPARE(d.tangents[0][3], 1.0f);
        DecodeOptions noTangents;
        noTangents.tangents = false;
        QVERIFY(decodeMesh(s, noTangents).tangents[0].empty());
    }

    void blendElementsAsStored() {
        assetscope::ByteWriter w;
        for (float f : {std::nanf(""), -5.0f, 70000.0f, 3.7f})
            w.put<float>(f);
        const assetscope::Bytes bytes = w.bytes();
        MeshSource s;
        s.vertexCount = 1;
        s.elements = {laidOut(Semantic::BlendIndices, 0, 2, bytes, 16, 0),
                      laidOut(Semantic::SubMaterial, 0, 2, bytes, 16, 0)};
        const DecodedMesh d = decodeMesh(s);
        QCOMPARE(d.blendIndices, (std::vector<std::uint16_t>{0, 0, 65535, 3}));
        QCOMPARE(d.subMaterials, d.blendIndices);
        QVERIFY(d.blendWeights.empty()); // each blend element is present on its own
        DecodeOptions noSkin;
        noSkin.skin = false;
        QVERIFY(decodeMesh(s, noSkin).blendIndices.empty());
    }

    void positionsOnlyFastPath() {
        const Model model = buildModel(sample_models::terrainPatch(8));
        std::vector<Problem> problems;
        const auto source = resolveMesh(model, 0, problems);
        QVERIFY(source);
        std::vector<float> fast(source->vertexCount * 3);
        decodePositions(*source, fast.data());
        QCOMPARE(fast, decodeMesh(*source).positions);
    }
};

QTEST_APPLESS_MAIN(TestDecode)
#include "tst_decode.moc"
