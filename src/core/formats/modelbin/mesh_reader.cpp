#include "bytes/number_text.h"
#include "formats/modelbin/blob_readers.h"

#include <cstdio>

namespace assetscope::modelbin::detail {

namespace {

void readMaterialIds(Recorder& r, MeshRecord& m) {
    const Version& v = m.version;
    std::uint64_t groups = 1;
    if (v.atLeast(1, 13)) {
        const std::int32_t count = r.i32("modelbin/mesh/material_group_count");
        r.check(count >= 1, "modelbin.mesh.group-count", "modelbin/mesh/material_group_count",
                [&] { return "material group count is " + std::to_string(count); });
        groups = count < 0 ? 0 : static_cast<std::uint64_t>(count);
        r.require(groups * 8); // the count must fit before anything is allocated
    }
    if (v.atLeast(1, 9)) {
        const auto ids =
            r.i16s(v.atLeast(1, 13) ? "modelbin/mesh/material_ids" : "modelbin/mesh/material_ids_before_1_13",
                   static_cast<std::size_t>(groups * 4));
        m.materialGroups.reserve(static_cast<std::size_t>(groups));
        for (std::uint64_t g = 0; g < groups; ++g)
            m.materialGroups.push_back({ids[g * 4], ids[g * 4 + 1], ids[g * 4 + 2], ids[g * 4 + 3]});
        r.describe([&] {
            std::string text;
            for (std::size_t g = 0; g < m.materialGroups.size(); ++g)
                text +=
                    (g ? "; group " : "group ") + std::to_string(g) + ": " + seasonText(m.materialGroups[g]);
            return text;
        });
    } else {
        const std::int16_t id = r.i16("modelbin/mesh/material_id_before_1_9");
        m.materialGroups.push_back({id, id, id, id});
    }
}

void readBufferRefs(Recorder& r, MeshRecord& m) {
    auto scope = r.scope("modelbin/mesh/vertex_buffers");
    const std::uint32_t count = r.u32("count");
    const std::uint64_t refSize = m.version.atLeast(1, 12) ? 20 : 16;
    r.require(count * refSize);
    for (std::uint32_t i = 0; i < count; ++i) {
        auto ref = r.item(i);
        BufferRef b;
        b.bufferId = r.i32("modelbin/buffer_ref/buffer_id");
        b.inputSlot = r.u32("modelbin/buffer_ref/input_slot");
        b.stride = r.u32("modelbin/buffer_ref/stride");
        b.offset = r.u32("modelbin/buffer_ref/offset");
        if (refSize == 20) {
            // The document's strict reader refuses a reserved u32 that is not zero.
            b.reserved = r.u32("modelbin/buffer_ref/reserved");
            r.check(b.reserved == 0, "modelbin.mesh.buffer-reserved", "modelbin/buffer_ref/reserved", [&] {
                return "vertex buffer reference " + std::to_string(i) + ": reserved u32 is " +
                       std::to_string(b.reserved) + ", not zero";
            });
        }
        r.tree().edit(ref.id(), [&](Node& n) {
            n.display = "VerB " + std::to_string(b.bufferId) + " → slot " + std::to_string(b.inputSlot) +
                        ", stride " + std::to_string(b.stride);
        });
        m.vertexBuffers.push_back(b);
    }
}

} // namespace

void readMesh(Recorder& r, MeshRecord& m) {
    const Version& v = m.version;
    readMaterialIds(r, m);
    m.rigidBoneIndex = r.i16("modelbin/mesh/rigid_bone_index");
    m.lodFlags = r.u16("modelbin/mesh/lod_flags");
    r.describe([&] { return lodText(m.lodFlags); });
    {
        const std::uint64_t at = r.pos();
        r.bytes("modelbin/mesh/lod_level_1_and_2", 2, NodeKind::Field);
        m.lodLevel1 = r.view()[at];
        m.lodLevel2 = r.view()[at + 1];
        r.tree().edit(r.last(), [&](Node& n) {
            n.value = std::vector<double>{double(m.lodLevel1), double(m.lodLevel2)};
        });
    }
    m.bucketFlags = r.u16("modelbin/mesh/bucket_flags");
    r.describe([&] { return bucketText(m.bucketFlags); });
    r.derived("drawn_in_main_view", m.drawnInMainView(), "bool");
    r.describe([&] {
        return m.drawnInMainView()
                   ? "yes: not an occluder and bucket & 0x27 ≠ 0"
                   : (m.bucketFlags & bucket::Occluder ? "no: occluder" : "no: bucket & 0x27 = 0");
    });
    m.bucketOrder = r.u8("modelbin/mesh/bucket_order");
    if (v.atLeast(1, 2)) m.skinningElements = r.u8("modelbin/mesh/skinning_elements_count");
    if (v.atLeast(1, 10))
        m.morphTargetCount = r.u32("modelbin/mesh/morph_target_count");
    else
        m.morphTargetCount = r.u8("modelbin/mesh/morph_target_count_before_1_10");
    if (v.atLeast(1, 3)) m.isMorphDamage = r.u8("modelbin/mesh/is_morph_damage");
    m.is32BitIndices = r.u8("modelbin/mesh/is_32_bit_indices");
    m.topology = r.u16("modelbin/mesh/topology");
    r.check(m.topology == 4, "modelbin.mesh.topology", "modelbin/mesh/topology",
            [&] { return "topology " + std::to_string(m.topology) + " is not a triangle list (4)"; });
    if (m.topology == 4) r.describe("triangle list");
    m.indexBufferIndex = r.i32("modelbin/mesh/index_buffer_index");
    m.indexBufferOffset = r.i32("modelbin/mesh/index_buffer_offset");
    m.drawOffset = r.i32("modelbin/mesh/index_buffer_draw_offset");
    m.indexedVertexOffset = r.i32("modelbin/mesh/indexed_vertex_offset");
    m.indexCount = r.i32("modelbin/mesh/index_count");
    const NodeId indexCountNode = r.last();
    m.primitiveCount = r.i32("modelbin/mesh/primitive_count");
    r.check(
        std::int64_t{m.indexCount} == 3 * std::int64_t{m.primitiveCount}, "modelbin.mesh.index-count",
        "modelbin/mesh/primitive_count",
        [&] {
            return "index count " + std::to_string(m.indexCount) + " is not 3 × primitive count " +
                   std::to_string(m.primitiveCount);
        },
        indexCountNode);
    if (v.atLeast(1, 6)) {
        m.acmr = r.f32("modelbin/mesh/acmr");
        m.referencedVertexCount = r.u32("modelbin/mesh/referenced_vertex_count");
    }
    if (v.atLeast(1, 11)) {
        auto scope = r.scope("modelbin/mesh/referenced_vertex_indices");
        const std::uint32_t count = r.u32("count");
        const std::uint64_t start = r.pos();
        r.array("indices", count, 4, "u32", [](Recorder& er, std::uint64_t) { er.u32("vertex"); });
        m.referencedVertices.resize(count); // the array call has checked the bytes are there
        ByteReader br(r.view(), start);
        for (auto& x : m.referencedVertices)
            x = br.u32();
    }
    m.layoutIndex = r.i32("modelbin/mesh/vertex_layout_index");
    readBufferRefs(r, m);
    if (v.atLeast(1, 4)) {
        m.morphBufferIndex = r.i32("modelbin/mesh/morph_buffer_index");
        m.skinBufferIndex = r.i32("modelbin/mesh/skinning_buffer_index");
    }
    {
        auto scope = r.scope("modelbin/mesh/constant_buffers");
        const std::uint32_t count = r.u32("count");
        r.require(std::uint64_t{count} * 4);
        const auto values = r.u32s("indices", count);
        for (std::uint32_t x : values)
            m.constantBuffers.push_back(static_cast<std::int32_t>(x));
    }
    if (v.atLeast(1, 1)) m.sourceMeshIndex = r.u32("modelbin/mesh/source_mesh_index");
    if (v.atLeast(1, 5)) {
        auto scope = r.scope("modelbin/mesh/texture_coordinate_transforms");
        static constexpr const char* kSets[] = {"TEXCOORD0", "TEXCOORD1", "TEXCOORD2", "TEXCOORD3",
                                                "TEXCOORD4"};
        for (std::size_t k = 0; k < 5; ++k) {
            const auto t = r.f32Array<4>(kSets[k]);
            std::copy(t.begin(), t.end(), m.uvTransforms[k].begin());
            r.describe([&] {
                return "u × " + numberTuple(std::span<const float>(&t[1], 1)) + " + " +
                       numberTuple(std::span<const float>(&t[0], 1)) + ", v × " +
                       numberTuple(std::span<const float>(&t[3], 1)) + " + " +
                       numberTuple(std::span<const float>(&t[2], 1));
            });
        }
    }
    if (v.atLeast(1, 8)) {
        auto scope = r.scope("modelbin/mesh/position_scale_and_translate");
        const auto s = r.f32Array<4>("scale");
        std::copy(s.begin(), s.end(), m.positionScale.begin());
        r.describe([&] { return numberTuple(std::span<const float>(s.data(), 4)); });
        const auto t = r.f32Array<4>("translate");
        std::copy(t.begin(), t.end(), m.positionTranslate.begin());
        r.describe([&] { return numberTuple(std::span<const float>(t.data(), 4)); });
    }
    m.trailing = readTrailing(r, "Mesh");
}

} // namespace assetscope::modelbin::detail
