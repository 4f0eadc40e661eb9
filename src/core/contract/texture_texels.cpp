#include "contract/texture_texels.h"

namespace assetscope {

std::optional<std::pair<std::uint64_t, std::uint64_t>>
texelByteRange(TexelFormat format, const TextureLevel& level, std::uint32_t x, std::uint32_t y) {
    if (x >= level.width || y >= level.height) return std::nullopt;
    const TexelFormatInfo& info = texelFormatInfo(format);
    const std::uint64_t side = info.blockSize;
    const std::uint64_t perRow = (static_cast<std::uint64_t>(level.width) + side - 1) / side;
    const std::uint64_t index = (y / side) * perRow + x / side;
    const std::uint64_t begin = level.offset + index * info.bytesPerBlock;
    const std::uint64_t end = begin + info.bytesPerBlock;
    // A level's texels never lie outside its bytes; a description that says otherwise is not trusted.
    if (end > level.offset + level.size) return std::nullopt;
    return std::pair{begin, end};
}

} // namespace assetscope
