#include "contract/byte_readings.h"
#include "math/fixed_point.h"
#include "math/half_float.h"

#include <QtTest>

#include <cmath>

using namespace assetscope;
using namespace assetscope;

class TestByteReadings : public QObject {
    Q_OBJECT
private slots:
    void half() {
        QCOMPARE(math::halfToFloat(0x3C00), 1.0f);
        QCOMPARE(math::halfToFloat(0xC000), -2.0f);
        QCOMPARE(math::halfToFloat(0x3555), 0.333251953125f);       // 1 + 0x155/1024, times 2^-2
        QCOMPARE(math::halfToFloat(0x7BFF), 65504.0f);              // largest finite half
        QCOMPARE(math::halfToFloat(0x0001), std::ldexp(1.0f, -24)); // smallest subnormal
        QCOMPARE(math::halfToFloat(0x0400), std::ldexp(1.0f, -14)); // smallest normal
        QVERIFY(std::isinf(math::halfToFloat(0x7C00)) && math::halfToFloat(0x7C00) > 0);
        QVERIFY(std::isinf(math::halfToFloat(0xFC00)) && math::halfToFloat(0xFC00) < 0);
        QVERIFY(std::isnan(math::halfToFloat(0x7E00)));
        QVERIFY(std::signbit(math::halfToFloat(0x8000)));
    }
    void normalised() {
        QCOMPARE(snorm16(32767), 1.0f);
        QCOMPARE(snorm16(-32767), -1.0f);
        QCOMPARE(snorm16(-32768), -1.0f); // clamps, never below -1
        QCOMPARE(snorm16(0), 0.0f);
        QCOMPARE(unorm16(65535), 1.0f);
        QCOMPARE(unorm16(0), 0.0f);
        QCOMPARE(unorm16(32768), 32768.0f / 65535.0f);
    }
    void packed() {
        // x = 1023 (1.0), y = 0, z = 512, w = 3 (1.0)
        const auto v = r10g10b10a2(0xC0000000u | (512u << 20) | 0x3FFu);
        QCOMPARE(v[0], 1.0f);
        QCOMPARE(v[1], 0.0f);
        QCOMPARE(v[2], 512.0f / 1023.0f);
        QCOMPARE(v[3], 1.0f);
        QCOMPARE(r10g10b10a2(0x40000000u)[3], 1.0f / 3.0f);
    }
    void fixedPoint() {
        // The document's own example: sign bit, integer 0x16F3 = 5875, fraction 0x3B00 / 65535.
        QVERIFY(std::abs(math::fixedToDouble(0x96F33B00u) - -(5875.0 + 15104.0 / 65535.0)) < 1e-12);
        QVERIFY(std::abs(math::fixedToDouble(0x96F33B00u) - -5875.23) < 0.001);
        QCOMPARE(math::fixedToDouble(0x00010000u), 1.0);
        QCOMPARE(math::fixedToDouble(0x80010000u), -1.0);
        QCOMPARE(math::fixedToDouble(0x0000FFFFu), 1.0); // fraction divides by 65535, not 65536
        QCOMPARE(math::fixedToDouble(0x7FFF0000u), 32767.0);
    }
    void inspector() {
        const Bytes bytes{0x00, 0x3C, 0x00, 0x00, 0x80, 0x3F, 0x01, 0x02, 0x03};
        const auto rows = inspectBytes(bytes, 0);
        auto value = [&](std::string_view label) {
            for (const auto& r : rows)
                if (r.label == label) return QString::fromStdString(r.value);
            return QStringLiteral("<missing>");
        };
        QCOMPARE(value("u8"), QStringLiteral("0"));
        QCOMPARE(value("u16"), QStringLiteral("15360"));
        QCOMPARE(value("f16"), QStringLiteral("1"));
        QCOMPARE(value("u32"), QStringLiteral("15360 (0x00003C00)"));
        QCOMPARE(value("i8"), QStringLiteral("0"));
        // f32 at 2: bytes 00 00 80 3F = 1.0
        const auto at2 = inspectBytes(bytes, 2);
        for (const auto& r : at2)
            if (r.label == "f32") QCOMPARE(QString::fromStdString(r.value), QStringLiteral("1"));
        // Near the end only the narrow readings have bytes.
        const auto tail = inspectBytes(bytes, 7);
        for (const auto& r : tail)
            QCOMPARE(r.value.empty(), r.width > 2);
        // Past the end: nothing decodes, nothing crashes.
        for (const auto& r : inspectBytes(bytes, 100))
            QVERIFY(r.value.empty());
        for (const auto& r : inspectBytes({}, 0))
            QVERIFY(r.value.empty());
        // tag text reads as the bytes spell it backwards ("burG" in the file is the tag Grub).
        const Bytes grub{'b', 'u', 'r', 'G'};
        for (const auto& r : inspectBytes(grub, 0))
            if (r.label == "tag") QCOMPARE(QString::fromStdString(r.value), QStringLiteral("Grub"));
        // i16 of 0xFFFF is -1, snorm16 of it a small negative.
        const Bytes minusOne{0xFF, 0xFF};
        for (const auto& r : inspectBytes(minusOne, 0)) {
            if (r.label == "i16") QCOMPARE(QString::fromStdString(r.value), QStringLiteral("-1"));
            if (r.label == "unorm16") QCOMPARE(QString::fromStdString(r.value), QStringLiteral("1"));
        }
    }
};

QTEST_APPLESS_MAIN(TestByteReadings)
#include "tst_byte_readings.moc"
