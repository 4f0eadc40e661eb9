#include "formats/modelbin/blob_readers.h"

namespace assetscope::modelbin::detail {

namespace {

std::string layoutFlagsText(std::uint32_t flags) {
    std::string out;
    auto add = [&](const std::string& s) { out += (out.empty() ? "" : " | ") + s; };
    for (int k = 0; k < 5; ++k)
        if (flags & (1u << k)) add("TEXCOORD" + std::to_string(k));
    for (int k = 0; k < 5; ++k)
        if (flags & (0x20u << k)) add("TANGENT" + std::to_string(k));
    if (flags & 0x400) add("COLOR0");
    if (flags & ~0x7FFu) add("other bits");
    return out.empty() ? "none" : out;
}

} // namespace

void readLayout(Recorder& r, VertexLayout& l) {
    const std::uint16_t nameCount = r.u16("modelbin/vertex_layout/semantic_name_count");
    {
        auto names = r.scope("semantic_names");
        for (std::uint16_t i = 0; i < nameCount; ++i) {
            r.require(4);
            const std::uint32_t length = r.u32("name_length");
            l.semanticNames.push_back(r.text("modelbin/vertex_layout/semantic_name", length));
        }
    }
    const std::uint16_t count = r.u16("modelbin/vertex_layout/element_count");
    r.require(std::uint64_t{count} * 20);
    {
        auto elements = r.scope("elements");
        for (std::uint16_t i = 0; i < count; ++i) {
            auto scope = r.item(i);
            LayoutElement e;
            e.semanticNameIndex = r.i16("modelbin/vertex_element/semantic_name_index");
            e.semanticIndex = r.i16("modelbin/vertex_element/semantic_index");
            e.inputSlot = r.i16("modelbin/vertex_element/input_slot");
            e.inputSlotClass = r.i16("modelbin/vertex_element/input_slot_class");
            e.format = r.i32("modelbin/vertex_element/dxgi_format");
            e.alignedOffset = r.i32("modelbin/vertex_element/aligned_byte_offset");
            if (e.alignedOffset == -1) r.describe("append");
            e.stepRate = r.i32("modelbin/vertex_element/instance_data_step_rate");
            r.check(
                e.semanticNameIndex >= 0 &&
                    static_cast<std::size_t>(e.semanticNameIndex) < l.semanticNames.size(),
                "modelbin.layout.semantic-name", "modelbin/vertex_element/semantic_name_index",
                [&] {
                    return "semantic name index " + std::to_string(e.semanticNameIndex) +
                           " names no semantic";
                },
                r.parent());
            r.tree().edit(scope.id(), [&](Node& n) {
                n.display = l.semanticOf(e) + " · format " + std::to_string(e.format) + " · slot " +
                            std::to_string(e.inputSlot);
            });
            l.elements.push_back(e);
        }
    }
    if (l.version.atLeast(1, 0)) {
        const auto packed = r.u32s("modelbin/vertex_layout/packed_formats", count);
        for (std::uint32_t x : packed)
            l.packedFormats.push_back(static_cast<std::int32_t>(x));
    }
    if (l.version.atLeast(1, 1)) {
        l.flags = r.u32("modelbin/vertex_layout/flags");
        r.describe([&] { return layoutFlagsText(l.flags); });
    }
    l.trailing = readTrailing(r, l.instanceLayout ? "ILay" : "VLay");
}

void readBuffer(Recorder& r, Buffer& b) {
    BufferHeader& h = b.header;
    h.length = r.i32("modelbin/buffer_header/length");
    h.size = r.i32("modelbin/buffer_header/size");
    const NodeId sizeNode = r.last();
    h.stride = r.u16("modelbin/buffer_header/stride");
    if (b.version.major >= 1) {
        h.subElementCount = r.u8("modelbin/buffer_header/sub_element_count");
        h.padding = r.u8("modelbin/buffer_header/padding");
        r.check(h.padding == 0, "modelbin.buffer.padding", "modelbin/buffer_header/padding",
                [&] { return "padding is " + std::to_string(h.padding) + ", not 0"; });
        h.format = r.u32("modelbin/buffer_header/dxgi_format");
    } else {
        h.oldPadding = r.u16("modelbin/buffer_header/padding_before_version_1");
        r.check(h.oldPadding == 0, "modelbin.buffer.padding",
                "modelbin/buffer_header/padding_before_version_1",
                [&] { return "padding is " + std::to_string(h.oldPadding) + ", not 0"; });
    }
    // The payload is the rest of the blob; its array nodes are made once the layouts are known.
    b.payloadOffset = r.pos();
    b.payloadSize = r.remaining();
    r.check(
        h.size >= 0 && static_cast<std::uint64_t>(h.size) == b.payloadSize, "modelbin.buffer.size",
        "modelbin/buffer_header/size",
        [&] {
            return "size " + std::to_string(h.size) + " but the payload has " +
                   std::to_string(b.payloadSize) + " bytes";
        },
        sizeNode);
    r.check(
        std::int64_t{h.length} * h.stride == h.size, "modelbin.buffer.length", "modelbin/buffer_header/size",
        [&] {
            return "length " + std::to_string(h.length) + " × stride " + std::to_string(h.stride) +
                   " is not size " + std::to_string(h.size);
        },
        sizeNode);
    r.seek(r.view().size());
}

} // namespace assetscope::modelbin::detail
