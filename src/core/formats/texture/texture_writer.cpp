#include "formats/texture/texture_writer.h"

#include "bytes/byte_writer.h"
#include "formats/grub/bundle_writer.h"
#include "formats/texture/txch_layout.h"

#include <cstring>

namespace assetscope::texture {

namespace {

constexpr std::uint32_t kSecondChainAt = kHeaderBytes;
constexpr std::uint32_t kFirstLinkAt = kSecondChainAt + 4;
constexpr std::uint32_t kLinkStride = kLinkBytes + 4; // a link, then its value

template <typename T> void put(Bytes& bytes, std::uint64_t at, T value) {
    if (at > bytes.size() || sizeof(T) > bytes.size() - at) return;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        bytes[at + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(value) >> (8 * i));
}

} // namespace

Bytes txchPayload(TextureHeader header, const std::vector<std::int32_t>& values, ByteView tail) {
    header.secondChainOffset = kSecondChainAt;
    header.chainOffset = values.empty() ? static_cast<std::uint32_t>(kChainEnd) : kFirstLinkAt;
    Bytes payload(kFirstLinkAt + values.size() * kLinkStride, 0);
    txch_layout::kLayout.encode(header, payload.data());
    put(payload, kSecondChainAt, kChainEnd);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto link = static_cast<std::uint32_t>(kFirstLinkAt + i * kLinkStride);
        const bool last = i + 1 == values.size();
        put(payload, link, static_cast<std::int32_t>(link + kLinkBytes));
        put(payload, link + 4, last ? kChainEnd : static_cast<std::int32_t>(link + kLinkStride));
        put(payload, link + kLinkBytes, values[i]);
    }
    payload.insert(payload.end(), tail.begin(), tail.end());
    return payload;
}

grub::Bundle textureBundle(const TextureSpec& spec) {
    grub::Metadata txch;
    txch.tag = kTxchTag;
    txch.version = spec.txchVersion;
    txch.payload = txchPayload(spec.header, spec.chainValues, spec.payloadTail);
    grub::Blob blob;
    blob.tag = kTxcbTag;
    blob.versionMajor = spec.tiled ? 2 : 0;
    blob.versionMinor = 0;
    blob.metadata.push_back(std::move(txch));
    blob.data = spec.data;
    blob.dataSizeAgain = static_cast<std::uint32_t>(blob.data.size());
    grub::Bundle bundle;
    bundle.blobs.push_back(std::move(blob));
    bundle.headerEndsUnaligned = spec.headerEndsUnaligned;
    bundle.endsShort = spec.endsShort;
    return bundle;
}

Bytes writeTextureBundle(const TextureSpec& spec) {
    return grub::writeBundle(textureBundle(spec));
}

Bytes writeTexture(const TextureFile& file) {
    grub::Bundle bundle = file.bundle;
    if (file.blob && file.metadata && file.header) {
        Bytes& payload = bundle.blobs[*file.blob].metadata[*file.metadata].payload;
        // A header was read, so the payload holds its fixed fields.
        if (payload.size() >= kHeaderBytes) txch_layout::kLayout.encode(*file.header, payload.data());
        for (const ChainValue& link : file.chain) {
            put(payload, link.linkAt, static_cast<std::int32_t>(link.valueAt));
            put(payload, std::uint64_t{link.linkAt} + 4, link.next);
            put(payload, link.valueAt, link.value);
        }
    }
    return grub::writeBundle(bundle);
}

Bytes solidLevel(decode::TexelFormat format, std::uint32_t width, std::uint32_t height, ByteView block) {
    const std::uint64_t size = decode::levelByteSize(format, width, height).value_or(0);
    Bytes out;
    if (block.empty()) return out;
    out.reserve(size);
    while (out.size() < size)
        out.insert(out.end(), block.begin(), block.end());
    out.resize(size);
    return out;
}

std::int32_t pitchValue(decode::TexelFormat format, std::uint32_t width, std::uint32_t height) {
    const decode::TexelFormatInfo& info = decode::texelFormatInfo(format);
    const std::uint64_t bytes = info.blockSize > 1 ? decode::levelByteSize(format, width, height).value_or(0)
                                                   : std::uint64_t{width} * info.bytesPerBlock;
    return static_cast<std::int32_t>(bytes);
}

} // namespace assetscope::texture
