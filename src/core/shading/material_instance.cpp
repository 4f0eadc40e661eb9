#include "shading/material_instance.h"

#include "bytes/byte_writer.h"
#include "shading/parameter_reader.h"
#include "shading/parameter_writer.h"
#include "shading/seven_bit_string.h"
#include "tree/recorder.h"

#include <array>

namespace assetscope::shading {

bool blobReached(const grub::Blob& blob) {
    return !(blob.data.empty() && blob.dataOffset == 0);
}

Bytes keepTrailing(Recorder& r, std::string_view rule, std::string_view what) {
    if (r.remaining() == 0) return {};
    const std::uint64_t n = r.remaining();
    const ByteView rest = r.bytes("trailing bytes", n);
    r.report(Severity::Warning, rule,
             std::string(what) + " fields end " + std::to_string(n) + " byte(s) before the blob does",
             r.last());
    return Bytes(rest.begin(), rest.end());
}

grub::Blob makeBlob(std::uint32_t tag, Version v, Bytes data, std::vector<grub::Metadata> metadata) {
    grub::Blob b;
    b.tag = tag;
    b.versionMajor = v.major;
    b.versionMinor = v.minor;
    b.dataSizeAgain = static_cast<std::uint32_t>(data.size());
    b.data = std::move(data);
    b.metadata = std::move(metadata);
    return b;
}

ParameterBlob mtprOf(std::vector<ParameterRecord> records) {
    ParameterBlob blob;
    blob.version = {2, 0};
    blob.count = static_cast<std::uint32_t>(records.size());
    std::string hashes, paths, samplers;
    for (const ParameterRecord& p : records) {
        hashes.append(reinterpret_cast<const char*>(&p.hash), sizeof p.hash);
        if (p.type == static_cast<std::uint8_t>(ParameterType::Texture)) paths += p.path;
        if (p.type == static_cast<std::uint8_t>(ParameterType::Sampler))
            for (const std::uint32_t w : p.words)
                samplers.append(reinterpret_cast<const char*>(&w), sizeof w);
    }
    blob.trailer = std::array<std::uint32_t, 3>{crc32Of(hashes), crc32Of(paths), crc32Of(samplers)};
    blob.records = std::move(records);
    return blob;
}

MaterialInstance readMaterialInstance(StructureTree& tree, const grub::Bundle& bundle,
                                      std::string_view pathKey) {
    MaterialInstance instance;
    for (std::size_t i = 0; i < bundle.blobs.size(); ++i) {
        const grub::Blob& blob = bundle.blobs[i];
        if (!blobReached(blob)) continue;
        Recorder r(tree, ByteView(blob.data), blob.dataOffset, blob.node);
        const bool again =
            (blob.tag == kMatiTag && instance.matiBlob) || (blob.tag == kMtprTag && instance.mtprBlob);
        if (again) {
            r.report(Severity::Warning, "materialbin.instance.blob-count",
                     "a second " + tagText(blob.tag) + " blob in a material instance; the first is read");
        } else if (blob.tag == kMatiTag) {
            instance.matiBlob = i;
            if (!r.guard([&] { instance.path = readSevenBitString(r, pathKey); })) {
                instance.matiRest = blob.data.toBytes();
                instance.path.clear();
                continue;
            }
            instance.pathRead = true;
            instance.matiRest = keepTrailing(r, "materialbin.mati.trailing", "MATI");
        } else if (blob.tag == kMtprTag) {
            instance.mtprBlob = i;
            instance.parameters = readParameterBlob(r, {blob.versionMajor, blob.versionMinor}, Trailer::Mtpr);
        } else {
            r.report(Severity::Note, "materialbin.instance.blob-tag",
                     "a " + tagText(blob.tag) + " blob: a material instance holds MATI and MTPR");
        }
    }
    return instance;
}

grub::Bundle instanceBundle(const grub::Bundle& source, const MaterialInstance& instance) {
    grub::Bundle bundle = source;
    if (instance.matiBlob && *instance.matiBlob < bundle.blobs.size()) {
        ByteWriter w;
        if (instance.pathRead) writeSevenBitString(w, instance.path);
        w.bytes(instance.matiRest);
        bundle.blobs[*instance.matiBlob].data = w.take();
    }
    if (instance.mtprBlob && instance.parameters && *instance.mtprBlob < bundle.blobs.size())
        bundle.blobs[*instance.mtprBlob].data = writeParameterBlob(*instance.parameters);
    return bundle;
}

grub::Bundle makeInstanceBundle(std::string materialPath, std::vector<ParameterRecord> records) {
    ByteWriter w;
    writeSevenBitString(w, materialPath);
    grub::Bundle bundle;
    bundle.blobs.push_back(makeBlob(kMatiTag, {1, 0}, w.take()));
    bundle.blobs.push_back(makeBlob(kMtprTag, {2, 0}, writeParameterBlob(mtprOf(std::move(records)))));
    return bundle;
}

} // namespace assetscope::shading
