#pragma once

#include "bytes/byte_view.h"
#include "contract/texture_texels.h"

#include <QImage>
#include <QString>

#include <memory>

class QThreadPool;

namespace assetscope::app {

// How a decoded level is turned into a picture: the channels shown, and for float images the
// exposure (in stops) and whether values from -1 to 1 are shown as 0 to 1 (signed encodings).
struct TextureDisplayOptions {
    bool red = true;
    bool green = true;
    bool blue = true;
    bool alpha = true;
    double exposure = 0;
    bool signedAsUnit = false;

    int channelCount() const { return int(red) + int(green) + int(blue) + int(alpha); }
    bool operator==(const TextureDisplayOptions&) const = default;
};

// The picture of a decoded level (premultiplied ARGB, one pixel a texel):
// - one channel chosen: that channel as grey, opaque;
// - else the chosen colour channels (the others 0), with the texels' alpha when A is chosen
//   (the view draws it over a checkerboard), opaque otherwise.
// Floats are multiplied by 2^exposure (alpha is not), then clamped to 0-1; no tone curve.
QImage texturePicture(const TexelImage& image, const TextureDisplayOptions& options);

// One level decoded and pictured, as a worker thread hands it back.
struct DecodedLevel {
    std::shared_ptr<const TexelImage> image; // nullptr when it could not be decoded
    QImage picture;
    QString error;
};

// The threads a texture view runs decodeForDisplay and texturePicture on. They are not Qt's
// global pool: the raster paint engine borrows that one while painting, and a level's strips
// (below) run on a third pool of their own, so that no task ever waits for a pool it occupies.
QThreadPool& textureThreads();

// Decodes `level` of `bytes` and pictures it; checks that the level's bytes are all there first.
// Runs on any thread but a strip thread: the level's strips are decoded on every core.
DecodedLevel decodeForDisplay(const SharedBytes& bytes, TexelFormat format, const TextureLevel& level,
                              const TextureDisplayOptions& options);

} // namespace assetscope::app
