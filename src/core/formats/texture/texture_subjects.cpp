#include "formats/texture/texture_handler.h"

#include <algorithm>

namespace assetscope::texture {

namespace {

bool isAncestorOrSelf(const StructureTree& tree, NodeId ancestor, NodeId node) {
    if (ancestor == kNoNode) return false;
    for (NodeId at = node; at != kNoNode; at = tree.node(at).parent)
        if (at == ancestor) return true;
    return false;
}

// The stored levels in stored order: level, slice, size, offset and bytes.
class MipChainTable : public TableSource {
public:
    explicit MipChainTable(const TextureFile& file) : m_file(file) {}
    const std::vector<TableColumn>& columns() const override {
        static const std::vector<TableColumn> columns = {{"Level", ColumnType::Integer, {}},
                                                         {"Slice", ColumnType::Integer, {}},
                                                         {"Size", ColumnType::Text, {}},
                                                         {"Offset", ColumnType::Integer, {}},
                                                         {"Bytes", ColumnType::Integer, {}}};
        return columns;
    }
    std::uint64_t rowCount() const override { return m_file.levels.size(); }
    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        const std::uint64_t end = std::min(first + count, rowCount());
        for (std::uint64_t i = first; i < end; ++i) {
            const TextureLevel& l = m_file.levels[static_cast<std::size_t>(i)];
            out.push_back(unsignedCell(l.mip));
            out.push_back(unsignedCell(l.slice));
            out.push_back(textCell(std::to_string(l.width) + " x " + std::to_string(l.height)));
            out.push_back(hexCell(l.offset));
            out.push_back(unsignedCell(l.size));
        }
    }
    RowNode rowNode(std::uint64_t row) const override {
        if (row >= rowCount()) return {};
        if (m_file.levelNodes.size() == m_file.levels.size())
            return {m_file.levelNodes[static_cast<std::size_t>(row)], {}};
        if (m_file.sliceArray != kNoNode)
            return {m_file.sliceArray, m_file.levels[static_cast<std::size_t>(row)].slice};
        return {};
    }

private:
    const TextureFile& m_file;
};

} // namespace

Subject ParsedTexture::subjectOf(NodeId node) const {
    if (node == kNoNode || node >= m_tree.nodeCount() || !m_file.header) return {};
    if (!isAncestorOrSelf(m_tree, m_file.headerNode, node) &&
        !isAncestorOrSelf(m_tree, m_file.dataNode, node))
        return {};
    Subject s{kTextureSubject, 0};
    const auto level = std::find(m_file.levelNodes.begin(), m_file.levelNodes.end(), node);
    if (level != m_file.levelNodes.end() && m_file.levelNodes.size() == m_file.levels.size())
        s.row = level - m_file.levelNodes.begin();
    return s;
}

NodeId ParsedTexture::nodeOf(const Subject& subject) const {
    if (subject.kind != kTextureSubject || subject.index != 0 || !m_file.header) return kNoNode;
    return m_file.dataNode != kNoNode ? m_file.dataNode : m_file.headerNode;
}

SubjectTables ParsedTexture::tables(const Subject& subject) const {
    SubjectTables out;
    if (subject.kind != kTextureSubject || subject.index != 0 || !m_file.header) return out;
    out.heading = "Texture " + textureLine(m_file);
    if (m_file.tiled) {
        out.problem = "a tiled (TXCB 2.0) texture: its levels cannot be located without untiling";
        return out;
    }
    if (!m_file.format.format) {
        out.problem = m_file.format.text + ": the levels of an unknown format cannot be located";
        return out;
    }
    const std::size_t n = m_file.levels.size();
    out.summary = std::to_string(n) + (n == 1 ? " level" : " levels") +
                  (m_file.chainFits ? "" : " present of a chain that does not fit the blob");
    out.main = std::make_unique<MipChainTable>(m_file);
    return out;
}

} // namespace assetscope::texture
