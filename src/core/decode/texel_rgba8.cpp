#include "decode/texel_rgba8.h"

#include <cmath>
#include <type_traits>

namespace assetscope::decode {

namespace {

std::uint8_t unitToByte(float v) {
    if (!(v > 0.0f)) return 0; // NaN too
    if (v >= 1.0f) return 255;
    return static_cast<std::uint8_t>(std::lround(v * 255.0f));
}

bool isGrey(TexelFormat f) {
    return f == TexelFormat::BC4 || f == TexelFormat::BC4Signed || f == TexelFormat::R8Unorm;
}
bool isRedGreen(TexelFormat f) {
    return f == TexelFormat::BC5 || f == TexelFormat::BC5Signed;
}
// The signed normalised formats, decoded to [-1, 1]. BC6H's signed form is a float format: clamped.
bool isSnorm(TexelFormat f) {
    return f == TexelFormat::BC4Signed || f == TexelFormat::BC5Signed;
}

// One texel's four channels as stored (unit floats, or bytes over 255), then the contract's rules.
template <typename Channel> void putTexel(TexelFormat format, const Channel* in, std::uint8_t* out) {
    const TexelFormatInfo& info = texelFormatInfo(format);
    const bool snorm = isSnorm(format);
    auto byte = [&](int c) -> std::uint8_t {
        if constexpr (std::is_same_v<Channel, float>)
            return unitToByte(snorm ? in[c] * 0.5f + 0.5f : in[c]);
        else
            return in[c];
    };
    if (isGrey(format)) {
        out[0] = out[1] = out[2] = byte(0);
    } else if (isRedGreen(format)) {
        out[0] = byte(0);
        out[1] = byte(1);
        out[2] = 0;
    } else {
        out[0] = byte(0);
        out[1] = byte(1);
        out[2] = byte(2);
    }
    const bool storesAlpha = info.channels == 4 || format == TexelFormat::A8Unorm;
    out[3] = storesAlpha ? byte(3) : 255;
}

} // namespace

Bytes rgba8Texels(TexelFormat format, const TexelImage& image) {
    const std::uint64_t texels = std::uint64_t(image.width) * image.height;
    const std::size_t stored = image.isFloat ? image.rgba32f.size() : image.rgba8.size();
    if (texels == 0 || stored / 4 != texels || stored % 4 != 0) return {};
    Bytes out(stored);
    for (std::size_t i = 0; i < stored; i += 4) {
        if (image.isFloat)
            putTexel(format, image.rgba32f.data() + i, out.data() + i);
        else
            putTexel(format, image.rgba8.data() + i, out.data() + i);
    }
    return out;
}

} // namespace assetscope::decode
