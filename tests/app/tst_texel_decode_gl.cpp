// The texel decoder against an independent one: OpenGL's. Mesa's llvmpipe implements S3TC,
// RGTC and BPTC, so the same blocks are uploaded as compressed textures, read back with
// glGetTexImage and compared with decodeLevel: exactly for the unorm and snorm formats, within one
// float16 step for BC6H. Run under xvfb-run (Mesa); skipped where no context can be made.
//
// sRGB: glGetTexImage returns an sRGB texture's texels as stored (GL decodes sRGB only when
// sampling), which is also what decodeLevel keeps; both the sRGB and the plain GL formats are
// compared.
#include "decode/texel_blocks.h"
#include "decode/texel_decode.h"
#include "math/half_float.h"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QtTest>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using namespace assetscope;
using namespace assetscope::decode;

namespace {

// GL enums of the compressed formats (EXT_texture_compression_s3tc, EXT_texture_sRGB, RGTC, BPTC).
constexpr GLenum kDxt1Rgba = 0x83F1, kDxt3 = 0x83F2, kDxt5 = 0x83F3;
constexpr GLenum kSrgbDxt1Alpha = 0x8C4D, kSrgbDxt3 = 0x8C4E, kSrgbDxt5 = 0x8C4F;
constexpr GLenum kRgtc1 = 0x8DBB, kRgtc1Signed = 0x8DBC, kRgtc2 = 0x8DBD, kRgtc2Signed = 0x8DBE;
constexpr GLenum kBptcUnorm = 0x8E8C, kBptcSrgb = 0x8E8D, kBptcSignedFloat = 0x8E8E,
                 kBptcUnsignedFloat = 0x8E8F;

using GetTexImage = void (*)(GLenum, GLint, GLenum, GLenum, void*);

struct Case {
    const char* name;
    TexelFormat format;
    GLenum glFormat;
};

// Random blocks with a fixed seed. For BC6H and BC7 the mode bits are set in turn so that every
// mode (and BC6H's reserved ones) appears often; the rest of the block stays random.
std::vector<std::uint8_t> randomBlocks(TexelFormat format, std::size_t blocks, std::uint32_t seed) {
    const std::size_t blockBytes = texelFormatInfo(format).bytesPerBlock;
    std::mt19937 random(seed);
    std::vector<std::uint8_t> data(blocks * blockBytes);
    for (std::uint8_t& b : data)
        b = static_cast<std::uint8_t>(random() & 0xFFu);
    static constexpr std::uint8_t kBc6hModes[] = {0x00, 0x01, 0x02, 0x06, 0x0A, 0x0E, 0x12, 0x16,
                                                  0x1A, 0x1E, 0x03, 0x07, 0x0B, 0x0F, 0x13, 0x17};
    for (std::size_t i = 0; i < blocks; ++i) {
        std::uint8_t& low = data[i * blockBytes];
        if (format == TexelFormat::BC7) {
            const unsigned mode = i % 9; // 8: leave the random byte (mode 0 half the time)
            if (mode < 8) low = static_cast<std::uint8_t>((low & ~((2u << mode) - 1)) | (1u << mode));
        } else if (format == TexelFormat::BC6HUnsigned || format == TexelFormat::BC6HSigned) {
            const std::uint8_t mode = kBc6hModes[i % 16];
            const unsigned bits = mode < 2 ? 2 : 5;
            low = static_cast<std::uint8_t>((low & ~((1u << bits) - 1)) | mode);
        }
    }
    return data;
}

// Blocks written field by field: the tests' hand-made ones and a few edge cases.
std::vector<std::uint8_t> handMadeBlocks(TexelFormat format) {
    std::vector<std::uint8_t> out;
    auto add = [&out](const auto& block) { out.insert(out.end(), block.begin(), block.end()); };
    const blocks::Block8 colour4 =
        blocks::bc1(blocks::rgb565(31, 0, 0), blocks::rgb565(0, 63, 31), 0xE4E4E4E4u);
    const blocks::Block8 colour3 =
        blocks::bc1(blocks::rgb565(0, 63, 31), blocks::rgb565(31, 0, 0), 0xE4E4E4E4u);
    const blocks::Block8 alpha6 = blocks::bc4(200, 10, 0xFAC688FAC688ull);
    const blocks::Block8 alpha4 = blocks::bc4(10, 200, 0xFAC688FAC688ull);
    const blocks::Block8 signed6 = blocks::bc4(0x80, 0x7F, 0xFAC688FAC688ull);
    switch (format) {
    case TexelFormat::BC1:
        add(colour4);
        add(colour3);
        break;
    case TexelFormat::BC2:
        add(blocks::bc2(0xFEDCBA9876543210ull, colour3));
        break;
    case TexelFormat::BC3:
        add(blocks::bc3(alpha6, colour3));
        add(blocks::bc3(alpha4, colour4));
        break;
    case TexelFormat::BC4:
    case TexelFormat::BC4Signed:
        add(alpha6);
        add(alpha4);
        add(signed6);
        break;
    case TexelFormat::BC5:
    case TexelFormat::BC5Signed:
        add(blocks::bc5(alpha6, alpha4));
        add(blocks::bc5(signed6, alpha6));
        break;
    case TexelFormat::BC7:
        add(blocks::bc7Mode6({127, 64, 0, 100}, {0, 32, 127, 10}, 1, 0,
                             {15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}));
        add(blocks::Block16{}); // reserved: the low byte 0
        break;
    default: { // BC6H
        blocks::Bc6hFields fields;
        fields.mode = 11;
        fields.endpoints = {{{100, 200, 300}, {900, 800, 1000}, {}, {}}};
        for (std::size_t i = 0; i < 16; ++i)
            fields.indices[i] = static_cast<std::uint8_t>(i);
        add(blocks::bc6h(fields));
        break;
    }
    }
    return out;
}

std::uint16_t orderedHalf(std::uint16_t h) {
    // Half bit patterns onto a line where neighbouring values differ by one (-0 and +0 meet).
    return (h & 0x8000u) ? static_cast<std::uint16_t>(0x8000u - (h & 0x7FFFu))
                         : static_cast<std::uint16_t>(h + 0x8000u);
}

} // namespace

class TestTexelDecodeGl : public QObject {
    Q_OBJECT

    QOffscreenSurface m_surface;
    QOpenGLContext m_context;
    GetTexImage m_getTexImage = nullptr;
    bool m_ready = false;

    // Uploads `data` as a w x h compressed texture and reads it back as RGBA of `type`.
    bool upload(GLenum glFormat, int w, int h, const std::vector<std::uint8_t>& data, GLenum type,
                std::vector<std::uint8_t>& readBack) {
        QOpenGLFunctions* gl = m_context.functions();
        while (gl->glGetError() != GL_NO_ERROR) {
        }
        GLuint texture = 0;
        gl->glGenTextures(1, &texture);
        gl->glBindTexture(GL_TEXTURE_2D, texture);
        gl->glPixelStorei(GL_PACK_ALIGNMENT, 1);
        gl->glCompressedTexImage2D(GL_TEXTURE_2D, 0, glFormat, w, h, 0, static_cast<GLsizei>(data.size()),
                                   data.data());
        bool ok = gl->glGetError() == GL_NO_ERROR;
        if (ok) {
            readBack.assign(std::size_t(w) * h * 4 * (type == GL_FLOAT ? 4 : 1), 0);
            m_getTexImage(GL_TEXTURE_2D, 0, GL_RGBA, type, readBack.data());
            ok = gl->glGetError() == GL_NO_ERROR;
        }
        gl->glDeleteTextures(1, &texture);
        return ok;
    }

    void compare(const Case& c, int w, int h, const std::vector<std::uint8_t>& data) {
        std::string reason;
        const auto image = decodeLevel(c.format, w, h, ByteView(data.data(), data.size()), reason);
        QVERIFY2(image.has_value(), reason.c_str());
        std::vector<std::uint8_t> gl;
        const bool isFloat = image->isFloat;
        QVERIFY2(upload(c.glFormat, w, h, data, isFloat ? GL_FLOAT : GL_UNSIGNED_BYTE, gl),
                 "GL refused the texture");
        const bool bc6h = c.format == TexelFormat::BC6HUnsigned || c.format == TexelFormat::BC6HSigned;
        int mismatches = 0;
        for (std::size_t i = 0; i < std::size_t(w) * h * 4; ++i) {
            bool same;
            double mine, theirs;
            if (isFloat) {
                float g;
                std::memcpy(&g, gl.data() + 4 * i, 4);
                mine = image->rgba32f[i];
                theirs = g;
                if (bc6h) {
                    const int a = orderedHalf(math::floatToHalf(image->rgba32f[i]));
                    const int b = orderedHalf(math::floatToHalf(g));
                    same = std::abs(a - b) <= 1 || (std::isnan(image->rgba32f[i]) && std::isnan(g));
                } else {
                    same = image->rgba32f[i] == g;
                }
            } else {
                mine = image->rgba8[i];
                theirs = gl[i];
                same = image->rgba8[i] == gl[i];
            }
            if (!same && ++mismatches <= 8) {
                const std::size_t texel = i / 4;
                const std::size_t block = (texel / w / 4) * ((w + 3) / 4) + (texel % w) / 4;
                qWarning("%s %dx%d texel (%zu, %zu) channel %zu: decoded %.9g, GL %.9g (block %zu, low byte "
                         "0x%02x)",
                         c.name, w, h, texel % w, texel / w, i % 4, mine, theirs, block,
                         data[block * texelFormatInfo(c.format).bytesPerBlock]);
            }
        }
        QCOMPARE(mismatches, 0);
    }

    static QList<Case> cases() {
        return {
            {"BC1", TexelFormat::BC1, kDxt1Rgba},
            {"BC1_SRGB", TexelFormat::BC1, kSrgbDxt1Alpha},
            {"BC2", TexelFormat::BC2, kDxt3},
            {"BC2_SRGB", TexelFormat::BC2, kSrgbDxt3},
            {"BC3", TexelFormat::BC3, kDxt5},
            {"BC3_SRGB", TexelFormat::BC3, kSrgbDxt5},
            {"BC4_UNORM", TexelFormat::BC4, kRgtc1},
            {"BC4_SNORM", TexelFormat::BC4Signed, kRgtc1Signed},
            {"BC5_UNORM", TexelFormat::BC5, kRgtc2},
            {"BC5_SNORM", TexelFormat::BC5Signed, kRgtc2Signed},
            {"BC6H_UF16", TexelFormat::BC6HUnsigned, kBptcUnsignedFloat},
            {"BC6H_SF16", TexelFormat::BC6HSigned, kBptcSignedFloat},
            {"BC7_UNORM", TexelFormat::BC7, kBptcUnorm},
            {"BC7_UNORM_SRGB", TexelFormat::BC7, kBptcSrgb},
        };
    }

    void addRows() {
        QTest::addColumn<int>("index");
        const QList<Case> all = cases();
        for (int i = 0; i < all.size(); ++i)
            QTest::newRow(all[i].name) << i;
    }

private slots:
    void initTestCase() {
        QSurfaceFormat format;
        format.setProfile(QSurfaceFormat::CompatibilityProfile);
        m_context.setFormat(format);
        m_surface.setFormat(format);
        m_surface.create();
        if (!m_context.create() || !m_context.makeCurrent(&m_surface)) {
            if (qEnvironmentVariableIsSet("ASSETSCOPE_EXPECT_GL")) QFAIL("expected an OpenGL context");
            QSKIP("no OpenGL context on this platform: run under xvfb-run");
        }
        if (m_context.isOpenGLES()) QSKIP("OpenGL ES has no glGetTexImage");
        m_getTexImage = reinterpret_cast<GetTexImage>(m_context.getProcAddress("glGetTexImage"));
        QVERIFY(m_getTexImage != nullptr);
        qInfo("OpenGL %s, %s", reinterpret_cast<const char*>(m_context.functions()->glGetString(GL_VERSION)),
              reinterpret_cast<const char*>(m_context.functions()->glGetString(GL_RENDERER)));
        m_ready = true;
    }

    void randomBlocksAgree_data() { addRows(); }
    void randomBlocksAgree() {
        QFETCH(int, index);
        const Case c = cases()[index];
        // 256 x 256: 4096 blocks, each BC7 mode and partition many times over.
        const std::vector<std::uint8_t> data =
            randomBlocks(c.format, 64 * 64, 25u + static_cast<unsigned>(index));
        compare(c, 256, 256, data);
    }

    void handMadeBlocksAgree_data() { addRows(); }
    void handMadeBlocksAgree() {
        QFETCH(int, index);
        const Case c = cases()[index];
        const std::vector<std::uint8_t> data = handMadeBlocks(c.format);
        const int blocks = static_cast<int>(data.size() / texelFormatInfo(c.format).bytesPerBlock);
        compare(c, 4 * blocks, 4, data);
    }

    // Levels whose sides are not multiples of four: both decoders clip the edge blocks.
    void oddSizesAgree_data() { addRows(); }
    void oddSizesAgree() {
        QFETCH(int, index);
        const Case c = cases()[index];
        const std::vector<std::uint8_t> data =
            randomBlocks(c.format, 2 * 2, 99u + static_cast<unsigned>(index));
        compare(c, 5, 7, data);
        compare(
            c, 1, 1,
            std::vector<std::uint8_t>(data.begin(), data.begin() + texelFormatInfo(c.format).bytesPerBlock));
    }
};

QTEST_MAIN(TestTexelDecodeGl)
#include "tst_texel_decode_gl.moc"
