#include "views/texture_display.h"

#include <QCoreApplication>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>

namespace assetscope::app {

namespace {

std::uint8_t unitToByte(float v) {
    if (!(v > 0)) return 0; // NaN too
    if (v >= 1) return 255;
    return static_cast<std::uint8_t>(std::lround(v * 255.0f));
}

QRgb premultiplied(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
    if (a == 255) return qRgba(r, g, b, 255);
    return qPremultiply(qRgba(r, g, b, a));
}

// Maps one texel's four channels (as 8-bit) to a pixel by the chosen channels.
QRgb pixelOf(const std::uint8_t (&c)[4], const TextureDisplayOptions& o) {
    if (o.channelCount() == 1) {
        const std::uint8_t grey = o.red ? c[0] : o.green ? c[1] : o.blue ? c[2] : c[3];
        return qRgb(grey, grey, grey);
    }
    return premultiplied(o.red ? c[0] : 0, o.green ? c[1] : 0, o.blue ? c[2] : 0, o.alpha ? c[3] : 255);
}

// Rows [fromRow, fromRow + rows) of `image` into the picture's rows from `atRow`.
void pictureRows(const TexelImage& image, std::uint32_t fromRow, std::uint32_t rows,
                 const TextureDisplayOptions& options, QImage& picture, std::uint32_t atRow) {
    const float gain = static_cast<float>(std::exp2(options.exposure));
    const bool allOn = options.channelCount() == 4;
    for (std::uint32_t y = 0; y < rows; ++y) {
        auto* out = reinterpret_cast<QRgb*>(picture.scanLine(static_cast<int>(atRow + y)));
        const std::size_t row = static_cast<std::size_t>(fromRow + y) * image.width * 4;
        for (std::uint32_t x = 0; x < image.width; ++x) {
            const std::size_t at = row + static_cast<std::size_t>(x) * 4;
            std::uint8_t c[4];
            if (image.isFloat) {
                const float* f = image.rgba32f.data() + at;
                for (int i = 0; i < 3; ++i)
                    c[i] = unitToByte(options.signedAsUnit ? f[i] * 0.5f + 0.5f : f[i] * gain);
                c[3] = unitToByte(f[3]);
            } else {
                const std::uint8_t* b = image.rgba8.data() + at;
                if (allOn) { // the common case, kept short
                    out[x] = premultiplied(b[0], b[1], b[2], b[3]);
                    continue;
                }
                std::copy(b, b + 4, c);
            }
            out[x] = pixelOf(c, options);
        }
    }
}

bool complete(const TexelImage& image) {
    const std::size_t values = static_cast<std::size_t>(image.width) * image.height * 4;
    return (image.isFloat ? image.rgba32f.size() : image.rgba8.size()) >= values;
}

QImage blankPicture(std::uint32_t width, std::uint32_t height) {
    if (width == 0 || height == 0 || width > 65535 || height > 65535) return {};
    return QImage(static_cast<int>(width), static_cast<int>(height), QImage::Format_ARGB32_Premultiplied);
}

// Horizontal strips of a level, each a whole number of block rows, for the threads to share.
struct Strips {
    std::uint32_t rows = 0; // texel rows a strip
    std::uint32_t count = 0;
};

Strips stripsOf(std::uint32_t height, std::uint32_t blockSide) {
    const std::uint32_t rows = blockSide * std::max<std::uint32_t>(1, 128 / blockSide);
    return {rows, (height + rows - 1) / rows};
}

// The strips' threads: one a core. A strip never waits for anything, so whoever waits for strips
// (a textureThreads() task) always sees them finish.
QThreadPool& stripThreads() {
    static QThreadPool pool;
    return pool;
}

// Runs `work(strip)` for every strip on the strip threads and waits for them all.
template <typename Work> void forEachStrip(std::uint32_t count, Work work) {
    std::vector<std::uint32_t> strips(count);
    std::iota(strips.begin(), strips.end(), 0u);
    QtConcurrent::blockingMap(&stripThreads(), strips, [&work](std::uint32_t strip) { work(strip); });
}

} // namespace

QThreadPool& textureThreads() {
    // Two: the level being decoded and the one chosen after it; older results are dropped anyway.
    static QThreadPool& pool = []() -> QThreadPool& {
        static QThreadPool threads;
        threads.setMaxThreadCount(2);
        return threads;
    }();
    return pool;
}

QImage texturePicture(const TexelImage& image, const TextureDisplayOptions& options) {
    if (!complete(image)) return {};
    QImage picture = blankPicture(image.width, image.height);
    if (picture.isNull()) return {};
    const Strips strips = stripsOf(image.height, 1);
    forEachStrip(strips.count, [&](std::uint32_t strip) {
        const std::uint32_t y0 = strip * strips.rows;
        const std::uint32_t rows = std::min(strips.rows, image.height - y0);
        pictureRows(image, y0, rows, options, picture, y0);
    });
    return picture;
}

DecodedLevel decodeForDisplay(const SharedBytes& bytes, TexelFormat format, const TextureLevel& level,
                              const TextureDisplayOptions& options) {
    DecodedLevel out;
    const std::uint64_t size = bytes ? bytes->size() : 0;
    const std::optional<std::uint64_t> needed = levelByteSize(format, level.width, level.height);
    if (level.offset > size || level.size > size - level.offset || !needed || *needed > level.size) {
        out.error =
            QCoreApplication::translate("TextureDisplay", "The level's bytes are not all in the file.");
        return out;
    }
    QImage picture = blankPicture(level.width, level.height);
    if (picture.isNull()) {
        out.error = QCoreApplication::translate("TextureDisplay", "The level is too large to show.");
        return out;
    }
    // The level in strips of whole block rows, decoded on every core; each strip's texels go
    // into the level's image and its pixels into the picture.
    const TexelFormatInfo& info = texelFormatInfo(format);
    const Strips strips = stripsOf(level.height, info.blockSize);
    const std::uint64_t stripBytes = *levelByteSize(format, level.width, strips.rows);
    auto image = std::make_shared<TexelImage>();
    image->width = level.width;
    image->height = level.height;
    image->isFloat = info.isFloat;
    const std::size_t values = static_cast<std::size_t>(level.width) * level.height * 4;
    if (info.isFloat)
        image->rgba32f.resize(values);
    else
        image->rgba8.resize(values);
    std::mutex failure;
    forEachStrip(strips.count, [&](std::uint32_t strip) {
        const std::uint32_t y0 = strip * strips.rows;
        const std::uint32_t rows = std::min(strips.rows, level.height - y0);
        const ByteView data =
            bytes->subspan(static_cast<std::size_t>(level.offset + strip * stripBytes),
                           static_cast<std::size_t>(std::min(stripBytes, level.size - strip * stripBytes)));
        // Each pool thread keeps its strip buffer from level to level (a strip of 4096 texels is
        // 2 MiB, 8 MiB as floats) rather than allocating and zero-filling one per strip.
        thread_local TexelImage part;
        std::string reason;
        if (!decodeLevelInto(format, level.width, rows, data, part, reason) || part.isFloat != info.isFloat) {
            const std::lock_guard lock(failure);
            if (out.error.isEmpty()) out.error = QString::fromStdString(reason);
            return;
        }
        const std::size_t from = static_cast<std::size_t>(y0) * level.width * 4;
        if (info.isFloat)
            std::copy(part.rgba32f.begin(), part.rgba32f.end(), image->rgba32f.begin() + from);
        else
            std::copy(part.rgba8.begin(), part.rgba8.end(), image->rgba8.begin() + from);
        pictureRows(part, 0, rows, options, picture, y0);
    });
    if (!out.error.isEmpty()) return out;
    out.picture = std::move(picture);
    out.image = std::move(image);
    return out;
}

} // namespace assetscope::app
