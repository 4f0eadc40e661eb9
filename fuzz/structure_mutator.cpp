#include "structure_mutator.h"

#include "doc_vocabulary.h"
#include "docs/doc_table.h"
#include "hostile_input.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace assetscope::fuzzing {

namespace {

using Rng = std::minstd_rand;

// What a field is to a reader, from its name (the documented row's name in snake case).
enum class Role { Count, Offset, Size, Version, Tag, Index, Other };

// What the mutator uses of a tree node, kept without the tree (see rememberTree).
struct NodeFacts {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint64_t elements = 0; // an array's elements, lazy or built
    std::uint64_t stride = 0;
    std::uint64_t value = 0; // a number or tag field's value as its stored word of `width` bytes
    const DocField* doc = nullptr;
    NodeId parent = kNoNode;
    NodeKind kind = NodeKind::Field;
    unsigned width = 0; // a number or tag field whose value the tree gives; else 0
    // Of such a field only (width > 0):
    bool isTag = false;
    std::array<char, 48> name{}; // the node's name, cut to fit (roles are read from it)

    std::string_view nameText() const { return {name.data(), std::strlen(name.data())}; }
};

// A field the tree records and whose stored bytes hold the value the tree gives it.
struct Field {
    NodeId id = kNoNode;
    std::uint64_t offset = 0;
    unsigned width = 0;
    bool bigEndian = false;
    Role role = Role::Other;
    std::uint64_t value = 0;
    bool documented = false;
};

// Asked of every node of every tree the target reads: the type's first letter settles most.
unsigned widthOfType(std::string_view type) {
    if (type == "tag") return 4;
    if (type.size() < 2 || (type[0] != 'u' && type[0] != 'i')) return 0;
    const std::string_view bits = type.substr(1);
    if (bits == "8") return 1;
    if (bits == "16") return 2;
    if (bits == "32") return 4;
    if (bits == "64") return 8;
    return 0;
}

std::uint64_t maskOf(unsigned width) {
    return width >= 8 ? ~0ull : (1ull << (8 * width)) - 1;
}

bool has(std::string_view name, std::string_view word) {
    return name.find(word) != std::string_view::npos;
}

Role roleOf(const NodeFacts& n) {
    const std::string_view name = n.nameText();
    if (n.isTag || has(name, "tag")) return Role::Tag;
    if (has(name, "version")) return Role::Version;
    if (has(name, "count") || has(name, "number")) return Role::Count;
    if (has(name, "offset") || has(name, "pointer")) return Role::Offset;
    if (has(name, "size") || has(name, "length") || has(name, "bytes")) return Role::Size;
    if (has(name, "index") || name == "id" || name.ends_with("_id") || name.starts_with("id_") ||
        has(name, "_id_"))
        return Role::Index;
    return Role::Other;
}

std::uint64_t load(const std::uint8_t* p, unsigned width, bool bigEndian) {
    std::uint64_t v = 0;
    for (unsigned i = 0; i < width; ++i)
        v |= std::uint64_t{p[bigEndian ? width - 1 - i : i]} << (8 * i);
    return v;
}

void store(std::uint8_t* p, unsigned width, bool bigEndian, std::uint64_t v) {
    for (unsigned i = 0; i < width; ++i)
        p[bigEndian ? width - 1 - i : i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// The value the tree gives a node, as the stored word of `width` bytes; none for other values.
std::optional<std::uint64_t> storedValue(const Node& n, unsigned width) {
    if (const auto* u = std::get_if<std::uint64_t>(&n.value)) return *u & maskOf(width);
    if (const auto* i = std::get_if<std::int64_t>(&n.value))
        return static_cast<std::uint64_t>(*i) & maskOf(width);
    if (const auto* s = std::get_if<std::string>(&n.value); s && n.type == "tag" && s->size() == 4)
        return tagFromText(*s);
    return std::nullopt;
}

NodeFacts factsOf(const Node& node) {
    NodeFacts f;
    f.offset = node.offset;
    f.size = node.size;
    f.elements = node.count ? node.count : node.children.size();
    f.stride = node.stride;
    f.doc = node.doc;
    f.parent = node.parent;
    f.kind = node.kind;
    // Only a number or tag field can be picked: the rest of the facts, its name among them, is
    // looked up for those alone (this runs for every node of every tree the target reads).
    if (node.kind != NodeKind::Field) return f;
    const unsigned width = widthOfType(node.type);
    const std::optional<std::uint64_t> value = width ? storedValue(node, width) : std::nullopt;
    if (!value) return f;
    f.width = width;
    f.value = *value;
    f.isTag = node.type == "tag";
    const std::size_t n = std::min(node.name.size(), f.name.size() - 1);
    std::memcpy(f.name.data(), node.name.data(), n);
    return f;
}

// Builds one element of a few lazy arrays, so that fields inside records (a blob record's tag,
// a mesh's buffer index) can be picked too.
void openArrays(StructureTree& tree, Rng& rng, const MutatorBounds& bounds) {
    const std::size_t n = tree.nodeCount();
    if (n == 0) return;
    const std::size_t start = rng() % n;
    std::size_t opened = 0;
    for (std::size_t k = 0; k < std::min(n, bounds.nodesScanned) && opened < bounds.arraysOpened; ++k) {
        const auto id = static_cast<NodeId>((start + k) % n);
        if (!tree.isLazyArray(id)) continue;
        const std::uint64_t count = tree.childCount(id);
        if (count == 0) continue;
        tree.child(id, rng() % count);
        ++opened;
    }
}

// The facts of a tree's nodes (the first kMaxNodes), in storage reserved once.
class TreeFacts {
public:
    static constexpr std::size_t kMaxNodes = std::size_t{1} << 16;

    void reserve() { m_nodes.reserve(kMaxNodes); }
    bool reserved() const { return m_nodes.capacity() >= kMaxNodes; }
    // Opens a few arrays of `tree` (openArrays), then keeps the facts of its nodes.
    void take(StructureTree& tree, Rng& rng, const MutatorBounds& bounds) {
        openArrays(tree, rng, bounds);
        m_nodes.clear();
        for (NodeId id = 0; id < std::min(tree.nodeCount(), kMaxNodes); ++id)
            m_nodes.push_back(factsOf(tree.node(id)));
    }
    std::size_t size() const { return m_nodes.size(); }
    const NodeFacts& operator[](std::size_t id) const { return m_nodes[id]; }

private:
    std::vector<NodeFacts> m_nodes;
};

std::vector<Field> gatherFields(const TreeFacts& tree, ByteView main, Rng& rng, const MutatorBounds& bounds) {
    std::vector<Field> out;
    const std::size_t n = tree.size();
    if (n == 0) return out;
    const std::size_t start = rng() % n;
    for (std::size_t k = 0; k < std::min(n, bounds.nodesScanned) && out.size() < bounds.candidates; ++k) {
        const auto id = static_cast<NodeId>((start + k) % n);
        const NodeFacts& node = tree[id];
        const unsigned width = node.width;
        if (node.kind != NodeKind::Field || width == 0 || node.size != width) continue;
        if (node.offset > main.size() || main.size() - node.offset < width) continue;
        Field f{id, node.offset, width, false, roleOf(node), node.value, node.doc != nullptr};
        if (load(main.data() + f.offset, width, false) != node.value) {
            if (load(main.data() + f.offset, width, true) != node.value) continue;
            f.bigEndian = true;
        }
        out.push_back(f);
    }
    return out;
}

// The most records that fit after the field: from the array it counts, when one of the next
// nodes is an array of that many elements, else for a record size picked from common ones.
std::uint64_t mostThatFit(const TreeFacts& tree, const Field& f, std::size_t size, Rng& rng) {
    const std::size_t end = std::min<std::size_t>(tree.size(), std::size_t{f.id} + 16);
    for (std::size_t id = std::size_t{f.id} + 1; id < end; ++id) {
        const NodeFacts& a = tree[id];
        if (a.kind != NodeKind::Array || a.offset > size) continue;
        const std::uint64_t stride = a.stride ? a.stride : (a.elements ? a.size / a.elements : 0);
        if (a.elements == f.value && stride > 0) return (size - a.offset) / stride;
    }
    static constexpr std::uint64_t kStrides[] = {1, 2, 4, 8, 12, 16, 20, 24, 32, 48, 64};
    const std::uint64_t left = size - f.offset - f.width;
    return left / kStrides[rng() % std::size(kStrides)];
}

// Another node's offset nearby in the tree, absolute or from the start of the bundle or blob
// that holds the field (where such offsets count from).
std::uint64_t neighbourOffset(const TreeFacts& tree, const Field& f, Rng& rng) {
    const std::int64_t n = static_cast<std::int64_t>(tree.size());
    const std::int64_t pick =
        std::clamp<std::int64_t>(std::int64_t{f.id} + static_cast<std::int64_t>(rng() % 65) - 32, 0, n - 1);
    const std::uint64_t target = tree[static_cast<std::size_t>(pick)].offset;
    if (rng() % 2) return target;
    for (NodeId p = tree[f.id].parent; p != kNoNode && p < tree.size(); p = tree[p].parent) {
        const NodeFacts& holder = tree[p];
        if (holder.kind == NodeKind::Bundle || holder.kind == NodeKind::Blob)
            return target >= holder.offset ? target - holder.offset : target;
    }
    return target;
}

std::optional<std::uint64_t> nextVersion(const NodeFacts& node, const Field& f, std::string_view format,
                                         Rng& rng) {
    const DocVocabulary& v = vocabularyOf(node.doc ? std::string_view(node.doc->format) : format);
    std::vector<std::uint64_t> parts;
    for (const DocVersion& version : v.versions) {
        if (!has(node.nameText(), "minor")) parts.push_back(version.major);
        if (!has(node.nameText(), "major")) parts.push_back(version.minor);
    }
    if (parts.empty()) return std::nullopt;
    std::sort(parts.begin(), parts.end());
    parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
    if (rng() % 2) return parts[rng() % parts.size()];
    const auto next = std::upper_bound(parts.begin(), parts.end(), f.value);
    return next == parts.end() ? parts.front() : *next;
}

std::optional<std::uint64_t> documentedValue(const NodeFacts& node, const Field& f, std::string_view format,
                                             Rng& rng) {
    const DocVocabulary& v = vocabularyOf(node.doc ? std::string_view(node.doc->format) : format);
    if (f.role == Role::Tag) {
        if (v.tags.empty()) return std::nullopt;
        return tagFromText(v.tags[rng() % v.tags.size()]);
    }
    std::vector<std::uint64_t> fitting;
    for (const DocConstant& c : v.constants)
        if (c.width == f.width) fitting.push_back(c.value);
    if (fitting.empty()) return std::nullopt;
    return fitting[rng() % fitting.size()];
}

// A value that matters for the field's role, or one that matters for any number.
std::uint64_t chooseValue(const TreeFacts& tree, const std::vector<Field>& fields, const Field& f,
                          std::string_view format, std::size_t size, Rng& rng) {
    const NodeFacts& node = tree[f.id];
    std::optional<std::uint64_t> special;
    switch (rng() % 2 ? f.role : Role::Other) {
    case Role::Count:
        special = mostThatFit(tree, f, size, rng);
        break;
    case Role::Offset:
        special = neighbourOffset(tree, f, rng);
        break;
    case Role::Size:
        special = size - f.offset;
        break;
    case Role::Version:
        special = nextVersion(node, f, format, rng);
        break;
    case Role::Tag:
    case Role::Other:
        special = documentedValue(node, f, format, rng);
        break;
    case Role::Index: {
        const Field& other = fields[rng() % fields.size()]; // a count or id elsewhere: one past the end
        special = other.role == Role::Count || other.role == Role::Index ? other.value : f.value + 1;
        break;
    }
    }
    if (special && rng() % 4 != 0) return *special;
    const std::uint64_t mask = maskOf(f.width);
    const std::uint64_t common[] = {0, 1, f.value + 1, f.value - 1, mask, mask >> 1, (mask >> 1) + 1, size};
    return common[rng() % std::size(common)];
}

// The facts of the tree rememberTree() was last given, and of which input.
struct Remembered {
    TreeFacts facts;
    std::size_t size = 0;
    std::size_t hash = 0;
    bool valid = false;
};

Remembered& remembered() {
    static Remembered r;
    return r;
}

std::size_t hashOf(const std::uint8_t* data, std::size_t size) {
    return std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char*>(data), size));
}

} // namespace

void prepareMutator() {
    remembered().facts.reserve();
}

void rememberTree(StructureTree& tree, const std::uint8_t* data, std::size_t size,
                  const MutatorBounds& bounds) {
    Remembered& r = remembered();
    r.valid = false;
    if (!r.facts.reserved()) return;
    const std::size_t hash = hashOf(data, size);
    // The arrays opened depend on the input only, so that the run stays deterministic.
    Rng rng(static_cast<std::uint32_t>(hash) | 1u);
    r.facts.take(tree, rng, bounds);
    r.size = size;
    r.hash = hash;
    r.valid = true;
}

bool mutateDocumentedField(const FormatHandler& handler, std::uint8_t* data, std::size_t size,
                           std::uint32_t seed, const MutatorBounds& bounds) {
    Rng rng(seed | 1u);
    const hostile::SplitInput input = hostile::splitInput(ByteView(data, size));
    Remembered& r = remembered();
    if (!r.valid || r.size != size || r.hash != hashOf(data, size)) {
        r.valid = false;
        const std::unique_ptr<ParsedFile> file = hostile::parseWith(handler, input, true);
        if (!file) return false;
        r.facts.take(file->tree(), rng, bounds);
    }
    const TreeFacts& tree = r.facts;
    std::vector<Field> fields = gatherFields(tree, input.main, rng, bounds);
    // Documented fields first: the tree's undocumented numbers only when no documented one is there.
    std::vector<Field> documented;
    std::copy_if(fields.begin(), fields.end(), std::back_inserter(documented),
                 [](const Field& f) { return f.documented; });
    if (!documented.empty()) fields.swap(documented);
    if (fields.empty()) return false;
    const Field& f = fields[rng() % fields.size()];
    std::uint64_t value =
        chooseValue(tree, fields, f, handler.name(), input.main.size(), rng) & maskOf(f.width);
    if (value == f.value) value = (value + 1) & maskOf(f.width);
    // The file is the first part of the input, so the tree's offsets are offsets into `data`.
    store(data + f.offset, f.width, f.bigEndian, value);
    return true;
}

} // namespace assetscope::fuzzing
