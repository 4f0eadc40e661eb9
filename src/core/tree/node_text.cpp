#include "tree/node_text.h"

#include "bytes/number_text.h"

namespace assetscope {

namespace {

std::string valueOnly(const Value& value) {
    struct Visitor {
        std::string operator()(std::monostate) const { return {}; }
        std::string operator()(bool v) const { return v ? "true" : "false"; }
        std::string operator()(std::int64_t v) const { return std::to_string(v); }
        std::string operator()(std::uint64_t v) const { return std::to_string(v); }
        std::string operator()(double v) const { return numberText(v); }
        std::string operator()(const std::string& v) const { return '"' + v + '"'; }
        std::string operator()(const std::vector<double>& v) const {
            std::string out = "[";
            for (std::size_t i = 0; i < v.size() && i < 8; ++i)
                out += (i ? ", " : "") + numberText(v[i]);
            if (v.size() > 8) out += ", … (" + std::to_string(v.size()) + ")";
            return out + "]";
        }
    };
    return std::visit(Visitor{}, value);
}

} // namespace

std::string nodeValueText(const StructureTree& tree, NodeId id) {
    const Node& n = tree.node(id);
    std::string text = valueOnly(n.value);
    if (!n.display.empty()) text = text.empty() ? n.display : text + "  (" + n.display + ")";
    if (text.empty() && n.decoder != 0)
        text = std::to_string(n.count) + " × " + std::to_string(n.stride) + " bytes";
    if (text.empty() && n.kind == NodeKind::Bytes) {
        // The first bytes, as a hint of what the run holds.
        static const char* const digits = "0123456789ABCDEF";
        const ByteView bytes = tree.bytes();
        for (std::uint64_t i = 0; i < 8 && i < n.size && n.offset + i < bytes.size(); ++i) {
            if (i) text += ' ';
            text += digits[bytes[n.offset + i] >> 4];
            text += digits[bytes[n.offset + i] & 15];
        }
        if (n.size > 8) text += " …";
    }
    return text;
}

} // namespace assetscope
