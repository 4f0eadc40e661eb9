#include "views/doc_comparison.h"

#include "docs/doc_table.h"

#include <charconv>

namespace assetscope::app {

namespace {

std::optional<std::uint64_t> plainNumber(std::string_view text) {
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
        base = 16;
    }
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return v;
}

} // namespace

DocComparison compareWithDoc(const StructureTree& tree, NodeId id) {
    DocComparison c;
    if (id == kNoNode || id >= tree.nodeCount()) return c;
    const Node& n = tree.node(id);
    c.doc = n.doc;
    const std::uint64_t parentOffset = n.parent != kNoNode ? tree.node(n.parent).offset : 0;
    c.relativeOffset = n.offset >= parentOffset ? n.offset - parentOffset : 0;
    if (!c.doc) return c;
    c.documentedOffset = c.doc->offset;
    c.documentedSize = plainNumber(c.doc->size);
    c.offsetMismatch =
        c.documentedOffset && (n.offset < parentOffset || *c.documentedOffset != c.relativeOffset);
    c.sizeMismatch = c.documentedSize && *c.documentedSize != n.size;
    return c;
}

} // namespace assetscope::app
