#include "formats/materialbin/material_writer.h"

#include "bytes/byte_writer.h"
#include "formats/grub/bundle_writer.h"
#include "shading/material_instance.h"
#include "shading/parameter_writer.h"
#include "shading/seven_bit_string.h"

namespace assetscope::materialbin {

using namespace shading;

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

MaterialFile makeMaterial(std::string name, std::string shaderPath, std::vector<ParameterRecord> records,
                          Bytes mtud) {
    MaterialFile file;
    MaterialLink link;
    link.version = {1, 2};
    link.paths = {shaderPath, shaderPath, shaderPath};
    AlphaTest atst{2, {0, 1}};
    file.bundle.blobs.push_back(makeBlob(kMatlTag, link.version, writeMaterialLink(link),
                                         {grub::nameMetadata(name), atstMetadata(atst)}));
    file.matlBlob = 0;
    file.matl = std::move(link);
    file.alphaTest = atst;
    ParameterBlob mtpr = mtprOf(std::move(records));
    file.bundle.blobs.push_back(makeBlob(kMtprTag, mtpr.version, writeParameterBlob(mtpr)));
    file.mtprBlob = 1;
    file.parameters = std::move(mtpr);
    file.bundle.blobs.push_back(makeBlob(kMtudTag, {1, 0}, std::move(mtud)));
    return file;
}

} // namespace assetscope::materialbin
