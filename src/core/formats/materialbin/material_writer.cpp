#include "formats/materialbin/material_writer.h"

#include "bytes/byte_writer.h"
#include "formats/grub/bundle_writer.h"
#include "formats/materialbin/parameter_writer.h"
#include "formats/materialbin/seven_bit_string.h"

namespace assetscope::materialbin {

namespace {

grub::Blob blobOf(std::uint32_t tag, Version v, Bytes data, std::vector<grub::Metadata> metadata = {}) {
    grub::Blob b;
    b.tag = tag;
    b.versionMajor = v.major;
    b.versionMinor = v.minor;
    b.dataSizeAgain = static_cast<std::uint32_t>(data.size());
    b.data = std::move(data);
    b.metadata = std::move(metadata);
    return b;
}

// An MTPR blob of `records` with its trailer: the three CRCs the game stores are not known to
// be checked by any reader, so a made blob takes the CRC-32 of its parameters' hashes, of its
// texture paths and of its sampler words.
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

} // namespace

Bytes writeMaterialLink(const MaterialLink& link) {
    ByteWriter w;
    for (const std::string& path : link.paths)
        writeSevenBitString(w, path);
    w.bytes(link.rest);
    return w.take();
}

grub::Metadata atstMetadata(const AlphaTest& atst) {
    grub::Metadata m;
    m.tag = kAtstTag;
    m.version = atst.version;
    m.payload.assign(atst.flags.begin(), atst.flags.end());
    return m;
}

grub::Bundle materialBundle(const MaterialFile& file) {
    grub::Bundle bundle = file.bundle;
    if (file.matlBlob && file.matl && *file.matlBlob < bundle.blobs.size()) {
        grub::Blob& blob = bundle.blobs[*file.matlBlob];
        blob.data = writeMaterialLink(*file.matl);
        if (file.alphaTest)
            for (grub::Metadata& m : blob.metadata)
                if (m.tag == kAtstTag) {
                    m = atstMetadata(*file.alphaTest);
                    break;
                }
    }
    if (file.mtprBlob && file.parameters && *file.mtprBlob < bundle.blobs.size())
        bundle.blobs[*file.mtprBlob].data = writeParameterBlob(*file.parameters);
    return bundle;
}

Bytes writeMaterial(const MaterialFile& file) {
    return grub::writeBundle(materialBundle(file));
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

MaterialFile makeMaterial(std::string name, std::string shaderPath, std::vector<ParameterRecord> records,
                          Bytes mtud) {
    MaterialFile file;
    MaterialLink link;
    link.version = {1, 2};
    link.paths = {shaderPath, shaderPath, shaderPath};
    AlphaTest atst{2, {0, 1}};
    file.bundle.blobs.push_back(blobOf(kMatlTag, link.version, writeMaterialLink(link),
                                       {grub::nameMetadata(name), atstMetadata(atst)}));
    file.matlBlob = 0;
    file.matl = std::move(link);
    file.alphaTest = atst;
    ParameterBlob mtpr = mtprOf(std::move(records));
    file.bundle.blobs.push_back(blobOf(kMtprTag, mtpr.version, writeParameterBlob(mtpr)));
    file.mtprBlob = 1;
    file.parameters = std::move(mtpr);
    file.bundle.blobs.push_back(blobOf(kMtudTag, {1, 0}, std::move(mtud)));
    return file;
}

grub::Bundle makeInstanceBundle(std::string materialPath, std::vector<ParameterRecord> records) {
    ByteWriter w;
    writeSevenBitString(w, materialPath);
    grub::Bundle bundle;
    bundle.blobs.push_back(blobOf(kMatiTag, {1, 0}, w.take()));
    bundle.blobs.push_back(blobOf(kMtprTag, {2, 0}, writeParameterBlob(mtprOf(std::move(records)))));
    return bundle;
}

} // namespace assetscope::materialbin
