#include "formats/pgeo/model_names.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/placements.h"

namespace assetscope::pgeo {

namespace {

constexpr int kCurveSteps = 16;             // samples along a curve record's spline
constexpr std::uint64_t kMaxCurves = 20000; // drawn at most

std::size_t blockCount(const PgeoFile& file) {
    return file.listA.size() + file.listB.size();
}

const Block& blockAt(const PgeoFile& file, std::size_t block) {
    return block < file.listA.size() ? file.listA[block] : file.listB[block - file.listA.size()];
}

// The tree's lazy array of a block's instance records, or kNoNode.
NodeId instanceArray(const StructureTree& tree, const Block& block) {
    if (block.instances.empty()) return kNoNode;
    for (std::size_t i = 0; i < tree.nodeCount(); ++i) {
        const Node& n = tree.node(static_cast<NodeId>(i));
        if (n.decoder != 0 && n.offset == block.instances.offset() && n.count == block.instances.count())
            return static_cast<NodeId>(i);
    }
    return kNoNode;
}

// The block whose instance records are the lazy array `array`, or -1.
int blockOfArray(const PgeoFile& file, const Node& array) {
    if (array.decoder == 0) return -1;
    for (std::size_t b = 0; b < blockCount(file); ++b) {
        const RecordRun& run = blockAt(file, b).instances;
        if (!run.empty() && run.offset() == array.offset && run.count() == array.count)
            return static_cast<int>(b);
    }
    return -1;
}

// A block's instance records, decoded one record at a time as a view asks: decoded position
// (metres), rotation rows, scale, instance variation, material variant, building id, flags,
// random and whether the record has spline data. Each row marks its placed instance.
class InstanceTable : public TableSource {
public:
    InstanceTable(const Block& block, NodeId array, std::uint64_t firstInstance)
        : m_block(block), m_array(array), m_firstInstance(firstInstance) {}

    const std::vector<TableColumn>& columns() const override {
        static const std::vector<TableColumn> columns = {{"x", ColumnType::Real, "m"},
                                                         {"y", ColumnType::Real, "m"},
                                                         {"z", ColumnType::Real, "m"},
                                                         {"row0.x", ColumnType::Real, {}},
                                                         {"row0.y", ColumnType::Real, {}},
                                                         {"row0.z", ColumnType::Real, {}},
                                                         {"row1.x", ColumnType::Real, {}},
                                                         {"row1.y", ColumnType::Real, {}},
                                                         {"row1.z", ColumnType::Real, {}},
                                                         {"scale.x", ColumnType::Real, {}},
                                                         {"scale.y", ColumnType::Real, {}},
                                                         {"scale.z", ColumnType::Real, {}},
                                                         {"variation", ColumnType::Text, {}},
                                                         {"variant", ColumnType::Integer, {}},
                                                         {"building id", ColumnType::Integer, {}},
                                                         {"flags", ColumnType::Integer, {}},
                                                         {"random", ColumnType::Integer, {}},
                                                         {"curve", ColumnType::Text, {}}};
        return columns;
    }
    std::uint64_t rowCount() const override { return m_block.instances.count(); }
    RowNode rowNode(std::uint64_t row) const override { return {m_array, row}; }
    RowMark rowMark(std::uint64_t row) const override {
        return {RowMark::Kind::Instance, m_firstInstance + row};
    }

    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        const std::uint64_t end = std::min(first + count, rowCount());
        for (std::uint64_t row = first; row < end; ++row) {
            const InstanceRecord r = m_block.instance(row);
            const Vec3d p = r.positionMetres();
            out.push_back(fixedCell(p.x, 4));
            out.push_back(fixedCell(p.y, 4));
            out.push_back(fixedCell(p.z, 4));
            for (float v : r.rotation)
                out.push_back(fixedCell(v, 5));
            for (float v : r.scale)
                out.push_back(fixedCell(v, 5));
            out.push_back(textCell(std::to_string(r.variation[0]) + ' ' + std::to_string(r.variation[1]) +
                                   ' ' + std::to_string(r.variation[2]) + ' ' +
                                   std::to_string(r.variation[3])));
            out.push_back(unsignedCell(r.materialVariant));
            out.push_back(unsignedCell(r.buildingId));
            out.push_back(hexCell(r.flags, 8));
            out.push_back(unsignedCell(r.random));
            out.push_back(textCell(m_block.hasCurve(row) ? "yes" : ""));
        }
    }

private:
    const Block& m_block;
    NodeId m_array;
    std::uint64_t m_firstInstance;
};

} // namespace

Subject ParsedPgeo::subjectOf(NodeId node) const {
    const PgeoFile& file = m_parse.file;
    NodeId below = kNoNode;
    for (NodeId at = node; at != kNoNode && at < m_tree.nodeCount();
         below = at, at = m_tree.node(at).parent) {
        const Node& n = m_tree.node(at);
        if (n.decoder != 0) {
            // The first array on the way up decides: instance records are the block's table,
            // any other array (curve records) keeps the element table.
            const int block = blockOfArray(file, n);
            if (block < 0) return {};
            Subject s{kBlockSubject, block};
            if (below != kNoNode && n.stride)
                s.row = static_cast<std::int64_t>((m_tree.node(below).offset - n.offset) / n.stride);
            return s;
        }
        // A block's own node: one of its children is the block's instance array.
        for (NodeId c : n.children) {
            const int block = blockOfArray(file, m_tree.node(c));
            if (block >= 0) return {kBlockSubject, block};
        }
    }
    return {};
}

NodeId ParsedPgeo::nodeOf(const Subject& subject) const {
    if (subject.kind != kBlockSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= blockCount(m_parse.file))
        return kNoNode;
    return instanceArray(m_tree, blockAt(m_parse.file, static_cast<std::size_t>(subject.index)));
}

SubjectTables ParsedPgeo::tables(const Subject& subject) const {
    SubjectTables out;
    const PgeoFile& file = m_parse.file;
    if (subject.kind != kBlockSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= blockCount(file))
        return out;
    const auto b = static_cast<std::size_t>(subject.index);
    const Block& block = blockAt(file, b);
    std::uint64_t first = 0;
    for (std::size_t i = 0; i < b; ++i)
        first += blockAt(file, i).instances.count();
    const bool listA = b < file.listA.size();
    out.heading = block.name;
    out.summary = std::string("list ") + (listA ? "A" : "B") + ", block " +
                  std::to_string(listA ? b : b - file.listA.size()) + ": " +
                  std::to_string(block.instances.count()) + " instances";
    out.main = std::make_unique<InstanceTable>(block, instanceArray(m_tree, block), first);
    return out;
}

PreviewChoices ParsedPgeo::previewChoices() const {
    PreviewChoices c;
    c.seasons = seasonLabels(); // the file's season mask hides it in some
    return c;
}

std::optional<Placements> ParsedPgeo::placements(const ExportSelection& selection, bool withMatrices) const {
    const PgeoFile& file = m_parse.file;
    Placements out;
    out.instanceCount = file.instanceCount();
    out.modelExtension = ".modelbin";
    out.modelFileKey = modelFileKey;
    std::uint64_t first = 0;
    for (std::size_t b = 0; b < blockCount(file); ++b) {
        const Block& block = blockAt(file, b);
        out.groups.push_back({Subject{kBlockSubject, static_cast<std::int64_t>(b)},
                              instanceArray(m_tree, block), first, block.instances.count(),
                              blockModelKey(block), block.name});
        first += block.instances.count();
    }
    if (!shownIn(file.season.mask, selection.season)) {
        static const char* const seasons[] = {"spring", "summer", "autumn", "winter"};
        out.hiddenReason = "This file's season mask (shown: " + seasonsShown(file.season.mask) +
                           ") hides it in " + seasons[std::clamp(selection.season, 0, 3)] + ".";
        return out;
    }
    if (withMatrices) {
        out.world = worldMatrices(file);
        out.origins.reserve(out.world.size());
        out.variants.reserve(out.world.size());
        forEachPlacement(file, [&](const Placement& p) {
            out.origins.push_back(p.position);
            out.variants.push_back(p.instance.materialVariant);
        });
    }
    // Curve records with spline data: P(t) for t in [0, 1].
    for (std::size_t b = 0; b < blockCount(file) && out.curves.size() < kMaxCurves; ++b) {
        const Block& block = blockAt(file, b);
        for (std::uint64_t i = 0; i < block.curves.count() && out.curves.size() < kMaxCurves; ++i) {
            if (!block.hasCurve(i)) continue;
            const CurveRecord curve = block.curve(i);
            std::vector<math::Vec3> line;
            for (int s = 0; s <= kCurveSteps; ++s) {
                const Vec3d p = curve.at(static_cast<double>(s) / kCurveSteps);
                line.push_back({static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)});
            }
            out.curves.push_back(std::move(line));
        }
    }
    return out;
}

} // namespace assetscope::pgeo
