#include "export/fbx_node_tree.h"

#include <cstring>

namespace assetscope::exporting {

namespace {

constexpr std::string_view kMagic{"Kaydara FBX Binary  \0", 21};
constexpr std::size_t kHeaderSize = 27; // magic, 0x1a 0x00, u32 version

// Record fields are u32 before version 7.5 and u64 from it; a null record is three zero
// fields and a zero name length.
struct Layout {
    explicit Layout(std::uint32_t version)
        : fieldSize(version >= 7500 ? 8 : 4), nullSize(3 * fieldSize + 1) {}
    std::size_t fieldSize;
    std::size_t nullSize;
};

class Reader {
public:
    Reader(std::string_view file, Layout layout) : m_file(file), m_layout(layout) {}

    std::uint64_t field(std::size_t at) const {
        std::uint64_t v = 0;
        std::memcpy(&v, m_file.data() + at, m_layout.fieldSize); // little-endian host, as the file
        return v;
    }

    bool isNullRecord(std::size_t at) const {
        if (at + m_layout.nullSize > m_file.size()) return false;
        for (std::size_t i = 0; i < m_layout.nullSize; ++i)
            if (m_file[at + i] != '\0') return false;
        return true;
    }

    // One node record at `at` that must end by `limit`; false when the bytes do not hold one.
    bool read(std::size_t at, std::size_t limit, FbxNode& node, int depth) const {
        const std::size_t f = m_layout.fieldSize;
        if (depth > 64 || at + 3 * f + 1 > limit) return false;
        const std::uint64_t end = field(at);
        const std::uint64_t count = field(at + f);
        const std::uint64_t propLength = field(at + 2 * f);
        const std::size_t nameLength = static_cast<unsigned char>(m_file[at + 3 * f]);
        const std::size_t nameAt = at + 3 * f + 1;
        const std::size_t propAt = nameAt + nameLength;
        if (end > limit || end < propAt || propLength > end - propAt) return false;
        node.name = std::string(m_file.substr(nameAt, nameLength));
        node.propertyCount = count;
        node.properties = std::string(m_file.substr(propAt, std::size_t(propLength)));
        std::size_t cur = propAt + std::size_t(propLength);
        while (cur < end) {
            if (cur + m_layout.nullSize > end) // too short for a record or a null record
                return false;
            if (field(cur) == 0) {
                if (cur + m_layout.nullSize != end || !isNullRecord(cur)) return false;
                node.closed = true;
                break;
            }
            FbxNode child;
            if (!read(cur, std::size_t(end), child, depth + 1)) return false;
            cur = std::size_t(field(cur));
            node.children.push_back(std::move(child));
        }
        return true;
    }

private:
    std::string_view m_file;
    Layout m_layout;
};

void putField(std::string& out, std::size_t at, std::uint64_t value, const Layout& layout) {
    std::memcpy(out.data() + at, &value, layout.fieldSize);
}

void write(const FbxNode& node, const Layout& layout, std::string& out) {
    const std::size_t at = out.size();
    out.append(3 * layout.fieldSize, '\0');
    putField(out, at + layout.fieldSize, node.propertyCount, layout);
    putField(out, at + 2 * layout.fieldSize, node.properties.size(), layout);
    out.push_back(char(static_cast<unsigned char>(node.name.size())));
    out.append(node.name);
    out.append(node.properties);
    for (const auto& c : node.children)
        write(c, layout, out);
    if (!node.children.empty() || node.closed) out.append(layout.nullSize, '\0');
    putField(out, at, out.size(), layout);
}

template <class List> auto findChild(List& list, std::string_view name) -> decltype(&list.front()) {
    for (auto& n : list)
        if (n.name == name) return &n;
    return nullptr;
}

} // namespace

FbxNode* FbxNode::child(std::string_view childName) {
    return findChild(children, childName);
}

const FbxNode* FbxNode::child(std::string_view childName) const {
    return findChild(children, childName);
}

std::uint32_t FbxFile::version() const {
    std::uint32_t v = 0;
    if (header.size() >= kHeaderSize) std::memcpy(&v, header.data() + 23, 4);
    return v;
}

FbxNode* FbxFile::top(std::string_view topName) {
    return findChild(nodes, topName);
}

const FbxNode* FbxFile::top(std::string_view topName) const {
    return findChild(nodes, topName);
}

std::optional<FbxFile> readFbxTree(std::string_view bytes) {
    if (bytes.size() < kHeaderSize || bytes.substr(0, kMagic.size()) != kMagic) return std::nullopt;
    FbxFile file;
    file.header = std::string(bytes.substr(0, kHeaderSize));
    const Layout layout(file.version());
    const Reader reader(bytes, layout);
    std::size_t cur = kHeaderSize;
    while (true) {
        if (cur + layout.nullSize > bytes.size()) return std::nullopt;
        if (reader.field(cur) == 0) break; // the top-level null record: the footer follows
        FbxNode node;
        if (!reader.read(cur, bytes.size(), node, 0)) return std::nullopt;
        cur = std::size_t(reader.field(cur));
        file.nodes.push_back(std::move(node));
    }
    file.footer = std::string(bytes.substr(cur));
    file.footerAt = cur;
    return file;
}

std::string writeFbxTree(const FbxFile& file) {
    const Layout layout(file.version());
    std::string out(file.header);
    for (const auto& n : file.nodes)
        write(n, layout, out);
    const std::ptrdiff_t shift = std::ptrdiff_t(out.size()) - std::ptrdiff_t(file.footerAt);
    std::string tail = file.footer;
    // Footer: null record, 16-byte id, zero padding, u32 version, 120 zeros, 16-byte magic. The
    // padding places the version at a fixed position modulo 16: keep it there after the shift.
    const std::size_t fixedEnd = 4 + 120 + 16;
    const std::size_t idEnd = layout.nullSize + 16;
    if (shift != 0 && tail.size() >= idEnd + fixedEnd) {
        const std::size_t padding = tail.size() - idEnd - fixedEnd;
        bool zeros = true;
        for (std::size_t i = 0; i < padding; ++i)
            zeros = zeros && tail[idEnd + i] == '\0';
        if (zeros) {
            const std::size_t s = std::size_t(((shift % 16) + 16) % 16);
            std::size_t newPadding = (padding % 16 + 16 - s) % 16;
            while (newPadding < 4) // Assimp keeps at least 4 zeros after the id
                newPadding += 16;
            tail = tail.substr(0, idEnd) + std::string(newPadding, '\0') + tail.substr(idEnd + padding);
        }
    }
    out.append(tail);
    return out;
}

} // namespace assetscope::exporting
