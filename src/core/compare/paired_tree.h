#pragma once

#include "compare/tree_diff.h"
#include "tree/structure_tree.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {

// Two structure trees aligned row by row as diffTrees matches them (children by their path
// names, array elements by index): each row holds a node of A, of B or of both, so two views
// of the rows stay in step line for line. Rows are built as they are asked for; a long lazy
// array is shown through page rows and only the elements asked for are built (in both trees),
// so a million-record array costs what a view of it costs.
class PairedTree {
public:
    using RowId = std::uint32_t;
    static constexpr RowId kNoRow = 0xFFFFFFFFu;
    // How a long array is split into pages: arrays longer than `listUpTo` show pages of
    // `span(count)` elements (the document view's paging, so both look alike).
    struct Paging {
        std::uint64_t listUpTo = 1000;
        std::uint64_t (*span)(std::uint64_t count) = nullptr;
    };

    struct Row {
        NodeId a = kNoNode; // the node in A (for a page, A's array); kNoNode when only B has one
        NodeId b = kNoNode;
        RowId parent = kNoRow;
        std::uint32_t indexInParent = 0;
        std::string name; // the name the row has in a diff path
        // A page of a long array: elements [first, first + count).
        bool page = false;
        std::uint64_t first = 0;
        std::uint64_t count = 0;
        // What the comparison found here (nothing: the same, or not compared).
        std::optional<DiffKind> kind;
        std::uint32_t differencesInside = 0; // below this row
        std::uint32_t bytesHere = 0;         // differing byte ranges no field covers, innermost here
    };

    PairedTree(StructureTree& a, StructureTree& b, Paging paging);

    StructureTree& treeA() const { return m_a; }
    StructureTree& treeB() const { return m_b; }
    RowId root() const { return m_rows.empty() ? kNoRow : 0; }
    std::size_t rowCount() const { return m_rows.size(); }
    const Row& row(RowId id) const { return m_rows[id]; }
    // Only one side has the row's node (an added or removed node, or something below one).
    bool oneSided(RowId id) const;

    std::size_t childCount(RowId id);
    RowId child(RowId id, std::size_t i); // built on first use

    // The row a diff path names ("" and "." are the root); kNoRow when a step is missing.
    RowId find(std::string_view path);
    // The innermost row whose node on side A (or B) holds `offset`.
    RowId rowAt(bool sideA, std::uint64_t offset);
    // Records a change on the row it concerns (a byte range: the innermost row holding it) and
    // counts it in the rows above; returns that row.
    RowId mark(const TreeChange& change);

private:
    struct Children {
        bool built = false;
        bool lazy = false;       // slots filled as they are asked for
        std::vector<RowId> rows; // kNoRow: a lazy slot not built yet
    };
    void build(RowId id);
    void buildListed(RowId id);
    RowId addRow(Row row);
    RowId element(RowId parent, std::size_t slot);
    std::uint64_t countOf(const StructureTree& tree, NodeId id) const;
    RowId findIndex(RowId at, std::uint64_t index);

    StructureTree& m_a;
    StructureTree& m_b;
    Paging m_paging;
    std::vector<Row> m_rows;
    std::vector<Children> m_children;
};

} // namespace assetscope
