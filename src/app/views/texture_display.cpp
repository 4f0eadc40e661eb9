#include "views/texture_display.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

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

} // namespace

QImage texturePicture(const decode::TexelImage& image, const TextureDisplayOptions& options) {
    const std::size_t texels = static_cast<std::size_t>(image.width) * image.height;
    const bool complete =
        image.isFloat ? image.rgba32f.size() >= texels * 4 : image.rgba8.size() >= texels * 4;
    if (texels == 0 || !complete || image.width > 65535 || image.height > 65535) return {};
    QImage picture(static_cast<int>(image.width), static_cast<int>(image.height),
                   QImage::Format_ARGB32_Premultiplied);
    if (picture.isNull()) return {};
    const float gain = static_cast<float>(std::exp2(options.exposure));
    const bool allOn = options.channelCount() == 4;
    for (std::uint32_t y = 0; y < image.height; ++y) {
        auto* out = reinterpret_cast<QRgb*>(picture.scanLine(static_cast<int>(y)));
        const std::size_t row = static_cast<std::size_t>(y) * image.width * 4;
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
    return picture;
}

DecodedLevel decodeForDisplay(const SharedBytes& bytes, decode::TexelFormat format, const TextureLevel& level,
                              const TextureDisplayOptions& options) {
    DecodedLevel out;
    const std::uint64_t size = bytes ? bytes->size() : 0;
    if (level.offset > size || level.size > size - level.offset) {
        out.error =
            QCoreApplication::translate("TextureDisplay", "The level's bytes are not all in the file.");
        return out;
    }
    std::string reason;
    std::optional<decode::TexelImage> image = decode::decodeLevel(
        format, level.width, level.height,
        bytes->subspan(static_cast<std::size_t>(level.offset), static_cast<std::size_t>(level.size)), reason);
    if (!image) {
        out.error = QString::fromStdString(reason);
        return out;
    }
    out.picture = texturePicture(*image, options);
    out.image = std::make_shared<const decode::TexelImage>(std::move(*image));
    return out;
}

} // namespace assetscope::app
