#pragma once

#include "tree/structure_tree.h"

#include <QAbstractItemModel>
#include <QColor>

#include <functional>
#include <optional>

#include <unordered_map>
#include <vector>

namespace assetscope::app {

// The structure tree as a Qt model. Internal id = NodeId; lazy arrays are shown through page
// rows ("[0 … 999]") whose elements are built only when a view asks for them, so a million-element
// array expands at once. A filter keeps the nodes whose name, value or type holds the text, their
// ancestors and everything below them.
class StructureModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        ValueColumn,
        OffsetColumn,
        SizeColumn,
        TypeColumn,
        ConfidenceColumn,
        ColumnCount
    };
    enum Role { NodeRole = Qt::UserRole + 1, PathRole, ValueTextRole, HasDiagnosticsRole };
    // Arrays up to this size list their elements directly; bigger ones get page rows.
    static constexpr std::uint64_t kPageSize = 1000;

    explicit StructureModel(StructureTree& tree, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    StructureTree& tree() const { return m_tree; }
    // kNoNode for page rows and the invalid index.
    NodeId nodeAt(const QModelIndex& index) const;
    bool isPage(const QModelIndex& index) const;
    // The index of a node (column 0); invalid if the filter hides it.
    QModelIndex indexOf(NodeId id) const;
    // The innermost node holding `offset`, building the lazy array element on the way.
    NodeId innermostAt(std::uint64_t offset) const;
    // Element `i` of a lazy array (built on first use).
    NodeId element(NodeId array, std::uint64_t i) const;
    // The element range of a lazy array holding `offset`, without building nodes (hover).
    static bool elementRange(const Node& array, std::uint64_t offset, std::uint64_t& begin,
                             std::uint64_t& end);

    // Notes shown on nodes (bookmarks, path notes): a background colour and the note as a tooltip
    // line; unset or nullopt: none.
    struct NoteMark {
        QColor colour;
        QString text;
    };
    void setNoteMarks(std::function<std::optional<NoteMark>(NodeId)> marks) {
        m_noteMarks = std::move(marks);
    }

    void setFilter(const QString& text);
    QString filter() const { return m_filterText; }
    std::size_t matchCount() const { return m_matchCount; }

    static QString valueText(const StructureTree& tree, NodeId id);
    static std::uint64_t pageSpan(std::uint64_t count); // elements per page

private:
    std::function<std::optional<NoteMark>(NodeId)> m_noteMarks;
    struct Ref {
        bool page = false;
        NodeId node = kNoNode; // the node, or the page's array
        std::uint64_t pageIndex = 0;
    };
    static quintptr pageId(NodeId array, std::uint64_t page);
    Ref ref(const QModelIndex& index) const;
    // data()'s parts: a page of a paged array's elements, and a node's text, icon and tooltip.
    QVariant pageData(const Ref& page, int column, int role) const;
    QVariant nodeText(NodeId id, int column) const;
    QVariant nodeDecoration(NodeId id, int column) const;
    QVariant nodeToolTip(NodeId id) const;
    bool paged(NodeId array) const;
    bool accepted(NodeId id) const; // shown with all its children
    const std::vector<NodeId>& visibleChildren(NodeId id) const;
    std::uint64_t elementIndex(NodeId element) const;
    int rowOf(NodeId id) const;
    bool matches(NodeId id, const QString& text) const;

    StructureTree& m_tree;
    mutable std::unordered_map<NodeId, std::uint64_t> m_elementIndex;
    QString m_filterText;
    std::vector<char> m_accepted; // per node at filter time: matches, or below a match
    std::vector<char> m_visible;  // accepted, or above a match
    mutable std::unordered_map<NodeId, std::vector<NodeId>> m_filteredChildren;
    std::size_t m_matchCount = 0;
};

} // namespace assetscope::app
