#include "formats/pgeo/pgeo_handler.h"
#include "bytes/ascii_case.h"
#include "bytes/number_text.h"

#include "contract/file_tree.h"
#include "formats/pgeo/model_names.h"
#include "formats/pgeo/pgeo_writer.h"

#include <cstdio>

namespace assetscope::pgeo {

namespace {

std::string quoted(const std::string& s) {
    return s.empty() ? "none" : "\"" + s + "\"";
}

std::uint64_t blockRecords(const std::vector<Block>& blocks) {
    std::uint64_t n = 0;
    for (const Block& b : blocks)
        n += b.instances.count();
    return n;
}

class PgeoHandler : public FormatHandler {
public:
    std::string_view name() const override { return "pgeo"; }
    std::string_view title() const override { return "ForzaTech placements"; }
    std::string_view extensions() const override { return ".pgeo"; }
    // The bytes decide; the extension raises the score, and lets a damaged file still be read
    // as what it claims to be when nothing else recognises it. One above a texture's and a
    // MeshSet's score: a file that looks like both is read as placements.
    int sniff(ByteView bytes, std::string_view fileName) const override {
        const bool extension = endsWithNoCase(fileName, ".pgeo");
        switch (pgeoSignature(bytes)) {
        case 2:
            return extension ? 71 : 61;
        case 1:
            return extension ? 20 : 0;
        default:
            return extension ? 5 : 0;
        }
    }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        ParseResult parse = parsePgeo(tree, ParseOptions{settings.fileName, settings.folderName});
        return std::make_unique<ParsedPgeo>(std::move(tree), std::move(parse));
    }
    std::vector<ReferenceFind> referencesTo(const ReferenceTarget& target) const override {
        return modelReferences(target);
    }
};

} // namespace

std::vector<InfoLine> ParsedPgeo::info() const {
    const PgeoFile& f = m_parse.file;
    std::vector<InfoLine> lines;
    lines.emplace_back("kind", std::to_string(f.kind) + " (" + std::string(kindName(f.kind)) + ")");
    lines.emplace_back("section", f.sectionName);
    lines.emplace_back("category", f.category);
    lines.emplace_back("route", quoted(f.route));
    lines.emplace_back("tag", quoted(f.tag));
    char mask[48];
    std::snprintf(mask, sizeof mask, "0x%02X (%u)", f.season.mask, unsigned{f.season.mask});
    lines.emplace_back("season mask", mask);
    lines.emplace_back("seasons shown", seasonsShown(f.season.mask));
    lines.emplace_back("box", "min (" + numberText(f.box[0]) + ", " + numberText(f.box[1]) + ", " +
                                  numberText(f.box[2]) + ") max (" + numberText(f.box[4]) + ", " +
                                  numberText(f.box[5]) + ", " + numberText(f.box[6]) + ")");
    if (m_parse.name && !m_parse.name->cwdSpline)
        lines.emplace_back(
            "name", "cell size " + std::to_string(m_parse.name->cellSize) + ", lod " + m_parse.name->lod +
                        (m_parse.name->mask ? ", season suffix " + std::to_string(m_parse.name->mask) : ""));
    if (m_parse.name && m_parse.name->cwdSpline)
        lines.emplace_back("name", "cell size " + std::to_string(m_parse.name->cellSize) + ", cwdspline " +
                                       std::to_string(m_parse.name->splineCx) + "_" +
                                       std::to_string(m_parse.name->splineCz) + " #" +
                                       std::to_string(m_parse.name->splineIndex));
    if (m_parse.cell) {
        std::string cell = std::to_string(m_parse.cell->cx) + "_" + std::to_string(m_parse.cell->cz);
        if (m_parse.name) {
            const Vec3d o = cellOrigin(*m_parse.cell, m_parse.name->cellSize);
            cell +=
                ", world origin (" + numberText(o.x) + ", " + numberText(o.y) + ", " + numberText(o.z) + ")";
        }
        lines.emplace_back("cell", cell);
    } else if (m_parse.sectionCell) {
        lines.emplace_back("cell", std::to_string(m_parse.sectionCell->cx) + "_" +
                                       std::to_string(m_parse.sectionCell->cz) + " (from the section name)");
    }
    lines.emplace_back("table entries", std::to_string(f.table.count()));
    lines.emplace_back("list A", std::to_string(f.listA.size()) + " blocks, " +
                                     std::to_string(blockRecords(f.listA)) + " records");
    lines.emplace_back("list B", std::to_string(f.listB.size()) + " blocks, " +
                                     std::to_string(blockRecords(f.listB)) + " records");
    lines.emplace_back("placements", std::to_string(f.instanceCount()));
    lines.emplace_back("curve records", std::to_string(f.curveCount()) + " (" +
                                            std::to_string(m_parse.curvesWithData) + " with spline data, " +
                                            std::to_string(m_parse.sentinelCurves) + " no-curve sentinels)");
    if (f.isCwdSpline()) lines.emplace_back("crowd splines", std::to_string(f.splines.size()));
    if (!m_parse.complete) lines.emplace_back("walk", "stopped before the end of the grammar");
    return lines;
}

void ParsedPgeo::count(CensusCounts& counts) const {
    counts.add("placements", m_parse.file.instanceCount());
}

std::optional<Bytes> ParsedPgeo::writeBack() const {
    return writePgeo(m_parse.file);
}

const FormatHandler& pgeoHandler() {
    static const PgeoHandler handler;
    return handler;
}

} // namespace assetscope::pgeo
