#include "formats/meshset/meshset_parser.h"

#include "formats/meshset/meshset_layout.h"
#include "formats/meshset/meshset_read_state.h"
#include "formats/meshset/meshset_records.h"
#include "formats/meshset/record_layouts.h"

#include <algorithm>
#include <cstring>

namespace assetscope::meshset {

namespace rl = record_layouts;

namespace {

std::uint32_t le32(ByteView b, std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

bool headerWordsAt(ByteView b, std::size_t at) {
    if (b.size() < at + 12) return false;
    using Hr = rl::HeaderRecord;
    const std::uint32_t h = le32(b, at + rl::kHeaderLayout.offsetOf<&Hr::headerBytesMinus16>());
    const std::uint32_t lod = le32(b, at + rl::kHeaderLayout.offsetOf<&Hr::lodRecordBytes>());
    const std::uint32_t sec = le32(b, at + rl::kHeaderLayout.offsetOf<&Hr::sectionRecordBytes>());
    return (h == kHeaderRigid - 16 || h == kHeaderBoned - 16) &&
           (lod == kLodRigid || lod == kLodBoneMasks || lod == kLodBoneMap) && sec == kSectionBytes;
}

class MeshSetReader {
public:
    MeshSetReader(StructureTree& tree, ByteView resource, std::uint64_t base, NodeId parent, ParseResult& out)
        : m_r(tree, resource, base, parent), m_out(out), m_records(m_r, out.mesh, m_state) {}

    void read() {
        auto top = m_r.scope("meshset");
        m_out.meshNode = top.id();
        if (!m_r.guard([&] { m_records.readHeader(); })) return;
        m_r.guard([&] { m_records.readLods(); });
        m_state.recordsRead = m_records.complete();
        if (m_state.recordsRead)
            m_state.poolRead = m_r.guard([&] { m_records.readPool(); }) && m_records.complete();
        if (m_state.recordsRead && m_state.poolRead) {
            m_r.guard([&] { readTableAndTrailing(); });
            m_out.complete = true;
        }
        checkMeshSet(m_r, m_out, m_state);
        m_r.seek(m_r.view().size());
    }

private:
    void readTableAndTrailing() {
        const Layout layout = computeLayout(m_out.mesh);
        std::uint64_t at = layout.table;
        std::uint64_t count = layout.relocations.size();
        if (m_out.mesh.metadata) {
            at = m_out.mesh.metadata->tableOffset;
            count = m_out.mesh.metadata->tableBytes / 4;
        }
        if (at > m_r.view().size())
            throw ParseError{"meshset.relocation.position",
                             "the relocation table would start at " + std::to_string(at) + ", past the end",
                             at};
        m_r.seek(at);
        m_state.tableOffset = at;
        m_state.tableNode = m_r.array("meshset/relocation_table/entries", count, 4, "u32",
                                      [](Recorder& r, std::uint64_t) { r.u32("entry"); });
        m_state.relocations.resize(count);
        for (std::uint64_t i = 0; i < count; ++i)
            m_state.relocations[i] = le32(m_r.view(), at + 4 * i);
        const std::uint64_t end = m_r.pos();
        if (end < m_r.view().size()) {
            const ByteView rest = m_r.bytes("meshset/trailing_data/inline_geometry", m_r.view().size() - end);
            m_state.trailingNode = m_r.last();
            m_out.mesh.trailing.assign(rest.begin(), rest.end());
        }
    }

    Recorder m_r;
    ParseResult& m_out;
    ReadState m_state;
    RecordReader m_records;
};

} // namespace

std::optional<ResourceForm> detectForm(ByteView bytes) {
    if (headerWordsAt(bytes, 0)) return ResourceForm::Raw;
    if (headerWordsAt(bytes, kMetadataBytes)) {
        const Metadata m = rl::kMetadataLayout.decode(bytes.data());
        if (m.reserved == 0 &&
            std::uint64_t{m.tableOffset} + m.tableBytes + m.trailingBytes == bytes.size() - kMetadataBytes)
            return ResourceForm::WithMetadata;
    }
    return std::nullopt;
}

ParseResult parseMeshSet(StructureTree& tree) {
    ParseResult out;
    const ByteView all = tree.bytes();
    const NodeId root = tree.root();
    const auto form = detectForm(all);
    if (!form) {
        Recorder r(tree, all, 0, root);
        r.report(
            Severity::Error, "meshset.header.form",
            "not a MeshSet: neither byte 0 nor byte 16 starts a header (0xc0/0xd0, 0xb0/0xb8/0xbc, 384)");
        return out;
    }
    out.form = *form;
    if (out.form == ResourceForm::WithMetadata) {
        Recorder r(tree, all, 0, root);
        auto scope = r.scope("resource_metadata", NodeKind::Metadata);
        out.mesh.metadata = rl::kMetadataLayout.record(r);
        out.resourceOffset = kMetadataBytes;
    }
    MeshSetReader(tree, all.subspan(out.resourceOffset), out.resourceOffset, root, out).read();
    return out;
}

} // namespace assetscope::meshset
