// materials::TextureImages, the decoded textures a window, an export or a batch shares: each
// texture read and decoded once while it is kept, the kept ones held to a byte budget with the
// least recently asked for let go first, and a texture let go decoded again when asked for. The
// decodings are counted (TextureImages::decoded), never timed.
#include "formats/texture/texture_samples.h"
#include "formats/texture/texture_writer.h"
#include "materials/look_textures.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <thread>

using namespace assetscope;
using materials::TextureImages;
namespace fs = std::filesystem;

namespace {

constexpr std::uint32_t kSide = 32;
// A kSide x kSide R8G8B8A8 image's texels, and what its entry costs against the budget.
constexpr std::size_t kTexelBytes = std::size_t{kSide} * kSide * 4; // 4096
constexpr std::size_t kEntry = kTexelBytes + TextureImages::kEntryBytes;

// A kSide x kSide R8G8B8A8 texture (one level, linear) whose every texel is (grey, 2 grey, 3,
// 255): decoded as stored.
Bytes greyTexture(std::uint8_t grey) {
    texture::TextureSpec s;
    s.header.width = s.header.height = static_cast<std::int32_t>(kSide);
    s.header.mips = 1;
    s.header.slices = 1;
    s.chainValues = {samples::kEncodingRGBA8,
                     texture::pitchValue(decode::TexelFormat::R8G8B8A8Unorm, kSide, kSide)};
    const std::uint8_t texel[4] = {grey, static_cast<std::uint8_t>(2 * grey), 3, 255};
    s.data = texture::solidLevel(decode::TexelFormat::R8G8B8A8Unorm, kSide, kSide, ByteView(texel, 4));
    return texture::writeTextureBundle(s);
}

} // namespace

class TestTextureImages : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_a, m_b, m_c, m_d, m_broken;

    std::string write(const char* name, const Bytes& bytes) {
        const fs::path path = fs::path(m_dir.path().toStdString()) / name;
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        return path.string();
    }

    // The texture at `input`, checked to be the grey one it was written as.
    static std::shared_ptr<const exporting::MaterialImage> ask(TextureImages& images,
                                                               const std::string& input, std::uint8_t grey) {
        std::string problem;
        auto image = images.image(input, problem);
        if (!image) qWarning("%s: %s", input.c_str(), problem.c_str());
        if (image && (image->width != kSide || image->rgba.size() != kTexelBytes || image->rgba[0] != grey ||
                      image->rgba[1] != 2 * grey || image->rgba[2] != 3 || image->rgba[3] != 255))
            return nullptr;
        return image;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_a = write("a.swatchbin", greyTexture(10));
        m_b = write("b.swatchbin", greyTexture(20));
        m_c = write("c.swatchbin", greyTexture(30));
        m_d = write("d.swatchbin", greyTexture(40));
        m_broken = write("broken.swatchbin", Bytes{1, 2, 3});
    }

    void defaultBudget() {
        const TextureImages images;
        QCOMPARE(images.budget(), std::size_t{256} * 1024 * 1024);
        QCOMPARE(TextureImages::entryBytes(nullptr), TextureImages::kEntryBytes);
    }

    // Three entries fit; the fourth lets go of the least recently asked for, which is not the
    // first one written when that one was asked for since.
    void lettingGoOfTheLeastRecentlyAskedFor() {
        TextureImages images({}, 3 * kEntry);
        QVERIFY(ask(images, m_a, 10));
        QVERIFY(ask(images, m_b, 20));
        QVERIFY(ask(images, m_c, 30));
        QCOMPARE(images.decoded(), std::size_t{3});
        QCOMPARE(images.kept(), std::size_t{3});
        QCOMPARE(images.bytes(), 3 * kEntry);
        // A kept texture is not read again: a is now the most recently asked for (a, c, b).
        QVERIFY(ask(images, m_a, 10));
        QCOMPARE(images.decoded(), std::size_t{3});
        // d lets go of b, the least recently asked for (d, a, c).
        QVERIFY(ask(images, m_d, 40));
        QCOMPARE(images.decoded(), std::size_t{4});
        QVERIFY(!images.holds(m_b));
        QVERIFY(images.holds(m_a));
        QVERIFY(images.holds(m_c));
        QVERIFY(images.holds(m_d));
        QCOMPARE(images.bytes(), 3 * kEntry);
        // b let go is read and decoded again, and lets go of c (b, d, a).
        QVERIFY(ask(images, m_b, 20));
        QCOMPARE(images.decoded(), std::size_t{5});
        QVERIFY(!images.holds(m_c));
        QVERIFY(ask(images, m_a, 10));
        QVERIFY(ask(images, m_d, 40));
        QCOMPARE(images.decoded(), std::size_t{5});
        // (d, a, b): c again lets go of b.
        QVERIFY(ask(images, m_c, 30));
        QCOMPARE(images.decoded(), std::size_t{6});
        QVERIFY(!images.holds(m_b));
        QCOMPARE(images.kept(), std::size_t{3});
    }

    // Lowering the budget lets go at once, the least recently asked for first; an image the
    // caller holds stays whole when its entry is let go.
    void loweringTheBudget() {
        TextureImages images;
        const auto a = ask(images, m_a, 10);
        QVERIFY(a);
        QVERIFY(ask(images, m_b, 20));
        QVERIFY(ask(images, m_c, 30));
        QCOMPARE(images.bytes(), 3 * kEntry);
        images.setBudget(2 * kEntry);
        QCOMPARE(images.budget(), 2 * kEntry);
        QVERIFY(!images.holds(m_a));
        QVERIFY(images.holds(m_b) && images.holds(m_c));
        images.setBudget(kEntry);
        QVERIFY(!images.holds(m_b));
        QVERIFY(images.holds(m_c));
        QCOMPARE(images.bytes(), kEntry);
        images.setBudget(0);
        QCOMPARE(images.kept(), std::size_t{0});
        QCOMPARE(images.bytes(), std::size_t{0});
        QCOMPARE(a->rgba.size(), kTexelBytes);
        QCOMPARE(int(a->rgba[0]), 10);
        QCOMPARE(images.decoded(), std::size_t{3});
    }

    // An image that alone costs more than the budget is given but not kept: asked for again, it
    // is decoded again.
    void anImageLargerThanTheBudget() {
        TextureImages images({}, kEntry - 1);
        QVERIFY(ask(images, m_a, 10));
        QCOMPARE(images.kept(), std::size_t{0});
        QVERIFY(ask(images, m_a, 10));
        QCOMPARE(images.decoded(), std::size_t{2});
    }

    // A texture that does not read is kept with its problem, at kEntryBytes, and not read again
    // while kept; it is let go like any other.
    void aFailureIsKeptAndLetGo() {
        TextureImages images({}, kEntry + TextureImages::kEntryBytes);
        std::string problem;
        QVERIFY(!images.image(m_broken, problem));
        QVERIFY(!problem.empty());
        QCOMPARE(images.bytes(), TextureImages::kEntryBytes);
        QVERIFY(images.holds(m_broken));
        std::string again;
        QVERIFY(!images.image(m_broken, again));
        QCOMPARE(again, problem);
        QCOMPARE(images.decoded(), std::size_t{0});
        QVERIFY(ask(images, m_a, 10));
        QVERIFY(images.holds(m_broken));
        QVERIFY(ask(images, m_b, 20)); // the failure is the least recently asked for
        QVERIFY(!images.holds(m_broken));
        QVERIFY(!images.holds(m_a));
        QCOMPARE(images.bytes(), kEntry);
    }

    // Threads asking for one new texture at once share one decoding.
    void threadsShareOneDecoding() {
        TextureImages images;
        std::vector<std::thread> threads;
        std::vector<std::shared_ptr<const exporting::MaterialImage>> got(8);
        for (std::size_t t = 0; t < got.size(); ++t)
            threads.emplace_back([&, t] {
                std::string problem;
                got[t] = images.image(m_d, problem);
            });
        for (auto& t : threads)
            t.join();
        QCOMPARE(images.decoded(), std::size_t{1});
        for (const auto& image : got)
            QCOMPARE(image.get(), got[0].get());
        QVERIFY(got[0]);
    }
};

QTEST_GUILESS_MAIN(TestTextureImages)
#include "tst_texture_images.moc"
