#include "export/fbx_sentinel_repair.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace assetscope::exporting {

namespace {

constexpr std::string_view kMagic{"Kaydara FBX Binary  \0", 21};
constexpr std::size_t kHeaderSize = 27; // magic, 0x1a 0x00, u32 version

struct Node {
    std::size_t start = 0;      // the record's first byte
    std::size_t childrenAt = 0; // after header, name and properties
    std::vector<Node> children;
    bool closed = false; // the children list ends with a null record
};

class Walker {
public:
    explicit Walker(std::string_view file) : m_file(file) {
        std::uint32_t version = 0;
        std::memcpy(&version, file.data() + 23, 4);
        m_wide = version >= 7500; // 64-bit record fields from 7.5
        m_fieldSize = m_wide ? 8 : 4;
        m_nullSize = 3 * m_fieldSize + 1;
    }

    std::uint64_t field(std::size_t at) const {
        std::uint64_t v = 0;
        std::memcpy(&v, m_file.data() + at, m_fieldSize); // little-endian host, as the file
        return v;
    }

    bool isNullRecord(std::size_t at) const {
        if (at + m_nullSize > m_file.size()) return false;
        for (std::size_t i = 0; i < m_nullSize; ++i)
            if (m_file[at + i] != '\0') return false;
        return true;
    }

    // One node record at `at` that must end by `limit`; false when the bytes do not hold one.
    bool parse(std::size_t at, std::size_t limit, Node& node, int depth) {
        if (depth > 64 || at + 3 * m_fieldSize + 1 > limit) return false;
        const std::uint64_t end = field(at);
        const std::uint64_t propLength = field(at + 2 * m_fieldSize);
        const std::size_t nameLength = static_cast<unsigned char>(m_file[at + 3 * m_fieldSize]);
        const std::size_t childrenAt = at + 3 * m_fieldSize + 1 + nameLength;
        if (end > limit || end < childrenAt || propLength > end - childrenAt) return false;
        node.start = at;
        node.childrenAt = childrenAt + std::size_t(propLength);
        std::size_t cur = node.childrenAt;
        while (cur < end) {
            if (cur + m_nullSize > end) // too short for a record or a null record
                return false;
            if (field(cur) == 0) {
                if (cur + m_nullSize != end || !isNullRecord(cur)) return false;
                node.closed = true;
                break;
            }
            Node child;
            if (!parse(cur, std::size_t(end), child, depth + 1)) return false;
            cur = std::size_t(field(cur));
            node.children.push_back(std::move(child));
        }
        return true;
    }

    void write(const Node& node, std::string& out) const {
        const std::size_t at = out.size();
        out.append(m_file.substr(node.start, node.childrenAt - node.start));
        for (const auto& c : node.children)
            write(c, out);
        if (!node.children.empty() || node.closed) out.append(m_nullSize, '\0');
        const std::uint64_t end = out.size();
        std::memcpy(out.data() + at, &end, m_fieldSize);
    }

    std::size_t nullSize() const { return m_nullSize; }

private:
    std::string_view m_file;
    bool m_wide = true;
    std::size_t m_fieldSize = 8;
    std::size_t m_nullSize = 25;
};

} // namespace

std::optional<std::string> repairFbxSentinels(std::string_view file) {
    if (file.size() < kHeaderSize || file.substr(0, kMagic.size()) != kMagic) return std::nullopt;
    Walker walker(file);
    std::vector<Node> top;
    std::size_t cur = kHeaderSize;
    while (true) {
        if (cur + walker.nullSize() > file.size()) return std::nullopt;
        if (walker.field(cur) == 0) break; // the top-level null record: the footer follows
        Node node;
        if (!walker.parse(cur, file.size(), node, 0)) return std::nullopt;
        cur = std::size_t(walker.field(cur));
        top.push_back(std::move(node));
    }
    std::string out(file.substr(0, kHeaderSize));
    out.reserve(file.size() + 4096);
    for (const auto& n : top)
        walker.write(n, out);
    const std::ptrdiff_t shift = std::ptrdiff_t(out.size()) - std::ptrdiff_t(cur);
    std::string tail(file.substr(cur));
    // Footer: null record, 16-byte id, zero padding, u32 version, 120 zeros, 16-byte magic. The
    // padding places the version at a fixed position modulo 16: keep it there after the shift.
    const std::size_t fixedEnd = 4 + 120 + 16;
    const std::size_t idEnd = walker.nullSize() + 16;
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
