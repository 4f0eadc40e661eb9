#include "formats/modelbin/mesh_resolve.h"

#include "decode/vertex_formats.h"

#include <algorithm>
#include <map>

namespace assetscope::modelbin {

using namespace decode;
using namespace decode::vertex;

namespace {

// Whether `count` records of `size` bytes at base + (first + i) × stride + offset fit in `bytes`.
bool fits(std::uint64_t bytes, std::uint64_t base, std::uint64_t first, std::uint64_t count,
          std::uint64_t stride, std::uint64_t offset, std::uint64_t size) {
    if (count == 0) return true;
    const std::uint64_t last = first + count - 1;
    if (last < first || base > bytes || offset + size > bytes - base) return false;
    const std::uint64_t room = bytes - base - offset - size;
    return stride == 0 || last <= room / stride;
}

void scanIndices(ByteView data, std::uint32_t size, std::uint32_t& lo, std::uint32_t& hi) {
    lo = 0xFFFFFFFFu;
    hi = 0;
    const std::uint8_t* p = data.data();
    const std::size_t n = data.size() / size;
    if (size == 2) {
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = loadLE<std::uint16_t>(p + 2 * i);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = loadLE<std::uint32_t>(p + 4 * i);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
}

std::string n(std::int64_t v) {
    return std::to_string(v);
}

// The mesh's index range inside its IndB and the vertex range its indices reach.
bool resolveIndices(const Model& model, const MeshRecord& m, MeshSource& s, std::vector<Problem>& problems) {
    const Buffer* ib = model.buffer(kIndBTag, m.indexBufferIndex);
    if (!ib) {
        problems.push_back({"modelbin.ref.index-buffer",
                            "index buffer " + n(m.indexBufferIndex) + " names no IndB blob",
                            "modelbin/mesh/index_buffer_index"});
        return false;
    }
    s.indexSize = m.is32BitIndices ? 4 : 2;
    const ByteView ibData = model.payload(*ib);
    if (m.indexCount < 0 || m.indexBufferOffset < 0 || m.drawOffset < 0) {
        problems.push_back(
            {"modelbin.mesh.index-range", "negative index count or offset", "modelbin/mesh/index_count"});
        return false;
    }
    const std::uint64_t start =
        std::uint64_t(m.indexBufferOffset) + std::uint64_t(m.drawOffset) * s.indexSize;
    const std::uint64_t bytes = std::uint64_t(m.indexCount) * s.indexSize;
    if (start > ibData.size() || bytes > ibData.size() - start) {
        problems.push_back({"modelbin.mesh.index-range",
                            n(m.indexCount) + " indices from byte " + n(std::int64_t(start)) +
                                " run past the index buffer's " + n(std::int64_t(ibData.size())) + " bytes",
                            "modelbin/mesh/index_count"});
        return false;
    }
    s.indexData = ibData.subspan(start, bytes);
    if (m.indexCount > 0) {
        scanIndices(s.indexData, s.indexSize, s.minIndex, s.maxIndex);
        const std::int64_t first = std::int64_t(s.minIndex) + m.indexedVertexOffset;
        if (first < 0) {
            problems.push_back({"modelbin.mesh.vertex-range",
                                "index " + n(s.minIndex) + " + indexed vertex offset " +
                                    n(m.indexedVertexOffset) + " is a negative vertex",
                                "modelbin/mesh/indexed_vertex_offset"});
            return false;
        }
        s.firstVertex = static_cast<std::uint64_t>(first);
        s.vertexCount = std::uint64_t(s.maxIndex) - s.minIndex + 1;
    }
    return true;
}

// The element's stream: the vertex buffer bound to its slot, with the element inside every
// vertex the mesh reaches. nullopt (with a problem) when it cannot be read.
std::optional<ElementSource> bindElement(const Model& model, const MeshRecord& m, const MeshSource& s,
                                         ElementSource src, std::uint32_t size,
                                         std::vector<Problem>& problems) {
    const BufferRef* ref = nullptr;
    for (const auto& r : m.vertexBuffers)
        if (r.inputSlot == src.slot) {
            ref = &r;
            break;
        }
    if (!ref) {
        problems.push_back(
            {"modelbin.mesh.unbound-slot",
             src.name + " reads input slot " + n(src.slot) + ", which no vertex buffer is bound to",
             "modelbin/mesh/vertex_buffers"});
        return std::nullopt;
    }
    const Buffer* vb = model.buffer(kVerBTag, ref->bufferId);
    if (!vb) {
        problems.push_back({"modelbin.ref.vertex-buffer",
                            "vertex buffer " + n(ref->bufferId) + " names no VerB blob",
                            "modelbin/buffer_ref/buffer_id"});
        return std::nullopt;
    }
    src.stream = model.payload(*vb);
    src.stride = ref->stride ? ref->stride : vb->header.stride;
    src.base = ref->offset;
    if (src.stride < size) {
        // A stride shorter than the element would make vertices overlap (and 0 would let a
        // corrupt index range claim billions of vertices from a few bytes).
        problems.push_back(
            {"modelbin.mesh.vertex-range",
             src.name + " is " + n(size) + " bytes but the stream's stride is " + n(src.stride),
             "modelbin/buffer_ref/stride"});
        return std::nullopt;
    }
    if (!fits(src.stream.size(), src.base, s.firstVertex, s.vertexCount, src.stride, src.offset, size)) {
        problems.push_back({"modelbin.mesh.vertex-range",
                            src.name + " of vertices " + n(std::int64_t(s.firstVertex)) + " to " +
                                n(std::int64_t(s.firstVertex + s.vertexCount) - 1) + " runs past VerB " +
                                n(ref->bufferId) + " (" + n(std::int64_t(src.stream.size())) + " bytes)",
                            "modelbin/mesh/indexed_vertex_offset"});
        return std::nullopt;
    }
    return src;
}

// Every layout element the decoder reads, with its stream; the others are reported and skipped.
bool resolveElements(const Model& model, const MeshRecord& m, MeshSource& s, std::vector<Problem>& problems) {
    const VertexLayout* layout = model.layout(m.layoutIndex);
    if (!layout) {
        problems.push_back({"modelbin.ref.layout",
                            "vertex layout " + n(m.layoutIndex) + " names no VLay blob",
                            "modelbin/mesh/vertex_layout_index"});
        return false;
    }
    std::map<int, std::int64_t> appendCursor; // per slot; -1 once an element of unknown size was appended
    for (const LayoutElement& e : layout->elements) {
        const std::string name = e.semanticNameIndex >= 0 && static_cast<std::size_t>(e.semanticNameIndex) <
                                                                 layout->semanticNames.size()
                                     ? layout->semanticNames[static_cast<std::size_t>(e.semanticNameIndex)]
                                     : std::string("?");
        ElementSource src;
        src.semantic = semanticFromName(name);
        src.set = e.semanticIndex;
        src.name = name + n(e.semanticIndex);
        src.format = static_cast<std::uint32_t>(e.format);
        src.slot = static_cast<std::uint32_t>(e.inputSlot);
        const std::uint32_t size = formatSize(src.format);
        std::int64_t& cursor = appendCursor[e.inputSlot];
        std::int64_t offset = e.alignedOffset == -1 ? cursor : e.alignedOffset;
        cursor = (offset < 0 || size == 0) ? -1 : offset + size;
        const bool setOk =
            src.set >= 0 && src.set < 5 &&
            (src.set == 0 || src.semantic == Semantic::TexCoord || src.semantic == Semantic::Tangent);
        if (!decodable(src.semantic, src.format) || !setOk) {
            problems.push_back({"modelbin.layout.unsupported",
                                src.name + " in format " + n(e.format) + " is not a documented element", ""});
            continue;
        }
        if (offset < 0) {
            problems.push_back({"modelbin.layout.unsupported",
                                src.name + " follows an element of unknown size; its offset cannot be found",
                                ""});
            continue;
        }
        src.offset = static_cast<std::uint32_t>(offset);
        if (auto bound = bindElement(model, m, s, std::move(src), size, problems))
            s.elements.push_back(std::move(*bound));
    }
    if (s.vertexCount > 0 && !s.find(Semantic::Position)) {
        problems.push_back({"modelbin.mesh.no-position", "the mesh has no readable POSITION0", ""});
        return false;
    }
    return true;
}

// The Skin buffer, when the mesh names one and it holds the mesh's influences; a problem otherwise
// (the mesh still decodes, unskinned).
void resolveSkin(const Model& model, const MeshRecord& m, MeshSource& s, std::vector<Problem>& problems) {
    if (m.skinBufferIndex < 0) return;
    const Buffer* skin = model.buffer(kSkinTag, m.skinBufferIndex);
    if (!skin) {
        problems.push_back({"modelbin.ref.skin-buffer",
                            "skinning buffer " + n(m.skinBufferIndex) + " names no Skin blob",
                            "modelbin/mesh/skinning_buffer_index"});
        return;
    }
    const std::uint32_t influences = m.skinningElements ? m.skinningElements : skin->header.stride / 4u;
    if (skin->header.stride < 4u * influences || influences == 0 ||
        (skin->version.major >= 1 && skin->header.format != dxgi::R16G16_FLOAT)) {
        problems.push_back({"modelbin.skin.layout",
                            "Skin stride " + n(skin->header.stride) + " and format " +
                                n(skin->header.format) + " do not hold " + n(influences) +
                                " (f16 weight, f16 bone) influences",
                            "modelbin/skin/influence"});
    } else if (!fits(model.payload(*skin).size(), 0, s.firstVertex, s.vertexCount, skin->header.stride, 0,
                     4u * influences)) {
        problems.push_back({"modelbin.mesh.vertex-range", "the mesh's vertices run past its Skin buffer",
                            "modelbin/rules/vertices_inside_buffers"});
    } else {
        s.skin = model.payload(*skin);
        s.skinStride = skin->header.stride;
        s.influences = influences;
    }
}

// The MBuf, when the mesh has morph targets and the buffer holds them; a problem otherwise (the
// mesh still decodes, without morphs).
void resolveMorphs(const Model& model, const MeshRecord& m, MeshSource& s, std::vector<Problem>& problems) {
    if (m.morphBufferIndex < 0 || m.morphTargetCount == 0) return;
    const Buffer* mb = model.buffer(kMBufTag, m.morphBufferIndex);
    if (!mb) {
        problems.push_back({"modelbin.ref.morph-buffer",
                            "morph buffer " + n(m.morphBufferIndex) + " names no MBuf blob",
                            "modelbin/mesh/morph_buffer_index"});
        return;
    }
    const std::uint64_t need = 16ull * m.morphTargetCount;
    if (mb->header.stride < need || m.morphTargetCount > 0xFFFF ||
        (mb->version.major >= 1 && (mb->header.format != dxgi::R16G16B16A16_FLOAT ||
                                    mb->header.subElementCount != 2 * m.morphTargetCount))) {
        problems.push_back({"modelbin.mesh.morph-count",
                            "MBuf stride " + n(mb->header.stride) + ", format " + n(mb->header.format) +
                                " and sub-element count " + n(mb->header.subElementCount) + " do not hold " +
                                n(m.morphTargetCount) + " targets",
                            "modelbin/morph/delta"});
    } else if (!fits(model.payload(*mb).size(), 0, s.firstVertex, s.vertexCount, mb->header.stride, 0,
                     need)) {
        problems.push_back({"modelbin.mesh.vertex-range", "the mesh's vertices run past its MBuf",
                            "modelbin/rules/vertices_inside_buffers"});
    } else {
        s.morph = model.payload(*mb);
        s.morphStride = mb->header.stride;
        s.morphTargets = m.morphTargetCount;
        if (!model.morphNames.empty()) s.morphSlotNames = model.morphNames.front().names;
    }
}

} // namespace

std::optional<MeshSource> resolveMesh(const Model& model, std::size_t meshIndex,
                                      std::vector<Problem>& problems) {
    if (meshIndex >= model.meshes.size()) return std::nullopt;
    const MeshRecord& m = model.meshes[meshIndex];
    MeshSource s;
    // What the decoder applies: quantised positions and UVs are stored inside these ranges.
    std::copy_n(m.positionScale.begin(), 3, s.positionScale.begin());
    std::copy_n(m.positionTranslate.begin(), 3, s.positionTranslate.begin());
    std::copy(m.uvTransforms.begin(), m.uvTransforms.end(), s.uvTransforms.begin());
    if (!resolveIndices(model, m, s, problems) || !resolveElements(model, m, s, problems))
        return std::nullopt;
    resolveSkin(model, m, s, problems);
    resolveMorphs(model, m, s, problems);
    return s;
}

} // namespace assetscope::modelbin
