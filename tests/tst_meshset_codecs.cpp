// MeshSet codecs: the djb2-XOR hash, GUID text, every Frostbite vertex element format and the
// packed tangent space, checked against values worked out by hand from the documents.
#include "bytes/ascii_case.h"
#include "formats/meshset/djb2_hash.h"
#include "formats/meshset/meshset.h"
#include "formats/meshset/tangent_space.h"
#include "formats/meshset/vertex_format.h"
#include "math/half_float.h"
#include "test_support.h"

#include <QtTest>

#include <cmath>

using namespace assetscope;
using namespace assetscope::meshset;

namespace {

std::array<float, 4> decode(std::uint8_t format, std::string_view hex) {
    const Bytes b = test::hexBytes(hex);
    const auto v = decodeElement(format, b);
    if (!v) return {NAN, NAN, NAN, NAN};
    return *v;
}

bool near(float a, float b, float eps = 1e-5f) {
    return std::fabs(a - b) <= eps;
}

void expect(std::uint8_t format, std::string_view hex, std::array<float, 4> want, float eps = 1e-5f) {
    const auto got = decode(format, hex);
    for (int i = 0; i < 4; ++i)
        QVERIFY2(near(got[i], want[i], eps), qPrintable(QString("format 0x%1 component %2: got %3, want %4")
                                                            .arg(format, 2, 16, QChar('0'))
                                                            .arg(i)
                                                            .arg(double(got[i]))
                                                            .arg(double(want[i]))));
}

float dot3(const std::array<float, 3>& a, const std::array<float, 3>& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void expectVec(const std::array<float, 3>& got, const std::array<float, 3>& want, float eps = 1e-4f) {
    for (int i = 0; i < 3; ++i)
        QVERIFY2(
            near(got[i], want[i], eps),
            qPrintable(
                QString("component %1: got %2, want %3").arg(i).arg(double(got[i])).arg(double(want[i]))));
}

} // namespace

class TestMeshSetCodecs : public QObject {
    Q_OBJECT
private slots:
    // h = 5381; h = h * 33 ^ byte (32-bit). By hand: "a" = 5381*33 = 177573 = 0x2b5a5, ^ 0x61 = 0x2b5c4;
    // "ab" = 177604*33 = 5860932 = 0x596e44, ^ 0x62 = 0x596e26; "abc" = 5860902*33 = 193409766 =
    // 0xb8732e6, ^ 0x63 = 0xb873285.
    void djb2Vectors() {
        QCOMPARE(djb2Xor(""), 5381u);
        QCOMPARE(djb2Xor("a"), 0x2b5c4u);
        QCOMPARE(djb2Xor("ab"), 0x596e26u);
        QCOMPARE(djb2Xor("abc"), 0xb873285u);
        // Wraps at 32 bits instead of growing: long names must still fit.
        QVERIFY(djb2Xor("characters/sample_bendy_bar_lod0") != 0);
        QCOMPARE(djb2Xor(asciiLower("Props/Crate_Wood")), djb2Xor("props/crate_wood"));
        QVERIFY(djb2Xor("Props/Crate_Wood") != djb2Xor("props/crate_wood"));
    }

    void guidWindowsLayout() {
        // Stored 33 22 11 00 55 44 77 66 88 99 aa bb cc dd ee ff reads 00112233-4455-6677-8899-aabbccddeeff.
        const Bytes b = test::hexBytes("33 22 11 00 55 44 77 66 88 99 aa bb cc dd ee ff");
        Guid g;
        std::copy(b.begin(), b.end(), g.begin());
        QCOMPARE(QString::fromStdString(guidText(g)), QString("00112233-4455-6677-8899-aabbccddeeff"));
        QVERIFY(guidFromText("00112233-4455-6677-8899-AABBCCDDEEFF") == g);
        QVERIFY(!guidFromText("00112233-4455-6677-8899-aabbccddeef"));
        QVERIFY(!guidFromText("00112233x4455-6677-8899-aabbccddeeff"));
    }

    void floatsAndHalves() {
        expect(0x01, "00 00 80 3f", {1, 0, 0, 1});
        expect(0x02, "00 00 80 3f 00 00 20 c0", {1, -2.5f, 0, 1});
        expect(0x03, "00 00 80 3f 00 00 20 c0 00 00 00 3f", {1, -2.5f, 0.5f, 1});
        expect(0x04, "00 00 80 3f 00 00 20 c0 00 00 00 3f 00 00 00 00", {1, -2.5f, 0.5f, 0});
        // Half: 0x3c00 = 1, 0xc000 = -2, 0x3800 = 0.5, 0x0001 = 2^-24, 0x7bff = 65504.
        expect(0x05, "00 3c", {1, 0, 0, 1});
        expect(0x06, "00 3c 00 c0", {1, -2, 0, 1});
        expect(0x07, "00 3c 00 c0 00 38", {1, -2, 0.5f, 1});
        expect(0x08, "01 00 ff 7b 00 38 00 00", {5.9604645e-8f, 65504.0f, 0.5f, 0}, 1e-9f);
        QCOMPARE(math::floatToHalf(1.0f), std::uint16_t(0x3c00));
        QCOMPARE(math::floatToHalf(-2.0f), std::uint16_t(0xc000));
        QCOMPARE(math::floatToHalf(65504.0f), std::uint16_t(0x7bff));
        QCOMPARE(math::floatToHalf(5.9604645e-8f), std::uint16_t(0x0001));
        QCOMPARE(math::floatToHalf(1e6f), std::uint16_t(0x7c00));
    }

    void bytesAndShorts() {
        expect(0x0A, "01 ff 80 7f", {1, -1, -128, 127});
        expect(0x0B, "7f 81 80 00", {1, -1, -1, 0}); // -128/127 clamps at -1
        expect(0x0C, "01 02 ff 00", {1, 2, 255, 0});
        expect(0x0D, "ff 80 00 33", {1, 128.0f / 255, 0, 0.2f});
        expect(0x0E, "fe ff", {-2, 0, 0, 1});
        expect(0x0F, "fe ff 03 00", {-2, 3, 0, 1});
        expect(0x10, "fe ff 03 00 00 80", {-2, 3, -32768, 1});
        expect(0x11, "fe ff 03 00 00 80 ff 7f", {-2, 3, -32768, 32767});
        expect(0x12, "00 40", {16384.0f / 32767, 0, 0, 1});
        expect(0x13, "ff 7f 01 80", {1, -1, 0, 1});
        expect(0x14, "ff 7f 01 80 00 80", {1, -1, -1, 1});
        expect(0x15, "ff 7f 01 80 00 80 00 00", {1, -1, -1, 0});
        expect(0x16, "01 00 ff ff", {1, 65535, 0, 1});
        expect(0x17, "01 00 ff ff 00 01 02 00", {1, 65535, 256, 2});
        expect(0x18, "ff ff 00 80", {1, 32768.0f / 65535, 0, 1});
        expect(0x19, "ff ff 00 80 00 00 ff ff", {1, 32768.0f / 65535, 0, 1});
        expect(0x32, "80", {128.0f / 255, 0, 0, 1});
    }

    void ints() {
        expect(0x1A, "fe ff ff ff", {-2, 0, 0, 1});
        expect(0x1B, "fe ff ff ff 07 00 00 00", {-2, 7, 0, 1});
        expect(0x33, "fe ff ff ff 07 00 00 00 00 01 00 00", {-2, 7, 256, 1});
        expect(0x1C, "fe ff ff ff 07 00 00 00 00 01 00 00 00 00 00 00", {-2, 7, 256, 0});
        expect(0x1D, "ff ff ff 7f", {1, 0, 0, 1});
        expect(0x1E, "ff ff ff 7f 00 00 00 80", {1, -1, 0, 1});
        expect(0x1F, "ff ff ff 7f 00 00 00 80 00 00 00 00 00 00 00 00", {1, -1, 0, 0});
        expect(0x20, "ff ff ff ff", {4294967295.0f, 0, 0, 1});
        expect(0x21, "05 00 00 00 06 00 00 00", {5, 6, 0, 1});
        expect(0x34, "05 00 00 00 06 00 00 00 07 00 00 00", {5, 6, 7, 1});
        expect(0x22, "05 00 00 00 06 00 00 00 07 00 00 00 08 00 00 00", {5, 6, 7, 8});
        expect(0x23, "ff ff ff ff", {1, 0, 0, 1});
        expect(0x24, "ff ff ff ff 00 00 00 00", {1, 0, 0, 1});
        expect(0x25, "ff ff ff ff 00 00 00 00 00 00 00 00 ff ff ff ff", {1, 0, 0, 1});
    }

    // Packed words, bits from 0 up: x, y, z (, w).
    void packed() {
        // 10_10_10 signed: x = 0x3ff is -1. Word 0x000003ff.
        expect(0x26, "ff 03 00 00", {-1, 0, 0, 1});
        // x = 511, y = 0x201 (-511), z = 0: word 0x1ff | 0x201 << 10 = 0x000805ff.
        expect(0x27, "ff 05 08 00", {1, -1, 0, 1});
        // x = 1023, z = 512: word 0x3ff | 512 << 20 = 0x200003ff.
        expect(0x28, "ff 03 00 20", {1023, 0, 512, 1});
        expect(0x29, "ff 03 00 20", {1, 0, 512.0f / 1023, 1});
        // 11_11_10: x = 0x3ff (1023), y = 0x400 (-1024), z = 0x1ff (511): 0x3ff | 0x400 << 11 | 0x1ff << 22 =
        // 0x7fe003ff.
        expect(0x2A, "ff 03 e0 7f", {1023, -1024, 511, 1});
        expect(0x2B, "ff 03 e0 7f", {1, -1, 1, 1});
        // x = 2047, y = 1, z = 1023: 0x7ff | 1 << 11 | 0x3ff << 22 = 0xffc00fff.
        expect(0x2C, "ff 0f c0 ff", {2047, 1, 1023, 1});
        expect(0x2D, "ff 0f c0 ff", {1, 1.0f / 2047, 1, 1});
        // 10_10_10_2: x = 5, w = 2 (-2 signed): 0x80000005.
        expect(0x2E, "05 00 00 80", {5, 0, 0, -2});
        // x = 0x200 (-512, clamps at -1), w = 1: 0x40000200.
        expect(0x2F, "00 02 00 40", {-1, 0, 0, 1});
        // x = 1023, y = 2, z = 3, w = 3: 0xc0300bff.
        expect(0x30, "ff 0b 30 c0", {1023, 2, 3, 3});
        // y = 1023, w = 3: 0xc00ffc00.
        expect(0x31, "00 fc 0f c0", {0, 1, 0, 1});
    }

    void formatTableAndUnknowns() {
        // Every listed number decodes; the sizes follow the names.
        for (int f = 1; f <= 0x34; ++f) {
            if (f == 0x09) {
                QVERIFY(!formatInfo(0x09));
                continue;
            }
            const auto info = formatInfo(static_cast<std::uint8_t>(f));
            QVERIFY2(info.has_value(), qPrintable(QString::number(f, 16)));
            Bytes zeros(info->bytes, 0);
            QVERIFY(decodeElement(static_cast<std::uint8_t>(f), zeros).has_value());
            Bytes shorter(info->bytes - 1u, 0);
            QVERIFY(!decodeElement(static_cast<std::uint8_t>(f), shorter).has_value());
        }
        QCOMPARE(formatInfo(0x03)->bytes, std::uint8_t(12));
        QCOMPARE(formatInfo(0x07)->bytes, std::uint8_t(6));
        QCOMPARE(formatInfo(0x2A)->bytes, std::uint8_t(4));
        QCOMPARE(formatInfo(0x32)->bytes, std::uint8_t(1));
        QCOMPARE(formatInfo(0x33)->bytes, std::uint8_t(12));
        QVERIFY(!formatInfo(0x35));
        QCOMPARE(QString::fromStdString(formatName(0x09)), QString("format 0x09"));
        QCOMPARE(QString::fromStdString(usageName(34)), QString("TexCoord1"));
        QCOMPARE(QString::fromStdString(usageName(52)), QString("TangentSpace"));
        QCOMPARE(QString::fromStdString(usageName(77)), QString("usage 77"));
    }

    // Normal +y (code 2), both minor components 256 (zero): byte 3 = 2 | 0x10 | 0x20 = 0x32.
    // Reference axis +x, angle 0: t = (1,0,0); b = n x t = (0,0,-1).
    void tangentSpaceByHand() {
        TangentFrame f = decodeTangentSpace({0x00, 0x00, 0x00, 0x32});
        expectVec(f.normal, {0, 1, 0});
        expectVec(f.tangent, {1, 0, 0});
        expectVec(f.bitangent, {0, 0, -1});
        QCOMPARE(f.bitangentSign, 1.0f);
        // Bit 3 flips the bitangent.
        f = decodeTangentSpace({0x00, 0x00, 0x00, 0x3a});
        expectVec(f.bitangent, {0, 0, 1});
        QCOMPARE(f.bitangentSign, -1.0f);
        // Code 4 (+z), minor x = 383 (byte 0x7f, ninth bit set): x = 127 / (255 sqrt 2) = 0.352167,
        // y = 0, z = sqrt(1 - 0.124022) = 0.935937. Byte 3 = 4 | 0x10 | 0x20 = 0x34.
        f = decodeTangentSpace({0x7f, 0x00, 0x00, 0x34});
        expectVec(f.normal, {0.352167f, 0, 0.935937f});
        // Reference axis for code 4 is -x, made perpendicular: (-1,0,0) + 0.352167 n, normalised
        // = (-0.935937, 0, 0.352167).
        expectVec(f.tangent, {-0.935937f, 0, 0.352167f});
        // Code 5 (-z): minor 255 and 257 are the neighbours of zero: -1/360.62 and +1/360.62.
        f = decodeTangentSpace({0xff, 0x01, 0x00, 0x25});
        expectVec(f.normal, {-0.002773f, 0.002773f, -0.999992f});
    }

    // A quarter turn is byte 2 = 255 in one quadrant and byte 2 = 0 in the next: both
    // encodings of the frame t = n x t0 decode alike.
    void quadrantEdgeEncodings() {
        const TangentFrame a = decodeTangentSpace({0x00, 0x00, 0xff, 0x32});
        const TangentFrame b = decodeTangentSpace({0x00, 0x00, 0x00, 0x72});
        expectVec(a.tangent, {0, 0, -1});
        expectVec(b.tangent, {0, 0, -1});
        expectVec(a.bitangent, b.bitangent);
        for (int q = 0; q < 3; ++q) {
            const TangentFrame end = decodeTangentSpace({0x00, 0x00, 0xff, std::uint8_t(0x32 | q << 6)});
            const TangentFrame start =
                decodeTangentSpace({0x00, 0x00, 0x00, std::uint8_t(0x32 | (q + 1) << 6)});
            expectVec(end.tangent, start.tangent);
        }
        // The full turn: quadrant 3 byte 255 is quadrant 0 byte 0.
        expectVec(decodeTangentSpace({0, 0, 0xff, 0xf2}).tangent,
                  decodeTangentSpace({0, 0, 0, 0x32}).tangent);
        // The encoder writes one of the two and it decodes back to the same frame.
        const auto packed = encodeTangentSpace({0, 1, 0}, {0, 0, -1}, 1);
        expectVec(decodeTangentSpace(packed).tangent, {0, 0, -1});
        QVERIFY(packed == (PackedTangentSpace{0x00, 0x00, 0xff, 0x32}) ||
                packed == (PackedTangentSpace{0x00, 0x00, 0x00, 0x72}));
    }

    // A normal between two axes has two encodings, one per axis; both decode to it.
    void betweenAxesEncodings() {
        const float h = 0.70710678f;
        // Code 0 (+x) stores z, y: z = 256 (zero), y = 511 (255/360.62 = 0.707106).
        const TangentFrame x = decodeTangentSpace({0x00, 0xff, 0x00, std::uint8_t(0x00 | 0x10 | 0x20)});
        // Code 2 (+y) stores x, z: x = 511, z = 256.
        const TangentFrame y = decodeTangentSpace({0xff, 0x00, 0x00, std::uint8_t(0x02 | 0x10 | 0x20)});
        expectVec(x.normal, {h, h, 0}, 1e-3f);
        expectVec(y.normal, {h, h, 0}, 1e-3f);
        // Ties go to the lower code.
        const auto packed = encodeTangentSpace({h, h, 0}, {0, 0, 1}, 1);
        QCOMPARE(packed[3] & 7, 0);
    }

    void roundTrips() {
        // Frames all around the sphere, including the axes and the quadrant edges of the angle.
        int checked = 0, identical = 0;
        for (int i = 0; i < 400; ++i) {
            const double theta = std::acos(1.0 - 2.0 * ((i * 37) % 400 + 0.5) / 400.0);
            const double phi = i * 2.399963;
            const std::array<float, 3> n{float(std::sin(theta) * std::cos(phi)), float(std::cos(theta)),
                                         float(std::sin(theta) * std::sin(phi))};
            for (int k = 0; k < 8; ++k) {
                const double a = k * (3.14159265358979 / 4) + (k % 2 ? 0.3 : 0.0);
                // Any vector perpendicular to n, turned by a.
                std::array<float, 3> p =
                    std::fabs(n[0]) < 0.9f ? std::array<float, 3>{1, 0, 0} : std::array<float, 3>{0, 1, 0};
                const float d = dot3(p, n);
                std::array<float, 3> t0{p[0] - n[0] * d, p[1] - n[1] * d, p[2] - n[2] * d};
                const float len = std::sqrt(dot3(t0, t0));
                for (float& c : t0)
                    c /= len;
                const std::array<float, 3> b0{n[1] * t0[2] - n[2] * t0[1], n[2] * t0[0] - n[0] * t0[2],
                                              n[0] * t0[1] - n[1] * t0[0]};
                const std::array<float, 3> t{float(t0[0] * std::cos(a) + b0[0] * std::sin(a)),
                                             float(t0[1] * std::cos(a) + b0[1] * std::sin(a)),
                                             float(t0[2] * std::cos(a) + b0[2] * std::sin(a))};
                const float sign = k % 3 ? 1.0f : -1.0f;
                const auto packed = encodeTangentSpace(n, t, sign);
                const TangentFrame f = decodeTangentSpace(packed);
                QVERIFY2(dot3(f.normal, n) > 0.9999f, qPrintable(QString("normal %1").arg(i)));
                QVERIFY2(dot3(f.tangent, t) > 0.999f, qPrintable(QString("tangent %1 %2").arg(i).arg(k)));
                QCOMPARE(f.bitangentSign, sign);
                // Re-encoding the decoded frame gives the same bytes back, or the frame's second
                // encoding (another quadrant edge or axis), which decodes to the same frame.
                const auto again = encodeTangentSpace(f.normal, f.tangent, f.bitangentSign);
                if (again == packed) {
                    ++identical;
                } else {
                    const TangentFrame g = decodeTangentSpace(again);
                    QVERIFY(dot3(g.normal, f.normal) > 0.9999f && dot3(g.tangent, f.tangent) > 0.999f);
                }
                ++checked;
            }
        }
        QCOMPARE(checked, 3200);
        QVERIFY2(identical > checked * 3 / 4, qPrintable(QString::number(identical)));
        // Axis normals, and tangents exactly on the quadrant edges.
        const std::array<std::array<float, 3>, 6> axes{
            {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}};
        for (int code = 0; code < 6; ++code) {
            const auto packed = encodeTangentSpace(axes[code], axes[(code + 2) % 6], 1);
            QCOMPARE(packed[3] & 7, code);
            QCOMPARE(int(packed[0]), 0); // minor components are 256: low byte 0, ninth bit set
            QCOMPARE(packed[3] & 0x30, 0x30);
            expectVec(decodeTangentSpace(packed).tangent, axes[(code + 2) % 6]);
        }
    }
};

QTEST_APPLESS_MAIN(TestMeshSetCodecs)
#include "tst_meshset_codecs.moc"
