// The math leaf against values worked out by hand: half floats, the pgeo fixed point, matrices.
#include "math/fixed_point.h"
#include "math/half_float.h"
#include "math/mat4.h"
#include "math/vec3d.h"
#include "math/vector_ops.h"

#include <QtTest>

#include <bit>
#include <cmath>
#include <cstdint>

using namespace assetscope::math;

namespace {

std::uint32_t bitsOf(float f) {
    return std::bit_cast<std::uint32_t>(f);
}

void compareMatrix(const Mat4& got, const Mat4& want) {
    for (std::size_t k = 0; k < 16; ++k)
        QVERIFY2(got[k] == want[k],
                 qPrintable(QString("element %1: %2, want %3").arg(k).arg(got[k]).arg(want[k])));
}

} // namespace

class TestMath : public QObject {
    Q_OBJECT

private slots:
    void halfToFloatByHand() {
        QCOMPARE(halfToFloat(0x3C00), 1.0f);            // exponent 15 (bias), mantissa 0
        QCOMPARE(halfToFloat(0xC000), -2.0f);           // sign, exponent 16
        QCOMPARE(halfToFloat(0x7BFF), 65504.0f);        // (2 − 2^-10) × 2^15, the largest finite half
        QCOMPARE(halfToFloat(0x3555), 0.333251953125f); // (1 + 341/1024) × 2^-2
        QCOMPARE(halfToFloat(0x0001), 5.9604644775390625e-8f); // smallest subnormal, 2^-24
        QCOMPARE(halfToFloat(0x03FF), 6.097555160522461e-5f);  // largest subnormal, 1023 × 2^-24
        QCOMPARE(halfToFloat(0x0400), 6.103515625e-5f);        // smallest normal, 2^-14
        QCOMPARE(bitsOf(halfToFloat(0x8000)), 0x80000000u);    // -0 keeps its sign
        QVERIFY(std::isinf(halfToFloat(0x7C00)) && halfToFloat(0x7C00) > 0);
        QVERIFY(std::isinf(halfToFloat(0xFC00)) && halfToFloat(0xFC00) < 0);
        QVERIFY(std::isnan(halfToFloat(0x7E00)));
        QVERIFY(std::isnan(halfToFloat(0xFE00)) && std::signbit(halfToFloat(0xFE00)));
        QCOMPARE(bitsOf(halfToFloat(0x7C01)), 0x7F802000u); // the payload moves up 13 bits
    }

    void floatToHalfRoundsToNearestEven() {
        QCOMPARE(floatToHalf(1.0f), std::uint16_t(0x3C00));
        QCOMPARE(floatToHalf(-2.0f), std::uint16_t(0xC000));
        QCOMPARE(floatToHalf(65504.0f), std::uint16_t(0x7BFF));
        // Near 1 a half's step is 2^-10: 1 + 2^-11 lies halfway between 0x3C00 and 0x3C01 and
        // goes to the even one; 1 + 3 × 2^-11, halfway between 0x3C01 and 0x3C02, goes up.
        QCOMPARE(floatToHalf(1.0f + 0x1p-11f), std::uint16_t(0x3C00));
        QCOMPARE(floatToHalf(1.0f + 3 * 0x1p-11f), std::uint16_t(0x3C02));
        QCOMPARE(floatToHalf(1.0f + 0x1p-11f + 0x1p-20f), std::uint16_t(0x3C01)); // past halfway
        // 2 − 2^-12 is past the midpoint 2 − 2^-11: the mantissa carries into the exponent.
        QCOMPARE(floatToHalf(2.0f - 0x1p-12f), std::uint16_t(0x4000));
        // 65520 is halfway between 65504 (odd mantissa) and 65536, which is infinity.
        QCOMPARE(floatToHalf(65519.99609375f), std::uint16_t(0x7BFF));
        QCOMPARE(floatToHalf(65520.0f), std::uint16_t(0x7C00));
        QCOMPARE(floatToHalf(1e6f), std::uint16_t(0x7C00));
        // Subnormals count units of 2^-24: 0.5 unit goes to 0, 1.5 and 2.5 units to 2.
        QCOMPARE(floatToHalf(0x1p-25f), std::uint16_t(0x0000));
        QCOMPARE(floatToHalf(3 * 0x1p-25f), std::uint16_t(0x0002));
        QCOMPARE(floatToHalf(5 * 0x1p-25f), std::uint16_t(0x0002));
        // 1023.5 units: halfway between the largest subnormal and the smallest normal (even).
        QCOMPARE(floatToHalf(2047 * 0x1p-25f), std::uint16_t(0x0400));
        QCOMPARE(floatToHalf(-0.0f), std::uint16_t(0x8000));
        QCOMPARE(floatToHalf(-INFINITY), std::uint16_t(0xFC00));
        QCOMPARE(floatToHalf(NAN), std::uint16_t(0x7E00));
        // Every finite half survives the way there and back.
        for (std::uint32_t h = 0; h < 0x10000; ++h)
            if ((h & 0x7C00u) != 0x7C00u)
                QCOMPARE(std::uint32_t(floatToHalf(halfToFloat(std::uint16_t(h)))), h);
    }

    void signMagnitudeFixedPoint() {
        // pgeo.txt: 0x96F33B00 (bytes 00 3B F3 96) is −5875.23, not −26893 as two's complement.
        // Bit 31 set: negative; bits 16-30: 0x16F3 = 5875; bits 0-15: 0x3B00 = 15104, of 65535.
        const std::uint8_t bytes[4] = {0x00, 0x3B, 0xF3, 0x96};
        const std::uint32_t raw = std::uint32_t{bytes[0]} | std::uint32_t{bytes[1]} << 8 |
                                  std::uint32_t{bytes[2]} << 16 | std::uint32_t{bytes[3]} << 24;
        QCOMPARE(raw, 0x96F33B00u);
        const double v = fixedToDouble(raw);
        QCOMPARE(v, -(5875.0 + 15104.0 / 65535.0));
        QVERIFY(std::fabs(v - -5875.23) < 0.001);
        // The misreading: as two's complement 16.16 it would be −(26893 − 15104/65536) = −26892.77.
        QCOMPARE(static_cast<std::int32_t>(raw) / 65536.0, -(26893.0 - 15104.0 / 65536.0));
        QCOMPARE(doubleToFixed(v), 0x96F33B00u);
        // The fraction divides by 65535: 0x0000FFFF is a whole metre, like 0x00010000.
        QCOMPARE(fixedToDouble(0x0000FFFFu), 1.0);
        QCOMPARE(fixedToDouble(0x00010000u), 1.0);
        QCOMPARE(fixedToDouble(0x80010000u), -1.0);
        QCOMPARE(fixedToDouble(0x7FFFFFFFu), 32768.0);
        QVERIFY(std::signbit(fixedToDouble(0x80000000u))); // -0
        QCOMPARE(kFixedStep, 1.0 / 65535.0);
        // 0.5 × 65535 = 32767.5 rounds away from zero to 0x8000.
        QCOMPARE(doubleToFixed(0.5), 0x00008000u);
        QCOMPARE(doubleToFixed(-1.0), 0x80010000u);
        QCOMPARE(doubleToFixed(-0.0), 0u);         // no sign on zero
        QCOMPARE(doubleToFixed(-1e-9), 0u);        // rounds to zero: no sign either
        QCOMPARE(doubleToFixed(1e9), 0x7FFFFFFFu); // clamps
        QCOMPARE(doubleToFixed(-1e9), 0xFFFFFFFFu);
        QCOMPARE(doubleToFixed(NAN), 0u);
    }

    void inverseOfAnAffineMatrixByHand() {
        // Row-vector M = [R 0; t 1]: x → 2y, y → −x, z → 4z, then t = (3, 5, 7).
        // R⁻¹ sends y back to x/2, x to −y, z to z/4; the inverse translation is −t·R⁻¹ =
        // −(3·(0, −1, 0) + 5·(0.5, 0, 0) + 7·(0, 0, 0.25)) = (−2.5, 3, −1.75).
        const Mat4 m{0, 2, 0, 0, -1, 0, 0, 0, 0, 0, 4, 0, 3, 5, 7, 1};
        const Mat4 want{0, -1, 0, 0, 0.5f, 0, 0, 0, 0, 0, 0.25f, 0, -2.5f, 3, -1.75f, 1};
        const auto inv = inverse(m);
        QVERIFY(inv.has_value());
        compareMatrix(*inv, want);
        compareMatrix(inverseAffine(m), want);
        compareMatrix(multiply(m, *inv), identityMatrix());
        compareMatrix(multiply(*inv, m), identityMatrix());
    }

    void inverseOfAProjectiveMatrixByHand() {
        // The last column is not (0, 0, 0, 1): row 0 = (2, 0, 0, 1). Then the inverse's row 0
        // is (0.5, 0, 0, −0.5): (2, 0, 0, 1) · M⁻¹ = 2·(0.5, 0, 0, −0.5) + (0, 0, 0, 1) = e0.
        const Mat4 m{2, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        const auto inv = inverse(m);
        QVERIFY(inv.has_value());
        compareMatrix(*inv, {0.5f, 0, 0, -0.5f, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    }

    void singularMatricesHaveNoInverse() {
        QVERIFY(!inverse({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})); // y scaled to 0
        QVERIFY(!inverse({1, 2, 3, 0, 2, 4, 6, 0, 0, 0, 1, 0, 0, 0, 0, 1})); // row 1 = 2 × row 0
        QVERIFY(!inverse({NAN, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
        QVERIFY(!inverse({INFINITY, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
        // A small but regular scale still inverts.
        const auto tiny = inverse({1e-4f, 0, 0, 0, 0, 1e-4f, 0, 0, 0, 0, 1e-4f, 0, 0, 0, 0, 1});
        QVERIFY(tiny.has_value());
        QVERIFY(std::fabs((*tiny)[0] - 1e4f) <= 1e-3f);
        // The affine inverse falls back to the identity.
        compareMatrix(inverseAffine({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1}), identityMatrix());
    }

    void productsComposeInRowVectorOrder() {
        const Mat4 translate{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1};
        const Mat4 scale{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
        // p · T · S: translate first, then the translation is scaled too.
        compareMatrix(multiply(translate, scale), {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 2, 4, 6, 1});
        compareMatrix(multiply(scale, translate), {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1});
        compareMatrix(multiplyInFloat(translate, scale), multiply(translate, scale));
        // Four −0 products sum to +0, as the loops GLM replaced (which started from +0) did.
        const Mat4 negativeRow{-1, -1, -1, -1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        const Mat4 flatY{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        QCOMPARE(bitsOf(multiply(negativeRow, flatY)[1]), 0u);
        QCOMPARE(bitsOf(multiplyInFloat(negativeRow, flatY)[1]), 0u);
        // The z mirror S·M·S flips the z row and column except their shared element.
        compareMatrix(mirrorZ(multiply(translate, scale)),
                      {2, 0, -0.0f, 0, 0, 2, -0.0f, 0, -0.0f, -0.0f, 2, -0.0f, 2, 4, -6, 1});
        const Vec3 p = transformPoint({1, 1, 1}, multiply(translate, scale));
        QVERIFY((p == Vec3{4, 6, 8}));
    }

    void doubleVectors() {
        const Vec3d c = cross({0.6, 0, 0.8}, {0, 1, 0}); // (0·0 − 0.8·1, 0.8·0 − 0.6·0, 0.6·1 − 0·0)
        QCOMPARE(c.x, -0.8);
        QCOMPARE(c.y, 0.0);
        QCOMPARE(c.z, 0.6);
        QCOMPARE(length(Vec3d{3, 4, 12}), 13.0);
        const Vec3d n = normalized({3, 0, 4});
        QCOMPARE(n.x, 0.6);
        QCOMPARE(n.z, 0.8);
        const Vec3d zero = normalized({0, 0, 0});
        QVERIFY(zero.x == 0 && zero.y == 0 && zero.z == 0);
    }

    void arrayVectors() {
        const Vec3 a{1, 2, 3}, b{4, -5, 6};
        QVERIFY((add(a, b) == Vec3{5, -3, 9}));
        QVERIFY((sub(a, b) == Vec3{-3, 7, -3}));
        QVERIFY((scaled(a, -1) == Vec3{-1, -2, -3}));
        QCOMPARE(dot(a, b), 12.0f); // 4 − 10 + 18
        // (2·6 − 3·(−5), 3·4 − 1·6, 1·(−5) − 2·4)
        QVERIFY((cross(a, b) == Vec3{27, 6, -13}));
        QCOMPARE(length(Vec3{2, 3, 6}), 7.0f);
        const auto unit = normalised(std::array<double, 3>{0, 3, 4});
        QVERIFY(unit.has_value());
        QCOMPARE((*unit)[1], 0.6);
        QCOMPARE((*unit)[2], 0.8);
        // Degenerate: zero, not above the floor the caller gives, or not finite.
        QVERIFY(!normalised(Vec3{0, 0, 0}));
        QVERIFY(!normalised(std::array<double, 3>{1e-21, 0, 0}, 1e-20));
        QVERIFY(!normalised(Vec3{INFINITY, 0, 0}));
        QVERIFY((converted<float>(std::array<double, 3>{0.5, -2, 0.1}) == Vec3{0.5f, -2, 0.1f}));
    }
};

QTEST_APPLESS_MAIN(TestMath)
#include "tst_math.moc"
