#include "find/node_location.h"

#include "docs/doc_table.h"

#include <deque>

namespace assetscope {

namespace {

bool holds(const Node& n, std::uint64_t offset, std::uint64_t size) {
    if (n.size == 0 || offset < n.offset) return false;
    const std::uint64_t into = offset - n.offset;
    return into < n.size && size <= n.size - into;
}

// A listed child's name in a diff path: NAME, or NAME#n for its n-th repeat among its siblings.
std::string diffName(const StructureTree& tree, NodeId id) {
    const Node& n = tree.node(id);
    if (n.parent == kNoNode) return n.name;
    std::uint64_t repeats = 0;
    for (NodeId c : tree.node(n.parent).children) {
        if (c == id) break;
        repeats += tree.node(c).name == n.name;
    }
    return repeats ? n.name + "#" + std::to_string(repeats) : n.name;
}

std::string joined(const std::string& head, const std::string& tail) {
    return head.empty() ? tail : tail.empty() ? head : head + "/" + tail;
}

} // namespace

std::string diffPath(const StructureTree& tree, NodeId id) {
    if (id == kNoNode) return {};
    if (tree.node(id).parent == kNoNode) return ".";
    std::string out;
    for (NodeId at = id; at != kNoNode && tree.node(at).parent != kNoNode; at = tree.node(at).parent)
        out = joined(diffName(tree, at), out);
    return out;
}

NodeLocation locateRange(const StructureTree& tree, std::uint64_t offset, std::uint64_t size) {
    NodeLocation out;
    if (tree.root() == kNoNode) return out;
    // The given tree is walked by its listed children; a lazy array's element is decoded into a
    // scratch tree (kept alive in `scratch`) and the walk goes on there.
    std::deque<StructureTree> scratch;
    const StructureTree* in = &tree;
    NodeId at = tree.root();
    std::string tail; // the path below out.node, through decoded elements
    const Node* last = &tree.node(at);
    while (at != kNoNode) {
        const Node& n = in->node(at);
        if (in == &tree) {
            out.node = at;
            tail.clear();
        } else if (n.parent != kNoNode) {
            tail = joined(tail, diffName(*in, at));
        }
        last = &n;
        NodeId next = kNoNode;
        if (n.decoder != 0 && n.stride > 0 && offset >= n.offset) {
            const std::uint64_t index = (offset - n.offset) / n.stride;
            const std::uint64_t start = n.offset + index * n.stride;
            if (index < n.count && offset + size <= start + n.stride) {
                StructureTree& element = scratch.emplace_back(in->source(), true);
                in->decodeElementInto(at, index, element);
                tail = joined(tail, indexName(index));
                in = &element;
                next = element.root();
                if (next != kNoNode) last = &element.node(next);
                // The element's root is already in the path as [index]: descend from its children.
                if (next != kNoNode) {
                    NodeId inner = kNoNode;
                    for (NodeId c : element.node(next).children)
                        if (holds(element.node(c), offset, size)) {
                            inner = c;
                            break;
                        }
                    next = inner;
                }
            }
        } else {
            for (NodeId c : n.children)
                if (holds(in->node(c), offset, size)) {
                    next = c;
                    break;
                }
        }
        at = next;
    }
    out.offset = last->offset;
    out.size = last->size;
    out.doc = last->doc;
    if (out.node == tree.root() && tail.empty()) {
        // A node may lie outside its parent's range (a bundle's trailing bytes, after its total
        // size): the smallest listed node that holds the range, if any, before "only the root".
        NodeId best = kNoNode;
        for (NodeId id = 0; id < tree.nodeCount(); ++id)
            if (id != tree.root() && holds(tree.node(id), offset, size) &&
                (best == kNoNode || tree.node(id).size < tree.node(best).size))
                best = id;
        if (best == kNoNode) return out; // only the root holds it: path empty
        return NodeLocation{best, diffPath(tree, best), tree.node(best).offset, tree.node(best).size,
                            tree.node(best).doc};
    }
    out.path = joined(out.node == tree.root() ? std::string() : diffPath(tree, out.node), tail);
    return out;
}

std::optional<NodeLocation> locateField(const StructureTree& tree, std::uint64_t offset,
                                        std::string_view key) {
    const auto isField = [&](const Node& n) { return n.offset == offset && n.doc && n.doc->key == key; };
    NodeLocation at = locateRange(tree, offset, 0);
    if (at.doc && at.doc->key == key && at.offset == offset) return at;
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(id);
        if (isField(n)) return NodeLocation{id, diffPath(tree, id), n.offset, n.size, n.doc};
    }
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const Node& array = tree.node(id);
        if (array.decoder == 0 || array.count > kFieldSearchElements) continue;
        for (std::uint64_t i = 0; i < array.count; ++i) {
            StructureTree element(tree.source(), true);
            tree.decodeElementInto(id, i, element);
            for (NodeId e = 0; e < element.nodeCount(); ++e) {
                const Node& n = element.node(e);
                if (!isField(n)) continue;
                const std::string inside = e == element.root() ? std::string() : diffPath(element, e);
                return NodeLocation{id, joined(joined(diffPath(tree, id), indexName(i)), inside), n.offset,
                                    n.size, n.doc};
            }
        }
    }
    return std::nullopt;
}

} // namespace assetscope
