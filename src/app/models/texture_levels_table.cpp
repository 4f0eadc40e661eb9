#include "models/texture_levels_table.h"

namespace assetscope::app {

TextureLevelsTable::TextureLevelsTable(TextureDescription texture, const StructureTree& tree)
    : m_texture(std::move(texture)), m_tree(tree) {}

const std::vector<TableColumn>& TextureLevelsTable::columns() const {
    static const std::vector<TableColumn> columns = {{"mip", ColumnType::Integer, {}},
                                                     {"slice", ColumnType::Integer, {}},
                                                     {"size", ColumnType::Text, "texels"},
                                                     {"offset", ColumnType::Integer, {}},
                                                     {"bytes", ColumnType::Integer, {}}};
    return columns;
}

void TextureLevelsTable::readRows(std::uint64_t first, std::uint64_t count,
                                  std::vector<TableCell>& out) const {
    for (std::uint64_t i = first; i < first + count && i < rowCount(); ++i) {
        const TextureLevel& l = m_texture.levels[i];
        out.push_back(unsignedCell(l.mip));
        out.push_back(unsignedCell(l.slice));
        out.push_back(textCell(std::to_string(l.width) + " x " + std::to_string(l.height)));
        out.push_back(hexCell(l.offset));
        out.push_back(unsignedCell(l.size));
    }
}

RowNode TextureLevelsTable::rowNode(std::uint64_t row) const {
    if (row >= rowCount()) return {};
    const TextureLevel& l = m_texture.levels[row];
    // The innermost node at the level's first byte, or the ancestor of it whose bytes are the level's.
    NodeId best = kNoNode;
    for (NodeId at = m_tree.innermostAt(l.offset); at != kNoNode; at = m_tree.node(at).parent) {
        const Node& n = m_tree.node(at);
        if (n.offset == l.offset && n.size == l.size) return {at, std::nullopt};
        if (best == kNoNode) best = at;
    }
    return {best, std::nullopt};
}

int TextureLevelsTable::rowStoredAt(std::uint64_t offset, std::uint64_t size) const {
    for (std::size_t i = 0; i < m_texture.levels.size(); ++i)
        if (m_texture.levels[i].offset == offset && m_texture.levels[i].size == size)
            return static_cast<int>(i);
    return -1;
}

} // namespace assetscope::app
