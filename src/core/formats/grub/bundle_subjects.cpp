#include "bytes/number_text.h"
#include "formats/grub/grub_handler.h"

namespace assetscope::grub {

namespace {

void listBundles(const Bundle& bundle, std::vector<const Bundle*>& out) {
    out.push_back(&bundle);
    for (const Blob& blob : bundle.blobs)
        if (blob.nested) listBundles(*blob.nested, out);
}

// A part's own subject as the container numbers it (kNestedSubject), and back.
Subject nestedOf(std::size_t part, const Subject& own) {
    if (own.none() || own.index < 0 || own.index > 0xFFFFFFFF || own.kind >= 0xFFFFFFFFu - kNestedSubject)
        return {};
    Subject s = own;
    s.kind = kNestedSubject + own.kind;
    s.index = static_cast<std::int64_t>((std::uint64_t{part} << 32) | static_cast<std::uint64_t>(own.index));
    return s;
}

bool isAncestorOrSelf(const StructureTree& tree, NodeId ancestor, NodeId node) {
    if (ancestor == kNoNode) return false;
    for (NodeId at = node; at != kNoNode; at = tree.node(at).parent)
        if (at == ancestor) return true;
    return false;
}

// One blob's metadata records: tag, version, payload size and what it reads as.
class MetadataTable : public TableSource {
public:
    explicit MetadataTable(const Blob& blob) : m_blob(blob) {}
    const std::vector<TableColumn>& columns() const override {
        static const std::vector<TableColumn> columns = {{"Tag", ColumnType::Text, {}},
                                                         {"Version", ColumnType::Integer, {}},
                                                         {"Size", ColumnType::Integer, {}},
                                                         {"Value", ColumnType::Text, {}}};
        return columns;
    }
    std::uint64_t rowCount() const override { return m_blob.metadata.size(); }
    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        const std::uint64_t end = std::min(first + count, rowCount());
        for (std::uint64_t i = first; i < end; ++i) {
            const Metadata& m = m_blob.metadata[static_cast<std::size_t>(i)];
            out.push_back(textCell(tagText(m.tag)));
            out.push_back(unsignedCell(m.version));
            out.push_back(unsignedCell(m.payload.size()));
            out.push_back(textCell(valueText(m)));
        }
    }

private:
    static std::string valueText(const Metadata& m) {
        if (auto name = m.name()) return *name;
        if (auto id = m.id()) return std::to_string(*id);
        static const char* const digits = "0123456789ABCDEF";
        std::string text;
        for (std::size_t i = 0; i < m.payload.size() && i < 16; ++i) {
            if (i) text += ' ';
            text += digits[m.payload[i] >> 4];
            text += digits[m.payload[i] & 15];
        }
        return m.payload.size() > 16 ? text + " …" : text;
    }
    const Blob& m_blob;
};

// A bundle's blobs: tag, version, name, id, data range, metadata, nesting. A row's detail is
// its metadata.
class BlobTable : public TableSource {
public:
    explicit BlobTable(const Bundle& bundle) : m_bundle(bundle) {}
    const std::vector<TableColumn>& columns() const override {
        static const std::vector<TableColumn> columns = {
            {"#", ColumnType::Integer, {}},         {"Tag", ColumnType::Text, {}},
            {"Version", ColumnType::Text, {}},      {"Name", ColumnType::Text, {}},
            {"Id", ColumnType::Integer, {}},        {"Data offset", ColumnType::Integer, {}},
            {"Data size", ColumnType::Integer, {}}, {"Metadata", ColumnType::Integer, {}},
            {"Nested", ColumnType::Text, {}}};
        return columns;
    }
    std::uint64_t rowCount() const override { return m_bundle.blobs.size(); }
    void readRows(std::uint64_t first, std::uint64_t count, std::vector<TableCell>& out) const override {
        const std::uint64_t end = std::min(first + count, rowCount());
        for (std::uint64_t i = first; i < end; ++i) {
            const Blob& b = m_bundle.blobs[static_cast<std::size_t>(i)];
            out.push_back(unsignedCell(i));
            out.push_back(textCell(tagText(b.tag)));
            out.push_back(textCell(b.versionText()));
            out.push_back(textCell(b.name().value_or("")));
            out.push_back(b.id() ? unsignedCell(*b.id()) : textCell(""));
            out.push_back(hexCell(b.dataOffset));
            out.push_back(unsignedCell(b.data.size()));
            out.push_back(unsignedCell(b.metadata.size()));
            const std::size_t nested = b.nested ? b.nested->blobs.size() : 0;
            out.push_back(textCell(
                b.nested ? "bundle, " + std::to_string(nested) + (nested == 1 ? " blob" : " blobs") : ""));
        }
    }
    RowNode rowNode(std::uint64_t row) const override {
        if (row >= rowCount()) return {};
        if (m_bundle.recordsNode != kNoNode) return {m_bundle.recordsNode, row};
        return {m_bundle.blobs[static_cast<std::size_t>(row)].node, {}};
    }
    std::unique_ptr<TableSource> detailOf(std::uint64_t row) const override {
        if (row >= rowCount()) return nullptr;
        return std::make_unique<MetadataTable>(m_bundle.blobs[static_cast<std::size_t>(row)]);
    }

private:
    const Bundle& m_bundle;
};

} // namespace

std::vector<const Bundle*> bundlesInOrder(const Bundle& root) {
    std::vector<const Bundle*> out;
    listBundles(root, out);
    return out;
}

std::optional<std::pair<const NestedPart*, Subject>>
ParsedBundle::nestedSubject(const Subject& subject) const {
    if (subject.kind <= kNestedSubject || subject.index < 0) return std::nullopt;
    const auto part = static_cast<std::size_t>(subject.index >> 32);
    if (part >= m_parts.size()) return std::nullopt;
    Subject own = subject;
    own.kind = subject.kind - kNestedSubject;
    own.index = subject.index & 0xFFFFFFFF;
    return std::make_pair(m_parts[part].get(), own);
}

Subject ParsedBundle::subjectOf(NodeId node) const {
    if (node == kNoNode || node >= m_tree.nodeCount()) return {};
    for (std::size_t i = 0; i < m_parts.size(); ++i)
        if (const Subject own = m_parts[i]->subjectOf(m_tree, node); !own.none()) return nestedOf(i, own);
    // Inside a lazy array (blob records, metadata records) the element table shows it better.
    for (NodeId at = node; at != kNoNode; at = m_tree.node(at).parent)
        if (m_tree.node(at).decoder != 0) return {};
    const std::vector<const Bundle*> bundles = bundlesInOrder(m_bundle);
    // The innermost bundle holding the node: nested ones come after their parent.
    std::size_t holding = 0;
    for (std::size_t i = 1; i < bundles.size(); ++i)
        if (isAncestorOrSelf(m_tree, bundles[i]->node, node)) holding = i;
    Subject s{kBundleSubject, static_cast<std::int64_t>(holding)};
    for (NodeId at = node; at != kNoNode && s.row < 0; at = m_tree.node(at).parent)
        if (const auto blob = bundles[holding]->blobOfNode(m_tree, at))
            s.row = static_cast<std::int64_t>(*blob);
    return s;
}

NodeId ParsedBundle::nodeOf(const Subject& subject) const {
    if (const auto nested = nestedSubject(subject)) return nested->first->nodeOf(nested->second);
    const std::vector<const Bundle*> bundles = bundlesInOrder(m_bundle);
    if (subject.kind != kBundleSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= bundles.size())
        return kNoNode;
    return bundles[static_cast<std::size_t>(subject.index)]->node;
}

SubjectTables ParsedBundle::tables(const Subject& subject) const {
    if (const auto nested = nestedSubject(subject)) return nested->first->tables(nested->second);
    SubjectTables out;
    const std::vector<const Bundle*> bundles = bundlesInOrder(m_bundle);
    if (subject.kind != kBundleSubject || subject.index < 0 ||
        static_cast<std::size_t>(subject.index) >= bundles.size())
        return out;
    const Bundle& bundle = *bundles[static_cast<std::size_t>(subject.index)];
    out.heading = "Bundle at " + hexDigits(bundle.offset, 0) + " (version " +
                  std::to_string(bundle.versionMajor) + "." + std::to_string(bundle.versionMinor) + ")";
    out.summary = std::to_string(bundle.blobs.size()) + (bundle.blobs.size() == 1 ? " blob" : " blobs");
    out.main = std::make_unique<BlobTable>(bundle);
    return out;
}

std::vector<MaterialLook> ParsedBundle::materials() const {
    std::vector<MaterialLook> looks;
    for (std::size_t i = 0; i < m_parts.size(); ++i)
        for (MaterialLook& look : m_parts[i]->materials()) {
            look.part = static_cast<std::uint32_t>(i);
            looks.push_back(std::move(look));
        }
    return looks;
}

std::optional<exporting::ExportScene> ParsedBundle::exportScene(const ExportSelection& selection,
                                                                std::string& reason) const {
    if (m_parts.empty()) {
        reason = "this bundle holds no model";
        return std::nullopt;
    }
    // Every nested part's selected meshes in one scene; each mesh names its part and mesh.
    // `--mesh` numbers the meshes of all the parts one after another, in file order.
    exporting::ExportScene scene;
    scene.name = "models";
    std::uint64_t first = 0; // the number of the part's first mesh
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const NestedPart& part = *m_parts[i];
        const std::uint64_t count = part.meshCount();
        ExportSelection each = selection;
        each.meshes.clear();
        for (std::uint32_t g : selection.meshes)
            if (g >= first && g - first < count) each.meshes.push_back(static_cast<std::uint32_t>(g - first));
        first += count;
        if (!selection.meshes.empty() && each.meshes.empty()) continue;
        std::string why;
        auto piece = part.exportScene(each, why);
        if (!piece) {
            reason += (reason.empty() ? "" : "; ") +
                      (std::string(part.noun()) + " " + std::to_string(i) + ": " + why);
            continue;
        }
        const auto materials = static_cast<std::uint32_t>(scene.materials.size());
        const auto skins = static_cast<std::uint32_t>(scene.skins.size());
        for (exporting::ExportMesh& mesh : piece->meshes) {
            mesh.subject = nestedOf(i, mesh.subject);
            for (exporting::Primitive& p : mesh.primitives)
                p.material += materials;
            if (mesh.skin) *mesh.skin += skins;
            scene.meshes.push_back(std::move(mesh));
        }
        for (exporting::Material& material : piece->materials) {
            material.part = static_cast<std::uint32_t>(i);
            scene.materials.push_back(std::move(material));
        }
        scene.skins.insert(scene.skins.end(), piece->skins.begin(), piece->skins.end());
    }
    for (std::uint32_t g : selection.meshes)
        if (g >= first) {
            reason = "mesh " + std::to_string(g) + " does not exist (the bundle's models hold " +
                     std::to_string(first) + " meshes)";
            return std::nullopt;
        }
    if (scene.meshes.empty()) return std::nullopt;
    return scene;
}

} // namespace assetscope::grub
