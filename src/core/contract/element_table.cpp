#include "contract/element_table.h"

#include "tree/node_text.h"

#include <algorithm>

namespace assetscope {

namespace {

constexpr std::size_t kMaxColumns = 64;

// The leaf paths below `at`, and the value text of each when `values` is given.
void leaves(const StructureTree& t, NodeId at, const std::string& prefix, std::vector<std::string>& names,
            std::vector<std::string>* values) {
    const Node& n = t.node(at);
    if (n.children.empty() && at != t.root()) {
        names.push_back(prefix);
        if (values) values->push_back(nodeValueText(t, at));
        return;
    }
    for (NodeId c : n.children) {
        const std::string& name = t.node(c).name;
        leaves(t, c, prefix.empty() ? name : prefix + '.' + name, names, values);
    }
}

class ElementTable : public TableSource {
public:
    ElementTable(const StructureTree& tree, NodeId array) : m_tree(tree), m_array(array) {
        const Node& a = tree.node(array);
        m_count = a.decoder ? a.count : 0;
        m_columns.push_back({"Offset", ColumnType::Integer, {}});
        if (m_count == 0) return;
        // Element 0 names the columns; the other elements share its layout.
        StructureTree scratch(tree.source());
        tree.decodeElementInto(array, 0, scratch);
        std::vector<std::string> names;
        if (scratch.root() != kNoNode) leaves(scratch, scratch.root(), {}, names, nullptr);
        names.resize(std::min(names.size(), kMaxColumns));
        for (std::string& name : names) {
            m_names.push_back(name);
            m_columns.push_back({std::move(name), ColumnType::Text, {}});
        }
    }

    const std::vector<TableColumn>& columns() const override { return m_columns; }
    std::uint64_t rowCount() const override { return m_count; }
    std::uint64_t pageRows() const override { return 64; }
    RowNode rowNode(std::uint64_t row) const override { return {m_array, row}; }

    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        const Node& a = m_tree.node(m_array);
        const std::uint64_t end = std::min(first + count, m_count);
        for (std::uint64_t i = first; i < end; ++i) {
            out.push_back(hexCell(a.offset + i * a.stride));
            StructureTree scratch(m_tree.source());
            m_tree.decodeElementInto(m_array, i, scratch);
            std::vector<std::string> names, values;
            if (scratch.root() != kNoNode) leaves(scratch, scratch.root(), {}, names, &values);
            for (std::size_t c = 0; c < m_names.size(); ++c) {
                // Same layout as element 0 in nearly every case; look the name up when it differs.
                std::size_t at = c;
                if (at >= names.size() || names[at] != m_names[c])
                    at = static_cast<std::size_t>(std::find(names.begin(), names.end(), m_names[c]) -
                                                  names.begin());
                out.push_back(textCell(at < values.size() ? values[at] : std::string()));
            }
        }
    }

private:
    const StructureTree& m_tree;
    NodeId m_array;
    std::uint64_t m_count = 0;
    std::vector<TableColumn> m_columns;
    std::vector<std::string> m_names;
};

} // namespace

std::unique_ptr<TableSource> elementTable(const StructureTree& tree, NodeId array) {
    return std::make_unique<ElementTable>(tree, array);
}

} // namespace assetscope
