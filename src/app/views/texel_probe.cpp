#include "views/texel_probe.h"

#include <QCoreApplication>

namespace assetscope::app {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("TexelProbe", text);
}
} // namespace

QString TexelProbe::positionText() const {
    return tr("(%1, %2), mip %3, slice %4").arg(x).arg(y).arg(mip).arg(slice);
}

QString TexelProbe::bytesText() const {
    const QString where =
        QStringLiteral("0x%1 (%2)").arg(QString::number(bytes.begin, 16).toUpper()).arg(bytes.begin);
    const quint64 length = bytes.end - bytes.begin;
    return block ? tr("%1x%1 block at %2, %3 bytes").arg(blockSize).arg(where).arg(length)
                 : tr("texel at %1, %2 bytes").arg(where).arg(length);
}

QString TexelProbe::statusText() const {
    return tr("Texel %1: %2; %3").arg(positionText(), valueText, bytesText());
}

std::optional<ByteRange> texelBytes(TexelFormat format, const TextureLevel& level, std::uint32_t x,
                                    std::uint32_t y) {
    const auto range = texelByteRange(format, level, x, y);
    if (!range) return std::nullopt;
    return ByteRange{range->first, range->second};
}

QString texelValueText(const TexelImage& image, std::uint32_t x, std::uint32_t y) {
    if (x >= image.width || y >= image.height) return {};
    const std::size_t at = (static_cast<std::size_t>(y) * image.width + x) * 4;
    static const char* const names[] = {"R", "G", "B", "A"};
    QStringList parts;
    for (std::size_t c = 0; c < 4; ++c) {
        QString value;
        if (image.isFloat && at + c < image.rgba32f.size())
            value = QString::number(image.rgba32f[at + c], 'g', 6);
        else if (!image.isFloat && at + c < image.rgba8.size())
            value = QString::number(image.rgba8[at + c]);
        else
            return {};
        parts << QStringLiteral("%1 %2").arg(QLatin1String(names[c]), value);
    }
    return parts.join(QLatin1Char(' '));
}

std::optional<TexelProbe> probeTexel(TexelFormat format, const TextureLevel& level, const TexelImage& image,
                                     std::uint32_t x, std::uint32_t y) {
    const std::optional<ByteRange> bytes = texelBytes(format, level, x, y);
    if (!bytes || x >= image.width || y >= image.height) return std::nullopt;
    TexelProbe probe;
    probe.x = x;
    probe.y = y;
    probe.mip = level.mip;
    probe.slice = level.slice;
    probe.blockSize = texelFormatInfo(format).blockSize;
    probe.block = probe.blockSize > 1;
    probe.bytes = *bytes;
    probe.valueText = texelValueText(image, x, y);
    return probe;
}

} // namespace assetscope::app
