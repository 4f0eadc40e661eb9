#include "bytes/number_text.h"
#include "decode/mesh_source.h"
#include "decode/vertex_formats.h"
#include "formats/modelbin/blob_readers.h"
#include "math/half_float.h"

#include <cstdio>
#include <memory>

namespace assetscope::modelbin::detail {

namespace {

using decode::Semantic;

struct SlotElement {
    std::string name; // POSITION0, TEXCOORD2, ...
    Semantic semantic = Semantic::Other;
    int set = 0;
    std::uint32_t format = 0;
    std::uint32_t offset = 0;
    std::uint32_t size = 0;
};

// How a vertex of one stream reads: its elements, and the mesh's transforms for display.
struct StreamView {
    std::vector<SlotElement> elements;
    std::array<float, 4> scale{1, 1, 1, 1};
    std::array<float, 4> translate{0, 0, 0, 0};
    std::array<UvTransform, 5> uv{};
};

std::string numbers(std::initializer_list<double> v) {
    return numberTuple(std::span<const double>(v.begin(), v.size()));
}

std::shared_ptr<StreamView> streamFor(const Model& model, const Buffer& buffer) {
    for (const MeshRecord& m : model.meshes)
        for (const BufferRef& ref : m.vertexBuffers) {
            if (model.buffer(kVerBTag, ref.bufferId) != &buffer) continue;
            const VertexLayout* layout = model.layout(m.layoutIndex);
            if (!layout) continue;
            auto view = std::make_shared<StreamView>();
            view->scale = m.positionScale;
            view->translate = m.positionTranslate;
            view->uv = m.uvTransforms;
            std::int64_t cursor = 0;
            for (const LayoutElement& e : layout->elements) {
                if (e.inputSlot != static_cast<std::int64_t>(ref.inputSlot)) continue;
                SlotElement s;
                const auto nameIndex = static_cast<std::size_t>(e.semanticNameIndex);
                const std::string base = e.semanticNameIndex >= 0 && nameIndex < layout->semanticNames.size()
                                             ? layout->semanticNames[nameIndex]
                                             : "?";
                s.name = base + std::to_string(e.semanticIndex);
                s.semantic = decode::semanticFromName(base);
                s.set = e.semanticIndex;
                s.format = static_cast<std::uint32_t>(e.format);
                s.size = decode::vertex::formatSize(s.format);
                const std::int64_t offset = e.alignedOffset == -1 ? cursor : e.alignedOffset;
                if (offset < 0 || s.size == 0) break; // later offsets cannot be known
                s.offset = static_cast<std::uint32_t>(offset);
                cursor = offset + s.size;
                view->elements.push_back(std::move(s));
            }
            return view;
        }
    return nullptr;
}

std::string keyFor(const SlotElement& e) {
    if (e.format == 2 || e.format == 6 || e.format == 10 || e.format == 16)
        return "modelbin/vertex/float_variants";
    switch (e.semantic) {
    case Semantic::Position:
        return "modelbin/vertex/position0";
    case Semantic::Normal:
        return "modelbin/vertex/normal0";
    case Semantic::TexCoord:
        return "modelbin/vertex/texcoord";
    case Semantic::Color:
        return "modelbin/vertex/color0";
    case Semantic::Tangent:
        return "modelbin/vertex/tangent";
    case Semantic::BlendIndices: // no name of a model's layout gives these
    case Semantic::BlendWeights:
    case Semantic::SubMaterial:
    case Semantic::TangentFrame:
    case Semantic::Other:
        break;
    }
    return e.name;
}

void recordVertex(Recorder& r, const StreamView& view) {
    using namespace decode::vertex;
    const std::uint64_t start = r.pos();
    const ByteView all = r.view();
    for (const SlotElement& e : view.elements) {
        r.seek(start + e.offset);
        if (r.remaining() < e.size) break;
        const std::uint8_t* p = all.data() + start + e.offset;
        r.bytes(keyFor(e), e.size, NodeKind::Field);
        r.tree().edit(r.last(), [&](Node& n) {
            n.name = e.name;
            n.type = "DXGI " + std::to_string(e.format);
            if (e.format == 13) {
                const auto x = loadLE<std::int16_t>(p), y = loadLE<std::int16_t>(p + 2),
                           z = loadLE<std::int16_t>(p + 4), w = loadLE<std::int16_t>(p + 6);
                n.value = std::vector<double>{double(x), double(y), double(z), double(w)};
                n.display = numbers({snorm16(x) * view.scale[0] + view.translate[0],
                                     snorm16(y) * view.scale[1] + view.translate[1],
                                     snorm16(z) * view.scale[2] + view.translate[2]}) +
                            ", w " + numbers({snorm16(w)});
            } else if (e.format == 37) {
                const auto y = loadLE<std::int16_t>(p), z = loadLE<std::int16_t>(p + 2);
                n.value = std::vector<double>{double(y), double(z)};
                n.display = "y, z " + numbers({snorm16(y), snorm16(z)}) + " (x is position w)";
            } else if (e.format == 35) {
                const auto u = loadLE<std::uint16_t>(p), v = loadLE<std::uint16_t>(p + 2);
                const auto& t = view.uv[static_cast<std::size_t>(std::clamp(e.set, 0, 4))];
                n.value = std::vector<double>{double(u), double(v)};
                n.display = numbers({unorm16(u) * t[1] + t[0], unorm16(v) * t[3] + t[2]});
            } else if (e.format == 28) {
                n.value = std::vector<double>{double(p[0]), double(p[1]), double(p[2]), double(p[3])};
                n.display = numbers({unorm8(p[0]), unorm8(p[1]), unorm8(p[2]), unorm8(p[3])});
            } else if (e.format == 24) {
                const auto word = loadLE<std::uint32_t>(p);
                const Tangent t = unpackTangent(word);
                n.value = std::uint64_t{word};
                n.display = numbers({t.x, t.y, t.z}) + ", bitangent sign " + (t.sign > 0 ? "+1" : "-1");
            }
        });
    }
    r.seek(start);
}

void addArray(Recorder& r, const Buffer& b, ElementDecoder decoder, std::string_view type) {
    const std::uint64_t stride = b.header.stride;
    if (stride == 0 || b.payloadSize % stride != 0) {
        r.bytes("modelbin/buffer_header/payload", b.payloadSize);
        return;
    }
    r.array("modelbin/buffer_header/payload", b.payloadSize / stride, stride, type, std::move(decoder));
}

void addPayload(StructureTree& tree, const Model& model, const Buffer& b) {
    const grub::Blob& blob = model.bundle.blobs[b.blob];
    Recorder r(tree, ByteView(blob.data), blob.dataOffset, blob.node);
    r.guard([&] {
        r.seek(b.payloadOffset);
        if (b.tag == kIndBTag) {
            if (b.header.stride == 2)
                addArray(
                    r, b, [](Recorder& er, std::uint64_t) { er.u16("index"); }, "u16");
            else if (b.header.stride == 4)
                addArray(
                    r, b, [](Recorder& er, std::uint64_t) { er.u32("index"); }, "u32");
            else
                r.bytes("modelbin/buffer_header/payload", b.payloadSize);
        } else if (b.tag == kVerBTag) {
            auto view = streamFor(model, b);
            if (view)
                addArray(
                    r, b, [view](Recorder& er, std::uint64_t) { recordVertex(er, *view); }, "vertex");
            else
                r.bytes("modelbin/buffer_header/payload", b.payloadSize);
        } else if (b.tag == kSkinTag) {
            const std::uint32_t influences = b.header.stride / 4;
            addArray(
                r, b,
                [influences](Recorder& er, std::uint64_t) {
                    for (std::uint32_t j = 0; j < influences; ++j) {
                        const std::uint64_t at = er.pos();
                        er.bytes("modelbin/skin/influence", 4, NodeKind::Field);
                        er.tree().edit(er.last(), [&](Node& n) {
                            const ByteView bytes = er.view();
                            const float w =
                                math::halfToFloat(decode::vertex::loadLE<std::uint16_t>(bytes.data() + at));
                            const float bone = math::halfToFloat(
                                decode::vertex::loadLE<std::uint16_t>(bytes.data() + at + 2));
                            n.name = "influence " + std::to_string(j);
                            n.value = std::vector<double>{w, bone};
                            n.display = "weight " + numbers({w}) + ", bone " + numbers({bone});
                        });
                    }
                },
                "influences");
        } else if (b.tag == kMBufTag) {
            const std::uint32_t halves = b.header.stride / 8;
            addArray(
                r, b,
                [halves](Recorder& er, std::uint64_t) {
                    for (std::uint32_t j = 0; j < halves; ++j) {
                        const std::uint64_t at = er.pos();
                        er.bytes("modelbin/morph/delta", 8, NodeKind::Field);
                        er.tree().edit(er.last(), [&](Node& n) {
                            float v[4];
                            for (int c = 0; c < 4; ++c)
                                v[c] = math::halfToFloat(
                                    decode::vertex::loadLE<std::uint16_t>(er.view().data() + at + 2 * c));
                            n.name = (j < halves / 2 ? "position delta " : "normal delta ") +
                                     std::to_string(j < halves / 2 ? j : j - halves / 2);
                            n.value = std::vector<double>{v[0], v[1], v[2], v[3]};
                            n.display = numbers({v[0], v[1], v[2]}) + ", slot " + numbers({v[3]});
                        });
                    }
                },
                "deltas");
        }
    });
}

} // namespace

void addPayloadNodes(StructureTree& tree, const Model& model) {
    if (!tree.recordsNodes()) return;
    for (const Buffer& b : model.buffers)
        addPayload(tree, model, b);
}

} // namespace assetscope::modelbin::detail
