#include "shading/parameter_writer.h"

#include "bytes/byte_writer.h"
#include "shading/seven_bit_string.h"

namespace assetscope::shading {

namespace {

void writeRecord(ByteWriter& w, const ParameterRecord& p) {
    const Version v = p.version;
    w.u8(v.major);
    w.u8(v.minor);
    w.u32(p.hash);
    if (v.atLeast(3, 1)) {
        const std::uint8_t flag = p.unknownFlag.value_or(0);
        w.u8(flag);
        if (flag != 0) w.u32(p.unknownValue.value_or(0));
    }
    w.u8(p.type);
    if (v.atLeast(3, 0)) w.bytes(p.guid.value_or(Guid{}));
    switch (static_cast<ParameterType>(p.type)) {
    case ParameterType::Vector:
    case ParameterType::Color:
    case ParameterType::Swizzle:
    case ParameterType::FunctionRange:
        for (std::size_t i = 0; i < 4; ++i)
            w.f32(i < p.floats.size() ? p.floats[i] : 0.0f);
        break;
    case ParameterType::Float:
        w.f32(p.floats.empty() ? 0.0f : p.floats[0]);
        break;
    case ParameterType::Bool:
    case ParameterType::Int:
        w.u32(p.words.empty() ? 0 : p.words[0]);
        break;
    case ParameterType::Texture:
        writeSevenBitString(w, p.path);
        if (v.atLeast(2, 0)) w.u32(p.pathHash.value_or(texturePathHash(p.path)));
        break;
    case ParameterType::Sampler:
        for (std::size_t i = 0; i < (v.atLeast(1, 1) ? 3u : 2u); ++i)
            w.u32(i < p.words.size() ? p.words[i] : 0);
        break;
    case ParameterType::ColorGradient:
        w.u32(static_cast<std::uint32_t>(p.words.size()));
        for (const std::uint32_t word : p.words)
            w.u32(word);
        break;
    case ParameterType::Vector2:
        w.f32(p.floats.size() > 0 ? p.floats[0] : 0.0f);
        w.f32(p.floats.size() > 1 ? p.floats[1] : 0.0f);
        if (!v.atLeast(2, 0)) w.bytes(p.padding);
        break;
    }
}

} // namespace

Bytes writeParameterBlob(const ParameterBlob& blob) {
    ByteWriter w;
    if (blob.count) {
        if (blob.version.atLeast(2, 1))
            w.u16(static_cast<std::uint16_t>(*blob.count));
        else
            w.u8(static_cast<std::uint8_t>(*blob.count));
    }
    for (const ParameterRecord& p : blob.records)
        writeRecord(w, p);
    if (blob.trailer)
        for (const std::uint32_t crc : *blob.trailer)
            w.u32(crc);
    w.bytes(blob.rest);
    return w.take();
}

} // namespace assetscope::shading
