#pragma once

#include "bytes/byte_view.h"
#include "decode/texel_format.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::decode {

// One decoded level, row-major from the top-left texel, four channels per texel. Channels a
// format does not store follow Direct3D: colour 0, alpha 1 (BC4 gives (r, 0, 0, 1), A8 (0, 0, 0, a)).
// sRGB encodings are kept as stored (no conversion to linear).
struct TexelImage {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    // Floats for BC6H, the float formats, R16G16B16A16_UNORM and the signed BC4/BC5 (in
    // [-1, 1]); 8-bit unsigned otherwise.
    bool isFloat = false;
    std::vector<std::uint8_t> rgba8; // width * height * 4, when !isFloat
    std::vector<float> rgba32f;      // width * height * 4, when isFloat
};

// Decodes one width x height level from `data`, which must hold levelByteSize(format, width,
// height) bytes (more are ignored). Allocates for this one level only, after checking that the
// bytes are there; nullopt and `reason` when they are not.
std::optional<TexelImage> decodeLevel(TexelFormat format, std::uint32_t width, std::uint32_t height,
                                      ByteView data, std::string& reason);
// The same into an existing image whose storage is reused (a view that decodes level after level
// avoids allocating and zero-filling fresh memory each time). false and `reason` when the bytes
// are not there; `image` is then left empty.
bool decodeLevelInto(TexelFormat format, std::uint32_t width, std::uint32_t height, ByteView data,
                     TexelImage& image, std::string& reason);

} // namespace assetscope::decode
