#include "models/look_tables.h"

#include "docs/parameter_names.h"
#include "materials/material_report.h"

namespace assetscope::app {

namespace {

std::string kindText(MaterialLook::Kind kind) {
    return std::string(materialKindName(kind));
}

std::string typeText(ParameterType type) {
    return std::string(parameterTypeName(static_cast<std::uint8_t>(type)).value_or("unknown"));
}

} // namespace

LookParametersTable::LookParametersTable(materials::ResolvedLook look, std::string input)
    : m_look(std::move(look)), m_input(std::move(input)) {}

const std::vector<TableColumn>& LookParametersTable::columns() const {
    static const std::vector<TableColumn> columns{{"name", ColumnType::Text, {}},
                                                  {"type", ColumnType::Text, {}},
                                                  {"value", ColumnType::Text, {}},
                                                  {"from", ColumnType::Text, {}}};
    return columns;
}

void LookParametersTable::readRows(std::uint64_t first, std::uint64_t count,
                                   std::vector<TableCell>& out) const {
    for (std::uint64_t row = first; row < first + count && row < rowCount(); ++row) {
        const materials::EffectiveParameter& e = m_look.parameters[static_cast<std::size_t>(row)];
        out.push_back(textCell(parameterLabel(e.parameter.hash)));
        out.push_back(textCell(typeText(e.parameter.type)));
        out.push_back(textCell(materials::parameterValueText(e.parameter)));
        out.push_back(textCell(kindText(e.from)));
    }
}

RowNode LookParametersTable::rowNode(std::uint64_t row) const {
    if (row >= rowCount()) return {};
    const materials::EffectiveParameter& e = m_look.parameters[static_cast<std::size_t>(row)];
    return e.input == m_input ? RowNode{e.parameter.node, {}} : RowNode{};
}

std::optional<LookRowTarget> LookParametersTable::target(std::uint64_t row) const {
    if (row >= rowCount()) return std::nullopt;
    const materials::EffectiveParameter& e = m_look.parameters[static_cast<std::size_t>(row)];
    return LookRowTarget{e.input, e.parameter.node};
}

int LookParametersTable::rowReadFrom(NodeId node) const {
    for (std::size_t i = 0; i < m_look.parameters.size(); ++i)
        if (m_look.parameters[i].input == m_input && m_look.parameters[i].parameter.node == node)
            return static_cast<int>(i);
    return -1;
}

LookLinksTable::LookLinksTable(materials::ResolvedLook look, NodeId lookNode, std::string input,
                               std::vector<std::string> roots)
    : m_look(std::move(look)), m_lookNode(lookNode), m_input(std::move(input)), m_roots(std::move(roots)) {}

// Where a link or texture was found, below its root ("media/a.zip::b.materialbin"), or why not:
// the problem without the path it starts with, which the row's path column shows ("was not found
// (tried …)", "the chain loops: …").
std::string LookLinksTable::foundText(const std::string& path, const std::optional<std::string>& found,
                                      const std::string& problem) const {
    if (!problem.empty()) {
        for (std::string_view after : {" ", ": "})
            if (problem.size() > path.size() + after.size() && problem.compare(0, path.size(), path) == 0 &&
                problem.compare(path.size(), after.size(), after) == 0)
                return problem.substr(path.size() + after.size());
        return problem;
    }
    if (!found) return {};
    for (const std::string& root : m_roots)
        if (found->size() > root.size() + 1 && found->compare(0, root.size(), root) == 0 &&
            (*found)[root.size()] == '/')
            return found->substr(root.size() + 1);
    return *found;
}

const std::vector<TableColumn>& LookLinksTable::columns() const {
    static const std::vector<TableColumn> columns{
        {"link", ColumnType::Text, {}}, {"path", ColumnType::Text, {}}, {"found", ColumnType::Text, {}}};
    return columns;
}

void LookLinksTable::readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const {
    const std::size_t links = m_look.chain.size();
    for (std::uint64_t row = first; row < first + count && row < rowCount(); ++row) {
        const auto r = static_cast<std::size_t>(row);
        if (r < links) {
            const materials::ChainLink& link = m_look.chain[r];
            out.push_back(textCell(kindText(link.kind)));
            out.push_back(textCell(link.path.value_or("(this file)")));
            out.push_back(textCell(foundText(link.path.value_or(""), link.found, link.problem)));
            continue;
        }
        const materials::TextureUse& t = m_look.textures[r - links];
        std::string what = "texture " + parameterLabel(t.hash);
        if (!t.role.empty()) what += " (" + std::string(t.role) + ")";
        out.push_back(textCell(std::move(what)));
        out.push_back(textCell(t.path));
        out.push_back(textCell(foundText(t.path, t.found, t.problem)));
    }
}

RowNode LookLinksTable::rowNode(std::uint64_t row) const {
    return row == 0 && !m_look.chain.empty() ? RowNode{m_lookNode, {}} : RowNode{};
}

std::optional<LookRowTarget> LookLinksTable::target(std::uint64_t row) const {
    if (row >= rowCount()) return std::nullopt;
    const auto r = static_cast<std::size_t>(row);
    if (r == 0) return LookRowTarget{m_input, m_lookNode};
    if (r < m_look.chain.size()) {
        const auto& found = m_look.chain[r].found;
        return found ? std::optional<LookRowTarget>(LookRowTarget{*found, kNoNode}) : std::nullopt;
    }
    const auto& found = m_look.textures[r - m_look.chain.size()].found;
    return found ? std::optional<LookRowTarget>(LookRowTarget{*found, kNoNode}) : std::nullopt;
}

} // namespace assetscope::app
