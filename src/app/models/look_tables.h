#pragma once

#include "contract/material_look.h"
#include "contract/table_source.h"
#include "materials/material_chain.h"

#include <optional>
#include <string>

namespace assetscope::app {

// Where a row of a look's tables leads: a file (an INPUT, as the window opens it) and the node to
// select in it (kNoNode: the file alone, which then shows its own look).
struct LookRowTarget {
    std::string input;
    NodeId node = kNoNode;
};

// A look's effective parameters (shader defaults < material < instance, by name hash): one row
// each with its name, type, value and the link it came from. A row stands for the record it was
// read from: its node when that record is in the document shown (`input`), and else leads there.
class LookParametersTable : public TableSource {
public:
    LookParametersTable(materials::ResolvedLook look, std::string input);

    const std::vector<TableColumn>& columns() const override;
    std::uint64_t rowCount() const override { return m_look.parameters.size(); }
    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override;
    RowNode rowNode(std::uint64_t row) const override;

    std::optional<LookRowTarget> target(std::uint64_t row) const;
    // The row of the parameter read from `node` of the document shown; -1 when none was.
    int rowReadFrom(NodeId node) const;
    const materials::ResolvedLook& look() const { return m_look; }

private:
    materials::ResolvedLook m_look;
    std::string m_input;
};

// A look's chain link by link (instance -> material -> shader), then the textures its
// parameters name: what it is, its Game:\ path and the input it was found at (below the root it
// lies under, of `roots`, which the pane names), or why not (the problem after the path). A link or texture
// found leads to its file; the document's own link to the look's node.
class LookLinksTable : public TableSource {
public:
    LookLinksTable(materials::ResolvedLook look, NodeId lookNode, std::string input,
                   std::vector<std::string> roots);

    const std::vector<TableColumn>& columns() const override;
    std::uint64_t rowCount() const override { return m_look.chain.size() + m_look.textures.size(); }
    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override;
    RowNode rowNode(std::uint64_t row) const override;

    std::optional<LookRowTarget> target(std::uint64_t row) const;

private:
    std::string foundText(const std::string& path, const std::optional<std::string>& found,
                          const std::string& problem) const;

    materials::ResolvedLook m_look;
    NodeId m_lookNode;
    std::string m_input;
    std::vector<std::string> m_roots;
};

} // namespace assetscope::app
