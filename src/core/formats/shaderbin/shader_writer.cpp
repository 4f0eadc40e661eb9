#include "formats/shaderbin/shader_writer.h"

#include "bytes/byte_writer.h"
#include "formats/grub/bundle_writer.h"
#include "shading/parameter_writer.h"
#include "shading/seven_bit_string.h"

namespace assetscope::shaderbin {

namespace {

void setData(grub::Bundle& bundle, std::size_t blob, Bytes data) {
    if (blob < bundle.blobs.size()) bundle.blobs[blob].data = std::move(data);
}

} // namespace

Bytes writeMapping(const MappingBlob& m) {
    ByteWriter w;
    const Version v = m.version;
    if (m.count) {
        if (v.atLeast(3, 1))
            w.u16(static_cast<std::uint16_t>(*m.count));
        else
            w.u8(static_cast<std::uint8_t>(*m.count));
    }
    for (const MappingEntry& e : m.entries) {
        if (v.atLeast(2, 0)) {
            w.u32(e.hash);
            w.u16(e.slot);
            if (v.atLeast(3, 0)) w.bytes(e.guid.value_or(Guid{}));
        } else {
            shading::writeSevenBitString(w, e.name);
            w.u8(e.index);
        }
    }
    w.bytes(m.rest);
    return w.take();
}

Bytes writeLightScenarios(const LightScenarios& s) {
    ByteWriter w;
    if (s.isInline) w.u8(*s.isInline);
    if (s.count) w.u8(*s.count);
    if (s.firstName && s.firstVersion) {
        shading::writeSevenBitString(w, *s.firstName);
        w.u32(*s.firstVersion);
    }
    w.bytes(s.rest);
    return w.take();
}

Bytes writeVers(const VersionBlob& b) {
    ByteWriter w;
    if (b.value) w.u32(*b.value);
    if (b.value && b.path) shading::writeSevenBitString(w, *b.path);
    w.bytes(b.rest);
    return w.take();
}

grub::Metadata vdclMetadata(const std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& groups) {
    ByteWriter w;
    w.i32(static_cast<std::int32_t>(groups.size()));
    for (const auto& group : groups) {
        w.i32(static_cast<std::int32_t>(group.size()));
        for (const auto& [hash, flags] : group) {
            w.u32(hash);
            w.u32(flags);
        }
    }
    grub::Metadata m;
    m.tag = kVdclTag;
    m.version = 3;
    m.payload = w.take();
    return m;
}

grub::Metadata blenMetadata(bool transparent, bool alphaTested) {
    grub::Metadata m;
    m.tag = kBlenTag;
    m.version = 1;
    m.payload = {static_cast<std::uint8_t>(transparent), static_cast<std::uint8_t>(alphaTested)};
    return m;
}

Bytes writeShader(const ShaderFile& file) {
    grub::Bundle bundle = file.bundle;
    if (file.dfprBlob && file.defaults)
        setData(bundle, *file.dfprBlob, shading::writeParameterBlob(*file.defaults));
    for (const MappingBlob& m : file.mappings)
        setData(bundle, m.blob, writeMapping(m));
    for (const LightScenarios& s : file.scenarios)
        setData(bundle, s.blob, writeLightScenarios(s));
    if (file.vers) setData(bundle, file.vers->blob, writeVers(*file.vers));
    return grub::writeBundle(bundle);
}

} // namespace assetscope::shaderbin
