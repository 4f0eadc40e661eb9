// What the window and the command line ask of a parse result beyond the dump (hostile_input.h's
// exerciseViews): subjects and their tables, preview choices and an export per choice,
// placements and their listing. Every loop is bounded, so a fuzz input stays cheap however many
// subjects, rows or choices its bytes claim.

#include "contract/placement_writers.h"
#include "formats/registry.h"
#include "hostile_input.h"
#include "materials/material_chain.h"
#include "materials/material_report.h"
#include "open/open_input.h"
#include "resolve/game_resolver.h"

#include <algorithm>
#include <limits>
#include <ostream>

namespace assetscope::hostile {

namespace {

// Nodes asked for their subject: the first ones in tree order, then as many spread over the
// rest. Finding a node's subject walks up its ancestors and, in a model, looks each up among the
// blobs: asking every node cost a model input more than its parse. The export scenes' meshes and
// the placements' groups name their subjects as well.
constexpr std::size_t kSubjectNodes = 64;
// Distinct subjects (one per table) whose tables are read.
constexpr std::size_t kSubjects = 16;
// Rows read from the start of a table (its last row is read as well).
constexpr std::uint64_t kRowsPerTable = 64;
// Rows whose tree node is built and whose detail table is read (the last row's too).
constexpr std::uint64_t kRowsFollowed = 4;
// LODs exported, each with another variant and season.
constexpr std::size_t kLodsExported = 3;

// Reads rows [first, first + count) as a view would, touching every cell's text; counts the
// cells and the characters of their text.
void readRows(const TableSource& table, std::uint64_t first, std::uint64_t count, ViewCounts& seen) {
    std::vector<TableCell> cells;
    table.readRows(first, count, cells);
    seen.cells += cells.size();
    for (const TableCell& cell : cells)
        seen.characters += cell.text.size();
}

// A row as the window follows it: its tree node (an element of a lazy array built on demand)
// and what it marks in the 3D pane.
void followRow(StructureTree& tree, const TableSource& table, std::uint64_t row) {
    const RowNode node = table.rowNode(row);
    if (node.node != kNoNode && node.node < tree.nodeCount() && node.element &&
        *node.element < tree.childCount(node.node))
        (void)tree.child(node.node, *node.element);
    (void)table.rowMark(row);
}

void readTable(StructureTree& tree, const TableSource& table, bool withDetails, ViewCounts& seen) {
    ++seen.tables;
    for (const TableColumn& column : table.columns())
        seen.characters += column.name.size() + column.unit.size();
    const std::uint64_t rows = table.rowCount();
    const std::uint64_t page = std::max<std::uint64_t>(1, std::min(table.pageRows(), kRowsPerTable));
    for (std::uint64_t first = 0; first < std::min(rows, kRowsPerTable); first += page)
        readRows(table, first, std::min(page, kRowsPerTable - first), seen);
    if (rows > kRowsPerTable) readRows(table, rows - 1, 1, seen);
    // Rows past the end give nothing, and must not read past the result.
    readRows(table, rows, 1, seen);
    std::vector<std::uint64_t> followed;
    for (std::uint64_t row = 0; row < std::min(rows, kRowsFollowed); ++row)
        followed.push_back(row);
    if (rows > kRowsFollowed) followed.push_back(rows - 1);
    for (const std::uint64_t row : followed) {
        followRow(tree, table, row);
        if (!withDetails) continue;
        if (const std::unique_ptr<TableSource> detail = table.detailOf(row))
            readTable(tree, *detail, false, seen);
    }
}

// The tables of a subject and what the window asks beside them: its node and its LOD.
void readSubject(ParsedFile& file, const Subject& subject, ViewCounts& seen) {
    (void)file.nodeOf(subject);
    (void)file.previewLod(subject);
    SubjectTables tables = file.tables(subject);
    if (tables.main) readTable(file.tree(), *tables.main, !tables.detail, seen);
    if (tables.detail) readTable(file.tree(), *tables.detail, false, seen);
}

void offerSubject(std::vector<Subject>& subjects, const Subject& subject) {
    if (subject.none() || subjects.size() >= kSubjects) return;
    for (const Subject& known : subjects)
        if (known.sameTable(subject)) return;
    subjects.push_back(subject);
}

// The selections the preview pane and `export` can make, combined so that a few exports reach
// them: each offered LOD (the first few), each with another variant and season than the default
// (a season only changes which material a group names, so winter and spring stand for the rest);
// a single mesh; a mesh that does not exist.
std::vector<ExportSelection> selectionsOf(const PreviewChoices& choices) {
    const std::size_t lods = std::min(choices.lodNumbers.size(), kLodsExported);
    const std::size_t variants = std::max<std::size_t>(1, choices.variants.size());
    const std::size_t seasons = choices.seasons.size();
    const std::size_t n = std::max({lods, std::min<std::size_t>(variants, 2), std::size_t{1}});
    std::vector<ExportSelection> out;
    for (std::size_t i = 0; i < n; ++i) {
        ExportSelection s;
        if (lods > 0) s.lod = choices.lodNumbers[i % lods];
        s.variant = static_cast<int>((i + 1) % variants);
        s.season =
            seasons == 0 ? 0 : static_cast<int>(std::min<std::size_t>(i % 2 == 0 ? 3 : 0, seasons - 1));
        out.push_back(s);
    }
    out.push_back({{0}, std::nullopt, 0, 1});
    out.push_back({{0xFFFFFFFFu}, std::nullopt, 0, 1});
    return out;
}

void exercisePlacements(const ParsedFile& file, const std::string& fileName, std::vector<Subject>& subjects,
                        ViewCounts& seen) {
    for (int season = 0; season < 4; ++season) {
        ExportSelection selection;
        selection.season = season;
        const std::optional<Placements> placements = file.placements(selection, season == 1);
        if (!placements) return;
        seen.placedInstances += placements->world.size();
        for (const InstanceGroup& group : placements->groups)
            offerSubject(subjects, group.subject);
        if (placements->instanceCount > 0) {
            (void)placements->groupOf(0);
            (void)placements->groupOf(placements->instanceCount - 1);
        }
        (void)placements->groupOf(placements->instanceCount);
        if (placements->modelFileKey) {
            int lod = 0;
            for (const std::string& name :
                 {fileName, std::string("rock_lod2.modelbin"), std::string("x_lod")})
                (void)placements->modelFileKey(name, lod);
        }
    }
    NullBuffer nullBuffer;
    std::ostream nowhere(&nullBuffer);
    (void)writePlacementsCsv(nowhere, fileName, file);
    (void)writePlacementsJson(nowhere, fileName, file);
}

} // namespace

ViewCounts exerciseViews(ParsedFile& file, const std::string& fileName) {
    ViewCounts seen;
    std::vector<Subject> subjects;
    const std::size_t nodes = file.tree().nodeCount();
    const std::size_t step =
        std::max<std::size_t>(1, (nodes - std::min(nodes, kSubjectNodes)) / kSubjectNodes);
    for (std::size_t id = 0; id < nodes; id += id < kSubjectNodes ? 1 : step)
        offerSubject(subjects, file.subjectOf(static_cast<NodeId>(id)));
    (void)file.subjectOf(kNoNode);

    const PreviewChoices choices = file.previewChoices();
    for (const ExportSelection& selection : selectionsOf(choices)) {
        std::string reason;
        const auto scene = file.exportScene(selection, reason);
        if (!scene) continue;
        ++seen.scenes;
        for (const exporting::ExportMesh& mesh : scene->meshes)
            offerSubject(subjects, mesh.subject);
    }
    exercisePlacements(file, fileName, subjects, seen);

    seen.subjects = subjects.size();
    for (const Subject& subject : subjects)
        readSubject(file, subject, seen);
    // A subject the file does not have: every format must answer with nothing.
    if (!subjects.empty()) {
        Subject beyond = subjects.front();
        beyond.index = std::numeric_limits<std::int32_t>::max();
        readSubject(file, beyond, seen);
    }

    // Who names this file (`find --uses`): every format's references to it.
    const ReferenceTarget target{file.format(), fileName, &file.tree()};
    for (const FormatHandler* handler : formatHandlers())
        seen.references += handler->referencesTo(target).size();

    // Its looks, with no root to look under: no file is read, every link named as not found.
    const resolve::GameResolver noRoot({});
    seen.looks = exerciseLooks(file, fileName, noRoot).looks;
    return seen;
}

LookCounts exerciseLooks(const ParsedFile& file, const std::string& input,
                         const resolve::GameResolver& resolver) {
    LookCounts seen;
    const std::vector<materials::ResolvedLook> looks = materials::resolveLooks(file, input, resolver);
    NullBuffer nullBuffer;
    std::ostream nowhere(&nullBuffer);
    materials::writeLooksText(nowhere, looks);
    materials::writeLooksJson(nowhere, looks);
    for (const materials::ResolvedLook& look : looks) {
        ++seen.looks;
        seen.links += look.chain.size() - 1;
        for (const materials::ChainLink& link : look.chain)
            if (!link.problem.empty()) ++seen.problems;
        for (const materials::EffectiveParameter& e : look.parameters)
            (void)materials::parameterValueText(e.parameter);
        for (const materials::TextureUse& texture : look.textures) {
            if (!texture.found) {
                ++seen.problems;
                continue;
            }
            const OpenedInput opened = openInput(*texture.found);
            if (!opened.ok()) continue;
            decodeTexture(*opened.parsed);
            ++seen.textures;
        }
    }
    return seen;
}

} // namespace assetscope::hostile
