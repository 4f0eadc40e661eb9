#include "formats/modelbin/model_parser.h"

#include "formats/modelbin/blob_readers.h"

#include "formats/grub/metadata_payloads.h"
#include "shading/material_instance.h"

#include <algorithm>
#include <map>
#include <set>

namespace assetscope::modelbin {

namespace detail {

void flag(StructureTree& tree, NodeId at, std::uint64_t offset, std::string_view docKey,
          std::string_view rule, std::string message) {
    tree.report(at, offset, {documentedSeverity(docKey), std::string(rule), std::move(message)});
}

Bytes readTrailing(Recorder& r, std::string_view what) {
    if (r.remaining() == 0) return {};
    const std::uint64_t n = r.remaining();
    const ByteView rest = r.bytes("trailing bytes", n);
    r.report(Severity::Error, "modelbin.blob.trailing",
             std::string(what) + " fields end " + std::to_string(n) + " byte(s) before the blob does",
             r.last());
    return Bytes(rest.begin(), rest.end());
}

void readModl(Recorder& r, ModelHeader& h) {
    h.meshCount = r.u16("modelbin/modl/mesh_count");
    h.bufferCount = r.u16("modelbin/modl/buffer_count");
    h.layoutCount = r.u16("modelbin/modl/vertex_layout_count");
    h.materialCount = r.u16("modelbin/modl/material_count");
    h.hasLod = r.u8("modelbin/modl/has_lod");
    h.minLod = r.i8("modelbin/modl/min_lod");
    h.maxLod = r.i8("modelbin/modl/max_lod");
    h.padding = r.u8("modelbin/modl/padding");
    r.check(h.padding == 0, "modelbin.modl.padding", "modelbin/modl/padding",
            [&] { return "padding is " + std::to_string(h.padding) + ", not 0"; });
    h.lodFlags = r.u16("modelbin/modl/lod_flags");
    r.describe([&] { return lodText(h.lodFlags); });
    if (h.version.atLeast(1, 2)) {
        h.decompressFlags = r.u8("modelbin/modl/decompress_flags");
        h.decompressPadding = r.u8("modelbin/modl/decompress_flags_padding");
        r.check(h.decompressPadding == 0, "modelbin.modl.decompress-padding",
                "modelbin/modl/decompress_flags_padding",
                [&] { return "decompress padding is " + std::to_string(h.decompressPadding) + ", not 0"; });
    }
    if (h.version.atLeast(1, 3)) h.retainCpuCopy = r.u8("modelbin/modl/retain_cpu_buffer_copy");
    if (h.version.atLeast(1, 4)) h.visibility = r.u8("modelbin/modl/visibility_flags");
    if (h.version.atLeast(1, 5)) {
        const std::uint32_t variantCount = r.u32("modelbin/modl/variant_count");
        h.variantCount = variantCount;
        const NodeId countNode = r.last();
        const std::uint64_t rowBytes = h.meshCount;
        const std::uint64_t want = variantCount * rowBytes;
        r.check(
            want == r.remaining(), "modelbin.modl.variant-table-end", "modelbin/modl/material_variant_table",
            [&] {
                return "the variant table (" + std::to_string(variantCount) + " × " +
                       std::to_string(h.meshCount) + " bytes) does not end at the blob end (" +
                       std::to_string(r.remaining()) + " bytes remain)";
            },
            countNode);
        // Read the rows that are there; a count that overruns the blob is cut, not trusted.
        const std::uint64_t rows =
            rowBytes == 0 ? variantCount : std::min<std::uint64_t>(variantCount, r.remaining() / rowBytes);
        const std::uint64_t start = r.pos();
        if (rowBytes > 0)
            r.array("modelbin/modl/material_variant_table", rows, rowBytes,
                    "u8[" + std::to_string(rowBytes) + "]", [rowBytes](Recorder& er, std::uint64_t) {
                        for (std::uint64_t m = 0; m < rowBytes; ++m)
                            er.u8("mesh " + std::to_string(m));
                    });
        const ByteView table = r.view().subspan(start, rows * rowBytes);
        h.variants.resize(rowBytes == 0 ? 0 : rows);
        for (std::uint64_t v = 0; v < rows && rowBytes > 0; ++v)
            h.variants[v].assign(table.begin() + static_cast<std::ptrdiff_t>(v * rowBytes),
                                 table.begin() + static_cast<std::ptrdiff_t>((v + 1) * rowBytes));
        if (rows < variantCount && rowBytes > 0)
            throw ParseError{"truncated", "the variant table needs " + std::to_string(want) + " bytes",
                             r.pos()};
    }
    h.trailing = readTrailing(r, "Modl");
}

void readSkel(Recorder& r, Skeleton& s) {
    const std::uint16_t count = r.u16("modelbin/skel/bone_count");
    {
        auto bones = r.scope("bones");
        for (std::uint16_t i = 0; i < count; ++i) {
            // Each bone needs at least its length, links and matrix: checked before anything grows.
            r.require(4 + 6 + 64);
            auto scope = r.item(i);
            Bone b;
            const std::uint32_t length = r.u32("modelbin/skel/name_length");
            b.name = r.text("modelbin/skel/name", length);
            const auto links = r.i16s("modelbin/skel/parent_first_child_next_sibling", 3);
            b.parent = links[0];
            b.firstChild = links[1];
            b.nextSibling = links[2];
            const auto m = r.f32Array<16>("modelbin/skel/local_rest_transform");
            std::copy(m.begin(), m.end(), b.rest.begin());
            r.tree().edit(scope.id(), [&](Node& n) { n.display = b.name; });
            s.bones.push_back(std::move(b));
        }
    }
    for (std::size_t i = 0; i < s.bones.size(); ++i) {
        const Bone& b = s.bones[i];
        for (std::int16_t link : {b.parent, b.firstChild, b.nextSibling})
            r.check(
                link >= -1 && link < static_cast<std::int32_t>(s.bones.size()), "modelbin.skel.link",
                "modelbin/skel/parent_first_child_next_sibling",
                [&] {
                    return "bone " + std::to_string(i) + " links to bone " + std::to_string(link) +
                           ", which does not exist";
                },
                r.parent());
    }
    if (r.remaining() >= 4) {
        s.trailer = r.u32("modelbin/skel/trailing_u32");
    } else {
        s.trailer.reset();
        r.check(
            false, "modelbin.skel.trailer", "modelbin/skel/trailing_u32",
            [&] {
                return "the bone walk ends " + std::to_string(r.remaining()) +
                       " byte(s) before the blob end, not 4";
            },
            r.parent());
    }
    s.trailing = readTrailing(r, "Skel");
}

void readMaterialSlot(Recorder& r, const grub::Blob& blob, MaterialSlot& slot) {
    slot.id = blob.id();
    slot.name = blob.name().value_or("");
    slot.empty = blob.data.empty();
    if (slot.empty) {
        r.bytes("modelbin/mati/material_instance", 0);
        r.describe("empty slot: no material instance");
        return;
    }
    if (blob.nested) {
        r.tree().edit(blob.nested->node, [&](Node& n) {
            n.doc = r.doc("modelbin/mati/material_instance");
            n.confidence = n.doc ? n.doc->confidence : n.confidence;
        });
        slot.instance = shading::readMaterialInstance(r.tree(), *blob.nested, "modelbin/mati/material_path");
        r.seek(r.view().size());
        return;
    }
    r.bytes("modelbin/mati/material_instance", r.remaining());
    r.check(false, "modelbin.mati.content", "modelbin/mati/material_instance", [&] {
        return "a MatI blob holds " + std::to_string(blob.data.size()) + " bytes that are not a Grub bundle";
    });
}

void readTextureReferences(StructureTree& tree, const grub::Bundle& bundle, std::size_t blob,
                           ModelHeader& h) {
    const auto& metadata = bundle.blobs[blob].metadata;
    for (std::size_t j = 0; j < metadata.size(); ++j) {
        if (metadata[j].tag != kTRefTag) continue;
        const auto place = grub::metadataPayloadPlace(tree, bundle, blob, j);
        if (!place) return;
        Recorder r(tree, ByteView(metadata[j].payload), place->offset, place->parent);
        auto scope = r.scope("TRef payload");
        // T, B and a third reader read a u32 count; C takes size / 4 hashes with no count.
        std::vector<std::uint32_t> hashes;
        if (!r.guard([&] {
                const std::uint64_t at = r.pos();
                const std::uint32_t count = r.u32("modelbin/tref/count");
                r.requireCount(count, 4, "modelbin.tref.count", "texture hashes", at);
                hashes = r.u32s("modelbin/tref/texture_hashes", count);
            }))
            return;
        r.check(r.remaining() == 0, "modelbin.tref.size", "modelbin/tref/count",
                [&] { return std::to_string(r.remaining()) + " byte(s) after the texture hashes"; });
        h.textureHashes = std::move(hashes);
        return;
    }
}

void readMorphNames(Recorder& r, MorphNames& m) {
    const std::uint16_t count = r.u16("modelbin/mrph/name_count");
    {
        auto names = r.scope("names");
        for (std::uint16_t i = 0; i < count; ++i) {
            r.require(4);
            auto scope = r.item(i);
            const std::uint32_t length = r.u32("name_length");
            m.names.push_back(r.text("modelbin/mrph/name", length));
        }
    }
    m.trailing = readTrailing(r, "Mrph");
}

} // namespace detail

namespace {

using namespace detail;

// The tag versions the document's census found; others are read with the table's "from" notes.
bool knownVersion(std::uint32_t tag, const Version& v) {
    const int code = v.major * 100 + v.minor;
    switch (tag) {
    case kModlTag:
        return code == 100 || code == 104 || code == 105;
    case kSkelTag:
    case kMatITag:
    case kIndBTag:
        return code == 100;
    case kMeshTag:
        return code == 112 || code == 113;
    case kVLayTag:
    case kILayTag:
    case kVerBTag:
    case kMBufTag:
    case kSkinTag:
        return code == 101;
    case kMrphTag:
        return code == 0;
    default:
        return false;
    }
}

// The newest version of each tag the census found: later ones are refused.
Version newestVersion(std::uint32_t tag) {
    switch (tag) {
    case kModlTag:
        return {1, 5};
    case kMeshTag:
        return {1, 13};
    case kVLayTag:
    case kILayTag:
    case kVerBTag:
    case kMBufTag:
    case kSkinTag:
        return {1, 1};
    case kMrphTag:
        return {0, 0};
    default: // Skel, MatI, IndB
        return {1, 0};
    }
}

// "No other tag, version or metadata record occurs" (Proven).
constexpr std::string_view kBlobListRule = "modelbin/rules/tags_versions_and_metadata";

bool isModelTag(std::uint32_t tag) {
    switch (tag) {
    case kModlTag:
    case kSkelTag:
    case kMatITag:
    case kMeshTag:
    case kVLayTag:
    case kILayTag:
    case kIndBTag:
    case kVerBTag:
    case kMBufTag:
    case kSkinTag:
    case kMrphTag:
        return true;
    default:
        return false;
    }
}

class ModelReader {
public:
    ModelReader(StructureTree& tree, grub::Bundle bundle, const ParseOptions& options)
        : m_tree(tree), m_options(options) {
        m_model.bundle = std::move(bundle);
    }

    Model read() {
        auto& blobs = m_model.bundle.blobs;
        m_model.roles.assign(blobs.size(), {BlobRole::Other, 0});
        for (std::size_t i = 0; i < blobs.size(); ++i)
            readBlob(i);
        addPayloadNodes(m_tree, m_model);
        checkModel(m_tree, m_model, m_options);
        return std::move(m_model);
    }

private:
    void readBlob(std::size_t index) {
        const grub::Blob& blob = m_model.bundle.blobs[index];
        // A blob whose data the bundle parser could not reach has been reported there already.
        if (blob.data.empty() && blob.dataOffset == 0) return;
        Recorder r(m_tree, ByteView(blob.data), blob.dataOffset, blob.node);
        if (!checkBlobList(r, blob)) return;
        readRecord(r, index, blob);
    }

    // "No other tag, version or metadata record occurs" (Proven): the model's rules container
    // lists the statement these three checks enforce. false for a tag a model does not hold.
    bool checkBlobList(Recorder& r, const grub::Blob& blob) {
        const Version v{blob.versionMajor, blob.versionMinor};
        const auto keeps = [&](bool holds) { m_model.bundle.checkedRules.note(kBlobListRule, holds); };
        if (!isModelTag(blob.tag)) {
            r.report(Severity::Error, "modelbin.blob.tag",
                     "a " + tagText(blob.tag) + " blob is not one a model holds");
            keeps(false);
            return false;
        }
        if (!knownVersion(blob.tag, v)) {
            // A version older than the census's newest is one the table's "from version" notes and
            // the public readers describe (Mesh 1.8 in FH3, 1.9 in FH4 and FH5): read by those
            // notes, with a note. A later one has no documented layout: a refusal (the tree still
            // shows it read by the newest layout).
            const Version newest = newestVersion(blob.tag);
            const bool later = !newest.atLeast(v.major, v.minor);
            keeps(!later);
            if (later)
                r.report(Severity::Error, "modelbin.blob.version",
                         tagText(blob.tag) + " " + v.text() +
                             " is later than any version the documents describe (" + newest.text() + ")");
            else
                r.report(
                    Severity::Note, "modelbin.blob.version",
                    tagText(blob.tag) + " " + v.text() +
                        " is not a version the document's census found; read by the table's version notes");
        }
        bool documentedMetadata = true;
        for (const grub::Metadata& m : blob.metadata)
            if (m.tag != grub::kNameTag && m.tag != grub::kIdTag) {
                r.report(Severity::Error, "modelbin.blob.metadata-tag",
                         "a " + tagText(m.tag) + " metadata record; a model's blobs hold only Name and Id");
                documentedMetadata = false;
            }
        keeps(documentedMetadata);
        return true;
    }

    // The blob's fields by its tag, into the model part the tag names.
    void readRecord(Recorder& r, std::size_t index, const grub::Blob& blob) {
        const Version v{blob.versionMajor, blob.versionMinor};
        auto& roles = m_model.roles[index];
        switch (blob.tag) {
        case kModlTag: {
            if (m_model.header) {
                r.report(Severity::Error, "modelbin.model.header-count", "a second Modl blob");
                return;
            }
            m_model.header.emplace();
            m_model.header->version = v;
            roles = {BlobRole::Header, 0};
            r.guard([&] { readModl(r, *m_model.header); });
            readTextureReferences(m_tree, m_model.bundle, index, *m_model.header);
            break;
        }
        case kSkelTag: {
            if (m_model.skeleton) {
                r.report(Severity::Error, "modelbin.model.skeleton-count", "a second Skel blob");
                return;
            }
            m_model.skeleton.emplace();
            m_model.skeleton->version = v;
            roles = {BlobRole::Skeleton, 0};
            r.guard([&] { readSkel(r, *m_model.skeleton); });
            break;
        }
        case kMatITag: {
            roles = {BlobRole::Material, m_model.materials.size()};
            MaterialSlot& slot = m_model.materials.emplace_back();
            slot.blob = index;
            r.guard([&] { readMaterialSlot(r, blob, slot); });
            break;
        }
        case kMeshTag:
            readMeshBlob(r, index, blob, roles);
            break;
        case kVLayTag:
        case kILayTag: {
            roles = {BlobRole::Layout, m_model.layouts.size()};
            VertexLayout& layout = m_model.layouts.emplace_back();
            layout.version = v;
            layout.blob = index;
            layout.instanceLayout = blob.tag == kILayTag;
            layout.id = blob.id();
            r.guard([&] { readLayout(r, layout); });
            break;
        }
        case kIndBTag:
        case kVerBTag:
        case kMBufTag:
        case kSkinTag: {
            roles = {BlobRole::Buffer, m_model.buffers.size()};
            Buffer& buffer = m_model.buffers.emplace_back();
            buffer.tag = blob.tag;
            buffer.version = v;
            buffer.blob = index;
            buffer.id = blob.id();
            r.guard([&] { readBuffer(r, buffer); });
            break;
        }
        case kMrphTag: {
            roles = {BlobRole::MorphNames, m_model.morphNames.size()};
            MorphNames& names = m_model.morphNames.emplace_back();
            names.version = v;
            names.blob = index;
            r.guard([&] { readMorphNames(r, names); });
            break;
        }
        default:
            break;
        }
    }

    // A Mesh record, then its blob node labelled with its name, LOD and triangle count.
    void readMeshBlob(Recorder& r, std::size_t index, const grub::Blob& blob,
                      std::pair<BlobRole, std::size_t>& roles) {
        const Version v{blob.versionMajor, blob.versionMinor};
        if (v.major != 1) {
            r.report(Severity::Error, "modelbin.blob.version",
                     "Mesh major version " + std::to_string(v.major) + " has no documented layout");
            return;
        }
        roles = {BlobRole::Mesh, m_model.meshes.size()};
        MeshRecord& mesh = m_model.meshes.emplace_back();
        mesh.version = v;
        mesh.blob = index;
        mesh.name = blob.name().value_or("");
        mesh.materialGroups.clear();
        r.guard([&] { readMesh(r, mesh); });
        m_tree.edit(blob.node, [&](Node& n) {
            n.display = (mesh.name.empty() ? "" : mesh.name + " · ") + lodText(mesh.lodFlags) + " · " +
                        std::to_string(mesh.primitiveCount) + " triangles";
        });
    }

    StructureTree& m_tree;
    const ParseOptions& m_options;
    Model m_model;
};

} // namespace

bool looksLikeModel(ByteView bytes) {
    // Header (20 bytes, blob count at 0x10), then 24-byte records whose first u32 is the tag.
    if (bytes.size() < 20 || bytes[0] != 'b' || bytes[1] != 'u' || bytes[2] != 'r' || bytes[3] != 'G')
        return false;
    const bool v10 = bytes[4] == 1 && bytes[5] == 0;
    auto u32At = [&](std::size_t at) {
        return static_cast<std::uint32_t>(bytes[at]) | static_cast<std::uint32_t>(bytes[at + 1]) << 8 |
               static_cast<std::uint32_t>(bytes[at + 2]) << 16 |
               static_cast<std::uint32_t>(bytes[at + 3]) << 24;
    };
    const std::uint64_t count = v10 ? (bytes[6] | bytes[7] << 8) : u32At(16);
    const std::size_t first = v10 ? 16 : 20;
    bool modl = false, mesh = false;
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t at = first + i * 24;
        if (at + 4 > bytes.size()) break;
        const std::uint32_t tag = u32At(static_cast<std::size_t>(at));
        modl = modl || tag == kModlTag;
        mesh = mesh || tag == kMeshTag;
        if (modl && mesh) return true;
    }
    return false;
}

Model parseModel(StructureTree& tree, grub::Bundle bundle, const ParseOptions& options) {
    return ModelReader(tree, std::move(bundle), options).read();
}

} // namespace assetscope::modelbin
