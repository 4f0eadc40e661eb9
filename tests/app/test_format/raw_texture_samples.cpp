#include "raw_texture_samples.h"

#include "decode/texel_blocks.h"

#include <cstring>

namespace assetscope::rawtex {

RawTexture rgbaTexture() {
    RawTexture t;
    t.encoding = static_cast<std::uint32_t>(decode::TexelFormat::R8G8B8A8Unorm);
    t.width = 8;
    t.height = 4;
    t.mips = 2;
    t.slices = 2;
    auto texel = [&t](int r, int g, int b, int a) {
        for (int v : {r, g, b, a})
            t.data.push_back(static_cast<std::uint8_t>(v));
    };
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 8; ++x)
            x == 2 && y == 0 ? texel(255, 0, 0, 128) : texel(32 * x, 64 * y, 7, 255);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x)
            texel(200, 10 * x, 10 * y, 255);
    for (int i = 0; i < 32 + 8; ++i)
        texel(10, 20, 30, 255);
    return t;
}

RawTexture bc1Texture() {
    using namespace decode::blocks;
    RawTexture t;
    t.encoding = static_cast<std::uint32_t>(decode::TexelFormat::BC1);
    t.width = 8;
    t.height = 8;
    t.mips = 2;
    TexelIndices indices{};
    indices[2 * 4 + 1] = 1;
    const std::uint32_t packed = packIndices2(indices);
    const std::uint16_t ends[5][2] = {{rgb565(31, 0, 0), rgb565(0, 0, 31)},
                                      {rgb565(0, 63, 0), 0},
                                      {rgb565(31, 63, 31), 0},
                                      {rgb565(16, 32, 8), 0},
                                      {rgb565(31, 0, 0), 0}};
    for (const auto& e : ends) {
        const Block8 block = bc1(e[0], e[1], packed);
        t.data.insert(t.data.end(), block.begin(), block.end());
    }
    return t;
}

RawTexture floatTexture() {
    RawTexture t;
    t.encoding = static_cast<std::uint32_t>(decode::TexelFormat::R32G32B32A32Float);
    t.width = 2;
    t.height = 1;
    for (float v : {2.0f, 0.5f, 0.25f, 1.0f, -1.0f, 0.0f, 0.0f, 1.0f}) {
        std::uint32_t bits;
        std::memcpy(&bits, &v, 4);
        for (int i = 0; i < 4; ++i)
            t.data.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    }
    return t;
}

} // namespace assetscope::rawtex
