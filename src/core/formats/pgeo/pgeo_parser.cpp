#include "formats/pgeo/pgeo_parser.h"
#include "bytes/ascii_case.h"
#include "bytes/number_text.h"

#include "formats/pgeo/record_checks.h"
#include "formats/pgeo/record_nodes.h"
#include "formats/pgeo/season_layout.h"
#include "tree/checked_rules.h"
#include "tree/recorder.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>

namespace assetscope::pgeo {

namespace {

// The smallest encodings, used to bound counts by the bytes that remain.
// The Proven lists of pgeo.txt.
constexpr std::array<int, 10> kCellSizes = {50, 75, 100, 125, 150, 200, 250, 300, 500, 10000};
constexpr std::array<std::uint8_t, 10> kSeasonMasks = {0, 17, 51, 119, 136, 153, 187, 204, 221, 238};
const std::array<std::string, 4> kSourcelessBlocks = {"PEDESTRIAN", "ANIMATED", "ANIMATED_SPRITE",
                                                      "bsh_flat_urb_garden_3D"};

// One of the 13 libraries; the header spells them in capitals with '_' for a space ("EVOLVING_WORLD").
bool isLibraryCategory(std::string category) {
    static const std::array<std::string_view, 13> libraries = {
        "barriers",       "bridges",       "buildings",      "bushes", "crowdtemplate",
        "evolving world", "grasstemplate", "infrastructure", "props",  "rocks",
        "signs",          "smashables",    "trees"};
    for (char& c : category)
        c = c == '_' ? ' ' : asciiLower(c);
    return std::find(libraries.begin(), libraries.end(), category) != libraries.end();
}

constexpr std::uint64_t kMinBlockSize = 16;  // empty name, n, m, nSources
constexpr std::uint64_t kMinSourceSize = 12; // empty name, first, count
constexpr std::uint64_t kMinSplineSize = 56; // empty GUID, box, length, value, three counts

bool printable(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F; });
}

// "c75_grasstemplate_do_221_cellx55z114_section0": the cell the section names.
std::optional<CellFolder> sectionCell(std::string_view section) {
    const std::size_t at = section.rfind("_cellx");
    if (at == std::string_view::npos) return std::nullopt;
    int cx = 0, cz = 0, index = 0, used = 0;
    const std::string tail(section.substr(at));
    if (std::sscanf(tail.c_str(), "_cellx%dz%d_section%d%n", &cx, &cz, &index, &used) != 3 ||
        used != static_cast<int>(tail.size()))
        return std::nullopt;
    return CellFolder{cx, cz};
}

class PgeoReader {
public:
    PgeoReader(StructureTree& tree, const ParseOptions& options)
        : m_r(tree, tree.bytes(), 0, tree.root()), m_source(tree.source()), m_options(options) {}

    ParseResult read() {
        readFileName();
        m_out.complete = m_r.guard([&] { walk(); });
        recordRules();
        return std::move(m_out);
    }

private:
    PgeoFile& file() { return m_out.file; }

    void reportTally(const Tally& t, std::string_view rule, std::string_view docKey, const RecordRun& run,
                     NodeId at) {
        if (t.count == 0) return;
        std::string message = "record " + std::to_string(t.first) + ": " + t.example;
        if (t.count > 1)
            message +=
                " (and " + std::to_string(t.count - 1) + " more record" + (t.count > 2 ? "s" : "") + ")";
        m_r.flag(run.offset() + t.first * run.stride(), rule, docKey, std::move(message), at);
    }

    NodeId derivedDoc(std::string_view key, Value value) { return m_r.derivedDoc(key, std::move(value)); }

    // A Proven statement of the rules table: checked like any other, and kept so that the
    // file's checked rules can be listed as nodes (the docs pane shows each statement).
    template <TextSource T>
    bool checkRule(bool holds, std::string_view rule, std::string_view docKey, T&& message,
                   NodeId at = kNoNode) {
        return m_rules.check(m_r, holds, rule, docKey, std::forward<T>(message), at);
    }

    void recordRules() { m_rules.record(m_r); }

    void readFileName() {
        if (!m_options.folderName.empty()) m_out.cell = parseCellFolder(m_options.folderName);
        if (m_options.fileName.empty()) return;
        std::string why;
        m_out.name = parseFileName(m_options.fileName, &why);
        auto s = m_r.scope("pgeo/file_name/file_name");
        m_r.tree().edit(s.id(), [&](Node& n) { n.value = m_options.fileName; });
        if (!m_out.name) {
            m_r.check(
                false, "pgeo.name.grammar", "pgeo/file_name/file_name",
                [&] {
                    return "the file name '" + m_options.fileName +
                           "' does not follow the name grammar: " + why;
                },
                m_r.parent());
            return;
        }
        const FileName& n = *m_out.name;
        derivedDoc("pgeo/file_name/cell_size", std::int64_t{n.cellSize});
        checkRule(
            std::find(kCellSizes.begin(), kCellSizes.end(), n.cellSize) != kCellSizes.end(),
            "pgeo.name.cell-size", "pgeo/rules/cell_sizes",
            [&] {
                return "cell size " + std::to_string(n.cellSize) + " m is not one of the map's cell sizes";
            },
            m_r.last());
        derivedDoc("pgeo/file_name/category", n.category);
        if (n.cwdSpline) {
            derivedDoc("pgeo/file_name/spline_cell",
                       std::vector<double>{double(n.splineCx), double(n.splineCz)});
            derivedDoc("pgeo/file_name/spline_index", std::int64_t{n.splineIndex});
        } else {
            derivedDoc("pgeo/file_name/lod", n.lod);
            derivedDoc("pgeo/file_name/route", n.route);
            derivedDoc("pgeo/file_name/tag", n.tag);
            derivedDoc("pgeo/file_name/mask", std::uint64_t{n.mask});
        }
        m_nameScope = s.id();
    }

    // The cell: the folder when known, else the one the section name spells.
    void recordCell() {
        const std::optional<CellFolder> cell = m_out.cell ? m_out.cell : m_out.sectionCell;
        // With nodes off there is no file-name node, and only field statistics (a tap) look.
        if (!cell || !m_out.name || (m_nameScope == kNoNode && !m_r.tree().tap())) return;
        // Derived nodes join the file-name node, which has no bytes of its own.
        Recorder r(m_r.tree(), m_r.view(), 0, m_nameScope);
        const auto add = [&](std::string_view key, Value v) {
            const NodeId id = r.derivedDoc(key, std::move(v));
            m_r.tree().edit(id, [&](Node& n) { n.offset = 0; });
        };
        add("pgeo/file_name/cell", std::vector<double>{double(cell->cx), double(cell->cz)});
        const Vec3d o = cellOrigin(*cell, m_out.name->cellSize);
        add("pgeo/file_name/world_origin", std::vector<double>{o.x, o.y, o.z});
    }

    std::string readString(std::string_view key) {
        std::string text;
        auto s = m_r.scope(key);
        const std::uint64_t at = m_r.pos();
        const std::uint32_t length = m_r.u32("pgeo/string/length");
        if (length > m_r.remaining())
            throw ParseError{"pgeo.string.length",
                             "a string of " + std::to_string(length) + " bytes but only " +
                                 std::to_string(m_r.remaining()) + " remain",
                             at};
        text = m_r.text("pgeo/string/text", length);
        m_r.check(printable(text), "pgeo.string.printable", "pgeo/string/text", [&] {
            return "the string at " + std::to_string(at) + " holds bytes that are not printable ASCII";
        });
        m_r.fieldValue(s.id(), key, at, text);
        return text;
    }

    void walk() {
        {
            auto header = m_r.scope("header");
            readHeader();
        }
        recordCell();
        checkNameAgainstHeader();
        readTable();
        readList(file().listA, "pgeo/file/list_a");
        readList(file().listB, "pgeo/file/list_b");
        file().endZero = m_r.u32("pgeo/file/end_zero");
        m_r.check(file().endZero == 0, "pgeo.end.zero", "pgeo/file/end_zero",
                  [&] { return "the u32 after list B is " + std::to_string(file().endZero) + ", not 0"; });
        if (file().isCwdSpline()) readSplines();
        checkTable();
        const std::uint64_t end = m_r.pos();
        if (m_r.remaining() > 0) {
            const std::uint64_t extra = m_r.remaining();
            m_r.bytes("trailing_bytes", extra);
            m_r.flag(end, "pgeo.walk.trailing-bytes", "pgeo/file/end_of_file",
                     std::to_string(extra) + " bytes after the end of the grammar", m_r.last());
        }
        derivedDoc("pgeo/file/end_of_file", std::uint64_t{end});
    }

    void readHeader() {
        PgeoFile& f = file();
        f.sectionName = readString("pgeo/file/section_name");
        m_out.sectionCell = sectionCell(f.sectionName);
        f.kind = m_r.u32("pgeo/file/kind");
        m_r.describe([&] { return std::string(kindName(f.kind)); });
        m_r.check(f.kind == 0 || f.kind == 2 || f.kind == 5, "pgeo.header.kind", "pgeo/file/kind", [&] {
            return "kind " + std::to_string(f.kind) + " (only 0, 2 and 5 exist); read as an ordinary file";
        });
        if (m_out.name) {
            const FileName& n = *m_out.name;
            const std::uint32_t named = n.cwdSpline                                       ? 5
                                        : n.category == "crowdtemplate" && n.lod == "cwd" ? 2
                                                                                          : 0;
            checkRule(
                f.kind == named, "pgeo.name.kind", "pgeo/rules/kind_and_name",
                [&] {
                    return "kind " + std::to_string(f.kind) + ", but a file named " + m_options.fileName +
                           " is kind " + std::to_string(named);
                },
                m_r.last());
        }
        if (f.isCwdSpline()) {
            f.three = m_r.u32("pgeo/file/three");
            m_r.check(f.three == kThree, "pgeo.header.three", "pgeo/file/three",
                      [&] { return "kind 5 carries " + std::to_string(f.three) + " where 3 belongs"; });
        }
        const auto constants = m_r.u32s("pgeo/file/constants", 2);
        f.constants = {constants[0], constants[1]};
        m_r.check(f.constants == kConstants, "pgeo.header.constants", "pgeo/file/constants", [&] {
            return "constants " + std::to_string(constants[0]) + ", " + std::to_string(constants[1]) +
                   ", not 13, 15";
        });
        const auto box = m_r.f32Array<8>("pgeo/file/bounding_box");
        std::copy(box.begin(), box.end(), f.box.begin());
        m_r.check(f.box[3] == 0 && f.box[7] == 1, "pgeo.header.box-w", "pgeo/file/bounding_box", [&] {
            return "box w values " + numberText(f.box[3]) + " and " + numberText(f.box[7]) + ", not 0 and 1";
        });
        m_box = widenBox(f.box);
        f.category = readString("pgeo/file/category");
        checkRule(
            isLibraryCategory(f.category), "pgeo.header.category", "pgeo/rules/header_categories",
            [&] { return "category " + f.category + " names none of the 13 libraries"; }, m_r.last());
        f.unknown = m_r.f32("pgeo/file/unknown");
        f.route = readString("pgeo/file/route");
        f.tag = readString("pgeo/file/gameplay_tag");
        readSeason();
        f.zero = m_r.u32("pgeo/file/zero");
        m_r.check(f.zero == 0, "pgeo.header.zero", "pgeo/file/zero",
                  [&] { return "the u32 after the season bytes is " + std::to_string(f.zero) + ", not 0"; });
    }

    void readSeason() {
        using season_layout::kLayout;
        SeasonExclusion& season = file().season;
        auto s = m_r.scope("pgeo/file/season_exclusion");
        const std::uint64_t at = m_r.pos();
        decltype(kLayout)::Nodes nodes;
        season = kLayout.record(m_r, &nodes);
        const std::uint64_t end = m_r.pos();
        // A check's diagnostic stands where the reader is: for the mask's, where the mask ends.
        m_r.seek(at + kLayout.offsetOf<&SeasonExclusion::zero>());
        checkRule(
            std::find(kSeasonMasks.begin(), kSeasonMasks.end(), season.mask) != kSeasonMasks.end(),
            "pgeo.header.season-mask", "pgeo/rules/season_masks",
            [&] { return "season mask " + std::to_string(season.mask) + " is not one of the install's ten"; },
            nodes[0]);
        m_r.check((season.mask >> 4) == (season.mask & 0xF), "pgeo.header.season-nibbles",
                  "pgeo/season_exclusion/mask",
                  [&] { return "season mask " + hexDigits(season.mask, 2) + " has two different nibbles"; },
                  nodes[0]);
        m_r.seek(end);
        m_r.check(season.zero == std::array<std::uint8_t, 3>{}, "pgeo.header.season-zero",
                  "pgeo/season_exclusion/zero", "the three bytes after the season mask are not zero",
                  nodes[1]);
        m_r.derived("shown_in", seasonsShown(season.mask));
    }

    // The header spells the file name again (cwdspline names excepted).
    void checkNameAgainstHeader() {
        if (!m_out.name || m_out.name->cwdSpline || file().isCwdSpline()) return;
        FileName rebuilt = *m_out.name;
        rebuilt.category = asciiLower(file().category);
        rebuilt.route = file().route;
        rebuilt.tag = file().tag;
        rebuilt.mask = file().season.mask;
        const std::string name = buildFileName(rebuilt);
        derivedDoc("pgeo/file_name/rebuilt_name", name);
        m_r.check(
            equalsNoCase(name, m_options.fileName), "pgeo.name.rebuild", "pgeo/file_name/rebuilt_name",
            [&] { return "the header spells the name " + name + " but the file is " + m_options.fileName; });
    }

    void readTable() {
        auto s = m_r.scope("pgeo/file/table");
        const std::uint32_t count = m_r.u32("pgeo/table/entry_count");
        const std::uint64_t at = m_r.pos();
        m_tableNode = kNoNode;
        m_r.array("pgeo/table/entries", count, kTableEntrySize, "table entry", decodeTableEntryNodes);
        m_tableNode = m_r.last();
        file().table = RecordRun(m_source, at, count, kTableEntrySize);
    }

    void readList(std::vector<Block>& blocks, std::string_view key) {
        auto s = m_r.scope(key);
        const std::uint64_t at = m_r.pos();
        const std::uint32_t count = m_r.u32("pgeo/list/block_count");
        m_r.requireCount(count, kMinBlockSize, "pgeo.list.count", "blocks", at);
        blocks.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i)
            readBlock(blocks.emplace_back(), i);
    }

    void readBlock(Block& block, std::uint32_t index) {
        auto s = m_r.item(index);
        block.name = readString("pgeo/block/name");
        m_r.tree().edit(s.id(), [&](Node& n) { n.display = block.name; });
        const std::uint32_t n = m_r.u32("pgeo/block/instance_count");
        std::uint64_t at = m_r.pos();
        m_r.array("pgeo/block/instance_records", n, kInstanceRecordSize, "instance record",
                  decodeInstanceNodes);
        const NodeId instancesNode = m_r.last();
        block.instances = RecordRun(m_source, at, n, kInstanceRecordSize);
        checkInstanceRun(block, instancesNode);

        const std::uint32_t m = m_r.u32("pgeo/block/curve_count");
        m_r.check(m == 0 || m == n, "pgeo.block.curve-count", "pgeo/block/curve_count", [&] {
            return "block " + block.name + " has " + std::to_string(m) + " curve records for " +
                   std::to_string(n) + " instances (0 or one each)";
        });
        at = m_r.pos();
        m_r.array("pgeo/block/curve_records", m, kCurveRecordSize, "curve record", decodeCurveNodes);
        const NodeId curvesNode = m_r.last();
        block.curves = RecordRun(m_source, at, m, kCurveRecordSize);
        if (m > 0) checkCurveRun(block, curvesNode);

        const std::uint64_t sourcesAt = m_r.pos();
        const std::uint32_t nSources = m_r.u32("pgeo/block/source_count");
        m_r.requireCount(nSources, kMinSourceSize, "pgeo.block.source-count", "sources", sourcesAt);
        auto sources = m_r.scope("pgeo/block/sources");
        block.sources.reserve(nSources);
        std::uint64_t expected = 0;
        std::string broken;
        for (std::uint32_t j = 0; j < nSources; ++j) {
            auto one = m_r.item(j);
            Source& src = block.sources.emplace_back();
            src.templateName = readString("pgeo/source/template");
            src.first = m_r.u32("pgeo/source/first");
            src.count = m_r.u32("pgeo/source/count");
            m_r.tree().edit(one.id(), [&](Node& n) {
                n.display = src.templateName + ": records " + std::to_string(src.first) + " + " +
                            std::to_string(src.count);
            });
            if (broken.empty() && src.first != expected)
                broken = "source " + std::to_string(j) + " starts at record " + std::to_string(src.first) +
                         ", expected " + std::to_string(expected);
            expected = std::uint64_t{src.first} + src.count;
        }
        if (broken.empty() && nSources > 0 && expected != n)
            broken = "the sources cover " + std::to_string(expected) + " records of " + std::to_string(n);
        m_r.check(
            broken.empty(), "pgeo.block.sources", "pgeo/block/sources",
            [&] { return "block " + block.name + ": " + broken; }, sources.id());
        if (nSources == 0)
            checkRule(
                std::find(kSourcelessBlocks.begin(), kSourcelessBlocks.end(), block.name) !=
                    kSourcelessBlocks.end(),
                "pgeo.block.no-sources", "pgeo/rules/blocks_without_sources",
                [&] {
                    return "block " + block.name + " has no sources (only crowd and garden blocks have none)";
                },
                sources.id());
    }

    void checkInstanceRun(const Block& block, NodeId at) {
        InstanceChecks c;
        const bool pedestrian = file().isCwdSpline() && block.name.find("PEDESTRIAN") != std::string::npos;
        checkInstances(block.instances, m_box, pedestrian, c);
        const RecordRun& run = block.instances;
        reportTally(c.zeroBytes, "pgeo.record.zero-bytes", "pgeo/instance_record/zero_bytes", run, at);
        reportTally(c.zeroByte, "pgeo.record.zero-byte", "pgeo/instance_record/zero_byte", run, at);
        reportTally(c.zeroDword, "pgeo.record.zero-dword", "pgeo/instance_record/zero_dword", run, at);
        reportTally(c.outsideBox, "pgeo.record.outside-box", "pgeo/file/bounding_box", run, at);
        reportTally(c.notAtOrigin, "pgeo.cwdspline.position", "pgeo/cwdspline/pedestrian_position", run, at);
        if (pedestrian) derivedDoc("pgeo/cwdspline/pedestrian_position", c.notAtOrigin.count == 0);
        reportTally(c.flags, "pgeo.record.flags", "pgeo/instance_record/flags", run, at);
        reportTally(c.rotation, "pgeo.record.rotation", "pgeo/instance_record/rotation_rows", run, at);
    }

    void checkCurveRun(const Block& block, NodeId at) {
        CurveChecks c;
        checkCurves(block.instances, block.curves, c);
        m_out.curvesWithData += c.withData;
        m_out.sentinelCurves += c.sentinels;
        // Curve records beyond the instance count (a broken m) are counted, not compared.
        for (std::uint64_t i = std::min(block.instances.count(), block.curves.count());
             i < block.curves.count(); ++i)
            ++(block.hasCurve(i) ? m_out.curvesWithData : m_out.sentinelCurves);
        const RecordRun& run = block.curves;
        reportTally(c.position, "pgeo.curve.position", "pgeo/curve_record/curve", run, at);
        reportTally(c.upScale, "pgeo.curve.up-scale", "pgeo/curve_record/up_vector", run, at);
        reportTally(c.upRow, "pgeo.curve.up-row", "pgeo/curve_record/up_vector", run, at);
    }

    void readSplines() {
        auto s = m_r.scope("pgeo/file/crowd_splines");
        const std::uint64_t at = m_r.pos();
        const std::uint32_t count = m_r.u32("pgeo/crowd_splines/spline_count");
        m_r.check(count == 1, "pgeo.crowd-splines.count", "pgeo/crowd_splines/spline_count", [&] {
            return std::to_string(count) + " crowd splines (every known cwdspline file has 1)";
        });
        m_r.requireCount(count, kMinSplineSize, "pgeo.crowd-splines.count", "crowd splines", at);
        file().splines.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i)
            readSpline(file().splines.emplace_back(), i);
    }

    void readSpline(CrowdSpline& spline, std::uint32_t index) {
        auto s = m_r.item(index);
        spline.guid = readString("pgeo/crowd_spline/guid");
        const std::uint64_t boxAt = m_r.pos();
        const auto box = m_r.f32Array<8>("pgeo/crowd_spline/box");
        std::copy(box.begin(), box.end(), spline.box.begin());
        if (!m_box.holds(box[0], box[1], box[2]) || !m_box.holds(box[4], box[5], box[6]))
            m_r.flag(boxAt, "pgeo.crowd-spline.box", "pgeo/file/bounding_box",
                     "crowd spline " + spline.guid + " box lies outside the header box", m_r.last());
        spline.length = m_r.f32("pgeo/crowd_spline/length");
        spline.value = m_r.f32("pgeo/crowd_spline/value");
        const std::uint32_t n = m_r.u32("pgeo/crowd_spline/point_count");
        const std::uint64_t at = m_r.pos();
        m_r.array("pgeo/crowd_spline/points", n, kCrowdPointSize, "crowd point", decodeCrowdPointNodes);
        const NodeId pointsNode = m_r.last();
        spline.points = RecordRun(m_source, at, n, kCrowdPointSize);
        PointChecks c;
        checkPoints(spline.points, c);
        reportTally(c.w, "pgeo.crowd-point.w", "pgeo/rules/crowd_point_w", spline.points, pointsNode);
        m_rules.note("pgeo/rules/crowd_point_w", c.w.count == 0);
        reportTally(c.distances, "pgeo.crowd-point.distances", "pgeo/crowd_point/distances", spline.points,
                    pointsNode);
        spline.listA.values = readFloatList("pgeo/crowd_spline/float_list_a");
        spline.listB.values = readFloatList("pgeo/crowd_spline/float_list_b");
    }

    std::vector<float> readFloatList(std::string_view key) {
        auto s = m_r.scope(key);
        const std::uint64_t at = m_r.pos();
        const std::uint32_t n = m_r.u32("pgeo/float_list/count");
        m_r.requireCount(n, 4, "pgeo.float-list.count", "floats", at);
        return m_r.f32s("pgeo/float_list/values", n);
    }

    // Table ranges name blocks and records that exist (the first triple list B, the second list A).
    void checkTable() {
        const RecordRun& table = file().table;
        Tally zero, ranges;
        auto inside = [](const Range& r, const std::vector<Block>& list) {
            if (r.block < 0) return r.block == -1 && r.first == 0 && r.count == 0;
            if (static_cast<std::size_t>(r.block) >= list.size()) return false;
            return std::uint64_t{r.first} + r.count <=
                   list[static_cast<std::size_t>(r.block)].instances.count();
        };
        for (std::uint64_t i = 0; i < table.count(); ++i) {
            const TableEntry e = file().tableEntry(i);
            if (e.zero != 0)
                zero.hit(i, [&] { return "the first u32 is " + std::to_string(e.zero) + ", not 0"; });
            if (!inside(e.b, file().listB))
                ranges.hit(i, [&] {
                    return "the list B range (block " + std::to_string(e.b.block) + ") lies outside";
                });
            else if (!inside(e.a, file().listA))
                ranges.hit(i, [&] {
                    return "the list A range (block " + std::to_string(e.a.block) + ") lies outside";
                });
        }
        reportTally(zero, "pgeo.table.zero", "pgeo/table_entry/zero", table, m_tableNode);
        reportTally(ranges, "pgeo.table.range", "pgeo/table_entry/b_range", table, m_tableNode);
    }

    Recorder m_r;
    SharedBytes m_source;
    const ParseOptions& m_options;
    ParseResult m_out;
    CheckedRules m_rules; // the rules table's statements checked, and whether they held
    WidenedBox m_box;
    NodeId m_tableNode = kNoNode;
    NodeId m_nameScope = kNoNode;
};

bool printableRun(ByteView bytes, std::uint64_t from, std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i)
        if (bytes[from + i] < 0x20 || bytes[from + i] >= 0x7F) return false;
    return true;
}

std::uint32_t loadU32(ByteView b, std::uint64_t at) {
    return std::uint32_t{b[at]} | std::uint32_t{b[at + 1]} << 8 | std::uint32_t{b[at + 2]} << 16 |
           std::uint32_t{b[at + 3]} << 24;
}

} // namespace

int pgeoSignature(ByteView bytes) {
    constexpr std::uint32_t kMaxSectionName = 1024;
    if (bytes.size() < 4) return 0;
    const std::uint32_t length = loadU32(bytes, 0);
    if (length == 0 || length > kMaxSectionName) return 0;
    const std::uint64_t available = std::min<std::uint64_t>(length, bytes.size() - 4);
    if (!printableRun(bytes, 4, available)) return 0;
    std::uint64_t at = 4 + std::uint64_t{length};
    if (at + 4 > bytes.size()) return 1;
    const std::uint32_t kind = loadU32(bytes, at);
    if (kind != 0 && kind != 2 && kind != 5) return 0;
    at += 4;
    if (kind == 5) {
        if (at + 4 > bytes.size()) return 1;
        if (loadU32(bytes, at) != kThree) return 0;
        at += 4;
    }
    if (at + 8 > bytes.size()) return 1;
    return loadU32(bytes, at) == kConstants[0] && loadU32(bytes, at + 4) == kConstants[1] ? 2 : 0;
}

ParseResult parsePgeo(StructureTree& tree, const ParseOptions& options) {
    return PgeoReader(tree, options).read();
}

} // namespace assetscope::pgeo
