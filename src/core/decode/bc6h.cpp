// BC6H, written from Microsoft's "BC6H Format" and the Khronos Data Format Specification
// ("BPTC", BC6H): mode layouts, sign extension, transformed endpoints, unquantisation,
// interpolation and the final scaling to half-float bit patterns. A reserved mode decodes to
// zeros (the specification's (0, 0, 0, 1) once alpha is added).
#include "decode/bc6h_modes.h"
#include "decode/bptc_tables.h"
#include "decode/texel_block_decode.h"

#include <algorithm>

namespace assetscope::decode::detail {

namespace {

int signExtend(int value, int bits) {
    const int shift = 32 - bits;
    return static_cast<int>(static_cast<std::uint32_t>(value) << shift) >> shift;
}

int unquantiseUnsigned(int x, int bits) {
    if (bits >= 15 || x == 0) return x;
    if (x == (1 << bits) - 1) return 0xFFFF;
    return ((x << 15) + 0x4000) >> (bits - 1);
}

int unquantiseSigned(int x, int bits) {
    if (bits >= 16) return x;
    const bool negative = x < 0;
    if (negative) x = -x;
    int unq;
    if (x == 0)
        unq = 0;
    else if (x >= (1 << (bits - 1)) - 1)
        unq = 0x7FFF;
    else
        unq = ((x << 15) + 0x4000) >> (bits - 1);
    return negative ? -unq : unq;
}

std::uint16_t finishUnsigned(int i) {
    return static_cast<std::uint16_t>((i * 31) >> 6);
}

std::uint16_t finishSigned(int i) {
    return static_cast<std::uint16_t>(i < 0 ? (((-i) * 31) >> 5) | 0x8000 : (i * 31) >> 5);
}

// The stored fields of a block in `mode`, read bit by bit as its layout says.
void readFields(BlockBits& bits, const bc6h::Mode& mode, int fields[bc6h::kFieldCount]) {
    std::fill(fields, fields + bc6h::kFieldCount, 0);
    for (const bc6h::Segment& segment : mode.layout) {
        const std::uint32_t value = bits.read(segment.count);
        if (!segment.reversed) {
            fields[segment.field] |= static_cast<int>(value << segment.firstBit);
        } else {
            for (int i = 0; i < segment.count; ++i)
                fields[segment.field] |= static_cast<int>(((value >> i) & 1u) << (segment.firstBit - i));
        }
    }
}

} // namespace

void bc6hBlock(const std::uint8_t* block, bool isSigned, std::uint16_t* halfRgb) {
    const bc6h::Mode* mode = bc6h::modeOf(block[0]);
    if (mode == nullptr) {
        std::fill(halfRgb, halfRgb + 48, std::uint16_t{0});
        return;
    }
    BlockBits bits(block);
    bits.skip(mode->modeBitCount);
    int fields[bc6h::kFieldCount];
    readFields(bits, *mode, fields);

    const int subsets = mode->twoSubsets ? 2 : 1;
    const int endpointCount = 2 * subsets;
    const int epb = mode->endpointBits;
    int endpoints[4][3];
    for (int e = 0; e < endpointCount; ++e)
        for (int c = 0; c < 3; ++c)
            endpoints[e][c] = fields[3 * e + c];

    for (int c = 0; c < 3; ++c) {
        if (isSigned) endpoints[0][c] = signExtend(endpoints[0][c], epb);
        for (int e = 1; e < endpointCount; ++e) {
            int& v = endpoints[e][c];
            if (mode->transformed) {
                // A difference from E0, wrapped to the endpoint bits.
                v = (endpoints[0][c] + signExtend(v, mode->deltaBits[static_cast<std::size_t>(c)])) &
                    ((1 << epb) - 1);
                if (isSigned) v = signExtend(v, epb);
            } else if (isSigned) {
                v = signExtend(v, epb);
            }
        }
        for (int e = 0; e < endpointCount; ++e)
            endpoints[e][c] =
                isSigned ? unquantiseSigned(endpoints[e][c], epb) : unquantiseUnsigned(endpoints[e][c], epb);
    }

    const int partition = mode->twoSubsets ? fields[bc6h::kPartitionField] : 0;
    const int indexBits = mode->twoSubsets ? 3 : 4;
    const std::uint8_t* weights = bptc::weightsFor(indexBits);
    for (int texel = 0; texel < 16; ++texel) {
        const int count = bptc::isAnchor(subsets, partition, texel) ? indexBits - 1 : indexBits;
        const int w = weights[bits.read(count)];
        const int subset = bptc::subsetOf(subsets, partition, texel);
        const int* e0 = endpoints[2 * subset];
        const int* e1 = endpoints[2 * subset + 1];
        for (int c = 0; c < 3; ++c) {
            const int i = ((64 - w) * e0[c] + w * e1[c] + 32) >> 6;
            halfRgb[3 * texel + c] = isSigned ? finishSigned(i) : finishUnsigned(i);
        }
    }
}

} // namespace assetscope::decode::detail
