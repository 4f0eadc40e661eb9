#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace assetscope {

// What a column holds, so a view can align and sort it without knowing the format.
enum class ColumnType : std::uint8_t { Integer, Real, Text };

struct TableColumn {
    std::string name; // "position.x"
    ColumnType type = ColumnType::Real;
    std::string unit; // "m"; empty when none
};

// One decoded cell: its text as the table shows it, and its number when it has one (NaN else).
struct TableCell {
    std::string text;
    double number = 0;
    bool hasNumber = false;
};

// Where a row lives in the tree: a node, or element `element` of the lazy array `node` (built
// only when somebody selects it).
struct RowNode {
    NodeId node = kNoNode;
    std::optional<std::uint64_t> element;
};

// What a row stands for in the 3D pane: a placed instance (its index in the placement scene) or
// a triangle of the mesh the table's subject draws.
struct RowMark {
    enum class Kind : std::uint8_t { None, Instance, Triangle };
    Kind kind = Kind::None;
    std::uint64_t index = 0;
};

// A table of decoded rows over a format's typed result, read page by page: a view asks only for
// the rows on screen, so a million vertices or instances are never decoded at once. The result
// it reads must outlive it (it lives in the document's parsed file).
class TableSource {
public:
    virtual ~TableSource() = default;
    virtual const std::vector<TableColumn>& columns() const = 0;
    virtual std::uint64_t rowCount() const = 0;
    // Rows [first, first + count) (clipped to rowCount()), columns().size() cells a row, appended
    // to `out` row after row.
    virtual void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const = 0;
    // How many rows a view should ask for at once.
    virtual std::uint64_t pageRows() const { return 256; }
    virtual RowNode rowNode(std::uint64_t) const { return {}; }
    virtual RowMark rowMark(std::uint64_t) const { return {}; }
    // A table about one row (a blob's metadata, a section's vertices); nullptr: none.
    virtual std::unique_ptr<TableSource> detailOf(std::uint64_t) const { return nullptr; }
};

// The tables a subject has: a main table, and below it either a fixed detail table (a mesh's
// triangles) or one per selected main row (TableSource::detailOf).
struct SubjectTables {
    std::string heading; // "Mesh 3 body": what the tables are of
    std::string summary; // "24 vertices (11 columns) above 12 triangles"
    std::unique_ptr<TableSource> main;
    std::unique_ptr<TableSource> detail;
    std::string problem; // why there is no table (a mesh that cannot be decoded); empty: none

    bool empty() const { return !main && problem.empty(); }
};

// Cell helpers for table sources: the text of a number as tables print it.
TableCell integerCell(std::int64_t value);
TableCell unsignedCell(std::uint64_t value);
TableCell hexCell(std::uint64_t value, int digits = 0); // "0x1F", zero-padded to `digits`
TableCell realCell(double value, int significant = 7);  // "%.7g"
TableCell fixedCell(double value, int decimals);        // "%.4f"
TableCell textCell(std::string text);

} // namespace assetscope
