#pragma once

#include <cstdint>

// Decoders of single 4x4 blocks, row-major from the top-left texel. decodeLevel runs them over a
// level; tests call them on blocks whose texels they work out from the specifications.
namespace assetscope::decode::detail {

// BC1: 8 bytes → 16 RGBA8 texels (64 bytes). `allowThreeColour` false decodes every block with
// four colours, as BC2 and BC3 decode their colour half.
void bc1Block(const std::uint8_t* block, std::uint8_t* rgba, bool allowThreeColour = true);
// BC2 and BC3: 16 bytes → 16 RGBA8 texels.
void bc2Block(const std::uint8_t* block, std::uint8_t* rgba);
void bc3Block(const std::uint8_t* block, std::uint8_t* rgba);
// One BC4 channel: 8 bytes → 16 values written `stride` apart.
void bc4Block(const std::uint8_t* block, std::uint8_t* values, int stride);
// One signed BC4 channel: 8 bytes → 16 values in [-1, 1] written `stride` apart.
void bc4SignedBlock(const std::uint8_t* block, float* values, int stride);
// BC6H: 16 bytes → 16 RGB texels as half-float bit patterns (48 values).
void bc6hBlock(const std::uint8_t* block, bool isSigned, std::uint16_t* halfRgb);
// BC7: 16 bytes → 16 RGBA8 texels.
void bc7Block(const std::uint8_t* block, std::uint8_t* rgba);

// A 128-bit block read from its least significant bit upwards, as BC6H and BC7 store fields.
class BlockBits {
public:
    explicit BlockBits(const std::uint8_t* block) {
        for (int i = 7; i >= 0; --i) {
            m_low = (m_low << 8) | block[i];
            m_high = (m_high << 8) | block[8 + i];
        }
    }
    // The next `count` bits (1..32), least significant first.
    std::uint32_t read(int count) {
        const std::uint32_t value = static_cast<std::uint32_t>(m_low & ((std::uint64_t{1} << count) - 1));
        m_low = (m_low >> count) | (m_high << (64 - count));
        m_high >>= count;
        return value;
    }
    void skip(int count) {
        while (count > 32) {
            read(32);
            count -= 32;
        }
        if (count > 0) read(count);
    }

private:
    std::uint64_t m_low = 0;
    std::uint64_t m_high = 0;
};

} // namespace assetscope::decode::detail
