#pragma once

#include "contract/table_source.h"
#include "contract/texture.h"

namespace assetscope::app {

// A texture's mip chain as a table, one row a stored level in stored order (level, slice,
// width × height, offset, bytes), built from the document's TextureDescription alone; a row
// stands for the tree's node over exactly the level's bytes, when the format recorded one.
class TextureLevelsTable : public TableSource {
public:
    TextureLevelsTable(TextureDescription texture, const StructureTree& tree);

    const std::vector<TableColumn>& columns() const override;
    std::uint64_t rowCount() const override { return m_texture.levels.size(); }
    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override;
    RowNode rowNode(std::uint64_t row) const override;

    // The row of the level stored at exactly [offset, offset + size); -1 when none is.
    int rowStoredAt(std::uint64_t offset, std::uint64_t size) const;
    const TextureDescription& texture() const { return m_texture; }

private:
    TextureDescription m_texture;
    const StructureTree& m_tree;
};

} // namespace assetscope::app
