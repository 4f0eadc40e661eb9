#include "export/dds_writer.h"

#include "bytes/byte_writer.h"
#include "decode/texel_format.h"
#include "export/dds_pixel_format.h"

#include <algorithm>
#include <limits>

namespace assetscope::exporting {

namespace {

// DDS_HEADER.dwFlags (Microsoft, "DDS_HEADER structure").
constexpr std::uint32_t kDdsdCaps = 0x1;
constexpr std::uint32_t kDdsdHeight = 0x2;
constexpr std::uint32_t kDdsdWidth = 0x4;
constexpr std::uint32_t kDdsdPitch = 0x8;
constexpr std::uint32_t kDdsdPixelFormat = 0x1000;
constexpr std::uint32_t kDdsdMipMapCount = 0x20000;
constexpr std::uint32_t kDdsdLinearSize = 0x80000;
// DDS_HEADER.dwCaps.
constexpr std::uint32_t kDdsCapsComplex = 0x8;
constexpr std::uint32_t kDdsCapsTexture = 0x1000;
constexpr std::uint32_t kDdsCapsMipMap = 0x400000;
// DDS_HEADER.dwCaps2: DDSCAPS2_CUBEMAP and its six faces, POSITIVEX 0x400 ... NEGATIVEZ 0x8000.
constexpr std::uint32_t kDdsCaps2Cubemap = 0x200;
constexpr std::uint32_t kDdsCaps2AllFaces = 0xFC00;
constexpr std::uint32_t kCubeFaces = 6;
constexpr std::uint32_t kPixelFormatSize = 32;
// DDS_HEADER_DXT10: DDS_DIMENSION_TEXTURE2D, DDS_RESOURCE_MISC_TEXTURECUBE.
constexpr std::uint32_t kDimensionTexture2d = 3;
constexpr std::uint32_t kMiscTextureCube = 0x4;

constexpr std::uint32_t kNoValue = 0;

// dwPitchOrLinearSize: a block-compressed format's whole top level, another's bytes per row.
// nullopt when it does not fit the field, which is then left out.
std::optional<std::uint32_t> pitchOrLinearSize(const TextureDescription& t) {
    const decode::TexelFormatInfo& info = decode::texelFormatInfo(*t.format);
    const std::optional<std::uint64_t> size = info.blockSize > 1
                                                  ? decode::levelByteSize(*t.format, t.width, t.height)
                                                  : decode::levelByteSize(*t.format, t.width, 1);
    if (!size || *size > std::numeric_limits<std::uint32_t>::max()) return std::nullopt;
    return static_cast<std::uint32_t>(*size);
}

bool levelFits(const TextureLevel& level, ByteView input) {
    return level.offset <= input.size() && level.size <= input.size() - level.offset;
}

DdsPixelFormat dx10PixelFormat() {
    DdsPixelFormat pf;
    pf.flags = kDdpfFourCc;
    pf.fourCc =
        std::uint32_t('D') | std::uint32_t('X') << 8 | std::uint32_t('1') << 16 | std::uint32_t('0') << 24;
    return pf;
}

} // namespace

std::optional<Bytes> ddsHeader(const TextureDescription& t) {
    if (!t.format) return std::nullopt;
    const decode::TexelFormatInfo& info = decode::texelFormatInfo(*t.format);
    const std::optional<std::uint32_t> pitch = pitchOrLinearSize(t);
    const std::uint32_t mips = std::max<std::uint32_t>(t.mips, 1);
    const std::uint32_t slices = std::max<std::uint32_t>(t.slices, 1);
    // Slices that are not whole cubes are written as the array they are.
    const bool cube = t.cube && slices % kCubeFaces == 0;
    // A legacy header holds one texture or one cube; arrays of either need DX10's arraySize.
    const bool single = slices == 1 || (cube && slices == kCubeFaces);
    const std::optional<DdsPixelFormat> legacy = single ? legacyPixelFormat(*t.format, t.srgb) : std::nullopt;

    std::uint32_t flags = kDdsdCaps | kDdsdHeight | kDdsdWidth | kDdsdPixelFormat;
    if (pitch) flags |= info.blockSize > 1 ? kDdsdLinearSize : kDdsdPitch;
    if (mips > 1) flags |= kDdsdMipMapCount;
    // DDSCAPS_COMPLEX: "any file that contains more than one surface".
    std::uint32_t caps = kDdsCapsTexture;
    if (mips > 1 || slices > 1) caps |= kDdsCapsComplex;
    if (mips > 1) caps |= kDdsCapsMipMap;
    const std::uint32_t caps2 = cube ? kDdsCaps2Cubemap | kDdsCaps2AllFaces : kNoValue;
    const DdsPixelFormat pf = legacy.value_or(dx10PixelFormat());

    ByteWriter w;
    w.reserve(legacy ? kDdsLegacyHeaderSize : kDdsHeaderSize);
    w.text("DDS ");
    w.u32(124); // dwSize
    w.u32(flags);
    w.u32(t.height);
    w.u32(t.width);
    w.u32(pitch.value_or(kNoValue));
    w.u32(kNoValue); // dwDepth: a 2D texture
    w.u32(mips);
    for (int i = 0; i < 11; ++i)
        w.u32(kNoValue); // dwReserved1
    w.u32(kPixelFormatSize);
    w.u32(pf.flags);
    w.u32(pf.fourCc);
    w.u32(pf.bitCount);
    for (std::uint32_t mask : pf.masks)
        w.u32(mask);
    w.u32(caps);
    w.u32(caps2);
    for (int i = 0; i < 3; ++i)
        w.u32(kNoValue); // dwCaps3, dwCaps4, dwReserved2
    if (legacy) return w.take();
    w.u32(decode::dxgiNumber(*t.format, t.srgb));
    w.u32(kDimensionTexture2d);
    w.u32(cube ? kMiscTextureCube : kNoValue);
    w.u32(cube ? slices / kCubeFaces : slices); // arraySize: cubes, not faces, for a cube
    w.u32(kNoValue); // miscFlags2: DDS_ALPHA_MODE_UNKNOWN, since the documents say nothing of alpha
    return w.take();
}

std::optional<Bytes> ddsFile(const TextureDescription& t, ByteView input, std::string& error) {
    std::optional<Bytes> header = ddsHeader(t);
    if (!header) {
        error = t.encodingText + " has no DXGI format to write";
        return std::nullopt;
    }
    ByteWriter w;
    if (t.tiled) {
        if (t.dataOffset > input.size() || t.dataSize > input.size() - t.dataOffset) {
            error = "the tiled data runs past the end of the file";
            return std::nullopt;
        }
        w.reserve(header->size() + static_cast<std::size_t>(t.dataSize));
        w.bytes(*header);
        w.bytes(input.subspan(static_cast<std::size_t>(t.dataOffset), static_cast<std::size_t>(t.dataSize)));
        return w.take();
    }
    // Stored order is DDS order, so level i is mip i % mips of slice i / mips: checked, not searched.
    const std::uint64_t count = std::uint64_t(t.mips) * t.slices;
    if (t.levels.size() != count) {
        error = "the file holds " + std::to_string(t.levels.size()) + " of the chain's " +
                std::to_string(count) + " levels";
        return std::nullopt;
    }
    std::uint64_t total = header->size();
    for (std::size_t i = 0; i < t.levels.size(); ++i) {
        const TextureLevel& level = t.levels[i];
        const std::uint32_t mip = static_cast<std::uint32_t>(i % t.mips);
        const std::uint32_t slice = static_cast<std::uint32_t>(i / t.mips);
        const std::uint32_t width = std::max<std::uint32_t>(t.width >> std::min(mip, 31u), 1);
        const std::uint32_t height = std::max<std::uint32_t>(t.height >> std::min(mip, 31u), 1);
        const auto expected = decode::levelByteSize(*t.format, width, height);
        const std::string name = "mip " + std::to_string(mip) + " of slice " + std::to_string(slice);
        if (level.mip != mip || level.slice != slice) {
            error = "the levels are not in stored order (" + name + " expected)";
            return std::nullopt;
        }
        if (!levelFits(level, input)) {
            error = name + " is not all in the file";
            return std::nullopt;
        }
        if (level.width != width || level.height != height || !expected || level.size != *expected) {
            error = name + " is not the size a DDS reader expects of " + std::to_string(width) + "x" +
                    std::to_string(height) + " texels";
            return std::nullopt;
        }
        total += level.size;
    }
    w.reserve(static_cast<std::size_t>(total));
    w.bytes(*header);
    for (const TextureLevel& level : t.levels)
        w.bytes(input.subspan(static_cast<std::size_t>(level.offset), static_cast<std::size_t>(level.size)));
    return w.take();
}

} // namespace assetscope::exporting
