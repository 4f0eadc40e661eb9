#include "formats/modelbin/model_writer.h"

#include "bytes/byte_writer.h"
#include "formats/grub/bundle_writer.h"
#include "shading/material_instance.h"

namespace assetscope::modelbin {

Bytes writeModl(const ModelHeader& h) {
    ByteWriter w;
    w.u16(h.meshCount);
    w.u16(h.bufferCount);
    w.u16(h.layoutCount);
    w.u16(h.materialCount);
    w.u8(h.hasLod);
    w.i8(h.minLod);
    w.i8(h.maxLod);
    w.u8(h.padding);
    w.u16(h.lodFlags);
    if (h.version.atLeast(1, 2)) {
        w.u8(h.decompressFlags);
        w.u8(h.decompressPadding);
    }
    if (h.version.atLeast(1, 3)) w.u8(h.retainCpuCopy);
    if (h.version.atLeast(1, 4)) w.u8(h.visibility);
    if (h.version.atLeast(1, 5)) {
        w.u32(h.variantCount);
        for (const auto& row : h.variants)
            w.bytes(row);
    }
    w.bytes(h.trailing);
    return w.take();
}

Bytes writeSkel(const Skeleton& s) {
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(s.bones.size()));
    for (const Bone& b : s.bones) {
        w.u32(static_cast<std::uint32_t>(b.name.size()));
        w.text(b.name);
        w.i16(b.parent);
        w.i16(b.firstChild);
        w.i16(b.nextSibling);
        for (float f : b.rest)
            w.f32(f);
    }
    if (s.trailer) w.u32(*s.trailer);
    w.bytes(s.trailing);
    return w.take();
}

Bytes writeMesh(const MeshRecord& m) {
    const Version& v = m.version;
    ByteWriter w;
    if (v.atLeast(1, 13)) w.i32(static_cast<std::int32_t>(m.materialGroups.size()));
    if (v.atLeast(1, 9)) {
        const std::size_t groups = v.atLeast(1, 13) ? m.materialGroups.size() : 1;
        for (std::size_t g = 0; g < groups; ++g)
            for (std::size_t s = 0; s < 4; ++s)
                w.i16(g < m.materialGroups.size() ? m.materialGroups[g][s] : -1);
    } else {
        w.i16(m.materialGroups.empty() ? 0 : m.materialGroups[0][0]);
    }
    w.i16(m.rigidBoneIndex);
    w.u16(m.lodFlags);
    w.u8(m.lodLevel1);
    w.u8(m.lodLevel2);
    w.u16(m.bucketFlags);
    w.u8(m.bucketOrder);
    if (v.atLeast(1, 2)) w.u8(m.skinningElements);
    if (v.atLeast(1, 10))
        w.u32(m.morphTargetCount);
    else
        w.u8(static_cast<std::uint8_t>(m.morphTargetCount));
    if (v.atLeast(1, 3)) w.u8(m.isMorphDamage);
    w.u8(m.is32BitIndices);
    w.u16(m.topology);
    w.i32(m.indexBufferIndex);
    w.i32(m.indexBufferOffset);
    w.i32(m.drawOffset);
    w.i32(m.indexedVertexOffset);
    w.i32(m.indexCount);
    w.i32(m.primitiveCount);
    if (v.atLeast(1, 6)) {
        w.f32(m.acmr);
        w.u32(m.referencedVertexCount);
    }
    if (v.atLeast(1, 11)) {
        w.u32(static_cast<std::uint32_t>(m.referencedVertices.size()));
        for (std::uint32_t x : m.referencedVertices)
            w.u32(x);
    }
    w.i32(m.layoutIndex);
    w.u32(static_cast<std::uint32_t>(m.vertexBuffers.size()));
    for (const BufferRef& b : m.vertexBuffers) {
        w.i32(b.bufferId);
        w.u32(b.inputSlot);
        w.u32(b.stride);
        w.u32(b.offset);
        if (v.atLeast(1, 12)) w.u32(b.reserved);
    }
    if (v.atLeast(1, 4)) {
        w.i32(m.morphBufferIndex);
        w.i32(m.skinBufferIndex);
    }
    w.u32(static_cast<std::uint32_t>(m.constantBuffers.size()));
    for (std::int32_t c : m.constantBuffers)
        w.i32(c);
    if (v.atLeast(1, 1)) w.u32(m.sourceMeshIndex);
    if (v.atLeast(1, 5))
        for (const auto& t : m.uvTransforms)
            for (float f : t)
                w.f32(f);
    if (v.atLeast(1, 8)) {
        for (float f : m.positionScale)
            w.f32(f);
        for (float f : m.positionTranslate)
            w.f32(f);
    }
    w.bytes(m.trailing);
    return w.take();
}

Bytes writeLayout(const VertexLayout& l) {
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(l.semanticNames.size()));
    for (const auto& name : l.semanticNames) {
        w.u32(static_cast<std::uint32_t>(name.size()));
        w.text(name);
    }
    w.u16(static_cast<std::uint16_t>(l.elements.size()));
    for (const LayoutElement& e : l.elements) {
        w.i16(e.semanticNameIndex);
        w.i16(e.semanticIndex);
        w.i16(e.inputSlot);
        w.i16(e.inputSlotClass);
        w.i32(e.format);
        w.i32(e.alignedOffset);
        w.i32(e.stepRate);
    }
    if (l.version.atLeast(1, 0))
        for (std::size_t i = 0; i < l.elements.size(); ++i)
            w.i32(i < l.packedFormats.size() ? l.packedFormats[i] : 0);
    if (l.version.atLeast(1, 1)) w.u32(l.flags);
    w.bytes(l.trailing);
    return w.take();
}

Bytes writeBufferHeader(const BufferHeader& h, const Version& v) {
    ByteWriter w;
    w.i32(h.length);
    w.i32(h.size);
    w.u16(h.stride);
    if (v.major >= 1) {
        w.u8(h.subElementCount);
        w.u8(h.padding);
        w.u32(h.format);
    } else {
        w.u16(h.oldPadding);
    }
    return w.take();
}

Bytes writeMorphNames(const MorphNames& m) {
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(m.names.size()));
    for (const auto& name : m.names) {
        w.u32(static_cast<std::uint32_t>(name.size()));
        w.text(name);
    }
    w.bytes(m.trailing);
    return w.take();
}

namespace {

Bytes blobData(const Model& model, std::size_t index) {
    const grub::Blob& blob = model.bundle.blobs[index];
    const auto [role, at] =
        index < model.roles.size() ? model.roles[index] : std::pair{BlobRole::Other, std::size_t{0}};
    switch (role) {
    case BlobRole::Header:
        if (model.header) return writeModl(*model.header);
        break;
    case BlobRole::Skeleton:
        if (model.skeleton) return writeSkel(*model.skeleton);
        break;
    case BlobRole::Material:
        if (blob.nested && at < model.materials.size() && model.materials[at].instance)
            return grub::writeBundle(shading::instanceBundle(*blob.nested, *model.materials[at].instance));
        if (blob.nested) return grub::writeBundle(*blob.nested);
        break;
    case BlobRole::Mesh:
        return writeMesh(model.meshes[at]);
    case BlobRole::Layout:
        return writeLayout(model.layouts[at]);
    case BlobRole::Buffer: {
        const Buffer& b = model.buffers[at];
        Bytes out = writeBufferHeader(b.header, b.version);
        const ByteView payload = model.payload(b);
        out.insert(out.end(), payload.begin(), payload.end());
        return out;
    }
    case BlobRole::MorphNames:
        return writeMorphNames(model.morphNames[at]);
    case BlobRole::Other:
        break;
    }
    return blob.data.toBytes();
}

} // namespace

void refreshBlobData(Model& model) {
    for (std::size_t i = 0; i < model.bundle.blobs.size(); ++i) {
        Bytes data = blobData(model, i);
        model.bundle.blobs[i].data = std::move(data);
        model.bundle.blobs[i].dataSizeAgain = static_cast<std::uint32_t>(model.bundle.blobs[i].data.size());
    }
}

Bytes writeModel(const Model& model) {
    grub::Bundle bundle = model.bundle;
    for (std::size_t i = 0; i < bundle.blobs.size(); ++i)
        bundle.blobs[i].data = blobData(model, i);
    return grub::writeBundle(bundle);
}

} // namespace assetscope::modelbin
