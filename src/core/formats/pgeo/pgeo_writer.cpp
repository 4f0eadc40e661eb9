#include "formats/pgeo/pgeo_writer.h"

#include "bytes/byte_writer.h"
#include "formats/pgeo/season_layout.h"

namespace assetscope::pgeo {

namespace {

void putString(ByteWriter& w, std::string_view s) {
    w.u32(static_cast<std::uint32_t>(s.size()));
    w.text(s);
}

void putBlocks(ByteWriter& w, const std::vector<Block>& blocks) {
    w.u32(static_cast<std::uint32_t>(blocks.size()));
    for (const Block& b : blocks) {
        putString(w, b.name);
        w.u32(static_cast<std::uint32_t>(b.instances.count()));
        w.bytes(b.instances.bytes());
        w.u32(static_cast<std::uint32_t>(b.curves.count()));
        w.bytes(b.curves.bytes());
        w.u32(static_cast<std::uint32_t>(b.sources.size()));
        for (const Source& s : b.sources) {
            putString(w, s.templateName);
            w.u32(s.first);
            w.u32(s.count);
        }
    }
}

void putFloats(ByteWriter& w, const std::vector<float>& values) {
    w.u32(static_cast<std::uint32_t>(values.size()));
    for (float v : values)
        w.f32(v);
}

std::size_t sizeEstimate(const PgeoFile& f) {
    std::size_t n = 256 + f.table.bytes().size();
    for (const auto* list : {&f.listA, &f.listB})
        for (const Block& b : *list)
            n += 64 + b.name.size() + b.instances.bytes().size() + b.curves.bytes().size() +
                 32 * b.sources.size();
    for (const CrowdSpline& s : f.splines)
        n += 128 + s.points.bytes().size() + 4 * (s.listA.values.size() + s.listB.values.size());
    return n;
}

} // namespace

Bytes writePgeo(const PgeoFile& f) {
    ByteWriter w;
    w.reserve(sizeEstimate(f));
    putString(w, f.sectionName);
    w.u32(f.kind);
    if (f.isCwdSpline()) w.u32(f.three);
    w.u32(f.constants[0]);
    w.u32(f.constants[1]);
    for (float v : f.box)
        w.f32(v);
    putString(w, f.category);
    w.f32(f.unknown);
    putString(w, f.route);
    putString(w, f.tag);
    w.bytes(season_layout::kLayout.encode(f.season));
    w.u32(f.zero);
    w.u32(static_cast<std::uint32_t>(f.table.count()));
    w.bytes(f.table.bytes());
    putBlocks(w, f.listA);
    putBlocks(w, f.listB);
    w.u32(f.endZero);
    if (f.isCwdSpline()) {
        w.u32(static_cast<std::uint32_t>(f.splines.size()));
        for (const CrowdSpline& s : f.splines) {
            putString(w, s.guid);
            for (float v : s.box)
                w.f32(v);
            w.f32(s.length);
            w.f32(s.value);
            w.u32(static_cast<std::uint32_t>(s.points.count()));
            w.bytes(s.points.bytes());
            putFloats(w, s.listA.values);
            putFloats(w, s.listB.values);
        }
    }
    return w.take();
}

} // namespace assetscope::pgeo
